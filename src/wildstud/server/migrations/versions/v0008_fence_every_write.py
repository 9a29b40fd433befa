"""The fence on every write of a table: seats, decks, the ledger, seat requests, rebuys,
notices, chat, mutes and the table's own row, as well as hands and actions.

A process of a cluster begins every write of a table with the fence
(:func:`wildstud.server.store.leases.fence`), which sets the transaction's ``wildstud.fence``
to ``TABLE EPOCH``. A trigger on each table that holds a table's rows refuses an insert, an
update or a delete made under a fence whose epoch is not the table's current lease epoch, or
made for another table than the fence's; so an owner that lost its lease (killed, stalled, cut
off) can change nothing of the table, not only none of its hands and actions (migration 0007).
A write with no fence (a single process, a table's making) passes, as before.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

FENCE = """
CREATE FUNCTION wildstud_fence_write() RETURNS trigger AS $$
DECLARE
    fence text := NULLIF(current_setting('wildstud.fence', true), '');
    target text;
    held integer;
    current integer;
BEGIN
    IF fence IS NOT NULL THEN
        -- TG_ARGV[0]: the column that names the row's table.
        IF TG_OP = 'DELETE' THEN
            target := to_jsonb(OLD) ->> TG_ARGV[0];
        ELSE
            target := to_jsonb(NEW) ->> TG_ARGV[0];
        END IF;
        IF target IS DISTINCT FROM split_part(fence, ' ', 1) THEN
            RAISE EXCEPTION 'wildstud: a write of table % under the fence of table %',
                target, split_part(fence, ' ', 1) USING ERRCODE = 'WS001';
        END IF;
        held := split_part(fence, ' ', 2)::integer;
        -- FOR SHARE: a new owner's taking of the lease waits for this write, and this write for it.
        SELECT epoch INTO current FROM leases WHERE table_id = target FOR SHARE;
        IF current IS DISTINCT FROM held THEN
            RAISE EXCEPTION 'wildstud: stale lease epoch % for table % (current %)',
                held, target, current USING ERRCODE = 'WS001';
        END IF;
    END IF;
    IF TG_OP = 'DELETE' THEN
        RETURN OLD;
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql
"""

FENCED = {
    "tables": "id",
    "seats": "table_id",
    "hands": "table_id",
    "decks": "table_id",
    "actions": "table_id",
    "ledger": "table_id",
    "seat_requests": "table_id",
    "rebuys": "table_id",
    "host_notices": "table_id",
    "chat": "table_id",
    "chat_mutes": "table_id",
}
"""Every table that holds a table's rows, with the column that names the table."""


def upgrade() -> None:
    """Fence every insert, update and delete of a table's rows on PostgreSQL."""
    if op.get_bind().dialect.name != "postgresql":
        return  # SQLite serves one process: nothing to fence
    op.execute(FENCE)
    for table, column in FENCED.items():
        op.execute(
            f"CREATE TRIGGER {table}_fence_write BEFORE INSERT OR UPDATE OR DELETE ON {table}"
            f" FOR EACH ROW EXECUTE FUNCTION wildstud_fence_write('{column}')"
        )


def downgrade() -> None:
    """Drop the fence of every write (hands and actions keep migration 0007's)."""
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in FENCED:
        op.execute(f"DROP TRIGGER {table}_fence_write ON {table}")
    op.execute("DROP FUNCTION wildstud_fence_write()")
