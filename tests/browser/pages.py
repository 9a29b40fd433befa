"""What the browser tests share: Debian's Chromium launched by Playwright, a player's page at a
table with every frame it sends recorded, and waits on what the page shows."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import time
from collections.abc import Awaitable, Callable
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Locator, Page, Playwright, WebSocket
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import CHROMIUM
from tests.tools import wsclient

TURN = "document.getElementById('actions')?.dataset.turn === 'yes'"

CLUB_READY = "document.body.dataset.club === 'ready'"
"""True once a club's page has drawn what it read of the club."""

NO_LIMIT_TABLE: dict[str, Any] = {
    "seats": 3, "games": [{"game": "FTQ"}], "stakes": {"limit": "no-limit"},
    "bot_delay": 0.4, "hand_pause": 0.5, "action_clock": 300, "time_bank": 0,
}  # fmt: skip
"""A three-seat no-limit table whose bots act at a human's pace, under a clock that never runs
out while a test looks: the controls' tests play at it."""

# Every policy violation the page sees, recorded from the first script on.
WATCH_POLICY = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
});
"""


def cards_swapped(data: Any, one: str, other: str) -> Any:
    """``data`` with the card codes ``one`` and ``other`` exchanged wherever they appear (a
    forgery the page must catch)."""
    if isinstance(data, dict):
        return {key: cards_swapped(value, one, other) for key, value in data.items()}
    if isinstance(data, list):
        return [cards_swapped(value, one, other) for value in data]
    return {one: other, other: one}.get(data, data) if isinstance(data, str) else data


def finished_table(base: str, game: str) -> tuple[dict[str, Any], wsclient.Api]:
    """A table of `game` where three calling bots have finished a hand, paused since: the
    table's answer, and the API it was made with."""
    api = wsclient.Api(base)
    created = api.create(name=game, games=[{"game": game}], seats=4, hand_pause=0, bot_delay=0)
    for _ in range(3):
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    api.ok(api.host(created, "POST", "/start"))
    table_id = created["table"]["id"]
    deadline = time.monotonic() + 60
    while not hand_finished(api.get(f"/api/tables/{table_id}")):
        assert time.monotonic() < deadline, "no hand finished"
        time.sleep(0.1)
    api.ok(api.host(created, "POST", "/pause"))
    return created, api


def hand_finished(table: dict[str, Any]) -> bool:
    """Whether the table (its ``GET /api/tables/{id}``) has finished a hand. Asked of the
    table, not of its list of hands: reads of hands are limited per address (5 a second, 20 at
    once), and polling them would leave the page under test none."""
    return bool(
        table["hands_dealt"] >= 2 or (table["hands_dealt"] and not table["hand_in_progress"])
    )


def frames_received(page: Page) -> list[dict[str, Any]]:
    """Every frame the page's WebSockets receive from now on, in order (a list that grows)."""
    frames: list[dict[str, Any]] = []

    def socket(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", socket)
    return frames


def events_so_far(received: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of the latest hand among the frames ``received`` (a ``hand`` frame starts
    them anew, each ``update`` adds its own)."""
    events: list[dict[str, Any]] = []
    for frame in received:
        if frame["type"] == "hand":
            events = list(frame["view"]["events"])
        elif frame["type"] == "update":
            events.extend(frame["events"])
    return events


def record_changes(name: str, read: str) -> str:
    """An init script that keeps in ``window[name]`` every distinct value of ``read`` (a
    function expression) as the page changes: a fast or loaded page may show a state for less
    than the time between two looks taken from the test."""
    return f"""{{
  const kept = (window[{name!r}] = []);
  const read = {read};
  new MutationObserver(() => {{
    if (!document.body) return;
    const value = read();
    const last = kept[kept.length - 1];
    if (!last || JSON.stringify(last) !== JSON.stringify(value)) kept.push(value);
  }}).observe(document, {{
    subtree: true, childList: true, characterData: true, attributes: true,
  }});
}}"""


_LOOK = """new Promise((resolve, reject) => {{
  const until = performance.now() + {ms};
  const look = () => {{
    let value;
    try {{
      value = (
{expression}
      );
    }} catch (error) {{
      reject(error);
      return;
    }}
    // As Python reads the value (the test once looked from Python): an empty list is false.
    const held = value !== null && typeof value === 'object'
      ? Object.keys(value).length > 0 : Boolean(value);
    if (held) resolve(true);
    else if (performance.now() >= until) resolve(false);
    else setTimeout(look, 50);
  }};
  look();
}})"""
"""The page's own look for :func:`wait_until`: ``expression`` every 50 ms until it holds (true)
or ``ms`` milliseconds have passed (false); an expression that throws rejects the promise."""


async def wait_until(
    page: Page, expression: str, timeout: float = 30, detail: str | None = None
) -> None:
    """Wait until `expression` holds in the page. The page looks itself, every 50 ms, in one
    call: the test asking it twenty times a second cost Playwright's driver, the test and the
    page's renderer a round trip each (2.7 ms of CPU a look, measured). The
    expression is written into the evaluated script, not handed to it: Playwright's
    wait_for_function evaluates a string the page's CSP may forbid, and evaluate() runs outside
    it. A navigation that ends the page's script while it looks starts the look again in the
    new page. The default timeout is for a CI machine of 2 cores running 4 test workers, where
    10 s was seen to run out. On failure the message carries the value of `detail`, an
    expression that says what the page shows."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        left = max(deadline - loop.time(), 0)
        try:
            if await page.evaluate(_LOOK.format(expression=expression, ms=int(left * 1000))):
                return
        except PlaywrightError as error:
            if "Execution context was destroyed" not in str(error) or loop.time() > deadline:
                raise
            await asyncio.sleep(0.05)
            continue
        shown = f"; the page shows {await page.evaluate(detail)!r}" if detail else ""
        raise AssertionError(f"never true within {timeout} s: {expression}{shown}")


async def history_page(browser: Browser) -> tuple[Page, list[str]]:
    """A page tall enough for the history panel's replay, and the console errors it logs (a
    failed request among them)."""
    page = await browser.new_page(viewport={"width": 1100, "height": 1300})
    errors: list[str] = []
    page.on(
        "console",
        lambda message: errors.append(message.text) if message.type == "error" else None,
    )
    return page, errors


async def ask_for_seat(page: Page, join: str, name: str) -> None:
    """``name`` asks for a seat through the join link ``join``, at a table whose host decides:
    the page waits for the answer."""
    await page.goto(join)
    await page.get_by_label("Your name").fill(name)
    await page.get_by_role("button", name="Sit down").click()
    await wait_until(page, "document.body.dataset.join === 'pending'")


async def open_create_form(page: Page) -> None:
    """On the home page, open the full form behind the welcome's presets ("Set up every
    detail") and wait for it."""
    await page.get_by_role("button", name="Set up every detail").click()
    await page.get_by_role("button", name="Create the table").wait_for()


async def launch(playwright: Playwright, *args: str, executable: Path = CHROMIUM) -> Browser:
    """Debian's Chromium, headless (its headless shell unless another ``executable``), with any
    more command-line `args`."""
    return await playwright.chromium.launch(
        executable_path=str(executable), args=["--no-sandbox", "--disable-gpu", *args]
    )


class Seat:
    """A player's page, with the console errors it logged and the frames it sent."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.shots = Path()
        self.socket = ""
        """The seat's WebSocket address, for a test client beside the page."""
        self.errors: list[str] = []
        self.sent: list[dict[str, Any]] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("websocket", self._socket)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def _socket(self, socket: WebSocket) -> None:
        socket.on("framesent", lambda payload: self.sent.append(json.loads(payload)))

    def acts(self) -> list[dict[str, Any]]:
        """The act requests the page has sent."""
        return [frame for frame in self.sent if frame.get("type") == "act"]

    async def my_turn(self, timeout: float = 20) -> None:
        """Wait until the page offers this seat's choices."""
        await wait_until(self.page, TURN, timeout)

    async def events(self) -> int:
        """How many events of the hand the page has drawn."""
        return int(await self.page.evaluate("Number(document.body.dataset.events || 0)"))


async def sit(
    browser: Browser, api: wsclient.Api, created: dict[str, Any], name: str, **context: Any
) -> Seat:
    """A player takes a seat through the API and opens the seat's page in a new context."""
    granted = api.join(created, name)
    options = {"viewport": {"width": 1280, "height": 900}, **context}
    page = await (await browser.new_context(**options)).new_page()
    seat = Seat(page)
    seat.socket = granted["socket"]
    await page.goto(granted["link"])
    await page.wait_for_selector("#banner")
    return seat


async def cheap_choice(seat: Seat) -> str | None:
    """The cheapest choice on offer: check, call or bring in (or complete); ``None`` when the
    page offers none of them (the turn has passed, or it is only the showdown's choice)."""
    choices = await seat.page.locator("#actions button[data-choice]").evaluate_all(
        "(buttons) => buttons.map((button) => button.dataset.choice)"
    )
    cheap = ("check", "call", "bring-in", "complete")
    return next((kind for kind in cheap if kind in choices), None)


async def take_turn(seat: Seat, click_timeout: float = 30) -> None:
    """This seat's turn taken the cheap way, by its button."""
    page = seat.page
    choice = await cheap_choice(seat)
    assert choice is not None, "no check, call or bring-in on offer at the seat's turn"
    before = len(seat.acts())
    button = page.locator(f"#actions button[data-choice='{choice}']")
    await button.click(timeout=click_timeout * 1000)
    await answered(seat, before + 1)


LEAVE_ANSWERED = """(() => {
  const said = document.querySelector("#ledger .ledger-message")?.textContent ?? "";
  return document.body.dataset.page === "goodbye" || said.startsWith("You are leaving the table");
})()"""
"""Whether a seat's page answered its player's Leave: the seat given up at once (the goodbye
page), or to be given up as the hand in play ends (the ledger says so)."""

LEAVE_SAID = """(document.body.dataset.page === 'goodbye' ? 'the goodbye page'
  : document.querySelector('#ledger .ledger-message')?.textContent || 'nothing')"""
"""What the page said to its player's Leave (a refusal says why)."""


async def leave_table(page: Page) -> None:
    """The player leaves by the ledger's Leave and its confirmation, each clicked once, and the
    page says the leave was taken (at once, or as the hand in play ends). A click the ledger did
    not take fails here, where it was lost: Leave used to move under a click as a frame came
    (sessions 30 and 31, on CI), and it no longer moves (test_still_buttons.py)."""
    await page.click("#leave-table")
    await wait_until(page, "document.querySelector('#leave-yes') !== null")
    await page.click("#leave-yes")
    await wait_until(page, LEAVE_ANSWERED, detail=LEAVE_SAID)


async def answered(seat: Seat, acts: int) -> None:
    """Wait until the page has sent `acts` act requests and the server has answered the last.
    (Waiting for the turn to pass could miss it: the seat may be first to act on the next
    street, and its turn comes back at once.)"""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    while len(seat.acts()) < acts:
        assert loop.time() < deadline, f"{len(seat.acts())} act requests sent, not {acts}"
        await asyncio.sleep(0.02)
    assert len(seat.acts()) == acts, seat.acts()
    await wait_until(seat.page, "document.getElementById('request').textContent === ''")


async def play_all(seats: list[Seat], done: Callable[[], bool], timeout: float = 90) -> None:
    """Every seat whose page offers it a turn takes it the cheap way, until ``done()`` holds
    (a seat whose page left the table, for its goodbye, offers none)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not done():
        assert loop.time() < deadline, "the night stalled"
        for seat in seats:
            if await seat.page.evaluate(TURN):
                # The turn may pass between looking and clicking (the hand ends, the seat is
                # removed and its page says goodbye, its button gone for good): a click that
                # finds no button soon gives up, and the loop looks again.
                with contextlib.suppress(AssertionError, PlaywrightTimeout):
                    await take_turn(seat, click_timeout=5)
        await first_to_see([(seat.page, TURN) for seat in seats], 0.25)


async def first_to_see(looks: list[tuple[Page, str]], seconds: float) -> None:
    """Wait until one of the pages sees its expression hold, or ``seconds`` have passed: each
    page looks itself (:func:`wait_until`), and the first that sees it ends the wait at once.
    A play loop that waits so between its looks asks its pages a few times a second, not
    thirty (2.7 ms of CPU a look)."""
    if not looks:
        await asyncio.sleep(seconds)
        return
    waits = [
        asyncio.ensure_future(wait_until(page, expression, seconds)) for page, expression in looks
    ]
    await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    for wait in waits:
        wait.cancel()
    # Each wait's end (seen, its time up, or cancelled) is taken, so that none is left unread;
    # a page's own error is met again by the loop's next look.
    await asyncio.gather(*waits, return_exceptions=True)


AUTOPLAY = """(() => {
  const cheap = ['check', 'call', 'bring-in', 'complete'];
  let taken = '';
  let when = 0;
  let queued = false;
  const play = () => {
    queued = false;
    const actions = document.getElementById('actions');
    if (window.__autoplay === false || actions?.dataset.turn !== 'yes') {
      taken = '';
      return;
    }
    // Once a turn, unless it is still offered seconds later (a click that sent nothing).
    const turn = `${document.body.dataset.hand}|${document.body.dataset.events}`;
    if (taken === turn && Date.now() - when < 3000) return;
    const offered = new Map([...actions.querySelectorAll('button[data-choice]')]
      .filter((button) => !button.disabled).map((button) => [button.dataset.choice, button]));
    const choice = cheap.find((kind) => offered.has(kind));
    if (choice) {
      [taken, when] = [turn, Date.now()];
      offered.get(choice).click();
    }
  };
  const soon = () => {
    if (!document.body || queued) return;
    queued = true;
    setTimeout(play, 0);
  };
  const everything = { subtree: true, childList: true, attributes: true };
  new MutationObserver(soon).observe(document, everything);
  setInterval(soon, 1000);
})()"""
"""An init script (``BrowserContext.add_init_script``) by which each page of the context takes
its turns itself, the cheap way (check, call, bring in or complete), by clicking its own buttons
once a turn as soon as they are drawn; ``window.__autoplay = false`` stops it. For the hands a
test plays only to move chips: a loop in the test that looked at every page twenty times a second
(:func:`play_all`) spent more CPU (Playwright's driver, the test, each renderer answering) than
the hands, and each turn waited for its look."""


async def until(done: Callable[[], bool], timeout: float, what: str) -> None:
    """Wait until ``done()`` holds (it asks the server, not a page), looking five times a
    second."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not done():
        assert loop.time() < deadline, f"never within {timeout} s: {what}"
        await asyncio.sleep(0.2)


async def play_until(seat: Seat, done: str, timeout: float = 60) -> None:
    """Take this seat's turns until the page-side expression ``done`` holds."""
    page = seat.page
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await page.evaluate(done):
        assert loop.time() < deadline, f"never: {done}"
        if await page.evaluate(TURN):
            await take_turn(seat)
        else:
            # Until either holds the page looks itself, a second at most (wait_until), where
            # the test asked it both every 50 ms.
            with contextlib.suppress(AssertionError):
                await wait_until(page, f"({done}) || {TURN}", timeout=1)


def kept() -> bool:
    """Whether the screenshots are kept (``WILDSTUD_SCREENSHOTS`` is set)."""
    return bool(os.environ.get("WILDSTUD_SCREENSHOTS"))


async def photograph(target: Page | Locator, path: Path, *, full_page: bool = False) -> Path:
    """Photograph a page (or one element of it) to ``path`` when the screenshots are kept
    (:func:`kept`); the path either way, for :func:`keep`.

    A shot costs about 0.6 s of CPU (Chromium draws and encodes the whole page) and most are
    only kept to be looked at: a run that keeps none takes none. What a test checks on the page
    it checks with the page's own state, never through its pictures. The animations are run to
    their end first: a showdown photographed as its last cards were dealt showed them half faded
    in (docs/screenshots/bd7-showdown.png).
    """
    if kept():
        if isinstance(target, Page):
            await target.screenshot(path=str(path), full_page=full_page, animations="disabled")
        else:
            await target.screenshot(path=str(path), animations="disabled")
    return path


def keep(shots: list[Path]) -> None:
    """Copy the screenshots where WILDSTUD_SCREENSHOTS says, to look at them (or, with
    ``WILDSTUD_SCREENSHOTS=docs/screenshots``, to refresh the README's)."""
    folder = os.environ.get("WILDSTUD_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        for path in shots:
            shutil.copy(path, Path(folder) / path.name)


def percent(share: float) -> str:
    """A chance as the replay's odds panel writes it (replayodds.js): a chance under a tenth of
    a percent keeps two decimals, so that it does not read as nothing. Rounded as JavaScript's
    ``toFixed`` rounds the same number, a tie upwards (Python's format rounds it to even: an
    exact 56.25 read 56.2 here and 56.3 in the page, and failed a fresh run).

    >>> percent(0.5625), percent(0.4375), percent(0.0004)
    ('56.3%', '43.8%', '0.04%')
    """
    digits = 2 if 0 < share < 0.001 else 1
    exact = Decimal(100 * share).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    return f"{exact}%"


async def step_through_odds(
    page: Page,
    report: dict[str, Any],
    at_street: Callable[[int], Awaitable[None]] | None = None,
) -> int:
    """Step the replay on ``page`` to its end, checking at each street that its odds panel shows
    the street of ``report`` (the server's odds of the hand) and each hand's pot share; calls
    ``at_street(n)`` as street ``n`` (from 1) first shows. The number of streets shown."""
    panel = page.locator(".replay-odds")
    shown: list[str] = []
    for _ in range(300):
        caption = await panel.locator(".odds-caption").inner_text()
        if caption.startswith("At ") and caption not in shown:
            shown.append(caption)
            street = report["streets"][len(shown) - 1]
            assert caption.startswith(f"At {street['street']}")
            for seat in street["seats"]:
                cell = panel.locator(f"tr[data-seat='{seat['seat']}'] td").first
                assert (await cell.inner_text()).startswith(percent(seat["pot_share"]))
            if at_street is not None:
                await at_street(len(shown))
        following = page.locator(".replay [data-step=next]")
        if await following.is_disabled():
            break
        await following.click()
    return len(shown)


def luck_words(chips: float) -> str:
    """Chips of luck as luck.js writes them: a tenth of a chip, signed, or "even"."""
    rounded = round(chips, 1)
    return "even" if rounded == 0 else f"{rounded:+.1f} chips"


def own_luck(luck: dict[str, Any], player_id: str) -> str:
    """The sentence luck.js writes for a player's own luck, from ``GET /api/tables/{id}/luck``."""
    mine = [player for player in luck["players"] if player["player_id"] == player_id]
    if not mine:
        return (
            "Your luck tonight: none of your hands was all in before its last cards with"
            " another shown."
        )
    hands = "1 hand" if mine[0]["hands"] == 1 else f"{mine[0]['hands']} hands"
    return (
        f"Your luck tonight: {luck_words(mine[0]['luck'])} over {hands} all in before the"
        " last cards."
    )
