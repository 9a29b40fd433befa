"""The players' shuffle: each table's night seed and every player's part in each deal.

A table's night seed (secret until the night ends) and its commitment, published before the
first deal it shuffles; and for each deal, each asked player's commitment and revealed value,
written as they arrive so that a restart resumes a round and the night record can be written
(:mod:`wildstud.joint_shuffle`, :mod:`wildstud.history.night_audit`). Both are fenced in a
cluster as every other row of a table is (migration 0008's trigger).

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

_TABLES = ("shuffle_nights", "shuffle_values")


def upgrade() -> None:
    """Create the night seeds and the players' values, fenced on PostgreSQL; each deck notes
    the players whose values made it."""
    op.add_column("decks", sa.Column("made_from", sa.JSON(), nullable=True))
    op.create_table(
        "shuffle_nights",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("first_hand", sa.Integer(), nullable=False),
    )
    op.create_table(
        "shuffle_values",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("hand_number", sa.Integer(), primary_key=True),
        sa.Column("deal", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("player", sa.String(120), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=True),
        sa.Column("value", sa.String(64), nullable=True),
    )
    if op.get_bind().dialect.name == "postgresql":
        for name in _TABLES:
            op.execute(
                f"CREATE TRIGGER {name}_fence_write BEFORE INSERT OR UPDATE OR DELETE ON"
                f" {name} FOR EACH ROW EXECUTE FUNCTION wildstud_fence_write('table_id')"
            )


def downgrade() -> None:
    """Drop the night seeds and the players' values."""
    for name in reversed(_TABLES):
        if op.get_bind().dialect.name == "postgresql":
            op.execute(f"DROP TRIGGER {name}_fence_write ON {name}")
        op.drop_table(name)
    op.drop_column("decks", "made_from")
