"""Shared hands: the token of each finished hand's read-only link.

A shared link opens one finished hand's replay (the spectator's view), its odds and its PHH
record, and nothing else: its token is a row of its own, never the table's id or one of the
table's links (:mod:`wildstud.server.api.shared`).

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the shared hands."""
    op.create_table(
        "shared_hands",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "number", name="uq_shared_hands_hand"),
    )
    op.create_index("ix_shared_hands_table_id", "shared_hands", ["table_id"])


def downgrade() -> None:
    """Drop the shared hands (their links stop opening)."""
    op.drop_index("ix_shared_hands_table_id", "shared_hands")
    op.drop_table("shared_hands")
