"""Tournaments: each tournament table's clock, entrants, places and prizes.

A table whose settings hold a tournament stores its state (:mod:`wildstud.server.tourney`) as
one JSON value, written in the transaction of every change that moves it (a hand dealt or
ended, the table started or paused, a rebuy, an add-on, a deal), and fenced in a cluster as
every other row of a table is (migration 0008's trigger).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tournaments, fenced on PostgreSQL."""
    op.create_table(
        "tournaments",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "CREATE TRIGGER tournaments_fence_write BEFORE INSERT OR UPDATE OR DELETE ON"
            " tournaments FOR EACH ROW EXECUTE FUNCTION wildstud_fence_write('table_id')"
        )


def downgrade() -> None:
    """Drop the tournaments."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER tournaments_fence_write ON tournaments")
    op.drop_table("tournaments")
