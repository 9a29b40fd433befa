"""A private deal at a real server (``wildstud serve``): Python pages answer the rounds as the
browser's page will (:mod:`wildstud.private_rounds` over the socket), a bot's cards are the
server's, and nobody but a card's owner ever sees it: each game played to the showdown (The
Bitch with a redeal), a wrong share named and refused, a page that never answers voiding
the deal, a restart in the middle of a pass, and the database and the log searched for every
hole card that no showdown showed."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import Server
from tests.server.helpers import (
    found_in_database,
    logged_server,
    server_hole_cards,
    standing_alone,
)
from tests.tools.private_table import (
    Calm,
    PrivatePage,
    finished_hand,
    private_table,
    reopened,
    stop_pages,
)
from tests.tools.wsclient import Api, Client, Folder, play

Frame = dict[str, Any]


def hidden_unshown(pages: list[PrivatePage], history: Frame) -> set[str]:
    """The cards the pages opened as their own that no event of the hand shows to everyone."""
    public = {
        card
        for event in history["events"]
        for card in [event.get("card"), *(event.get("cards") or [])]
        if isinstance(card, str)
    }
    return {str(card) for page in pages for card in page.cards.values()} - public


GAMES = ["FTQ", "SMBU", "pimp-daddy", "BD7", "BD5", "F7S"]


@pytest.mark.parametrize("game", GAMES)
def test_a_private_hand_is_played_to_the_showdown_with_a_bot(server: Server, game: str) -> None:
    api = Api(server.base)

    async def scenario() -> tuple[Frame, list[PrivatePage], tuple[Frame, Frame, httpx.Response]]:
        created, clients, pages, runners = await private_table(api, game, ["Ann", "Bob"])
        api.ok(api.host(created, "POST", "/start"))
        async with asyncio.timeout(120):
            await asyncio.gather(*(play(client, Calm(), finished_hand(1)) for client in clients))
        await stop_pages(clients, runners)
        table_id = created["table"]["id"]
        # The night's luck, which every page asks for after each hand, leaves it out.
        assert api.get(f"/api/tables/{table_id}/luck")["players"] == []
        hand = f"/api/tables/{table_id}/hands/1"
        replays = (api.get(hand + "/steps"), api.get(hand + "/odds"), api.http.get(hand + "/phh"))
        return api.get(hand), pages, replays

    history, pages, (steps, odds, phh) = asyncio.run(scenario())
    # Replayed from its rows as it was played: the last step is the hand as it ended.
    last = steps["steps"][-1]["view"]
    assert last["phase"] == "over"
    assert [event for step in steps["steps"] for event in step["events"]] == history["events"]
    assert odds["streets"], odds  # every street's odds: each hand was shown at the end
    assert all(seat["shown"] for street in odds["streets"] for seat in street["seats"])
    assert phh.status_code == 200
    assert not re.search(r"#\d", phh.text)  # no deck position written as a card
    shown = {
        card
        for event in history["events"]
        if event["type"] == "revealed"
        for card in event["cards"]
    }
    assert all(card in phh.text for card in shown)
    assert not [page.errors for page in pages if page.errors]
    assert sum(history["final_stacks"]) == sum(history["starting_stacks"])
    revealed = [event for event in history["events"] if event["type"] == "revealed"]
    assert {event["seat"] for event in revealed} == {0, 1, 2}
    for page in pages:
        assert page.cards, "a page opened no card of its own"
        assert not page.errors, page.errors
    mine = {str(card) for card in pages[0].cards.values()}
    assert mine <= {card for event in revealed for card in event["cards"]}
    assert history["commitments"] == []  # no deck to commit to: each card's proofs are its
    assert history["proofs"] == []  # unmaskings


def test_the_bitch_is_redealt_as_a_fresh_round(server: Server) -> None:
    api = Api(server.base)

    def redealt(client: Client) -> bool:
        return (
            any(
                event["type"] == "redealt"
                for number in client.finished
                for event in client.hands[number]["view"]["events"]
            )
            or len(client.finished) >= 40
        )

    async def scenario() -> tuple[Frame, list[PrivatePage], int]:
        created, clients, pages, runners = await private_table(api, "BITCH", ["Ann", "Bob"])
        api.ok(api.host(created, "POST", "/start"))
        async with asyncio.timeout(400):
            await asyncio.gather(*(play(client, Calm(), redealt) for client in clients))
        await stop_pages(clients, runners)
        number = min(
            number
            for number in clients[0].finished
            if any(e["type"] == "redealt" for e in clients[0].hands[number]["view"]["events"])
        )
        return api.get(f"/api/tables/{created['table']['id']}/hands/{number}"), pages, number

    history, pages, number = asyncio.run(scenario())
    assert sum(history["final_stacks"]) == sum(history["starting_stacks"])
    deals = {deal for page in pages for (hand, deal, _) in page.cards if hand == number}
    assert {1, 2} <= deals, "each deal of the hand opened the pages' own cards afresh"
    shown = [event for event in history["events"] if event["type"] == "revealed"]
    assert {event["seat"] for event in shown} == {0, 1, 2}


def test_a_wrong_unmasking_is_named_and_a_page_that_never_answers_voids_the_deal(
    server: Server,
) -> None:
    api = Api(server.base)

    async def scenario() -> list[tuple[Frame, Frame, list[PrivatePage]]]:
        played = []
        for fault in ("cheat", "silent"):
            created, clients, pages, runners = await private_table(
                api, "FTQ", ["Ann", "Bob"], shuffle_seconds=2
            )
            setattr(pages[1], fault, True)
            api.ok(api.host(created, "POST", "/start"))
            players = [asyncio.create_task(play(c, Calm(), finished_hand(1))) for c in clients]
            path = f"/api/tables/{created['table']['id']}/hands/1"
            async with asyncio.timeout(60):
                while api.http.get(path).status_code != 200:  # a void hand is over too
                    await asyncio.sleep(0.2)
            await stop_pages(clients, [*runners, *players])
            history = api.get(path)
            played.append((api.table(created), history, pages))
        return played

    (cheated, cheat_history, cheat_pages), (silent, silent_history, _) = asyncio.run(scenario())
    # The wrong shares are refused, naming who and what, and nothing is taken from them.
    errors = {(e["code"], e["message"]) for e in cheat_pages[1].errors}
    assert errors, "Bob's wrong unmasking was not refused"
    for code, message in errors:
        assert code == "refused"
        assert "Bob's answer is refused (unmasked)" in message, errors
        assert "do not hold: their proof fails" in message, errors
    for table, history in ((cheated, cheat_history), (silent, silent_history)):
        assert "Bob did not answer in time" in history["void"], history
        assert history["final_stacks"] == history["starting_stacks"]
        stacks = [seat["stack"] for seat in table["seats"]]
        assert stacks == [1000] * 3, stacks  # every chip back where it was before the hand
        assert not [e for e in history["events"] if e["type"] in ("revealed", "shown")]


def test_the_next_street_is_asked_of_the_first_page_before_the_betting_ends_on_its_screen(
    server: Server,
) -> None:
    """When an action ends a betting round, the first page is asked to unmask the next street
    before it is sent the frame that shows the round's end: a page draws each frame as it
    comes, so an ask sent after that frame waited for the page's drawing."""
    api = Api(server.base)

    async def scenario() -> list[Client]:
        created, clients, _pages, runners = await private_table(api, "FTQ", ["Ann", "Bob"])
        api.ok(api.host(created, "POST", "/start"))
        async with asyncio.timeout(120):
            await asyncio.gather(*(play(client, Calm(), finished_hand(1)) for client in clients))
        await stop_pages(clients, runners)
        return clients

    clients = asyncio.run(scenario())
    first = next(
        client
        for client in clients
        if any(f["type"] == "private" and f["party"] == 0 for f in client.frames)
    )
    frames = first.frames
    ends = [
        index
        for index, frame in enumerate(frames)
        if frame["type"] == "update"
        and "street_started" in (kinds := [event["type"] for event in frame["events"]])
        and "dealt" not in kinds
    ]
    assert len(ends) == 4, ends  # the betting after third, fourth, fifth and sixth street
    for index in ends:
        before = frames[index - 1]
        assert (before["type"], before.get("step")) == ("private", "unmask"), before


def test_a_key_answered_late_gives_the_silent_page_no_fresh_clock(server: Server) -> None:
    """Every page is asked for its key at once, on one clock: Ann's key, sent 4 s after she
    was asked, does not time Bob's wait afresh, so Bob's silence voids the deal when the first
    clock runs out (a fresh clock at each key taken let one silent page hold a deal for a
    clock per page)."""
    api = Api(server.base)

    async def scenario() -> tuple[float, Frame]:
        created, clients, pages, runners = await private_table(
            api, "FTQ", ["Ann", "Bob"], shuffle_seconds=6
        )
        pages[0].hold = lambda frame: frame["step"] == "key"
        pages[1].silent = True
        api.ok(api.host(created, "POST", "/start"))
        asks = await clients[0].frame("private", timeout=60)  # the keys, asked of all at once
        assert asks["step"] == "key", asks
        due = time.monotonic() + asks["seconds"]  # the clock, as the frame says
        await asyncio.sleep(4)
        pages[0].hold = lambda frame: False
        await pages[0].answer(asks)
        path = f"/api/tables/{created['table']['id']}/hands/1"
        async with asyncio.timeout(60):
            while not api.http.get(path).json().get("void"):
                await asyncio.sleep(0.1)
        late = time.monotonic() - due
        await stop_pages(clients, runners)
        return late, api.get(path)

    late, history = asyncio.run(scenario())
    assert "Bob did not answer in time" in history["void"], history
    # At the first clock's end (and a loaded machine's lag): a fresh clock at Ann's key voided
    # the deal 6 s after it, 4 s or more after the first clock's end.
    assert late < 2.5, late


def test_a_pause_longer_than_the_clock_voids_nothing_until_the_clock_runs_again(
    server: Server,
) -> None:
    """The host pauses while the rounds wait for a page that does not answer, for longer than
    the answer's clock: once resumed the page has its whole clock again, as a turn would, and
    only then is the deal void."""
    api = Api(server.base)

    async def scenario() -> tuple[float, Frame]:
        created, clients, pages, runners = await private_table(
            api, "FTQ", ["Ann", "Bob"], shuffle_seconds=4
        )
        pages[1].silent = True
        api.ok(api.host(created, "POST", "/start"))
        await clients[1].wait_for(
            lambda c: any(f["type"] == "private" for f in c.frames), timeout=30, what="an ask"
        )
        api.ok(api.host(created, "POST", "/pause"))
        await asyncio.sleep(5)  # past the answer's clock of 4 s
        api.ok(api.host(created, "POST", "/start"))
        resumed = time.monotonic()
        path = f"/api/tables/{created['table']['id']}/hands/1"
        await asyncio.sleep(1)
        still_on = api.http.get(path).status_code != 200
        async with asyncio.timeout(60):
            while api.http.get(path).status_code != 200:
                await asyncio.sleep(0.2)
        waited = time.monotonic() - resumed
        await stop_pages(clients, runners)
        assert still_on, "the deal was void as the table resumed: the pause counted"
        return waited, api.get(path)

    waited, history = asyncio.run(scenario())
    assert waited >= 3.5, waited
    assert "Bob did not answer in time" in history["void"], history


def test_a_restart_mid_pass_resumes_and_no_unshown_hole_card_is_stored_or_logged(
    tmp_path: Path,
) -> None:
    server = logged_server(tmp_path)
    api = Api(server.base)

    async def scenario() -> tuple[Frame, list[PrivatePage]]:
        created, clients, pages, runners = await private_table(
            api, "FTQ", ["Ann", "Bob"], shuffle_seconds=60
        )
        # Ann's page does not answer its second unmasking (fourth street's pass) until the
        # server is back; Bob folds or mucks: his cards are his alone.
        counted = iter(range(1_000))

        def second_unmasking(frame: Frame) -> bool:
            return frame["step"] == "unmask" and next(counted) == 1

        pages[0].hold = second_unmasking
        pages[1].muck = True
        api.ok(api.host(created, "POST", "/start"))
        rngs = (Calm(), Folder())
        players = [
            asyncio.create_task(play(client, rng, finished_hand(1)))
            for client, rng in zip(clients, rngs, strict=True)
        ]
        async with asyncio.timeout(60):
            while not pages[0].held:
                await asyncio.sleep(0.05)
        server.kill()
        await stop_pages(clients, [*runners, *players])
        server.start()
        again, runners = await reopened(pages, clients)
        async with asyncio.timeout(120):
            await asyncio.gather(
                *(play(c, rng, finished_hand(1)) for c, rng in zip(again, rngs, strict=True))
            )
        await stop_pages(again, runners)
        return api.get(f"/api/tables/{created['table']['id']}/hands/1"), pages

    try:
        history, pages = asyncio.run(scenario())
    finally:
        server.stop()
    assert sum(history["final_stacks"]) == sum(history["starting_stacks"])
    assert "driver failed" not in server.log_text()
    secret = hidden_unshown(pages, history)
    assert len(secret) >= 2, secret  # Bob's face-down cards at least
    assert found_in_database(tmp_path / "private.sqlite3", secret) == set()
    assert standing_alone(server.log_text(), secret) == set()


def test_an_equity_bot_plays_from_its_own_cards_and_they_are_kept_nowhere(
    tmp_path: Path,
) -> None:
    """Both pages fold where they may and muck: the equity bot, which decided from its own
    cards (opened by the server for its view alone), takes the pots, unshown at least once:
    its cards are in no row and no log line."""
    server = logged_server(tmp_path)
    api = Api(server.base)

    async def scenario() -> tuple[str, list[Frame]]:
        created, clients, pages, runners = await private_table(
            api, "FTQ", ["Ann", "Bob"], bot="equity-bot-quick"
        )
        for page in pages:
            page.muck = True
        api.ok(api.host(created, "POST", "/start"))
        async with asyncio.timeout(120):
            await asyncio.gather(*(play(client, Folder(), finished_hand(2)) for client in clients))
        await stop_pages(clients, runners)
        table_id = created["table"]["id"]
        return table_id, [api.get(f"/api/tables/{table_id}/hands/{n}") for n in (1, 2)]

    try:
        table_id, histories = asyncio.run(scenario())
    finally:
        server.stop()
    assert "driver failed" not in server.log_text()
    path = tmp_path / "private.sqlite3"
    bots = server_hole_cards(path, table_id)
    secret: dict[int, set[str]] = {}
    for number, history in enumerate(histories, 1):
        assert sum(history["final_stacks"]) == sum(history["starting_stacks"])
        public = {
            card
            for event in history["events"]
            for card in [event.get("card"), *(event.get("cards") or [])]
            if isinstance(card, str)
        }
        hole = set().union(*(cards for (n, _, _), cards in bots.items() if n == number))
        assert len(hole) >= 2, bots  # the bot's two first cards at least
        secret[number] = hole - public
    # Where the pages folded before the showdown the bot took the pots unshown.
    assert len(set().union(*secret.values())) >= 2, secret
    assert found_in_database(path, set().union(*secret.values()), by_hand=secret) == set()
    assert standing_alone(server.log_text(), set().union(*secret.values())) == set()


def test_a_void_deal_at_a_tournament_table_gives_the_chips_back_and_play_goes_on(
    server: Server,
) -> None:
    """At a private tournament table a page that does not answer in the first hand voids its
    deal (``private_misdeal``): every chip goes back, nobody is knocked out, and the tournament
    deals its next hand, which is played to the showdown."""
    api = Api(server.base)

    async def scenario() -> tuple[Frame, Frame, Frame, Frame]:
        created, clients, pages, runners = await private_table(
            api,
            "FTQ",
            ["Ann", "Bob"],
            shuffle_seconds=2,
            starting_chips=1000,
            tournament={"buy_in": 10, "level_hands": 5, "break_every": 0},
        )
        pages[1].hold = lambda frame: frame["hand"] == 1  # Bob's page is silent in hand 1
        api.ok(api.host(created, "POST", "/start"))
        players = [asyncio.create_task(play(c, Calm(), finished_hand(2))) for c in clients]
        async with asyncio.timeout(180):
            await asyncio.gather(*players)
        await stop_pages(clients, runners)
        path = f"/api/tables/{created['table']['id']}"
        return (
            api.get(f"{path}/hands/1"),
            api.get(f"{path}/hands/2"),
            api.get(f"{path}/tournament"),
            api.table(created),
        )

    void, second, tournament, table = asyncio.run(scenario())
    assert "Bob did not answer in time" in void["void"], void
    assert void["final_stacks"] == void["starting_stacks"] == [1000] * 3
    assert not [e for e in void["events"] if e["type"] in ("revealed", "shown", "awarded")]
    # The next hand starts from the stacks as they were before the void one, and is played out.
    assert second["starting_stacks"] == [1000] * 3
    assert "void" not in second or not second["void"], second
    assert {e["seat"] for e in second["events"] if e["type"] == "revealed"} == {0, 1, 2}
    assert sum(second["final_stacks"]) == 3000
    assert sum(seat["stack"] for seat in table["seats"]) == 3000
    assert not tournament["finished"], tournament
    assert (tournament["entrants"], tournament["players_left"]) == (3, 3), tournament
    assert tournament["prize_pool"] == 30, tournament
