// The page's state (state.js) over the frames a real server sent: it holds the hand as the
// server says it, event for event, and says the moments nobody should miss.

import { test } from "node:test";
import assert from "node:assert/strict";

import { initialState, reduce } from "../../src/wildstud/server/static/js/state.js";
import { recorded, states, handsByNumber } from "./frames.js";

for (const who of ["seat", "spectator"]) {
  const frames = recorded[who];

  test(`${who}: every hand ends as the server's frames built it`, () => {
    const steps = states(frames);
    const served = handsByNumber(frames);
    assert.ok(served.size >= 4, "four hands recorded");
    for (const { frame, state } of steps) {
      if (frame.type !== "hand" && frame.type !== "update") continue;
      const hand = served.get(frame.number);
      assert.equal(state.hand.number, frame.number);
      // The events so far are a prefix of the hand's whole list, in order.
      assert.deepEqual(state.hand.view.events, hand.view.events.slice(0, state.hand.view.events.length));
      assert.deepEqual({ ...state.hand.view, events: null }, { ...frame.view, events: null });
    }
    const last = steps[steps.length - 1].state.hand;
    assert.deepEqual(last.view.events, served.get(last.number).view.events);
  });

  test(`${who}: the welcome and the table are kept as sent`, () => {
    const steps = states(frames);
    const welcome = frames.find((frame) => frame.type === "welcome");
    const table = frames.findLast((frame) => frame.type === "table");
    const end = steps[steps.length - 1].state;
    assert.deepEqual(end.welcome, welcome);
    assert.deepEqual(end.table, table.table);
  });

  test(`${who}: the welcome asks for the list of past hands (a History panel opened before it)`, () => {
    const welcome = frames.find((frame) => frame.type === "welcome");
    const { effects } = reduce(initialState(), welcome, 0);
    assert.deepEqual(effects, [{ kind: "history-stale" }]);
  });

  test(`${who}: a call of the game's name is a moment, and each new hand is said`, () => {
    const steps = states(frames);
    const effects = steps.flatMap((step) => step.effects);
    const called = frames
      .flatMap((frame) => (frame.type === "update" ? frame.events : frame.type === "hand" ? frame.view.events : []))
      .filter((event) => event.type === "called");
    assert.equal(effects.filter((effect) => effect.kind === "moment").length, called.length);
    const said = effects.filter((effect) => effect.kind === "dealer" && /^Hand \d+: A hand of /.test(effect.text));
    assert.equal(said.length, frames.filter((frame) => frame.type === "hand").length);
  });

  test(`${who}: a frame the page does not draw from gives back the same state`, () => {
    const steps = states(frames);
    const { state } = steps[steps.length - 1];
    for (const frame of [{ type: "pong" }, { type: "ack", seq: 1, last_seq: 1 }]) {
      assert.equal(reduce(state, frame, 0).state, state);
    }
  });
}

// One hand's frames (its hand frame and the updates after it) as the spectator got them, each
// reduced into a new state, the state given in frozen: the module runs in strict mode, so a
// write to a state or a frame it was given would throw.
const freeze = (value) => {
  if (value && typeof value === "object") {
    Object.values(value).forEach(freeze);
    Object.freeze(value);
  }
  return value;
};
const copy = (value) => JSON.parse(JSON.stringify(value));

function firstHand(frames) {
  const start = frames.findIndex((frame) => frame.type === "hand");
  const { number } = frames[start];
  return frames
    .slice(start)
    .filter((frame) => (frame.type === "hand" || frame.type === "update") && frame.number === number);
}

function reduceFrozen(frames, { fresh = true } = {}) {
  let state = freeze(initialState());
  const steps = [];
  for (const frame of frames) {
    const before = copy(state);
    const result = reduce(state, freeze(copy(frame)), steps.length);
    if (fresh) assert.notEqual(result.state, state, `${frame.type} gives a new state`);
    assert.deepEqual(state, before, `${frame.type} leaves the state it was given as it was`);
    steps.push({ state: result.state, effects: result.effects.map((effect) => effect.kind) });
    state = freeze(result.state);
  }
  return { state, steps };
}

test("the state before any frame is the same each time", () => {
  assert.deepEqual(initialState(), initialState());
  assert.notEqual(initialState(), initialState());
});

test("a hand's frames reduce into new states, event for event, and say what to announce", () => {
  const frames = firstHand(recorded.spectator);
  assert.ok(frames.length >= 3, "a hand and two updates");
  const { steps } = reduceFrozen(frames);
  let expected = frames[0].view.events.length;
  assert.equal(steps[0].state.hand.view.events.length, expected);
  for (const [index, frame] of frames.entries()) {
    if (index === 0) continue;
    expected += frame.events.length;
    assert.equal(steps[index].state.hand.view.events.length, expected);
  }
  const last = frames[frames.length - 1];
  assert.equal(steps[steps.length - 1].state.hand.view.events.length, last.from + last.events.length);
  // The first hand a page sees: the old toast goes, the history is stale, the dealer says the
  // hand has started; no deal sound (there was no hand before).
  assert.deepEqual(steps[0].effects.slice(0, 2), ["hide-announce", "history-stale"]);
  assert.ok(steps[0].effects.includes("dealer"));
  assert.ok(!steps[0].effects.includes("sound"));
  assert.ok(steps.slice(1).every((step) => step.effects.includes("attention")));
});

test("an update out of step, or of another hand, changes nothing", () => {
  const frames = firstHand(recorded.spectator);
  const { state } = reduceFrozen(frames);
  const last = frames[frames.length - 1];
  const stale = reduce(state, { ...last, from: last.from - 1 }, 99);
  assert.equal(stale.state, state);
  assert.deepEqual(stale.effects, []);
  assert.equal(reduce(state, { ...last, number: last.number + 7 }, 99).state, state);
});

test("a notice is said once, however often it is sent", () => {
  const { state } = reduceFrozen(firstHand(recorded.spectator));
  const notice = {
    type: "notice",
    kind: "rules",
    hand: state.hand.number + 1,
    changes: [{ setting: "action_clock", value: 20 }],
  };
  const once = reduce(state, notice, 100);
  const twice = reduce(once.state, { ...notice }, 101);
  assert.deepEqual([once.state.notices.length, twice.state.notices.length], [1, 1]);
  assert.deepEqual(once.effects, [
    { kind: "announce", text: "The host changed the action clock to 20 s.", millis: 6000, tone: "notice" },
    { kind: "dealer", text: "The host changed the action clock to 20 s." },
  ]);
  assert.equal(twice.state, once.state);
  assert.deepEqual(twice.effects, []);
});

test("the dealer's choice is said when its hand comes, with the dealer's name and the game", () => {
  // The frames the spectator got up to the first hand: the table, and the dealer choosing.
  const frames = recorded.spectator;
  const start = frames.findIndex((frame) => frame.type === "hand");
  const { state } = reduceFrozen(frames.slice(0, start), { fresh: false });
  assert.ok(state.choosing, "the dealer was choosing");
  const dealer = state.table.seats.find((seat) => seat.seat === state.choosing.dealer).name;
  const chose = reduce(state, frames[start], 102);
  const said = chose.effects.filter((effect) => effect.kind === "announce");
  assert.equal(said.length, 1);
  assert.equal(said[0].tone, "choice");
  assert.equal(said[0].millis, 3000);
  assert.ok(said[0].text.startsWith(`${dealer} chose ${frames[start].view.game}`), said[0].text);
  assert.ok(said[0].text.endsWith("."), said[0].text);
  assert.equal(chose.state.choosing, null);
});

test("an error is shown unless it answered the request in flight", () => {
  const { state } = reduceFrozen(firstHand(recorded.spectator));
  const error = { type: "error", message: "Not your turn." };
  assert.deepEqual(reduce(state, error, 103, { answered: true }).effects, []);
  assert.deepEqual(reduce(state, error, 103).effects, [{ kind: "error", message: "Not your turn." }]);
  // A private deal's answer of the page's own, refused as out of turn (it has no number), is
  // not the player's to hear of; a numbered request refused so is.
  const early = { type: "error", code: "out-of-turn", message: "Bob's answer is refused (turn): not Bob's turn" };
  assert.deepEqual(reduce(state, early, 103).effects, []);
  assert.deepEqual(reduce(state, { ...early, seq: 7 }, 103).effects, [{ kind: "error", message: early.message }]);
});

test("a page that opens in the middle of a hand says its old calls in the log, not over the table", () => {
  // A seat's page opened after a call and the bring-in: the hand frame brings the hand so far.
  const events = [
    { type: "hand_started", game: "SMBU", button: 0, players: [0, 1] },
    { type: "called", card: "Kc", seat: 1, name: "Smack My Bitch Up" },
    { type: "acted", seat: 0, kind: "bring-in", to_amount: 2, added: 2, all_in: false, street: 3 },
  ];
  const frame = { type: "hand", number: 2, names: { 0: "Ann", 1: "Bob" }, view: { events, phase: "betting" } };
  const late = reduce(initialState(), frame, 0).effects;
  assert.deepEqual(
    late.filter((effect) => effect.kind === "moment"),
    [],
  );
  assert.ok(late.some((effect) => effect.kind === "dealer" && effect.text.startsWith("Smack My Bitch Up!")));
  // The same call in a hand's first frame before anyone acts is the moment it is.
  const fresh = reduce(initialState(), { ...frame, view: { ...frame.view, events: events.slice(0, 2) } }, 0).effects;
  assert.equal(fresh.filter((effect) => effect.kind === "moment").length, 1);
});
