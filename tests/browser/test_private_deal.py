"""A private deal in the browser (issue 26's acceptance): four players' pages, each in a browser
context of its own, and a calling bot play a hand of every game on a dealer's-choice menu to the
showdown, and The Bitch until a hand of it is redealt. One of the four folds whenever a bet faces
it, so that some hole cards are never shown.

Each page draws its own hole cards, which it opened alone, and every other seat's face down until
that seat's hand is shown; no frame a page receives names another seat's hole card before the
showdown shows it (nor ever, one the showdown did not show); after the showdown each page draws
the cards the other pages opened. The bot's hole cards (which the server opens with its own
secret for the bot's view, worked out again here from the stored rows) are held to the same: no
frame names one before its show. Then the server's database (every row of every table) and its
log are searched for every hole card no showdown showed, the bot's included: none is there. The
table says which kind
of deal it is and each card who can see it; the home page's full form offers the kind of deal.

Its CPU (the server, Chromium and the test: ``/usr/bin/time -v``) is in ``docs/benchmarks.md``;
it is kept low by one browser for the four pages, each page playing from a script of its own
(:data:`PLAYER`) and recording what its felt draws (:data:`RECORDER`, read once, at the end): the
test waits on a spectator's socket and never polls the pages.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page, async_playwright

from tests.browser import pages
from tests.server.conftest import Server
from tests.server.helpers import cards_in, found_in_database, server_hole_cards, standing_alone
from tests.tools import wsclient

Frame = dict[str, Any]

PRIVATE_DEAL = "Private deal: nobody but you, not even the server, sees your face-down cards."
MENU = ("FTQ", "SMBU", "BD7", "BD5", "BITCH", "F7S")
NAMES = ("Ann", "Bob", "Cy", "Dan")
FOLDER = "Dan"
"""The page that folds whenever it faces a bet: its hole cards are never shown."""

# Every state of the felt the page draws, kept in the page as it changes (a state may last less
# than the time between two looks from the test): the hand and its events so far, and each seat's
# cards as [engine seat, [[card code ("" for a back), face up, who may see it]]].
RECORDER = """{
  const kept = (window.__felt = []);
  const seen = (title) =>
    title.includes('only you can see') ? 'you'
    : title.includes('only its owner can see') ? 'owner'
    : title.includes('shown by its owner') ? 'shown'
    : title.includes("opened by every player's key") ? 'every' : '';
  let last = '';
  new MutationObserver(() => {
    if (!document.body) return;
    const seats = [...document.querySelectorAll('#seats .seat')].map((seat) => [
      Number(seat.dataset.engine),
      [...seat.querySelectorAll('.cards .card')].map(
        (card) => [card.dataset.card || '', card.dataset.up === 'true', seen(card.title)]),
    ]);
    const state = [Number(document.body.dataset.hand || 0),
      Number(document.body.dataset.events || 0), seats];
    const text = JSON.stringify(state);
    if (text !== last) kept.push(state);
    last = text;
  }).observe(document, { subtree: true, childList: true, attributes: true });
}"""

# The player at the page, in the page: at each change it picks the game the test wants
# (``window.__want``) when it is the chooser, and takes its turn the cheap way (check, call, bring
# in; the folder folds when a bet faces it) by clicking the page's own buttons, once a turn. (A
# loop in the test looking at four pages ten times a second cost more CPU than the night.)
PLAYER = """(folder) => {
  const cheap = ['check', 'call', 'bring-in', 'complete'];
  let done = '';
  let queued = false;
  const play = () => {
    queued = false;
    const picks = [...document.querySelectorAll('#picker .pick')];
    if (picks.length) {
      const pick = picks.find((offered) => offered.dataset.code === window.__want) || picks[0];
      if (done !== 'pick') pick.click();
      done = 'pick';
      return;
    }
    const actions = document.getElementById('actions');
    const turn = `${document.body.dataset.hand}|${document.body.dataset.events}`;
    if (actions?.dataset.turn !== 'yes' || done === turn) return;
    const offered = new Map([...actions.querySelectorAll('button[data-choice]')]
      .filter((button) => !button.disabled).map((button) => [button.dataset.choice, button]));
    const choice = folder && offered.has('call') ? 'fold' : cheap.find((kind) => offered.has(kind));
    if (choice) { done = turn; offered.get(choice).click(); }
  };
  new MutationObserver(() => {
    if (!document.body || queued) return;
    queued = true;
    setTimeout(play, 0);
  }).observe(document, { subtree: true, childList: true, attributes: true });
}"""


@dataclass
class Player:
    """A player's page and what it received and drew."""

    name: str
    seat: pages.Seat
    received: list[Frame]
    felt: list[Any] = field(default_factory=list)
    """The page's recorded states (:data:`RECORDER`), read at the end."""

    @property
    def page(self) -> Page:
        return self.seat.page

    def you(self, number: int) -> int:
        """The page's engine seat in hand ``number``."""
        return next(
            int(frame["you"])
            for frame in self.received
            if frame["type"] == "hand" and frame["number"] == number
        )


@dataclass(frozen=True)
class Hand:
    """A finished hand as everyone saw it: its public events (the spectator's) and at which
    event each deal starts."""

    number: int
    code: str
    events: list[Frame]

    @property
    def starts(self) -> list[int]:
        """The index of each deal's first event (the first deal's is 0)."""
        return [0] + [i + 1 for i, event in enumerate(self.events) if event["type"] == "redealt"]

    def deal_at(self, events: int) -> int:
        """The deal (from 1) in play once ``events`` events of the hand have happened."""
        return sum(1 for start in self.starts[1:] if start <= events) + 1

    def shown_at(self, engine: int, deal: int) -> int | None:
        """How many events had happened once seat ``engine``'s hand of ``deal`` was shown."""
        starts = [*self.starts, len(self.events) + 1]
        for i in range(starts[deal - 1], min(starts[deal], len(self.events))):
            event = self.events[i]
            if event["type"] in ("revealed", "shown") and event["seat"] == engine:
                return i + 1
        return None

    @property
    def public(self) -> set[str]:
        """Every card any event of the hand shows to everyone."""
        return cards_in(self.events)

    @property
    def redealt(self) -> bool:
        return len(self.starts) > 1


def holes(players: list[Player], hands: dict[int, Hand]) -> dict[tuple[int, int, int], set[str]]:
    """Each seat's hole cards by (hand, deal, engine seat): what its own page drew face down,
    each named (the page opened it alone)."""
    found: dict[tuple[int, int, int], set[str]] = {}
    for player in players:
        for number, events, seats in player.felt:
            if number not in hands:
                continue
            you = player.you(number)
            for engine, cards in seats:
                if engine == you:
                    key = (number, hands[number].deal_at(events), you)
                    found.setdefault(key, set()).update(c for c, up, _ in cards if c and not up)
    return found


def frame_cards(frame: Frame, hand: Hand) -> tuple[int, set[str]]:
    """How many of the hand's events had happened once ``frame`` came, and the cards it names
    in play in that deal: its events of the deal, its view's seats, anything else it carries
    (an earlier deal's events may name a card dealt again in this one)."""
    view = frame.get("view") or {}
    if frame["type"] == "hand":
        start, new = 0, view.get("events") or []
    else:
        start, new = frame["from"], frame.get("events") or []
    upto = start + len(new)
    first = hand.starts[hand.deal_at(upto) - 1]
    rest = {key: value for key, value in frame.items() if key not in ("view", "events")}
    rest["view"] = {key: value for key, value in view.items() if key != "events"}
    current = [event for i, event in enumerate(new, start) if i >= first]
    return upto, cards_in(rest) | cards_in(current)


def check_frames(player: Player, hands: dict[int, Hand], hole: dict[Any, set[str]]) -> None:
    """No hand or update frame the page received names another seat's hole card of that deal
    before that seat's hand is shown (and never one that is not)."""
    for frame in player.received:
        if frame["type"] not in ("hand", "update") or frame["number"] not in hands:
            continue
        hand = hands[frame["number"]]
        upto, named = frame_cards(frame, hand)
        deal = hand.deal_at(upto)
        for (number, dealt, engine), cards in hole.items():
            if (number, dealt) != (hand.number, deal) or engine == player.you(number):
                continue
            shown = hand.shown_at(engine, deal)
            if shown is None or upto < shown:
                assert not named & cards, (player.name, number, deal, engine, named & cards)


def check_felt(
    player: Player, hands: dict[int, Hand], hole: dict[tuple[int, int, int], set[str]]
) -> None:
    """The page drew its own hole cards, named, as soon as it had two (and said only it sees
    them), every face-up card as opened by every player's key, and every other seat's face down
    (saying only its owner sees them) until that seat's hand was shown, then the cards that
    seat's page opened."""
    own_seen: set[int] = set()
    for number, events, seats in player.felt:
        if number not in hands:
            continue
        hand = hands[number]
        deal = hand.deal_at(events)
        you = player.you(number)
        for engine, cards in seats:
            # A face-up card was opened by every party's key, and says so.
            assert all(seen == "every" for card, up, seen in cards if up and card), cards
            down = [(card, seen) for card, up, seen in cards if not up]
            if engine == you:
                if len([card for card, _ in down if card]) >= 2:
                    own_seen.add(number)
                mine = hand.shown_at(engine, deal)
                said = "you" if mine is None or events < mine else "shown"
                assert all(seen == said for card, seen in down if card), (number, cards)
                continue
            shown = hand.shown_at(engine, deal)
            named = {card for card, _ in down if card}
            if shown is None or events < shown:
                assert not named, (player.name, number, engine, cards)
                assert all(seen == "owner" for _, seen in down), (number, cards)
            else:
                # A page's cards as that page opened them (the bot's: as the server showed them).
                opened = hole.get((number, deal, engine), named)
                assert named == opened, (player.name, number, engine, cards)
    assert own_seen == set(hands), (player.name, sorted(own_seen), sorted(hands))
    # After each showdown the page drew every hand shown as its owner's page had opened it.
    for hand in hands.values():
        deal = len(hand.starts)
        last = [seats for number, _, seats in player.felt if number == hand.number][-1]
        for engine, cards in last:
            key = (hand.number, deal, engine)
            if engine != player.you(hand.number) and key in hole and hand.shown_at(engine, deal):
                drawn = {card for card, up, _ in cards if not up}
                assert drawn == hole[key], (player.name, hand.number, engine, cards)


def unshown(
    hands: dict[int, Hand], hole: dict[tuple[int, int, int], set[str]]
) -> dict[int, set[str]]:
    """Each hand's hole cards that none of its events showed to everyone."""
    found: dict[int, set[str]] = {number: set() for number in hands}
    for (number, _, _), cards in hole.items():
        found[number] |= cards - hands[number].public
    return found


async def check_form(page: Page, base: str) -> None:
    """The full form offers the kind of deal, says what a private one is (without the rabbit
    hunt), and sends it."""
    await page.goto(base + "/")
    await pages.open_create_form(page)
    deal = page.locator("select[name=deal]")
    assert await deal.locator("option").evaluate_all("(all) => all.map((o) => o.value)") == [
        "shuffled",
        "private",
    ]
    assert "not even the server" in await page.locator("label.field", has=deal).inner_text()
    # A private deal has no rabbit to hunt: the box is unticked and closed while it is chosen.
    rabbit = page.locator("input[name=rabbit_hunt]")
    await rabbit.check()
    await deal.select_option("private")
    assert not await rabbit.is_checked()
    assert await rabbit.is_disabled()
    assert "no rabbit" in (await rabbit.get_attribute("title") or "")
    async with page.expect_request(lambda asked: asked.url.endswith("/api/tables")) as posted:
        await page.get_by_role("button", name="Create the table").click()
    sent = (await posted.value).post_data_json or {}
    assert (sent["deal"], sent["rabbit_hunt"]) == ("private", False)


async def sit_recorded(browser: Browser, api: wsclient.Api, created: Frame, name: str) -> Player:
    """A player's page (as pages.sit gives) that records its felt and every frame it receives,
    and folds every hand when ``name`` is the folding player's."""
    granted = api.join(created, name)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    await context.add_init_script(RECORDER)
    await context.add_init_script(f"({PLAYER})({str(name == FOLDER).lower()})")
    page = await context.new_page()
    player = Player(name, pages.Seat(page), pages.frames_received(page))
    await page.goto(granted["link"])
    await page.wait_for_selector("#banner")
    return player


def wanted(played: list[Hand]) -> str:
    """The game a chooser picks: one not played yet, else The Bitch (until it is redealt)."""
    codes = {hand.code for hand in played}
    return next((code for code in MENU if code not in codes), "BITCH")


def played_hands(spectator: wsclient.Client) -> list[Hand]:
    return [
        Hand(
            number,
            spectator.hands[number]["view"]["code"],
            spectator.hands[number]["view"]["events"],
        )
        for number in sorted(spectator.finished)
    ]


def finished_after(count: int) -> Callable[[wsclient.Client], bool]:
    """Whether a watcher saw more than ``count`` hands end."""
    return lambda watcher: len(watcher.finished) > count


def done(played: list[Hand]) -> bool:
    """Every game on the menu played, and a hand of The Bitch redealt."""
    codes = {hand.code for hand in played}
    return codes >= set(MENU) and any(hand.code == "BITCH" and hand.redealt for hand in played)


async def _session(server: Server) -> tuple[dict[int, Hand], list[Player], str]:
    api = wsclient.Api(server.base)
    created = api.create(
        name="Private night",
        seats=5,
        games=[{"game": code} for code in MENU],
        deal="private",
        bot_delay=0,
        hand_pause=0.3,
        redeal_pause=0,
    )
    api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    spectator = await wsclient.Client(created["links"]["watch_socket"], "watch").open()
    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        players = [await sit_recorded(browser, api, created, name) for name in NAMES]
        await check_form(await (await browser.new_context()).new_page(), server.base)
        api.ok(api.host(created, "POST", "/start"))
        played: list[Hand] = []
        while not done(played):
            assert len(played) < 20, "no hand of The Bitch was redealt in 20 hands"
            for player in players:
                await player.page.evaluate(f"window.__want = {wanted(played)!r}")
            await spectator.wait_for(finished_after(len(played)), timeout=300, what="a hand")
            played = played_hands(spectator)
        hands = {hand.number: hand for hand in played}
        last = played[-1]
        for player in players:
            # The spectator may see the last hand end before a page has drawn its showdown.
            hand, events = "Number(document.body.dataset.hand)", "document.body.dataset.events"
            await pages.wait_until(
                player.page,
                f"{hand} > {last.number}"
                f" || ({hand} === {last.number} && Number({events}) >= {len(last.events)})",
            )
            player.felt = await player.page.evaluate("window.__felt")
            assert await player.page.locator(".deal-kind").inner_text() == PRIVATE_DEAL
        # The host ends the night: every page publishes its secrets, and the settle-up says the
        # audit's result and offers the night record; the pages ask nothing the server refuses.
        api.ok(api.host(created, "POST", "/end"))
        for player in players:
            await pages.wait_until(
                player.page,
                "document.getElementById('ledger').textContent"
                ".includes('Every player and the server dealt honestly: checked')",
                timeout=180,  # every deal's proofs checked again, on a CI machine's busy cores
                detail="document.getElementById('ledger').textContent",
            )
            assert await player.page.locator("#night-record").count() == 1
            assert not player.seat.errors, player.seat.errors
        await browser.close()
    await spectator.close()
    return hands, players, created["table"]["id"]


@pytest.fixture(scope="module")
def logged_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The server of this module, logging at the info level (its log is searched)."""
    folder = tmp_path_factory.mktemp("private")
    server = Server(f"sqlite:///{folder / 'private.sqlite3'}", folder / "server.log")
    server.log_level = "info"
    yield server.start()
    server.stop()


@pytest.mark.slow
def test_four_pages_play_every_game_privately_and_no_unshown_hole_card_is_kept(
    logged_server: Server,
) -> None:
    hands, players, table_id = asyncio.run(_session(logged_server))
    path = Path(logged_server.database_url.removeprefix("sqlite:///"))
    hole = holes(players, hands)
    # The bot's too, as the server opened them for its view (with its secret, from its rows).
    bots = server_hole_cards(path, table_id)
    assert bots, "the server opened no card of the bot's"
    hole.update((key, cards) for key, cards in bots.items() if key[0] in hands)
    for player in players:
        check_felt(player, hands, hole)
        check_frames(player, hands, hole)
    # The pages answered every kind of step (the folder shows no hand it folded), and published
    # their secrets for the audit once the night was over.
    steps = {
        frame["answer"]["step"]
        for player in players
        for frame in player.seat.sent
        if frame["type"] == "private"
    }
    assert steps == {"key", "mask", "unmask", "show", "reveal"}, steps
    secret = unshown(hands, hole)
    assert sum(map(len, secret.values())) >= 4, secret  # the folder's, the first deals' at least
    assert found_in_database(path, set().union(*secret.values()), by_hand=secret) == set()
    assert standing_alone(logged_server.log_text(), set().union(*secret.values())) == set()
