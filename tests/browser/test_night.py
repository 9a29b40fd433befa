"""A whole hosted night in Chromium (issue 12's first acceptance line), step by step.

A host creates a dealer's-choice table from the home page's form (Follow the Queen, five-card
and seven-card Who Da Baby Daddy Is, The Bitch, with an equity bot in one seat). Four friends,
each in a browser context of their own, open the join link and ask for a seat; the host lets
three in from the host console and declines the fourth. They play a hand of every game on the
menu, each chooser picking a game not yet played; the host changes the stakes between hands and
every seat's hand log says so; one player rebuys (asked in the page, approved by the host,
applied at the next hand), one chats, one mucks a losing hand at the showdown, one leaves and
cashes out; the host ends the night, and the settle-up in the page and in the downloaded CSV
squares the ledger exactly, figure for figure with ``GET /api/tables/{id}/night``.

The steps are tests of their own, in order, sharing one browser and one event loop (the module's
``night`` fixture): a step whose feature is not on this branch yet is skipped, saying what is
missing, and the night goes on without it. The screenshots of the host console, the ledger and
the settle-up are kept where ``WILDSTUD_SCREENSHOTS`` says (``docs/screenshots`` for the
README's).
"""

from __future__ import annotations

import asyncio
import csv
import inspect
import io
import re
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from playwright.async_api import (
    Browser,
    Locator,
    Page,
    Playwright,
    ViewportSize,
    async_playwright,
)
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from tests.browser.pages import (
    TURN,
    Seat,
    answered,
    ask_for_seat,
    cheap_choice,
    first_to_see,
    keep,
    launch,
    leave_table,
    open_create_form,
    photograph,
    wait_until,
)
from tests.tools import wsclient
from wildstud.server.schemas import TableSettings

STATIC = Path(__file__).parents[2] / "src" / "wildstud" / "server" / "static" / "js"
WIDE: ViewportSize = {"width": 1280, "height": 900}
FRIENDS = ("Ann", "Bob", "Cy")
DECLINED = "Dan"
MENU_CODES = {"FTQ", "BD5", "BD7", "BITCH"}
STARTING = 200
T = TypeVar("T")

# The night, played once by the steps in turn, takes a minute or more: at the head of a worker's
# share (tests/conftest.py), its steps in their order.
pytestmark = pytest.mark.slow


LOOK = f"""(() => {{
  const choices = [...document.querySelectorAll('#actions button[data-choice]')]
    .map((button) => button.dataset.choice);
  return {{
    picks: [...document.querySelectorAll('#picker .pick')].map((pick) => pick.dataset.code),
    showdown: document.querySelector('#showdown-choice button[data-show]') !== null,
    turn: {TURN},
    cheap: ['check', 'call', 'bring-in', 'complete'].some((kind) => choices.includes(kind)),
  }};
}})()"""
"""What the night's loop looks at in a seat's page, in one call: the games offered to pick
(their codes), whether the showdown offers a show or muck, whether it is the seat's turn and
whether a cheap choice (not only the showdown's) is on offer. One call a page and a look, not
five: each call costs the test, Playwright's driver and the page's renderer (2.7 ms of CPU)."""

WAKE = f"""(() => {{
  const look = {LOOK};
  return look.picks.length > 0 || look.showdown || (look.turn && look.cheap);
}})()"""
"""What the night's loop waits for in each page between its looks: a game to pick, a showdown's
choice, or a turn with a cheap choice."""


class Night:
    """The night's shared state: one event loop, one browser, the host's page, the players'
    seats, a spectator's socket that says which games were dealt, and the screenshots."""

    def __init__(self, base: str, shots: Path) -> None:
        self.base = base
        self.shots = shots
        self.api = wsclient.Api(base)
        self.loop = asyncio.new_event_loop()
        self.playwright: Playwright | None = None
        self.browser: Browser | None = None
        self.host: Page | None = None
        self.host_errors: list[str] = []
        self.friends: dict[str, Page] = {}
        self.seats: dict[str, Seat] = {}
        self.links: dict[str, str] = {}
        self.table_id = ""
        self.spectator: wsclient.Client | None = None
        self.chosen: list[tuple[str, str]] = []
        """(who, game code) for each game a player picked in the page."""
        self.will_muck = False
        self.mucks: list[tuple[str, int]] = []
        """(who, hand number) of the muck at the showdown."""
        self.rebuyer = ""
        self.stakes_from = 0
        """The first hand dealt at the new stakes."""
        self.done: set[str] = set()
        """The steps that ran to the end, for the steps after them."""

    def run(self, step: Coroutine[Any, Any, T]) -> T:
        return self.loop.run_until_complete(asyncio.wait_for(step, 300))

    def needs(self, *steps: str) -> None:
        missing = [step for step in steps if step not in self.done]
        if missing:
            pytest.skip(f"an earlier step did not run: {', '.join(missing)}")

    async def page(self) -> Page:
        assert self.browser is not None
        context = await self.browser.new_context(viewport=WIDE, accept_downloads=True)
        return await context.new_page()

    def played(self) -> list[str]:
        """The codes of the finished hands' games, in order."""
        assert self.spectator is not None
        hands = self.spectator.hands
        return [hands[n]["view"]["code"] for n in sorted(self.spectator.finished)]

    def finished(self) -> int:
        assert self.spectator is not None
        return len(self.spectator.finished)

    async def play(self, done: Callable[[], bool | Awaitable[bool]], timeout: float = 180) -> None:
        """Every seated friend takes their turns the cheap way (check, call, bring in) and,
        as chooser, picks a game not yet played, until ``done()`` holds (a hand or two: the
        timeout is for a machine loaded far past its cores, where one hand took 90 s)."""
        deadline = self.loop.time() + timeout
        while True:
            holds = done()
            if inspect.isawaitable(holds):
                holds = await holds
            if holds:
                return
            assert self.loop.time() < deadline, f"the night stalled after {self.played()}"
            for name, seat in list(self.seats.items()):
                page = seat.page
                look = await page.evaluate(LOOK)
                if codes := look["picks"]:
                    fresh = [code for code in codes if code not in self.played()] or codes
                    if await _click(page.locator(f"#picker .pick[data-code='{fresh[0]}']")):
                        self.chosen.append((name, fresh[0]))
                if MUCKING and look["showdown"]:
                    await self._show_or_muck(name, page)
                if look["turn"] and look["cheap"]:
                    await self._take_turn(seat)
            # The pages look for themselves until one has something to do (a quarter of a
            # second at most, for done()), where the loop asked every page twenty times a second.
            await asyncio.sleep(0.03)
            await first_to_see([(seat.page, WAKE) for seat in self.seats.values()], 0.25)

    async def _take_turn(self, seat: Seat) -> None:
        """The turn taken the cheap way, unless it moved on between looking and clicking (on a
        loaded machine the seat's clock may act first): then the loop looks again."""
        choice = await cheap_choice(seat)
        if choice is None:
            return  # the turn passed since the loop looked
        before = len(seat.acts())
        if await _click(seat.page.locator(f"#actions button[data-choice='{choice}']")):
            await answered(seat, before + 1)

    async def _show_or_muck(self, name: str, page: Page) -> None:
        """At the showdown a friend offered the choice mucks once, when asked to, and shows
        otherwise (rather than wait for the clock)."""
        muck = page.get_by_role("button", name=re.compile(r"^Muck"))
        if not await muck.count():
            return
        assert self.spectator is not None
        assert self.spectator.hand is not None
        if self.will_muck and not self.mucks:
            number = self.spectator.hand["number"]
            if await _click(muck.first):
                self.mucks.append((name, number))
            return
        show = page.get_by_role("button", name=re.compile(r"^Show"))
        if await show.count():
            await _click(show.first)

    async def shot(self, page: Page, name: str) -> None:
        await photograph(page, self.shots / f"{name}.png", full_page=True)

    async def close(self) -> None:
        if self.spectator is not None:
            await self.spectator.close()
        if self.browser is not None:
            await self.browser.close()
        if self.playwright is not None:
            await self.playwright.stop()


async def _click(target: Locator) -> bool:
    """Click a control the night's loop saw a moment ago, or report that it went (on a loaded
    machine a clock may act first): the loop then looks again instead of waiting 30 s."""
    try:
        await target.click(timeout=3000)
    except PlaywrightTimeoutError:
        return False
    return True


@pytest.fixture(scope="module")
def night(server: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Night]:
    hosted = Night(server.base, tmp_path_factory.mktemp("night"))
    yield hosted
    hosted.loop.run_until_complete(hosted.close())
    hosted.loop.close()
    keep(sorted(hosted.shots.glob("*.png")))


# -- the steps -------------------------------------------------------------------------------


async def _create(night: Night) -> dict[str, Any]:
    night.playwright = await async_playwright().start()
    night.browser = await launch(night.playwright)
    page = await night.page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.goto(night.base)
    await open_create_form(page)
    await page.locator('[name="name"]').fill("Thursday night")
    # Follow the Queen is on by default; Baby Daddy five-card and seven-card, and The Bitch.
    daddy = page.locator('fieldset.game[data-game="baby-daddy"]')
    await daddy.locator('input[name="game"]').check()
    first = daddy.locator(".variant").first
    await first.locator("summary").click()
    await first.locator('select[name$=".cards"]').select_option("5")
    await daddy.get_by_role("button", name="Add another Who Da Baby Daddy Is").click()
    await page.locator('fieldset.game[data-game="the-bitch"] input[name="game"]').check()
    for name, value in {
        "ante": "1",
        "bring_in": "1",
        "small_bet": "2",
        "big_bet": "4",
        "starting_chips": str(STARTING),
        "seats": "6",
        "action_clock": "60",
        "choice_clock": "60",
        "hand_pause": "0.3",
        "bots": "1",
        "bot_delay": "0",
    }.items():
        await page.locator(f'[name="{name}"]').fill(value)
    # Settings the form shows once the server has them: a short showdown and muck clock.
    for name, value in {"showdown_pause": "0.5", "muck_clock": "5"}.items():
        if await page.locator(f'[name="{name}"]').count():
            await page.locator(f'[name="{name}"]').fill(value)
    await page.locator('[name="limit"]').select_option("fixed-limit")
    await page.locator('[name="bot_kind"]').select_option("equity-bot")
    assert await page.locator('[name="seat_requests"]').is_checked()
    await page.get_by_role("button", name="Create the table").click()
    host_link = page.locator('#created a[href*="/host/"]')
    await host_link.wait_for()
    href = await host_link.get_attribute("href")
    assert href is not None
    token = href.rsplit("/", 1)[1]
    created: dict[str, Any] = night.api.ok(night.api.http.get(f"/api/host/{token}"))
    await page.context.close()
    assert errors == [], errors
    return created


def test_the_host_creates_a_dealers_choice_table_from_the_form(night: Night) -> None:
    created = night.run(_create(night))
    night.links = created["links"]
    night.table_id = created["table"]["id"]
    settings = created["table"]["settings"]
    assert [(g["game"], g["house_rules"]) for g in settings["games"]] == [
        ("follow-the-queen", {}),
        ("baby-daddy", {"cards": 5}),
        ("baby-daddy", {}),
        ("the-bitch", {}),
    ]
    assert settings["stakes"]["limit"] == "fixed-limit"
    assert (settings["stakes"]["small_bet"], settings["stakes"]["big_bet"]) == (2, 4)
    assert settings["seat_requests"] is True
    assert settings["bot_delay"] == 0
    assert [seat["kind"] for seat in created["table"]["seats"]] == ["equity-bot"]
    night.done.add("create")


async def _requests(night: Night) -> None:
    host = night.host = await night.page()
    host.on("pageerror", lambda error: night.host_errors.append(str(error)))
    await host.goto(night.links["host"])
    await host.wait_for_selector("#host-console #console-body")
    names = (*FRIENDS, DECLINED)
    pages = {name: await night.page() for name in names}
    # A Seat records the frames its page sends, from the join page on.
    seats = {name: Seat(pages[name]) for name in FRIENDS}
    for name in names:  # in this order, so that the seats go in this order
        await ask_for_seat(pages[name], night.links["join"], name)
    await wait_until(host, "document.body.dataset.requests === '4'", timeout=15)
    await night.shot(host, "night-host-console-requests")
    # One decision at a time: the seats go in the order the host lets the friends in, and two
    # clicks' requests in flight at once may be answered in either order.
    for waiting, name in enumerate(FRIENDS, start=1):
        await host.get_by_role("button", name=f"Let in {name}").click()
        left = len(names) - waiting
        await wait_until(host, f"document.body.dataset.requests === '{left}'", timeout=15)
    await host.get_by_role("button", name=f"Decline {DECLINED}").click()
    await wait_until(host, "document.body.dataset.requests === '0'")
    for name in FRIENDS:
        page = pages[name]
        await page.wait_for_url("**/seat/**")
        await page.wait_for_selector("#banner")
        night.friends[name] = page
        night.seats[name] = seats[name]
    await wait_until(pages[DECLINED], "document.body.dataset.join === 'declined'")
    await pages[DECLINED].context.close()
    await wait_until(host, "document.querySelectorAll('#console-seats li').length === 4")


def test_three_friends_are_let_in_and_a_fourth_is_declined(night: Night) -> None:
    night.needs("create")
    night.run(_requests(night))
    table = night.api.get(f"/api/tables/{night.table_id}")
    kinds = sorted((seat["seat"], seat["kind"], seat["name"]) for seat in table["seats"])
    assert [kind for _, kind, _ in kinds] == ["equity-bot", "player", "player", "player"], kinds
    assert [name for _, _, name in kinds[1:]] == list(FRIENDS), kinds
    night.done.add("requests")


async def _every_game(night: Night) -> None:
    night.spectator = await wsclient.Client(night.links["watch_socket"], "watch").open()
    host = night.host
    assert host is not None
    await host.get_by_role("button", name="Start dealing").click()
    # Four hands, each with an equity bot's turns and a showdown: 30 s a hand here, and twice
    # that when CI's two cores run four test workers.
    await night.play(lambda: set(night.played()) >= MENU_CODES, timeout=240)
    await night.shot(host, "night-host-console")


def test_they_play_a_hand_of_every_game_on_the_menu(night: Night) -> None:
    night.needs("requests")
    night.run(_every_game(night))
    played = night.played()
    # One hand each: the bot deals first (its default, the first game) and each friend picks
    # a game not yet played.
    assert sorted(played) == sorted(MENU_CODES), played
    # Each player who chose picked a game not yet played when they chose.
    assert night.chosen, "no friend chose a game"
    assert {who for who, _ in night.chosen} <= set(FRIENDS)
    assert len({code for _, code in night.chosen}) == len(night.chosen), night.chosen
    # The equity bot was dealt into every hand.
    seats = night.api.get(f"/api/tables/{night.table_id}")["seats"]
    bot = next(seat["name"] for seat in seats if seat["kind"] == "equity-bot")
    hands = night.api.get(f"/api/tables/{night.table_id}/hands")
    assert len(hands) == len(played)
    assert all(bot in hand["players"] for hand in hands), hands
    night.done.add("games")


async def _stakes(night: Night) -> None:
    host = night.host
    spectator = night.spectator
    assert host is not None
    assert spectator is not None
    assert spectator.hand is not None
    asked_in = spectator.hand["number"]  # the hand in play when the host asks, or the last
    await host.locator("#rules-small_bet").fill("4")
    await host.locator("#rules-big_bet").fill("8")
    await host.get_by_role("button", name="Change from the next hand").click()
    for page in (host, *night.friends.values()):
        await wait_until(
            page, "document.getElementById('log').textContent.includes('bets 4/8')", timeout=15
        )
    # The change holds from the next hand: the hand in play (if any) ends at the old stakes. A
    # hand dealt while the change was on its way (the menu's last hand may have just ended, and
    # the next is dealt 0.3 s later) may be the first at the new stakes, or the last at the old.
    shown_in = spectator.hand["number"]
    new = [
        number
        for number in range(asked_in + 1, shown_in + 1)
        if spectator.hands[number]["view"]["options"]["small_bet"] == 4
    ]
    night.stakes_from = new[0] if new else shown_in + 1
    await night.play(lambda: night.stakes_from in spectator.finished)


def test_the_host_changes_the_stakes_between_hands(night: Night) -> None:
    night.needs("games")
    night.run(_stakes(night))
    settings = night.api.get(f"/api/tables/{night.table_id}")["settings"]
    assert (settings["stakes"]["small_bet"], settings["stakes"]["big_bet"]) == (4, 8)
    assert night.spectator is not None
    hands = night.spectator.hands
    assert hands[night.stakes_from]["view"]["options"]["small_bet"] == 4
    assert hands[night.stakes_from - 1]["view"]["options"]["small_bet"] == 2
    night.done.add("stakes")


# -- the steps that need the ledger, the chat and the muck --------------------------------------


MUCKING = "muck_clock" in TableSettings.model_fields


def _missing(feature: str) -> str | None:
    """Why ``feature`` cannot be tried on this branch, if it cannot."""
    if feature == "ledger" and not (STATIC / "ledger.js").exists():
        return "the ledger (static/js/ledger.js: rebuys, cash-out, end of the night) is not here"
    if feature == "chat" and not (STATIC / "chat.js").exists():
        return "the chat (static/js/chat.js and the say frame) is not here"
    if feature == "muck" and not MUCKING:
        return "mucking at the showdown (the show frame and the muck_clock setting) is not here"
    return None


def _needs_feature(feature: str) -> None:
    reason = _missing(feature)
    if reason is not None:
        pytest.skip(reason)


def _stacks(night: Night) -> dict[str, int]:
    seats = night.api.get(f"/api/tables/{night.table_id}")["seats"]
    return {seat["name"]: seat["stack"] for seat in seats if seat["name"] in night.seats}


async def _between_hands(night: Night) -> None:
    """The host pauses the table between two hands from the console. A pause stops the hand
    in play where it stands (no clock runs, nobody may act), so one that lands after the next
    hand has begun (the pause between hands is short, and a loaded machine is slow to click) is
    undone: the host deals on, the hand is played out, and the host pauses again."""
    host = night.host
    spectator = night.spectator
    assert host is not None
    assert spectator is not None
    for _ in range(5):
        await host.locator("#console-run button[data-run='pause']").click()
        await night.play(lambda: (spectator.table or {}).get("status") == "paused")
        hand = spectator.hand
        if hand is None or hand["view"]["phase"] == "over":
            return
        await host.locator("#console-run button[data-run='start']").click()
        number = hand["number"]
        await night.play(lambda: number in spectator.finished)  # noqa: B023
    raise AssertionError("every pause landed in the middle of a hand")


async def _rebuy(night: Night) -> tuple[str, int, int]:
    host = night.host
    spectator = night.spectator
    assert host is not None
    assert spectator is not None
    # Between hands (the host pauses the table, so that a stack stays put while it is topped
    # up), a friend who has lost chips asks to top up to the buy-in, the default ceiling.
    while True:
        await _between_hands(night)
        stacks = _stacks(night)
        name = min(stacks, key=lambda who: stacks[who])
        if stacks[name] < STARTING:
            break
        await host.locator("#console-run button[data-run='start']").click()
        before = night.finished()
        await night.play(lambda: night.finished() > before)  # noqa: B023
    amount = STARTING - stacks[name]
    page = night.seats[name].page
    await page.fill("#rebuy-amount", str(amount))
    await page.click("#rebuy-ask")
    await wait_until(
        page, "document.getElementById('ledger').textContent.includes('waiting for the host')"
    )
    await photograph(page.locator("#ledger"), night.shots / "night-seat-rebuy.png")
    approve = host.get_by_role("button", name=f"Approve {name}'s top-up of {amount}")
    await approve.wait_for()
    await photograph(host.locator("#ledger"), night.shots / "night-ledger-request.png")
    await approve.click()
    ledger = "document.getElementById('ledger').textContent.includes('1 rebuy or top-up')"
    for shown in (host, page):
        await wait_until(shown, ledger)
    # Dealing again, the next hand begins with the chips.
    last = max(spectator.finished)
    await host.locator("#console-run button[data-run='start']").click()
    await night.play(lambda: last + 1 in spectator.finished)
    return name, amount, last + 1


def test_a_friend_rebuys_approved_by_the_host_and_applied_at_the_next_hand(night: Night) -> None:
    night.needs("games")
    _needs_feature("ledger")
    name, amount, applied_in = night.run(_rebuy(night))
    night.rebuyer = name
    hands = {hand["number"]: hand for hand in night.api.get(f"/api/tables/{night.table_id}/hands")}

    def stack(number: int, which: str) -> int:
        hand = hands[number]
        return int(hand[which][hand["players"].index(name)])

    # The chips came once, between two hands: the next hand began with them.
    jumps = [
        number
        for number in range(2, max(hands) + 1)
        if stack(number, "starting_stacks") != stack(number - 1, "final_stacks")
    ]
    assert jumps == [applied_in], (jumps, applied_in)
    assert stack(applied_in, "starting_stacks") == stack(applied_in - 1, "final_stacks") + amount
    player = next(
        player
        for player in night.api.get(f"/api/tables/{night.table_id}/night")["players"]
        if player["name"] == name
    )
    assert (player["buy_ins"], player["rebuys"]) == (STARTING + amount, 1)
    night.done.add("rebuy")


async def _chat(night: Night) -> None:
    bob = night.seats["Bob"].page
    text = "Nice hand, Ann. Deal me in again."
    await bob.fill("#chat-text", text)
    await bob.press("#chat-text", "Enter")
    seen = (
        "[...document.querySelectorAll('#chat-log li .text')]"
        f".some((line) => line.textContent === {text!r})"
    )
    assert night.host is not None
    for page in (night.host, *(seat.page for seat in night.seats.values())):
        await wait_until(page, seen)


def test_a_friend_chats_and_everyone_reads_it(night: Night) -> None:
    night.needs("games")
    _needs_feature("chat")
    night.run(_chat(night))
    night.done.add("chat")


async def _muck(night: Night) -> tuple[str, int]:
    """Hands are played until a friend who lost at the showdown is offered the muck, and
    mucks."""
    spectator = night.spectator
    assert spectator is not None
    night.will_muck = True
    await night.play(lambda: bool(night.mucks) and night.mucks[0][1] in spectator.finished)
    night.will_muck = False
    return night.mucks[0]


def test_a_friend_mucks_a_losing_hand_at_the_showdown(night: Night) -> None:
    night.needs("games")
    _needs_feature("muck")
    name, number = night.run(_muck(night))
    hand = night.api.get(f"/api/tables/{night.table_id}/hands/{number}")
    assert night.spectator is not None
    events = night.spectator.hands[number]["view"]["events"]
    mucked = [event for event in events if event["type"] == "mucked"]
    assert mucked, events
    # The mucked hole cards reached nobody: the spectator never saw them.
    view = night.spectator.hands[number]["view"]
    for event in mucked:
        seat = next(seat for seat in view["seats"] if seat["seat"] == event["seat"])
        assert not seat["shown"], seat
        assert all(held["card"] is None for held in seat["cards"] if not held["up"]), seat
    # The hand that was mucked took no part of any pot: its stack did not grow.
    summary = next(
        h for h in night.api.get(f"/api/tables/{night.table_id}/hands") if h["number"] == number
    )
    at = summary["players"].index(name)
    assert summary["final_stacks"][at] < summary["starting_stacks"][at], (summary, hand)
    night.done.add("muck")


async def _cash_out(night: Night) -> tuple[str, int]:
    # Someone other than the friend who rebought (so that the two show apart in the ledger).
    name = next(name for name in reversed(FRIENDS) if name != night.rebuyer)
    page = night.seats[name].page
    spectator = night.spectator
    assert spectator is not None
    # What Cy reads first: the page says the seat is given up, now or as the hand ends. A
    # refusal, or a request that never came back, fails here with the page's words, not
    # three minutes later as a night that stalled with Cy still seated (CI, once).
    await leave_table(page)

    def gone() -> bool:
        table = spectator.table or {"seats": []}
        return all(seat["name"] != name for seat in table["seats"])

    def seat() -> str:
        table = spectator.table or {"seats": []}
        return repr([found for found in table["seats"] if found["name"] == name])

    # Cy plays out the hand in play, if any, and leaves as it ends.
    try:
        await night.play(gone)
    except AssertionError as stalled:
        raise AssertionError(f"{stalled}; {name}'s seat stays: {seat()}") from None
    del night.seats[name]
    hands = night.api.get(f"/api/tables/{night.table_id}/hands")
    last = next(hand for hand in hands if name in hand["players"])  # newest first
    return name, last["final_stacks"][last["players"].index(name)]


def test_a_friend_leaves_and_cashes_out(night: Night) -> None:
    night.needs("games")
    _needs_feature("ledger")
    name, stack = night.run(_cash_out(night))
    figures = night.api.get(f"/api/tables/{night.table_id}/night")
    player = next(player for player in figures["players"] if player["name"] == name)
    assert player["seat"] is None
    assert (player["cash_outs"], player["chips"]) == (stack, 0)
    assert player["net"] == stack - player["buy_ins"]
    assert figures["balanced"]
    night.done.add("cash-out")


SETTLED = """(() => {
  const box = document.getElementById("settle-up");
  return box !== null && !box.textContent.includes("being played out");
})()"""


async def _end(night: Night) -> None:
    host = night.host
    assert host is not None
    await host.click("#end-night")
    await host.click("#end-night-yes")
    spectator = night.spectator
    assert spectator is not None

    def over() -> bool:
        table = spectator.table or {}
        return table.get("status") == "ended" and table.get("hand_in_progress") is None

    # The hand in play is played out; then every page shows the settle-up.
    await night.play(over)
    for page in (host, *(seat.page for seat in night.seats.values())):
        await wait_until(page, SETTLED, 30)  # the last page may be seconds behind, under load


def test_the_host_ends_the_night(night: Night) -> None:
    night.needs("games")
    _needs_feature("ledger")
    night.run(_end(night))
    table = night.api.get(f"/api/tables/{night.table_id}")
    assert table["status"] == "ended"
    assert table["hand_in_progress"] is None
    night.done.add("end")


FIGURES = """[...document.querySelectorAll("#ledger tbody tr")].map((row) => ({
  name: row.querySelector("th").firstChild.textContent,
  cells: [...row.querySelectorAll("td")].map((cell) => cell.firstChild.textContent),
}))"""
TRANSFERS = '[...document.querySelectorAll("#settle-up .transfers li")].map((li) => li.textContent)'


async def _settle_up(night: Night) -> dict[str, Any]:
    host = night.host
    assert host is not None
    pages = {"host": host, **{name: seat.page for name, seat in night.seats.items()}}
    shown = {}
    for name, page in pages.items():
        await wait_until(
            page, "!document.getElementById('ledger').textContent.includes('counts once it ends')"
        )
        shown[name] = {
            "figures": await page.evaluate(FIGURES),
            "transfers": await page.evaluate(TRANSFERS),
        }
    # The host's page as it is on screen (a full-page shot moves the sticky console).
    await host.evaluate("document.getElementById('ledger').scrollIntoView({block: 'end'})")
    await photograph(host, night.shots / "night-settle-up-host.png")
    await photograph(host.locator("#ledger"), night.shots / "night-settle-up.png")
    async with host.expect_download() as download:
        await host.click("#night-csv")
    path = await (await download.value).path()
    return {"shown": shown, "csv": Path(path).read_text(encoding="utf-8")}


def test_the_settle_up_in_the_page_and_the_csv_squares_the_ledger(night: Night) -> None:
    night.needs("end")
    result = night.run(_settle_up(night))
    figures = night.api.get(f"/api/tables/{night.table_id}/night")
    players = figures["players"]
    # The ledger squares exactly: chips bought in are at the table or cashed out.
    assert figures["ended"]
    assert figures["balanced"]
    house = figures["house"]
    assert sum(p["buy_ins"] for p in players) + house["buy_ins"] == figures["buy_ins"]
    assert figures["buy_ins"] == figures["chips"] + figures["cash_outs"]
    assert sum(p["net"] for p in players) + house["net"] == 0
    # The equity bot is the house: never a player of the settle-up.
    bots = {bot["name"] for bot in house["bots"]}
    assert bots
    assert not bots & {p["name"] for p in players}
    for player in players:
        assert player["net"] == player["chips"] + player["cash_outs"] - player["buy_ins"]
    # Every page shows those figures, and the same payments.
    expected = [
        {
            "name": p["name"],
            "cells": [
                str(p["buy_ins"]),
                str(p["cash_outs"]),
                str(p["chips"]),
                f"+{p['net']}" if p["net"] > 0 else str(p["net"]),
            ],
        }
        for p in players
    ]
    payments = [f"{t['payer']} pays {t['payee']} {t['amount']}" for t in figures["transfers"]]
    for name, shown in result["shown"].items():
        assert shown["figures"] == expected, name
        assert shown["transfers"] == payments, name
    # The downloaded CSV says the same, and its payments bring every net to zero.
    rows = list(csv.reader(io.StringIO(result["csv"])))
    assert rows[0] == ["payer", "payee", "amount", "payer_id", "payee_id"]
    assert rows[-1] == ["house", "shared", str(house["net"]), "", ""]
    rows = rows[:-1]
    assert [f"{payer} pays {payee} {amount}" for payer, payee, amount, *_ in rows[1:]] == payments
    owed = {p["player_id"]: p["settles"] for p in players}
    for _, _, amount, payer_id, payee_id in rows[1:]:
        owed[payer_id] += int(amount)
        owed[payee_id] -= int(amount)
    assert set(owed.values()) == {0}, owed
    # The fewest payments: never more than one fewer than the players who are up or down.
    assert figures["minimal"]
    assert len(payments) <= max(0, len([p for p in players if p["settles"]]) - 1)
    assert set(FRIENDS) <= {p["name"] for p in players}
    night.done.add("settle-up")
