"""Leases: several server processes on one PostgreSQL database.

``processes`` is the registry of the live server processes (each with the address its peers
relay to, a heartbeat and whether it drains); ``leases`` names the one process that runs each
table, with an epoch that grows at every change of owner. Every hand and action stored by a
process of a cluster carries the epoch it held; on PostgreSQL a trigger refuses a hand or an
action whose epoch is not the table's current one, so an owner that lost its lease (killed,
stalled, cut off) can never fork a hand. A single process (SQLite, or PostgreSQL without
``--cluster``) stores no epoch and nothing changes for it.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

FENCE = """
CREATE FUNCTION wildstud_fence() RETURNS trigger AS $$
DECLARE
    current integer;
BEGIN
    IF NEW.epoch IS NULL THEN
        RETURN NEW;
    END IF;
    -- FOR SHARE: a new owner's taking of the lease waits for this write, and this write for it.
    SELECT epoch INTO current FROM leases WHERE table_id = NEW.table_id FOR SHARE;
    IF current IS DISTINCT FROM NEW.epoch THEN
        RAISE EXCEPTION 'wildstud: stale lease epoch % for table % (current %)',
            NEW.epoch, NEW.table_id, current USING ERRCODE = 'WS001';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql
"""


def upgrade() -> None:
    """Add the process registry, the leases and the epoch of each hand and action."""
    op.create_table(
        "processes",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("address", sa.String(255), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("heartbeat_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("draining", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "leases",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("owner", sa.String(32), nullable=True),
        sa.Column("epoch", sa.Integer(), nullable=False),
        sa.Column("taken_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_leases_owner", "leases", ["owner"])
    op.add_column("hands", sa.Column("epoch", sa.Integer(), nullable=True))
    op.add_column("actions", sa.Column("epoch", sa.Integer(), nullable=True))
    if op.get_bind().dialect.name == "postgresql":
        op.execute(FENCE)
        for table in ("hands", "actions"):
            op.execute(
                f"CREATE TRIGGER {table}_fence BEFORE INSERT ON {table}"
                " FOR EACH ROW EXECUTE FUNCTION wildstud_fence()"
            )


def downgrade() -> None:
    """Drop the leases, the registry and the epochs (one process per database again)."""
    if op.get_bind().dialect.name == "postgresql":
        for table in ("hands", "actions"):
            op.execute(f"DROP TRIGGER {table}_fence ON {table}")
        op.execute("DROP FUNCTION wildstud_fence()")
    op.drop_column("actions", "epoch")
    op.drop_column("hands", "epoch")
    op.drop_index("ix_leases_owner", "leases")
    op.drop_table("leases")
    op.drop_table("processes")
