"""House accounts: the ledger marks the entries of a bot's account.

Bots are the house, not players who pay: the settle-up leaves them out and shows their result
as the house's line (:mod:`wildstud.server.night`). A bot's account must be known after the bot
has left, so each ledger entry says whether its account is the house's. Entries stored before
this revision are marked from the seats still held by bots (a bot removed earlier is read as a
person, as it was before).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


# Plain ALTER TABLE, not a batch (see 0006): a batch would copy and drop the ledger.


def upgrade() -> None:
    """Add the house mark, set for the accounts of the seats bots hold now."""
    op.add_column(
        "ledger", sa.Column("house", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.execute(
        "UPDATE ledger SET house = true WHERE player_id IN"
        " (SELECT player_id FROM seats WHERE kind <> 'player')"
    )


def downgrade() -> None:
    """Drop the house mark (bots are then settled like people again)."""
    op.drop_column("ledger", "house")
