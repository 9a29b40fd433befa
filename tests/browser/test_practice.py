"""A practice table in the page (issue 28 item 3): two players, each in a browser context of
their own, and a deep equity bot. The header says it is a practice table; each page shows its
player's share of the pot as the cards land, the odds the engine gives for what that player
can see, and on their turn the equity bot's hint; a spectator's page, and a normal table's,
show none and receive none. The page passes axe-core at both sizes with the help shown."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, async_playwright

from tests.browser.axe import AXE, RULES, RUN_AXE, SIZES
from tests.browser.pages import TURN, frames_received, keep, launch, sit, take_turn, wait_until
from tests.tools import wsclient
from wildstud.odds.equity import odds
from wildstud.odds.situation import Situation
from wildstud.words import describe_chances

HELP = "!document.getElementById('practice').hidden"
HINT = "Boolean(document.querySelector('#practice .hint'))"
HEADER = "document.querySelector('.bar .title').textContent"


def views(frames: list[dict[str, Any]], number: int) -> dict[int, dict[str, Any]]:
    """The seat's view of hand ``number`` after each count of its events, from the frames its
    page received."""
    known: dict[int, dict[str, Any]] = {}
    events: list[Any] = []
    for frame in frames:
        if frame.get("number") != number:
            continue
        if frame["type"] == "hand":
            events = list(frame["view"]["events"])
        elif frame["type"] == "update":
            events = events[: frame["from"]] + frame["events"]
        else:
            continue
        known[len(events)] = frame["view"]
    return known


def engine_equity(view: dict[str, Any], you: int, game: str) -> float:
    """The odds engine's share of the pot for seat ``you``, built afresh from what the view
    shows it (its own hole cards, everyone's upcards, who folded), the seats turned round so
    that the seat on the dealer's left is dealt first."""
    seats = view["seats"]
    count = len(seats)
    first: int = (view["dealer"] + 1) % count

    def turned(seat: int) -> int:
        return (seat - first) % count

    upcards = {
        turned(s): [c["card"] for c in seat["cards"] if c["up"]] for s, seat in enumerate(seats)
    }
    hole = [c["card"] for c in seats[you]["cards"] if not c["up"] and c["card"]]
    folded = [turned(s) for s, seat in enumerate(seats) if seat["folded"]]
    situation = Situation.build(
        game, count, hole={turned(you): hole}, upcards=upcards, folded=folded
    )
    result = odds(situation, deals=60_000, seed=9)
    return next(entry.equity for entry in result.seats if entry.seat == turned(you))


async def _normal_table(browser: Browser, api: wsclient.Api) -> None:
    created = api.create(games=[{"game": "FTQ"}], seats=2, action_clock=60, bot_delay=0)
    api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    seat = await sit(browser, api, created, "Cy")
    received = frames_received(seat.page)
    await seat.page.reload()
    await seat.page.wait_for_selector("#banner")
    api.ok(api.host(created, "POST", "/start"))
    await seat.my_turn(60)
    await take_turn(seat)
    await wait_until(seat.page, "Number(document.body.dataset.events) > 12")
    assert await seat.page.evaluate("document.getElementById('practice').hidden")
    assert "Practice" not in await seat.page.evaluate(HEADER)
    assert not [frame for frame in received if frame["type"] == "practice"]
    await seat.page.context.close()


async def _scenario(base: str, shots: Path) -> list[Path]:
    api = wsclient.Api(base)
    created = api.create(
        games=[{"game": "FTQ"}], seats=3, action_clock=120, bot_delay=0, practice=True
    )
    api.ok(api.host(created, "POST", "/bots", kind="equity-bot-deep"))
    taken: list[Path] = []
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        seats = []
        received: list[list[dict[str, Any]]] = []
        for name in ("Ann", "Bob"):
            seat = await sit(browser, api, created, name)
            await seat.page.context.add_init_script(path=str(AXE))
            received.append(frames_received(seat.page))
            await seat.page.reload()
            await seat.page.wait_for_selector("#banner")
            seats.append(seat)
        watcher = await (await browser.new_context(viewport=SIZES["wide"])).new_page()
        watched = frames_received(watcher)
        await watcher.goto(created["links"]["watch"])
        await watcher.wait_for_selector("#banner")
        api.ok(api.host(created, "POST", "/start"))
        for seat in seats:
            await wait_until(seat.page, HELP, 60, "document.getElementById('practice').textContent")
            assert "practice table" in await seat.page.evaluate(HEADER)
        # Each player in turn: on their turn the hint is there, the odds said in words.
        hinted: set[int] = set()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 120
        while len(hinted) < 2:
            assert loop.time() < deadline, "a player never had a hint at their turn"
            for index, seat in enumerate(seats):
                if not await seat.page.evaluate(TURN):
                    continue
                await wait_until(seat.page, HINT, 30)
                text = await seat.page.locator("#practice").inner_text()
                assert "Your share of the pot:" in text, text
                assert "The equity bot would" in text, text
                if index not in hinted:
                    hinted.add(index)
                    found: dict[str, Any] = {}
                    for size, viewport in SIZES.items():
                        await seat.page.set_viewport_size(viewport)
                        await seat.page.wait_for_timeout(150)
                        path = shots / f"practice-{index}-{size}.png"
                        await seat.page.screenshot(path=str(path), full_page=True)
                        taken.append(path)
                        violations = await seat.page.evaluate(RUN_AXE, RULES)
                        if violations:
                            found[size] = violations
                    await seat.page.set_viewport_size(SIZES["wide"])
                    assert not found, json.dumps(found, indent=1)
                await take_turn(seat)
            await asyncio.sleep(0.05)
        api.ok(api.host(created, "POST", "/pause"))
        # Each page's help agrees with the odds engine for what its seat could see then.
        for index, frames in enumerate(received):
            hand = next(frame for frame in frames if frame["type"] == "hand")
            number, you = hand["number"], hand["you"]
            known = views(frames, number)
            helps = [
                frame
                for frame in frames
                if frame["type"] == "practice"
                and frame["number"] == number
                and frame["chances"]
                and frame["at"] in known
            ]
            assert helps, f"seat {index}'s page was sent no help it could check"
            for help in helps[-2:]:
                expected = engine_equity(known[help["at"]], you, "FTQ")
                shown = help["chances"]["equity"]
                assert abs(shown - expected) < 0.02, (shown, expected, help)
            shown_text = await seats[index].page.locator("#practice .chances").inner_text()
            last = [frame for frame in frames if frame["type"] == "practice"][-1]
            if await seats[index].page.evaluate("document.body.dataset.phase") == "over":
                # The hand ended with the pause: its last odds came before its end, so the
                # page says the hand is over rather than a chance the result has settled.
                assert shown_text == "This hand is over: your odds come with the next deal."
            elif last["chances"]:  # the page says the last help it was sent, in the library's words
                c = last["chances"]
                words = describe_chances(c["equity"], c["win"], c["tie"], c["special"], c["split"])
                assert shown_text == words, (shown_text, words)
        # A player may keep the help out of sight; the page remembers it after a reload.
        first = seats[0].page
        await first.click("#practice .practice-toggle")
        assert await first.evaluate("document.getElementById('practice-help').hidden")
        assert await first.locator("#practice .chances").count() == 0
        await first.reload()
        await wait_until(first, HELP, 60)
        toggle = first.locator("#practice .practice-toggle")
        assert (await toggle.inner_text(), await toggle.get_attribute("aria-expanded")) == (
            "Show my odds",
            "false",
        )
        assert await first.locator("#practice .chances").count() == 0
        await toggle.click()
        await wait_until(first, "Boolean(document.querySelector('#practice .chances'))")
        assert await toggle.get_attribute("aria-expanded") == "true"
        # Nobody else hears a seat's help: the spectator's page has none and was sent none.
        assert await watcher.evaluate("document.getElementById('practice').hidden")
        assert not [frame for frame in watched if frame["type"] == "practice"]
        path = shots / "practice-spectator.png"
        await watcher.screenshot(path=str(path), full_page=True)
        taken.append(path)
        await _normal_table(browser, api)
        for seat in seats:
            assert not seat.errors, seat.errors
        await browser.close()
    return taken


def test_a_practice_table_shows_each_player_their_own_odds_and_the_bot_s_hint(
    server: Any, tmp_path: Path
) -> None:
    keep(asyncio.run(_scenario(server.base, tmp_path)))
