"""Bringing a database's schema up to date with the migrations shipped in the package.

The server calls :func:`upgrade` each time it starts, so a new version of wildstud upgrades an
old database in place and a new database is created from nothing, with nothing to run by hand.

>>> from sqlalchemy import create_engine, inspect
>>> engine = create_engine("sqlite://")
>>> upgrade(engine)
>>> sorted(inspect(engine).get_table_names())  # doctest: +NORMALIZE_WHITESPACE
['actions', 'alembic_version', 'chat', 'chat_mutes', 'decks', 'hands', 'host_notices', 'leases',
 'ledger', 'processes', 'rebuys', 'seat_requests', 'seats', 'tables']
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

__all__ = ["MIGRATIONS", "alembic_config", "upgrade"]

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
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
