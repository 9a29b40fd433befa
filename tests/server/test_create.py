"""Creating a table is all or nothing, over a real server on SQLite and on PostgreSQL: a create
with bots seats them with their buy-ins in the ledger, every refusal leaves no row in the
database, and a write that fails half-way (a trigger refusing the ledger's rows) leaves nothing
behind either."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

from tests.server.conftest import Server
from tests.server.helpers import refused
from tests.tools.wsclient import Api
from wildstud.server.lobby import Lobby
from wildstud.server.schemas import GameEntry, TableBot, TableSettings
from wildstud.server.store import Store, database_url

FTQ = [{"game": "FTQ"}]


def _counts(url: str) -> dict[str, int]:
    store = Store(url)
    try:
        return store.counts()
    finally:
        store.close()


def test_a_table_and_its_bots_are_created_together_or_not_at_all(
    database_url: str, tmp_path: Path
) -> None:
    server = Server(database_url, tmp_path / "server.log").start()
    try:
        api = Api(server.base)
        post = api.http.post
        refusals: list[tuple[dict[str, Any], int, tuple[str, ...]]] = [
            ({"seats": 3, "bots": [{}, {}, {}]}, 400, ("3 bots", "at most 2")),
            ({"seats": 2, "bots": [{}, {}]}, 400, ("no seat for a player",)),
            ({"bots": [{"name": "Robo"}, {"name": "ROBO"}]}, 409, ("taken",)),
            ({"bots": [{"name": "Robo"}, {"name": "\u202e"}]}, 400, ("visible",)),
            ({"bots": [{"name": "r" * 41}]}, 400, ("at most 40",)),
            ({"bots": [{}], "stakes": {"bring_in": 6, "small_bet": 5}}, 400, ("bring_in",)),
            ({"bots": [{}], "stakes": {"small_bet": 20, "big_bet": 10}}, 400, ("big_bet",)),
            ({"bots": [{}], "games": [{"game": "BD7"}], "seats": 8}, 400, ("8 players",)),
            ({"bots": [{}], "games": [{"game": "nope"}]}, 400, ("nope",)),
            ({"bots": [{}], "name": " \u200b "}, 400, ("table name",)),
            ({"bots": [{"kind": "shark-bot"}]}, 422, ()),
            ({"bots": [{}] * 8}, 422, ()),
            # A private deal cannot burn cards (nor turn hands up all in, nor run them twice).
            (
                {
                    "bots": [{}],
                    "deal": "private",
                    "games": [{"game": "FTQ", "house_rules": {"burn_cards": "each-street"}}],
                },
                400,
                ("private deal", "burn_cards"),
            ),
        ]
        for changes, status, words in refusals:
            body = {"name": "refused", "games": FTQ, **changes}
            refused(post("/api/tables", json=body), status, *words)
        assert set(_counts(database_url).values()) == {0}, "a refused create left rows behind"

        created = api.create(
            name="bots",
            games=FTQ,
            seats=4,
            starting_chips=300,
            bots=[{"kind": "random-bot", "name": " Robo\u2069 "}, {}, {"kind": "calling-bot"}],
        )
        seats = created["table"]["seats"]
        assert [(s["seat"], s["name"], s["kind"]) for s in seats] == [
            (0, "Robo", "random-bot"),
            (1, "Caller 2", "calling-bot"),
            (2, "Caller 3", "calling-bot"),
        ]
        assert all(seat["stack"] == 300 for seat in seats)
        assert created["links"]["host"].endswith(created["host_token"])
        table_id = created["table"]["id"]
        ledger = api.ledger(table_id)
        assert ledger["balanced"], ledger
        assert ledger["buy_ins"] == 900
        assert [(e["seat"], e["reason"], e["amount"]) for e in ledger["entries"]] == [
            (0, "buy-in", 300),
            (1, "buy-in", 300),
            (2, "buy-in", 300),
        ]
        # The player's seat is left free, and a player may not take a bot's name.
        refused(
            post(f"/api/join/{created['links']['join'].rsplit('/', 1)[1]}", json={"name": "robo"}),
            409,
            "taken",
        )
        assert api.join(created, "Ann")["seat"] == 3
        counts = _counts(database_url)
        assert (counts["tables"], counts["seats"], counts["ledger"]) == (1, 4, 4)
        # The bots were stored with the table: a restarted server seats them again.
        server.stop()
        server.start()
        again = api.get(f"/api/tables/{table_id}")
        assert [seat["name"] for seat in again["seats"]] == ["Robo", "Caller 2", "Caller 3", "Ann"]
        assert api.ledger(table_id)["balanced"]
    finally:
        server.stop()


_REFUSE_LEDGER = {
    "sqlite": [
        "CREATE TRIGGER refuse_ledger BEFORE INSERT ON ledger"
        " BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
    ],
    "postgresql": [
        "CREATE FUNCTION refuse_ledger() RETURNS trigger LANGUAGE plpgsql"
        " AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$",
        "CREATE TRIGGER refuse_ledger BEFORE INSERT ON ledger"
        " FOR EACH ROW EXECUTE FUNCTION refuse_ledger()",
    ],
}
_ALLOW_LEDGER = {
    "sqlite": ["DROP TRIGGER refuse_ledger"],
    "postgresql": ["DROP TRIGGER refuse_ledger ON ledger", "DROP FUNCTION refuse_ledger()"],
}


def _execute(url: str, statements: list[str]) -> None:
    engine = create_engine(database_url(url))
    try:
        with engine.begin() as connection:
            for statement in statements:
                connection.execute(text(statement))
    finally:
        engine.dispose()


def test_a_create_whose_write_fails_half_way_leaves_nothing(
    database_url: str, tmp_path: Path
) -> None:
    server = Server(database_url, tmp_path / "server.log").start()
    backend = "sqlite" if database_url.startswith("sqlite") else "postgresql"
    try:
        api = Api(server.base)
        # The table's and the seats' rows go in before the ledger's, which the trigger refuses.
        _execute(database_url, _REFUSE_LEDGER[backend])
        body = {"name": "half", "games": FTQ, "bots": [{}, {"name": "Robo"}]}
        refused(api.http.post("/api/tables", json=body), 503, "could not store")
        assert set(_counts(database_url).values()) == {0}, "a failed create left rows behind"
        # The server carries on: a table without bots writes no ledger row and is created.
        bare = api.create(name="bare", games=FTQ)
        assert api.get(f"/api/tables/{bare['table']['id']}")["seats"] == []
        _execute(database_url, _ALLOW_LEDGER[backend])
        full = api.create(**body)
        assert [seat["name"] for seat in full["table"]["seats"]] == ["Caller 1", "Robo"]
        assert api.ledger(full["table"]["id"])["balanced"]
        counts = _counts(database_url)
        assert (counts["tables"], counts["seats"], counts["ledger"]) == (2, 2, 2)
        assert "creating a table failed" in server.log_text()
        assert "refused by the test" not in server.log_text()  # no database text in the log
    finally:
        server.stop()


def test_an_unnamed_bot_steps_around_the_names_the_host_gave() -> None:
    async def create() -> list[str]:
        lobby = Lobby(Store("sqlite://"))
        settings = TableSettings(name="bots", games=[GameEntry(game="FTQ")], seats=4)
        bots = [TableBot(), TableBot(kind="random-bot"), TableBot(name="caller 1")]
        table, _ = await lobby.create(settings, bots)
        await lobby.close()
        return [table.seats[index].name for index in sorted(table.seats)]

    assert asyncio.run(create()) == ["Caller 2", "Random 2", "caller 1"]
