"""The players' shuffle: the game a dealer's choice picked for the hand waiting on a round.

A hand of dealer's choice is chosen before its players' shuffle and dealt once the round is
over; the game and the seat that chose it are stored with each part of the round, so that a
restart in the middle of the round deals the game chosen, by the seat that chose it, instead of
the table's default pick.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the game chosen and its chooser to each part of a round (null: none chosen)."""
    op.add_column("shuffle_values", sa.Column("entry", sa.Integer(), nullable=True))
    op.add_column("shuffle_values", sa.Column("chooser", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Drop the game chosen and its chooser."""
    op.drop_column("shuffle_values", "chooser")
    op.drop_column("shuffle_values", "entry")
