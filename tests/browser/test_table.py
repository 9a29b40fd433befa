"""Two players in two browser contexts and two bots play a hand of every game at one
dealer's-choice table, through the page: the wild-card banner and the highlighted cards are
checked against the server's own view at every render, one player reloads mid-hand, a
spectator's page never shows a hidden card, and the browser logs no error.

The truth comes from the server's WebSocket frames as a plain test client sees them, for the same
seat (or for a spectator): the page's render at a given hand and event count must show the
view the server sent for that count.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import shutil
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Page, async_playwright

from conftest import CHROMIUM, wsclient

MENU = [
    {"game": "FTQ"},
    {"game": "SMBU"},
    {"game": "BD7"},
    {"game": "baby-daddy", "house_rules": {"cards": 5}},
    {"game": "BITCH"},
]
CODES = ["FTQ", "SMBU", "BD7", "BD5", "BITCH"]
HANDS = len(MENU)

# What each render of the page showed, collected in the page itself.
PROBE = """
window.__renders = [];
document.addEventListener("wildstud:render", () => {
  const banner = document.getElementById("banner");
  const cards = [];
  for (const seat of document.querySelectorAll(".seat[data-engine]")) {
    if (seat.dataset.engine === "") continue;
    for (const card of seat.querySelectorAll(".cards .card")) {
      cards.push([Number(seat.dataset.engine), card.dataset.card, card.dataset.up === "true",
                  card.classList.contains("wild")]);
    }
  }
  window.__renders.push({
    hand: Number(document.body.dataset.hand || 0),
    events: Number(document.body.dataset.events || 0),
    wild: banner.dataset.wild || "",
    text: banner.innerText,
    cards,
  });
});
"""


def _views(client: Any) -> dict[tuple[int, int], dict[str, Any]]:
    """Every view a test client was sent, by hand number and event count."""
    views: dict[tuple[int, int], dict[str, Any]] = {}
    current: dict[str, Any] | None = None
    for frame in client.frames:
        if frame["type"] == "hand":
            current = {**frame, "view": dict(frame["view"])}
        elif frame["type"] == "update" and current is not None:
            if current["number"] != frame["number"]:
                continue
            events = current["view"]["events"] + frame["events"]
            current = {**current, "view": {**frame["view"], "events": events}}
        else:
            continue
        views[(current["number"], len(current["view"]["events"]))] = current
    return views


def _expected_wild(hand: dict[str, Any], seat: int, card: str) -> bool:
    """Whether ``card`` at engine seat ``seat`` is wild, by the server's view."""
    view = hand["view"]
    if card in view["wild"]:
        return True
    deal = view["events"]
    starts = [index for index, event in enumerate(deal) if event["type"] == "deal_started"]
    deal = deal[starts[-1] if starts else 0 :]
    shown = {event["seat"]: event["wild"] for event in deal if event["type"] == "shown"}
    if seat in shown:
        return card in shown[seat]
    if seat == hand["you"] and card in (view["own_wild"] or []):
        return True
    if view["code"].startswith("BD"):
        ranks = {
            event["seat"]: event["card"][0]
            for event in deal
            if event["type"] == "wilds_changed" and event["seat"] is not None
        }
        return ranks.get(seat) == card[0]
    return False


def _check_renders(renders: list[dict[str, Any]], client: Any, spectator: bool) -> int:
    """Compare every render with the view the server sent for it; returns how many matched."""
    views = _views(client)
    checked = 0
    for render in renders:
        if not render["hand"]:
            continue
        key = (render["hand"], render["events"])
        assert key in views, f"{client.name}: the page drew a state the server never sent: {key}"
        hand = views[key]
        view = hand["view"]
        assert render["wild"] == " ".join(sorted(view["wild"])), (key, render["wild"], view["wild"])
        text = render["text"]
        assert view["wild_text"][:1].upper() + view["wild_text"][1:] in text or (
            view["code"].startswith("BD") and "wild" in text
        ), (key, text)
        assert not re.search(r"\bp\d\b", text), f"an engine seat name in the banner: {text}"
        reasons = [event for event in view["events"] if event["type"] == "wilds_changed"]
        if reasons and not view["code"].startswith("BD") and view["deal"] == 1:
            names = hand["names"]
            last = reasons[-1]["reason"]
            expected = re.sub(r"\bp(\d)\b", lambda m, names=names: names[int(m.group(1)) - 1], last)
            assert expected in text, (key, expected, text)
        shown = {event["seat"] for event in view["events"] if event["type"] == "shown"}
        for seat, code, up, wild in render["cards"]:
            card = code or None
            visible = [held["card"] for held in view["seats"][seat]["cards"]]
            assert card in visible, f"{client.name} drew {card} at seat {seat}: not in {visible}"
            if card is None:
                assert not wild, key
                continue
            if spectator:
                assert up or seat in shown, f"a spectator saw the hidden {card} at seat {seat}"
            assert wild == _expected_wild(hand, seat, card), (key, seat, card, wild)
        for seat, held in enumerate(view["seats"]):
            drawn = [card or None for s, card, _, _ in render["cards"] if s == seat]
            assert drawn == [item["card"] for item in held["cards"]], key
        checked += 1
    return checked


async def _act(page: Page, rng: random.Random) -> bool:
    """Act if it is this page's turn: mostly check or call, sometimes bet, raise or complete,
    by a click or by the keyboard shortcut."""
    if await page.evaluate("document.getElementById('actions')?.dataset.turn") != "yes":
        return False
    buttons = page.locator("#actions button[data-action]")
    actions = [
        await buttons.nth(i).get_attribute("data-action") for i in range(await buttons.count())
    ]
    before = await page.evaluate("document.body.dataset.events")
    roll = rng.random()
    choice = next((kind for kind in ("raise", "bet", "complete") if kind in actions), None)
    if choice is None or roll > 0.3:
        choice = next(
            (kind for kind in ("check", "call", "bring-in") if kind in actions), actions[0]
        )
    if roll < 0.5 and choice in ("check", "call"):
        await page.keyboard.press("k" if choice == "check" else "c")
    else:
        await page.locator(f"#actions button[data-action='{choice}']").click()
    try:
        await page.wait_for_function(
            "([before]) => document.body.dataset.events !== before"
            " || document.getElementById('actions').dataset.turn !== 'yes'",
            arg=[before],
            timeout=10_000,
        )
    except Exception:
        status = await page.locator(".status").inner_text()
        raise AssertionError(f"{choice} was not taken: {status!r}") from None
    return True


async def _join(browser: Browser, join_link: str, name: str, phone: bool) -> tuple[Page, list[str]]:
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    context = await browser.new_context(viewport=size)
    await context.add_init_script(PROBE)
    page = await context.new_page()
    errors = _watch_errors(page)
    await page.goto(join_link)
    await page.get_by_label("Your name").fill(name)
    await page.get_by_role("button", name="Sit down").click()
    await page.wait_for_url(re.compile(r"/seat/"))
    await page.wait_for_selector("#banner")
    return page, errors


def _watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


async def _session(base: str, shots: Path) -> None:
    api = wsclient.Api(base)
    created = api.create(
        name="Browser night", seats=4, games=MENU, hand_pause=1.5, bot_delay=0,
        action_clock=120, choice_clock=60,
    )  # fmt: skip
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
        )
        ann, ann_errors = await _join(browser, created["links"]["join"], "Ann", phone=False)
        bob, bob_errors = await _join(browser, created["links"]["join"], "Bob", phone=True)
        watcher_context = await browser.new_context(viewport={"width": 1280, "height": 900})
        await watcher_context.add_init_script(PROBE)
        watcher = await watcher_context.new_page()
        watcher_errors = _watch_errors(watcher)
        await watcher.goto(created["links"]["watch"])
        sockets = {
            "Ann": ann.url.replace("http", "ws", 1).replace("/seat/", "/ws/seat/"),
            "Bob": bob.url.replace("http", "ws", 1).replace("/seat/", "/ws/seat/"),
        }
        truth = {name: await wsclient.Client(url, name).open() for name, url in sockets.items()}
        spectator = await wsclient.Client(created["links"]["watch_socket"], "watch").open()
        for _ in range(2):
            api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
        api.ok(api.host(created, "POST", "/start"))

        rng = random.Random(6)
        pages = {"Ann": ann, "Bob": bob}
        reloaded = False
        shot: set[int] = set()
        async with asyncio.timeout(150):
            while len(spectator.finished) < HANDS or len(shot) < HANDS:
                for page in pages.values():
                    if await page.locator("#picker .pick").count():
                        last = spectator.hand["view"]["code"] if spectator.hand else None
                        entry = 0 if last is None else (CODES.index(last) + 1) % HANDS
                        await page.locator(f"#picker .pick[data-entry='{entry}']").click()
                    acted = await _act(page, rng)
                    if acted and not reloaded and spectator.hand and spectator.hand["number"] == 2:
                        # Mid-hand: the page comes back from the seat's link and plays on.
                        await page.reload()
                        await page.wait_for_function("document.body.dataset.hand === '2'")
                        reloaded = True
                number = int(await ann.evaluate("document.body.dataset.hand || 0") or 0)
                phase = await ann.evaluate("document.body.dataset.phase")
                if number and phase == "over" and number not in shot:
                    shot.add(number)
                    code = truth["Ann"].hands[number]["view"]["code"]
                    await ann.screenshot(
                        path=str(shots / f"{code.lower()}-showdown.png"), full_page=True
                    )
                await asyncio.sleep(0.03)
        assert reloaded, "no reload happened in hand 2"
        await asyncio.sleep(0.3)
        played = sorted(hand["view"]["code"] for hand in spectator.hands.values())
        assert played == sorted(CODES), played

        for name, page, client, spectating in (
            ("Ann", ann, truth["Ann"], False),
            ("Bob", bob, truth["Bob"], False),
            ("watch", watcher, spectator, True),
        ):
            renders = await page.evaluate("window.__renders")
            assert _check_renders(renders, client, spectating) > 50, name
        # Every hand reached the showdown and every page showed its best five cards.
        for hand in spectator.hands.values():
            assert any(event["type"] == "shown" for event in hand["view"]["events"])
        assert await watcher.locator(".card.best").count() >= 5

        # The history: the last hand replays step by step and its record downloads.
        await ann.get_by_role("button", name="History").click()
        await ann.locator(".hand-list button").first.click()
        first_step = await ann.locator(".replay .step").inner_text()
        await ann.locator(".replay [data-step=next]").click()
        assert await ann.locator(".replay .step").inner_text() != first_step
        async with ann.expect_download() as download_info:
            await ann.get_by_role("link", name="Download PHH").click()
        download = await download_info.value
        record = Path(await download.path()).read_text()
        assert "variant" in record or "actions" in record, record[:200]

        for client in (*truth.values(), spectator):
            await client.close()
        await browser.close()
    assert ann_errors == [], ann_errors
    assert bob_errors == [], bob_errors
    assert watcher_errors == [], watcher_errors


def test_every_game_through_the_page(server: Any, tmp_path: Path) -> None:
    asyncio.run(_session(server.base, tmp_path))
    shots = sorted(tmp_path.glob("*-showdown.png"))
    assert len(shots) == HANDS, shots
    keep = os.environ.get("WILDSTUD_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        for path in shots:
            shutil.copy(path, Path(keep) / path.name)
