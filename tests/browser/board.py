"""The whole board in one view (issue 22 item 1): the screens the table is laid out for, a
table of any size brought to its fullest moment (every card dealt, the viewer to act), and
what the page shows measured by element boxes.

Shared by the layout tests (test_layout.py) and the screenshots of docs/screenshots/
(``python -m tests.browser.screenshots``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, BrowserContext, Page, ViewportSize

from tests.browser.pages import TURN, Seat, take_turn, wait_until
from tests.tools import wsclient


@dataclass(frozen=True)
class Screen:
    """A screen the table is laid out for."""

    name: str
    width: int
    height: int
    touch: bool

    @property
    def viewport(self) -> ViewportSize:
        """Playwright's viewport for this screen."""
        return ViewportSize(width=self.width, height=self.height)


SCREENS = (
    Screen("phone", 390, 844, touch=True),
    Screen("small-phone", 360, 740, touch=True),
    Screen("landscape-phone", 844, 390, touch=True),
    Screen("tablet", 768, 1024, touch=True),
    Screen("laptop", 1366, 768, touch=False),
    Screen("small-laptop", 1280, 720, touch=False),
    Screen("tv", 1920, 1080, touch=False),
)
SEAT_COUNTS = (2, 6, 8)
STACK = 12345  # five digits, the widest stack a home game sees


async def context(browser: Browser, touch: bool, **options: Any) -> BrowserContext:
    """A browser context of a touch screen (a phone, a tablet) or of a mouse and keyboard."""
    screen = next(item for item in SCREENS if item.touch == touch)
    return await browser.new_context(
        viewport=screen.viewport, has_touch=touch, is_mobile=touch, **options
    )


def full_table(
    api: wsclient.Api, seats: int, players: int = 1, start: bool = True
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A no-limit table of `seats` seats, Annabel and calling bots in the seats left after
    `players` people (the others are the caller's to seat), started unless not `start`; the
    table's answer and Annabel's seat. No limit, so that her turn shows the amount field and
    its presets."""
    created = api.create(
        name=f"Friday night, {seats} seats",
        seats=seats,
        games=[{"game": "FTQ"}],
        stakes={"limit": "no-limit", "ante": 5, "bring_in": 10, "small_bet": 25, "big_bet": 50},
        starting_chips=STACK,
        top_up_ceiling=2 * STACK,
        bot_delay=0.05,
        action_clock=600,
        hand_pause=30,
    )
    granted = api.join(created, "Annabel")
    for _ in range(seats - players):
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    if start:
        api.ok(api.host(created, "POST", "/start"))
    return created, granted


# Every card dealt that will be: the last street (eight seats share a community card on it).
ALL_DEALT = (
    "document.getElementById('game-line').textContent.includes('seventh street')"
    " || document.body.dataset.phase === 'over'"
)


async def last_street(seat: Seat) -> None:
    """Take the seat's turns until every card is dealt and it is the seat's turn again."""
    page = seat.page
    for _ in range(2000):
        if await page.evaluate(ALL_DEALT) and await page.evaluate(TURN):
            return
        if await page.evaluate(TURN):
            await take_turn(seat)
        await page.wait_for_timeout(50)
    raise AssertionError("never the last street at this seat's turn")


async def open_seat(ctx: BrowserContext, link: str) -> Seat:
    """The seat's page in `ctx`, at its turn."""
    seat = Seat(await ctx.new_page())
    await seat.page.goto(link)
    await wait_until(seat.page, TURN, 30)
    return seat


# What the page shows, measured: every problem found, in words (none: the board fits).
MEASURE = (Path(__file__).parent / "board.js").read_text(encoding="utf-8")


# Two frames drawn: a mobile context's resize reaches the page's layout a frame or more after
# Playwright returns, later still on a loaded machine (a fixed 200 ms once measured a small
# phone's seat at a size no screen of it has).
TWO_FRAMES = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


async def measure(page: Page, screen: Screen) -> list[str]:
    """The board's problems at `screen` (the page resized to it)."""
    await page.set_viewport_size(screen.viewport)
    await page.evaluate("window.scrollTo(0, 0)")
    size = f"innerWidth === {screen.width} && innerHeight === {screen.height}"
    await wait_until(page, size)
    await page.evaluate(TWO_FRAMES)
    found: dict[str, Any] = await page.evaluate(MEASURE)
    return [f"{screen.name}: {problem}" for problem in found["problems"]]
