"""A private deal's rounds: every answer of every party, one row each, as the rounds took it.

Under a private deal (:mod:`wildstud.private_rounds`) each party's key, masked deck and
unmaskings, each pass the server opened and each hand shown are stored before the rounds go on,
so that a restart replays them and resumes where the deal stood; after the hand, each party's
secret and order (for the audit). None is a card in the clear. Fenced in a cluster as every
other row of a table is (migration 0008's trigger).

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None

_TABLE = "private_rounds"


def upgrade() -> None:
    """Create the rounds' rows, fenced on PostgreSQL."""
    op.create_table(
        _TABLE,
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("hand_number", sa.Integer(), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("party", sa.Integer(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            f"CREATE TRIGGER {_TABLE}_fence_write BEFORE INSERT OR UPDATE OR DELETE ON"
            f" {_TABLE} FOR EACH ROW EXECUTE FUNCTION wildstud_fence_write('table_id')"
        )


def downgrade() -> None:
    """Drop the rounds' rows."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"DROP TRIGGER {_TABLE}_fence_write ON {_TABLE}")
    op.drop_table(_TABLE)
