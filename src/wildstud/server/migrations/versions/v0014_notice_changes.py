"""The host's notices as data: each notice holds what changed (a setting and its new value),
and the page and the records say it in words, instead of a sentence made by the server.

A notice stored before this revision has no changes to give (its sentence cannot be read back
into data): it keeps an empty list, which the words say as "the table's settings". Only the
notices of a hand not yet over are read again, so nothing finished is affected.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Replace the notices' sentences with their changes."""
    with op.batch_alter_table("host_notices") as batch:
        batch.add_column(sa.Column("changes", sa.JSON(), nullable=False, server_default="[]"))
        batch.drop_column("text")


def downgrade() -> None:
    """Put a sentence column back (each notice's says only that the settings changed)."""
    with op.batch_alter_table("host_notices") as batch:
        batch.add_column(
            sa.Column(
                "text",
                sa.Text(),
                nullable=False,
                server_default="The host changed the table's settings.",
            )
        )
        batch.drop_column("changes")
