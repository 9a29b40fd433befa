"""Hand players: the player id of each seat dealt into a hand.

A seat's history shows that seat's own hole cards, so it must know who held the seat when the
hand was dealt: a seat index alone could pass a departed player's cards to whoever sits there
next. Hands stored before this revision get an empty list: no seat sees their hole cards.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


# Plain ALTER TABLE, not a batch: SQLite's batch mode copies the table and drops the old one,
# and the drop would cascade to every deck and action of every hand.


def upgrade() -> None:
    """Add the player ids to the hands."""
    op.add_column("hands", sa.Column("player_ids", sa.JSON(), nullable=True))
    # Hands stored before: no player ids, so no seat matches them.
    op.execute("UPDATE hands SET player_ids = '[]'")


def downgrade() -> None:
    """Drop the player ids (past hands can then be seen only as a spectator saw them)."""
    op.drop_column("hands", "player_ids")
