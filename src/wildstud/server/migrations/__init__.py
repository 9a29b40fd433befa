"""Alembic migrations of the server's database, applied by
:func:`wildstud.server.store.migrate.upgrade` each time the server starts."""
