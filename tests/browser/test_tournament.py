"""A tournament's clock in the page (issue 27 item 5), in Chromium: a sit-and-go of a player
and three bots, with the host's page beside the player's. Both show the level, its stakes and
the minutes counting down, the next level and the prize pool; the host pauses from the console
and both pages say the clock stopped and stop counting, then resume; the host gives the player
the add-on from the console and the pool grows on the player's page; the deal calculator shows
each player's ICM and chip-chop shares. The screenshots are kept (``WILDSTUD_SCREENSHOTS``)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from playwright.async_api import Page, async_playwright

from tests.browser.axe import AXE, audit
from tests.browser.pages import keep, launch, open_create_form, sit, wait_until
from tests.tools import wsclient

LEFT = "document.getElementById('tourney-left').textContent"
CLOCK = "document.getElementById('tourney-clock')"


async def _seconds(page: Page) -> int:
    text: str = await page.evaluate(LEFT)
    minutes, seconds = text.split(" ")[0].split(":")
    return int(minutes) * 60 + int(seconds)


async def _tournament(base: str, shots: Path) -> list[Path]:
    api = wsclient.Api(base)
    created = api.create(
        name="Sit and go",
        seats=5,
        games=[{"game": "FTQ"}, {"game": "SMBU"}],
        starting_chips=1000,
        action_clock=2,
        bot_delay=0.2,
        hand_pause=1,
        bots=[{"kind": "calling-bot"}] * 3,
        tournament={
            "buy_in": 20,
            "levels": [
                {"ante": 5, "bring_in": 5, "small_bet": 20, "big_bet": 40, "minutes": 30},
                {"kind": "break", "minutes": 5},
                {"ante": 10, "bring_in": 10, "small_bet": 40, "big_bet": 80, "minutes": 30},
            ],
            "rebuy_levels": 1,
            "addon_chips": 1000,
            "addon_price": 10,
        },
    )
    kept: list[Path] = []
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        ann = await sit(browser, api, created, "Ann")
        player = ann.page
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        await context.add_init_script(path=str(AXE))
        host = await context.new_page()
        errors: list[str] = []
        host.on("pageerror", lambda error: errors.append(str(error)))
        await host.goto(created["links"]["host"])
        await host.wait_for_selector("#host-console #console-body")
        for page in (player, host):
            await wait_until(page, f"!{CLOCK}.hidden")
            assert await page.evaluate("document.getElementById('tourney-level').textContent") == (
                "Level 1"
            )
            stakes = await page.evaluate("document.getElementById('tourney-stakes').textContent")
            assert stakes == "ante 5, bring-in 5, bets 20/40"
            nxt = await page.evaluate("document.getElementById('tourney-next').textContent")
            assert nxt == "Next: ante 10, bring-in 10, bets 40/80"
            pool = await page.evaluate("document.getElementById('tourney-pool').textContent")
            assert pool.startswith("Prize pool 80 · 4 of 4 left"), pool
            # Not started: the clock stands at the level's full 30 minutes.
            assert await page.evaluate(LEFT) == "30:00 left"
            assert await page.evaluate("document.getElementById('tourney-paused') !== null")

        await host.get_by_role("button", name="Start dealing").click()
        await wait_until(player, "document.getElementById('tourney-paused') === null")
        await wait_until(player, f"{LEFT} !== '30:00 left'", timeout=10)
        first = await _seconds(player)
        # It counts down in the page (a second's tick may come late on a loaded machine).
        await player.wait_for_timeout(3200)
        assert await _seconds(player) <= first - 2
        # Leaving a tournament is not cashing out: the button says what it costs.
        assert await player.locator("#leave-table").inner_text() == "Leave the tournament"
        path = shots / "tournament-player.png"
        await player.screenshot(path=str(path))
        kept.append(path)

        # The host pauses: both pages say so and stop counting.
        await host.get_by_role("button", name="Pause").click()
        for page in (player, host):
            await wait_until(page, "document.getElementById('tourney-paused') !== null")
        stopped = await _seconds(player)
        await player.wait_for_timeout(2000)
        assert await _seconds(player) == stopped
        table = api.table(created)
        assert table["tournament"]["paused"]
        assert abs(table["tournament"]["seconds_left"] - stopped) <= 1.5
        path = shots / "tournament-paused-host.png"
        await host.screenshot(path=str(path), full_page=True)
        kept.append(path)

        # The add-on for Ann from the console: the pool grows on her page.
        await host.get_by_role("button", name="Add-on for Ann").click()
        await wait_until(
            player,
            "document.getElementById('tourney-pool').textContent.startsWith('Prize pool 90')",
        )
        # The deal calculator: each player's share by ICM and by a chip chop.
        await host.get_by_role("button", name="Work out a deal").click()
        await host.wait_for_selector("#deal-table")
        rows = await host.evaluate(
            "[...document.querySelectorAll('#deal-table tbody tr')].map(r => r.textContent)"
        )
        assert len(rows) == 4
        figures: dict[str, Any] = api.ok(api.host(created, "GET", "/tournament/deal"))
        assert sum(player["icm_whole"] for player in figures["players"]) == 90
        path = shots / "tournament-deal.png"
        await host.locator("#deal-box").screenshot(path=str(path))
        kept.append(path)
        # axe finds nothing on the host's page: the clock, the tournament's buttons, the deal.
        found: dict[str, list[Any]] = {}
        await audit(host, "tournament-host", shots, found)
        assert found == {}, found

        # Resumed: the clock runs again from where it stopped.
        await host.get_by_role("button", name="Resume").click()
        await wait_until(player, "document.getElementById('tourney-paused') === null")
        await wait_until(player, f"{LEFT} !== ''")
        assert await _seconds(player) <= stopped
        await player.wait_for_timeout(1500)
        assert await _seconds(player) < stopped
        # The ledger is the tournament's money; the felt (a TV's page) shows the clock too.
        await wait_until(
            player,
            "document.getElementById('ledger-title').textContent === \"The tournament's money\"",
        )
        assert await player.evaluate("document.getElementById('rebuy-amount') === null")
        path = shots / "tournament-ledger.png"
        await player.locator("#ledger").screenshot(path=str(path))
        kept.append(path)
        felt = await (await browser.new_context(viewport={"width": 1280, "height": 720})).new_page()
        await felt.goto(created["links"]["felt"])
        await wait_until(felt, f"!{CLOCK}.hidden")
        await wait_until(felt, f"{LEFT}.endsWith(' left')")
        path = shots / "tournament-felt.png"
        await felt.screenshot(path=str(path))
        kept.append(path)
        assert not errors, errors
        assert not ann.errors, ann.errors
        await browser.close()
    return kept


async def _from_the_form(base: str, shots: Path) -> list[Path]:
    """The home page's form makes a tournament: levels in hands, rebuys, an add-on."""
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        page = await (await browser.new_context(viewport={"width": 1280, "height": 900})).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        await page.goto(base)
        await open_create_form(page)
        await page.get_by_label("Play a tournament (sit-and-go)").check()
        await page.locator('[name="tournament_buy_in"]').fill("25")
        await page.locator('[name="tournament_unit"]').select_option("hands")
        await page.locator('[name="tournament_length"]').fill("8")
        await page.locator('[name="tournament_rebuy_levels"]').fill("2")
        await page.locator('[name="tournament_addon_chips"]').fill("1000")
        await page.locator('[name="tournament_payouts"]').fill("60, 40")
        path = shots / "tournament-form.png"
        await page.locator("#tournament-fields").screenshot(path=str(path))
        await page.get_by_role("button", name="Create the table").click()
        host = page.locator('#created a[href*="/host/"]')
        await host.wait_for()
        token = (await host.get_attribute("href") or "").rsplit("/", 1)[1]
        assert not errors, errors
        await browser.close()
    api = wsclient.Api(base)
    created = api.ok(api.http.get(f"/api/host/{token}"))
    settings = created["table"]["settings"]["tournament"]
    assert (settings["buy_in"], settings["rebuy_levels"], settings["addon_chips"]) == (25, 2, 1000)
    assert settings["payouts"] == {"2": [60, 40]}
    levels = [item for item in settings["levels"] if item["kind"] == "level"]
    assert {level["hands"] for level in levels} == {8}
    assert levels[0]["small_bet"] == 20  # a fiftieth of the 1000 starting chips
    assert created["table"]["tournament"]["hands_left"] == 8
    return [path]


async def _to_the_end(base: str, shots: Path) -> list[Path]:
    """Bots play a tournament to its end under a spectator's eyes: a break is shown, then
    every place with its prize."""
    api = wsclient.Api(base)
    created = api.create(
        name="Bots to the end",
        games=[{"game": "FTQ"}],
        seats=4,
        bot_delay=0,
        hand_pause=0.2,
        bots=[{"kind": "calling-bot"}] * 3,
        tournament={
            "buy_in": 10,
            "payouts": {"2": [70, 30]},
            "levels": [
                {"ante": 5, "bring_in": 5, "small_bet": 20, "big_bet": 40, "hands": 1},
                {"minutes": 0.05},
                {"ante": 50, "bring_in": 50, "small_bet": 200, "big_bet": 400, "hands": 1},
                {"ante": 200, "bring_in": 200, "small_bet": 500, "big_bet": 1000, "hands": 1},
            ],
        },
    )
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        await context.add_init_script(path=str(AXE))
        page = await context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        await page.goto(created["links"]["watch"])
        await wait_until(page, f"!{CLOCK}.hidden")
        api.ok(api.host(created, "POST", "/start"))
        await wait_until(
            page, "document.getElementById('tourney-level').textContent.startsWith('Break')"
        )
        await wait_until(
            page,
            "document.getElementById('tourney-level').textContent.startsWith('The tournament')",
            timeout=90,
        )
        places = await page.evaluate(
            "[...document.querySelectorAll('#tourney-places li')].map(li => li.textContent)"
        )
        info = api.table(created)["tournament"]
        # One line a place; a shared place names everyone in it with their share of its prize.
        lines: dict[int, list[str]] = {}
        for p in sorted(info["places"], key=lambda p: p["place"]):
            words = p["name"] + (f" wins {p['prize']}" if p["prize"] else "")
            lines.setdefault(p["place"], []).append(words)
        assert places == [
            f"{ordinal(at)}, shared: {', '.join(them)}"
            if len(them) > 1
            else f"{ordinal(at)} {them[0]}"
            for at, them in lines.items()
        ]
        # A pool of 30 paid 70/30; two bots out on the same hand with the same stack tie for
        # 2nd and share its 9 (the odd chip to the first of them).
        ranked = sorted(info["places"], key=lambda p: p["place"])
        seconds = [p["prize"] for p in ranked if p["place"] == 2]
        assert ranked[0]["prize"] == 21
        assert seconds == ([9] if len(seconds) == 1 else [5, 4])
        assert sum(p["prize"] for p in ranked) == 30
        path = shots / "tournament-finished.png"
        await page.locator("#tourney-clock").screenshot(path=str(path))
        found: dict[str, list[Any]] = {}
        await audit(page, "tournament-finished-page", shots, found)
        assert found == {}, found
        assert not errors, errors
        await browser.close()
    return [path]


def ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}[place]


def test_a_tournament_played_to_its_end_shows_every_place(server: Any, tmp_path: Path) -> None:
    keep(asyncio.run(_to_the_end(server.base, tmp_path)))


def test_a_tournament_made_from_the_home_page(server: Any, tmp_path: Path) -> None:
    keep(asyncio.run(_from_the_form(server.base, tmp_path)))


def test_the_tournament_clock_in_every_page_and_the_host_pausing(
    server: Any, tmp_path: Path
) -> None:
    keep(asyncio.run(_tournament(server.base, tmp_path)))
