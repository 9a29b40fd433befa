"""Deck commitments: the salt of every position of each deal's deck.

Decks stored before this revision keep ``NULL`` salts: their deals simply have no commitment.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the salts column to the decks."""
    with op.batch_alter_table("decks") as batch:
        batch.add_column(sa.Column("salts", sa.Text(), nullable=True))


def downgrade() -> None:
    """Drop the salts column (the commitments of stored deals are lost)."""
    with op.batch_alter_table("decks") as batch:
        batch.drop_column("salts")
