"""Bringing a database's schema up to date with the migrations shipped in the package.

The server calls :func:`upgrade` each time it starts, so a new version of wildstud upgrades an
old database in place and a new database is created from nothing, with nothing to run by hand.

>>> from sqlalchemy import create_engine, inspect
>>> engine = create_engine("sqlite://")
>>> upgrade(engine)
>>> sorted(inspect(engine).get_table_names())  # doctest: +NORMALIZE_WHITESPACE
['actions', 'address_buckets', 'address_connections', 'alembic_version', 'book_events', 'chat',
 'chat_mutes', 'club_members', 'club_nights', 'club_seasons', 'club_seats', 'clubs', 'decks',
 'hands', 'host_notices', 'leases', 'ledger', 'private_rounds', 'processes', 'rebuys',
 'seat_requests', 'seats', 'shared_hands', 'shuffle_nights', 'shuffle_values', 'tables',
 'tournaments']
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

__all__ = ["MIGRATIONS", "MIGRATION_LOCK", "alembic_config", "upgrade"]

MIGRATION_LOCK = 0x57494C44
"""The PostgreSQL advisory lock held while migrating: the processes of a cluster that start
together upgrade the schema one after the other (the first does it, the others find it done)."""

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
"""The folder of the migration scripts, inside the installed package."""


def alembic_config() -> Config:
    """An Alembic configuration that finds the package's migration scripts (no ini file)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Apply every migration up to ``revision`` on ``engine``'s database."""
    config = alembic_config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
