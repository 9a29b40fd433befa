"""The history at a seat replays a past hand from that seat: the player's own hole cards face up
from the deal on, everyone else's face down until the showdown shows them; the spectator's
history of the same hand keeps them all face down until then."""

from __future__ import annotations

import asyncio
import os
import random
from pathlib import Path
from typing import Any

from playwright.async_api import Page, async_playwright

from tests.browser.pages import Seat, keep, launch, sit
from tests.tools.wsclient import Api, Client, play

FELT = ".replay-felt"


async def _cards(page: Page, seat: str) -> list[str]:
    """The cards drawn face up in the seats that ``seat`` selects, at the replay's step."""
    codes: list[str] = await page.locator(f"{FELT} {seat} .card[data-card]").evaluate_all(
        "(cards) => cards.map((card) => card.dataset.card).filter(Boolean)"
    )
    return codes


async def _replay_at(page: Page, step: int) -> None:
    """Open hand 1 in the history and step to ``step`` (0: the first)."""
    await page.get_by_role("button", name="History").click()
    await page.locator(".hand-list button[data-hand='1']").click()
    await page.locator(".replay [data-step=next]").wait_for()
    for _ in range(step):
        await page.locator(".replay [data-step=next]").click()


async def _session(base: str, shots: Path) -> list[Path]:
    api = Api(base)
    created = api.create(
        name="my seat", games=[{"game": "FTQ"}], seats=4, hand_pause=0, bot_delay=0
    )
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        seat: Seat = await sit(browser, api, created, "ann")
        for _ in range(2):
            api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
        # A test client on the seat's socket plays the hand beside the page.
        player = await Client(seat.socket, "ann").open()
        api.ok(api.host(created, "POST", "/start"))
        await play(player, random.Random(5), lambda client: len(client.finished) >= 1)
        api.ok(api.host(created, "POST", "/pause"))
        hand = player.hands[min(player.finished)]
        you = hand["you"]
        own = {
            event["card"]
            for event in hand["view"]["events"]
            if event["type"] == "dealt" and event["seat"] == you and not event["up"]
        }
        await player.close()
        steps = api.get(f"/api/seat/{seat.socket.rsplit('/', 1)[1]}/hands/1/steps")
        assert steps["you"] == you
        # The first step after third street's cards are dealt: two down and one up each.
        dealt = 0
        third = 0
        for index, step in enumerate(steps["steps"]):
            dealt += sum(event["type"] == "dealt" for event in step["events"])
            if dealt >= 9:
                third = index
                break
        page = seat.page
        await _replay_at(page, third)
        heading = await page.locator(".replay h3").inner_text()
        assert "from your seat (ann)" in heading
        mine = await _cards(page, ".seat.you")
        others = await _cards(page, ".seat:not(.you)")
        hole = {
            event["card"]
            for event in hand["view"]["events"]
            if event["type"] == "dealt" and event["seat"] == you and event["street"] == 0
        } - {None}
        assert len(hole) == 3  # two down, one up
        assert set(mine) == hole, (hole, mine)
        assert len(mine) == 3
        assert len(others) == 2  # one upcard each: their hole cards stay face down
        taken = [shots / "history-seat-third-street.png"]
        await page.locator(".replay").screenshot(path=str(taken[0]))
        await page.locator(".replay [data-step=end]").click()
        await page.locator(".replay").screenshot(path=str(shots / "history-seat-end.png"))
        taken.append(shots / "history-seat-end.png")
        # The spectator's history of the same step shows no hole card at all.
        watch = await (
            await browser.new_context(viewport={"width": 1280, "height": 900})
        ).new_page()
        await watch.goto(created["links"]["watch"])
        await watch.wait_for_selector("#banner")
        await _replay_at(watch, third)
        assert "as the table saw it" in await watch.locator(".replay h3").inner_text()
        assert len(await _cards(watch, ".seat")) == 3
        assert not own & set(await _cards(watch, ".seat"))
        await watch.locator(".replay").screenshot(
            path=str(shots / "history-watch-third-street.png")
        )
        taken.append(shots / "history-watch-third-street.png")
        assert not seat.errors, seat.errors
        await browser.close()
    return taken


def test_a_seat_replays_its_past_hand_with_its_own_hole_cards(server: Any, tmp_path: Path) -> None:
    shots = Path(os.environ.get("WILDSTUD_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    keep(asyncio.run(_session(server.base, shots)))
