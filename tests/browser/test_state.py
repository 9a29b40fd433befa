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
