"""Alembic's entry point: runs the migrations on the connection the server hands over.

Alembic executes this file itself; imported any other way (a doctest collector, say), it does
nothing.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from wildstud.server.store.models import Base


def run_migrations() -> None:
    """Run the migrations on the connection given in the configuration's attributes."""
    connection = context.config.attributes.get("connection")
    if not isinstance(connection, Connection):
        raise RuntimeError("wildstud migrations run on a connection the server hands over")
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


# Alembic installs its proxy before it executes this file; only then is there work to do.
if getattr(context, "_proxy", None) is not None:
    run_migrations()
