// The page's state (state.js) over the frames a real server sent: it holds the hand as the
// server says it, event for event, and says the moments nobody should miss.

import { test } from "node:test";
import assert from "node:assert/strict";

import { reduce } from "../../src/wildstud/server/static/js/state.js";
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
