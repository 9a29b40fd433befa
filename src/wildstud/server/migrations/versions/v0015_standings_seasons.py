"""Seasons: the dates a club's host sets, between which its standings are counted.

A club's nights and their hands are stored already (migration 0012 and the tables' own); a
night imported from another ledger is a step of the book (``book_events``, kind ``night``) whose
data says where it came from and its date. A season is only its dates and its name.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the clubs' seasons."""
    op.create_table(
        "club_seasons",
        sa.Column(
            "club_id",
            sa.String(32),
            sa.ForeignKey("clubs.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("starts", sa.Date(), nullable=False),
        sa.Column("ends", sa.Date(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop the seasons (the nights and the book stay as they were)."""
    op.drop_table("club_seasons")
