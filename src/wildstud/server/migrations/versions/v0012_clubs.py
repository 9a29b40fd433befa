"""Clubs: a group's members, the nights created from it, who played each night, and its book.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def _club_id() -> sa.Column[str]:
    return sa.Column(
        "club_id", sa.String(32), sa.ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True
    )


def upgrade() -> None:
    """Create the clubs, their members, nights, seats and book."""
    op.create_table(
        "clubs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("host_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("join_token", sa.String(64), nullable=False, unique=True),
        sa.Column("defaults", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "club_members",
        _club_id(),
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("colour", sa.String(7), nullable=False),
        sa.Column("initials", sa.String(3), nullable=True),
        sa.Column("handle", sa.String(100), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("host", sa.Boolean(), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "club_nights",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "club_id", sa.String(32), sa.ForeignKey("clubs.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_club_nights_club_id", "club_nights", ["club_id"])
    op.create_table(
        "club_seats",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("club_nights.table_id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("member_id", sa.String(32), nullable=False),
    )
    op.create_table(
        "book_events",
        _club_id(),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("night", sa.String(32), nullable=True, unique=True),
        sa.Column("payment", sa.Integer(), nullable=True),
        sa.Column("member", sa.String(32), nullable=True),
        sa.Column("host", sa.Boolean(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop the clubs and everything of theirs (their nights' tables stay, as plain tables)."""
    for name in ("book_events", "club_seats"):
        op.drop_table(name)
    op.drop_index("ix_club_nights_club_id", table_name="club_nights")
    for name in ("club_nights", "club_members", "clubs"):
        op.drop_table(name)
