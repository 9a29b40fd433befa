"""The table page's state apart from its drawing (issue 12 item 11): static/js/state.js, imported
in a spectator's page under its content security policy, reduces the frames a real table sent
(a hand, then its updates) into a state without changing what it was given, ignores an update
out of step and a notice said before, and says in its effects what the page should announce."""

from __future__ import annotations

import asyncio
from typing import Any

from playwright.async_api import async_playwright

from tests.browser.pages import launch
from tests.server import wsclient
from wildstud.cards import Rank, parse_card
from wildstud.wilds import FaceUp, Trigger, WildChange, rank_cards
from wildstud.words import describe_change

# Runs in the page: each check's outcome, from the module the page itself loads.
CHECKS = """
async ([frames, notice]) => {
  const { initialState, reduce } = await import("/static/js/state.js");
  const freeze = (value) => {
    if (value && typeof value === "object") {
      Object.values(value).forEach(freeze);
      Object.freeze(value);
    }
    return value;
  };
  const copy = (value) => JSON.parse(JSON.stringify(value));
  const out = {};
  let state = freeze(initialState());
  const start = copy(state);
  const steps = [];
  for (const frame of frames) {
    const before = copy(state);
    const result = reduce(state, freeze(copy(frame)), steps.length);
    steps.push({
      type: frame.type,
      fresh: result.state !== state,
      untouched: JSON.stringify(before) === JSON.stringify(state),
      events: result.state.hand ? result.state.hand.view.events.length : null,
      effects: result.effects.map((effect) => effect.kind),
    });
    state = freeze(result.state);
  }
  out.start = JSON.stringify(start) === JSON.stringify(initialState());
  out.steps = steps;
  const last = frames[frames.length - 1];
  const stale = reduce(state, { ...last, from: last.from - 1 }, 99);
  out.staleIgnored = stale.state === state && stale.effects.length === 0;
  const other = reduce(state, { ...last, number: last.number + 7 }, 99);
  out.otherIgnored = other.state === state;
  const once = reduce(state, notice, 100);
  const twice = reduce(once.state, { ...notice }, 101);
  out.notices = [once.state.notices.length, twice.state.notices.length];
  out.noticeEffects = once.effects;
  out.repeatEffects = twice.effects;
  out.repeatSame = twice.state === once.state;
  const chose = reduce(
    { ...state, choosing: { type: "choosing", dealer: 0, entries: [], seconds: 30 }, hand: null },
    frames[0],
    102,
  );
  out.choice = chose.effects.filter((effect) => effect.kind === "announce");
  out.choosingAfter = chose.state.choosing;
  const error = { type: "error", message: "Not your turn." };
  const answered = reduce(state, error, 103, { answered: true });
  const unanswered = reduce(state, error, 103);
  out.errors = [answered.effects, unanswered.effects];
  return out;
}
"""


async def _frames(base: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A table of two bots, and the first hand's frame and the updates after it, as a
    spectator's socket got them."""
    api = wsclient.Api(base)
    created = api.create(
        name="State night", seats=3, games=[{"game": "FTQ"}], bot_delay=0.2, hand_pause=0
    )
    for _ in range(2):
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    watcher = await wsclient.Client(created["links"]["watch_socket"], "watch").open()
    api.ok(api.host(created, "POST", "/start"))

    def two_updates(client: wsclient.Client) -> bool:
        return sum(frame["type"] == "update" for frame in client.frames) >= 2

    await watcher.wait_for(two_updates, 30, "two updates")
    await watcher.close()
    first = next(i for i, frame in enumerate(watcher.frames) if frame["type"] == "hand")
    number = watcher.frames[first]["number"]
    frames = [
        frame
        for frame in watcher.frames[first:]
        if frame["type"] in ("hand", "update") and frame["number"] == number
    ]
    return created, frames


async def _run(base: str) -> tuple[list[dict[str, Any]], dict[str, Any], list[str]]:
    created, frames = await _frames(base)
    notice = {"type": "notice", "hand": frames[0]["number"] + 1, "text": "The ante is now 2."}
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        page = await (await browser.new_context()).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        await page.goto(created["links"]["watch"])
        await page.wait_for_selector("#banner")
        found: dict[str, Any] = await page.evaluate(CHECKS, [frames, notice])
        await browser.close()
    return frames, found, errors


def test_frames_reduce_into_a_new_state_and_say_what_to_announce(server: Any) -> None:
    frames, found, errors = asyncio.run(_run(server.base))
    assert errors == []
    assert found["start"]
    steps = found["steps"]
    assert [step["type"] for step in steps] == [frame["type"] for frame in frames]
    # Each frame gives a new state and leaves the one it was given as it was (frozen, too:
    # a write to it would have thrown in the module's strict mode).
    assert all(step["fresh"] and step["untouched"] for step in steps)
    expected = len(frames[0]["view"]["events"])
    for frame, step in zip(frames[1:], steps[1:], strict=True):
        expected += len(frame["events"])
        assert step["events"] == expected
    assert steps[-1]["events"] == frames[-1]["from"] + len(frames[-1]["events"])
    # The first hand a page sees: the old toast goes, the history is stale, the dealer says
    # the hand has started; no deal sound (there was no hand before).
    assert steps[0]["effects"][:2] == ["hide-announce", "history-stale"]
    assert "dealer" in steps[0]["effects"]
    assert "sound" not in steps[0]["effects"]
    assert all("attention" in step["effects"] for step in steps[1:])
    assert found["staleIgnored"]
    assert found["otherIgnored"]
    assert found["notices"] == [1, 1]
    assert found["repeatSame"]
    assert found["repeatEffects"] == []
    assert found["noticeEffects"] == [
        {"kind": "announce", "text": "The ante is now 2.", "millis": 6000, "tone": "notice"},
        {"kind": "dealer", "text": "The ante is now 2."},
    ]
    # The dealer's choice is said when its hand comes, with the dealer's name and the game.
    game = frames[0]["view"]["game"]
    [choice] = found["choice"]
    assert choice["tone"] == "choice"
    assert choice["millis"] == 3000
    assert choice["text"].endswith(f"chose {game}.")
    assert found["choosingAfter"] is None
    assert found["errors"] == [[], [{"kind": "error", "message": "Not your turn."}]]


# Runs in the page: the client's words for what the server sends as data, from the modules the
# page itself loads (no table needed: each check builds the frames it words).
WORDS = """
async () => {
  const { wildState } = await import("/static/js/banner.js");
  const { describeEvent } = await import("/static/js/events.js");
  const out = {};
  // Smack My Bitch Up: K♥ face up to Ann cancels the queens; the table calls the game's name.
  const king = {
    type: "wilds_changed", card: "Kh", seat: 0, wild: ["Kc", "Kd", "Kh", "Ks"],
    was: ["Qc", "Qd", "Qh", "Qs"], kind: "king", queen: null, queen_seat: null,
  };
  const called = { type: "called", name: "Smack My Bitch Up", card: "Kh", seat: 0 };
  const view = {
    events: [{ type: "deal_started" }, king, called], wild: king.wild, wild_ranks: [],
    follow_pending: null, follow_ends: false, own_wild: null,
    wild_rule: { kind: "smack-my-bitch-up", queens: null, cards: null },
  };
  const state = wildState(view, ["Ann", "Bo"], null);
  out.called = [state.called, ...state.why];
  // A hand shown: natural only where some card was wild for it.
  const shown = (natural, wild_in_play) => describeEvent(
    { type: "shown", seat: 1, cards: [], wild: [], value: 1,
      hand: { category: "three-of-a-kind", ranks: ["K", "A", "Q"] }, natural, wild_in_play },
    ["Ann", "Bo"],
  );
  out.shown = [shown(true, true), shown(true, false), shown(false, true)];
  // Follow the Queen: a queen right after a queen, and the last face-up card (queens natural,
  // then all wild).
  const { describeChange } = await import("/static/js/words.js");
  const last = { type: "wilds_changed", card: "Qd", seat: 1, was: [], kind: "no-follower",
                 queen: "Qh", queen_seat: 0 };
  out.lastQueen = [[], ["Qc", "Qd", "Qh", "Qs"]].map(
    (wild) => describeChange({ ...last, wild, was: wild }, ["Ann", "Bob"]),
  );
  // The screen reader speaks your own moves to you, and everyone else's by name.
  const { eventSentences, winnerSentences } = await import("/static/js/speech.js");
  const moves = [
    { type: "acted", seat: 0, kind: "call", added: 20, to_amount: 20, all_in: false },
    { type: "acted", seat: 1, kind: "raise", added: 40, to_amount: 40, all_in: false },
    { type: "acted", seat: 0, kind: "bring-in", added: 2, to_amount: 2, all_in: true },
    { type: "mucked", seat: 0 },
  ];
  out.spoken = eventSentences(moves, ["Ann", "Bo"], 0);
  out.logged = eventSentences(moves, ["Ann", "Bo"], null);
  const won = [
    { type: "shown", seat: 0, cards: [], wild: [], value: 1,
      hand: { category: "one-pair", ranks: ["A", "K", "Q", "J"] }, natural: true,
      wild_in_play: false },
    { type: "awarded", pot: 0, seat: 0, amount: 12, share: "high" },
  ];
  out.won = [winnerSentences(won, ["Ann", "Bo"], 0), winnerSentences(won, ["Ann", "Bo"])];
  out.stub = ["burned", "folded"].map((gathered) =>
    describeEvent({ type: "stub_shuffled", cards: 4, gathered }, ["Ann", "Bo"]),
  );
  // The toast's place: beside the history open at the right, nowhere when the history takes
  // the width (a phone), above the chat's lines at the foot, at the foot when nothing is there.
  const { toastPlace } = await import("/static/js/toast.js");
  const toast = { width: 300, height: 60 };
  const box = (left, right, top, bottom) => ({ left, right, top, bottom });
  out.toast = [
    toastPlace({ width: 1280, height: 800, toast, panel: box(512, 1280, 0, 800) }),
    toastPlace({ width: 390, height: 844, toast, panel: box(0, 390, 0, 844) }),
    toastPlace({ width: 1280, height: 800, toast, avoid: [box(0, 1280, 600, 800)] }),
    toastPlace({ width: 1280, height: 800, toast, avoid: [box(0, 1280, 0, 100)] }),
  ];
  // The key C at a bring-in, facing a bet, and with nothing bet.
  const { shortcutChoice } = await import("/static/js/actions.js");
  const offered = (...keys) => keys.map((key) => ({ key }));
  out.keyC = [
    offered("bring-in", "complete"),
    offered("fold", "call", "raise"),
    offered("fold", "check", "bet"),
  ].map((list) => shortcutChoice("C", list));
  return out;
}
"""


async def _words(base: str) -> dict[str, Any]:
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        page = await (await browser.new_context()).new_page()
        await page.goto(base)
        found: dict[str, Any] = await page.evaluate(WORDS)
        await browser.close()
    return found


def test_the_page_words_the_servers_data_once_and_truly(server: Any) -> None:
    found = asyncio.run(_words(server.base))
    # The call says the king's change; the banner's reasons do not say it again.
    assert found["called"] == ["Smack My Bitch Up! K♥ to Ann: only kings are wild"]
    assert found["shown"] == [
        "Bo shows three kings (natural).",
        "Bo shows three kings.",
        "Bo shows three kings.",
    ]
    assert found["spoken"] == [
        "You call 20.",
        "Bo raises to 40.",
        "You bring in for 2 (all in).",
        "You muck.",
    ]
    assert found["logged"] == [
        "Ann calls 20.",
        "Bo raises to 40.",
        "Ann brings in for 2 (all in).",
        "Ann mucks.",
    ]
    assert found["won"] == [
        ["You win 12 from the main pot with pair of aces."],
        ["Ann wins 12 from the main pot with pair of aces."],
    ]
    assert found["keyC"] == ["bring-in", "call", "check"]
    beside, phone, chat, clear = found["toast"]
    assert beside == {"hidden": False, "top": False, "left": 256, "maxWidth": 460}
    assert beside["left"] + 300 / 2 < 512  # all of it left of the history
    assert phone == {"hidden": True}
    assert chat["top"]
    assert clear == {"hidden": False, "top": False, "left": 640, "maxWidth": 1152}
    assert found["stub"] == [
        "The stub ran short: 4 burned cards are shuffled back in.",
        "The stub ran short: 4 cards of the folded hands are shuffled back in.",
    ]
    # The page's words for the last face-up queen right after a queen are the library's.
    queen = FaceUp(parse_card("Qh"), 0)
    assert found["lastQueen"] == [
        describe_change(
            WildChange(Trigger.NO_FOLLOWER, parse_card("Qd"), 1, wild, wild, queen),
            {0: "Ann", 1: "Bob"},
        )
        for wild in (frozenset(), rank_cards(Rank.QUEEN))
    ]
