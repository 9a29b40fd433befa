"""Departure tokens: the hash of the seat token a player left with, on their cash-out.

A player who leaves and sits down again tonight keeps their ledger account only when they show
the seat token their device kept (or the host says who they are): a name proves nothing. The
cash-out written as a player leaves (with no chips, for nothing) carries the hash of that token.
Entries stored before this revision have none: nobody can come back to those accounts by a
token, only by the host's word. A seat request keeps the account its requester's old token
vouched for (``returning_player``), for the host to see and the approval to use.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


# Plain ALTER TABLE, not a batch, as in 0006: SQLite's batch mode would copy the ledger.


def upgrade() -> None:
    """Add the departure token's hash to the ledger."""
    op.add_column("ledger", sa.Column("token_hash", sa.String(64), nullable=True))
    op.add_column("seat_requests", sa.Column("returning_player", sa.String(32), nullable=True))


def downgrade() -> None:
    """Drop them (departed players then come back only by the host's word)."""
    op.drop_column("seat_requests", "returning_player")
    op.drop_column("ledger", "token_hash")
