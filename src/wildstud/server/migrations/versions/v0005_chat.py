"""Table chat: the chat log (players', spectators' and the dealer's lines) and the host's mutes.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the chat log and the mutes."""
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("speaker", sa.String(80), nullable=True),
        sa.Column("nonce", sa.String(64), nullable=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "nonce", name="uq_chat_table_nonce"),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])
    op.create_table(
        "chat_mutes",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("key", sa.String(80), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
    )


def downgrade() -> None:
    """Drop the chat log and the mutes (the night's chat is lost)."""
    op.drop_table("chat_mutes")
    op.drop_index("ix_chat_table_id", table_name="chat")
    op.drop_table("chat")
