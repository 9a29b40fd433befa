"""Per-address limits kept in the database: a token bucket per limit and client address, and
the connections each process holds open per client address.

A cluster's processes share the per-address limits on new tables (``address_buckets``) and on
open connections (``address_connections``, counted by the live processes only) through
:mod:`wildstud.server.store.limits`, so a client that reaches several processes gets no more
than one process would give it. A single process keeps its limits in memory and never writes
here.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "address_buckets",
        sa.Column("kind", sa.String(32), primary_key=True),
        sa.Column("address", sa.String(64), primary_key=True),
        sa.Column("tokens", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "address_connections",
        sa.Column(
            "process",
            sa.String(32),
            sa.ForeignKey("processes.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("address", sa.String(64), primary_key=True),
        sa.Column("count", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("address_connections")
    op.drop_table("address_buckets")
