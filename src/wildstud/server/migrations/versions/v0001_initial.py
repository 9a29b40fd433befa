"""The first schema: tables, seats, hands, decks, actions and the chip ledger.

Revision ID: 0001
Revises:
Create Date: 2025-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _hand_key() -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["table_id", "hand_number"], ["hands.table_id", "hands.number"], ondelete="CASCADE"
    )


def upgrade() -> None:
    """Create every table."""
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("host_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("join_token", sa.String(64), nullable=False, unique=True),
        sa.Column("watch_token", sa.String(64), nullable=False, unique=True),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("button", sa.Integer(), nullable=True),
        sa.Column("hands_dealt", sa.Integer(), nullable=False),
        sa.Column("last_entry", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("stack", sa.BigInteger(), nullable=False),
        sa.Column("sitting_out", sa.Boolean(), nullable=False),
        sa.Column("missed_hands", sa.Integer(), nullable=False),
        sa.Column("time_bank", sa.Float(), nullable=False),
        sa.Column("last_seq", sa.BigInteger(), nullable=False),
        sa.Column("leaving", sa.Boolean(), nullable=False),
    )
    op.create_table(
        "hands",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("entry", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("lineup", sa.JSON(), nullable=False),
        sa.Column("names", sa.JSON(), nullable=False),
        sa.Column("dealer", sa.Integer(), nullable=False),
        sa.Column("stacks", sa.JSON(), nullable=False),
        sa.Column("live", sa.Boolean(), nullable=False),
        sa.Column("final_stacks", sa.JSON(), nullable=True),
        sa.Column("summary", sa.JSON(), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "decks",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("hand_number", sa.Integer(), primary_key=True),
        sa.Column("deal", sa.Integer(), primary_key=True),
        sa.Column("cards", sa.Text(), nullable=False),
        _hand_key(),
    )
    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("hand_number", sa.Integer(), primary_key=True),
        sa.Column("index", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=True),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("seq", sa.BigInteger(), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        _hand_key(),
    )
    op.create_table(
        "ledger",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("hand_number", sa.Integer(), nullable=True),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ledger_table_id", "ledger", ["table_id"])
    op.create_index("ix_ledger_table_player", "ledger", ["table_id", "player_id"])


def downgrade() -> None:
    """Drop every table."""
    op.drop_index("ix_ledger_table_player", table_name="ledger")
    op.drop_index("ix_ledger_table_id", table_name="ledger")
    for name in ("ledger", "actions", "decks", "hands", "seats", "tables"):
        op.drop_table(name)
