// Every button the page offers was offered by the server, with its amounts: choices() (the
// buttons actions.js draws, one for each) over every turn in the recorded frames.

import { test } from "node:test";
import assert from "node:assert/strict";

import { choices, checkAmount, sizedChoice } from "../../src/wildstud/server/static/js/actions.js";
import { refusal } from "../../src/wildstud/server/static/js/panel.js";
import { recorded } from "./frames.js";

/** Each view that offered this connection's seat something to do, with its seat. */
function turns(frames) {
  return frames
    .filter((frame) => (frame.type === "hand" || frame.type === "update") && frame.view.legal_actions.length)
    .map((frame) => ({ view: frame.view, seat: frame.view.seats[frame.view.viewer] }));
}

test("the seat had turns to take in the recorded hands, and the spectator none", () => {
  assert.ok(turns(recorded.seat).length >= 5);
  assert.equal(turns(recorded.spectator).length, 0);
});

test("every button is an action the server offered, at an amount it allows", () => {
  for (const { view, seat } of turns(recorded.seat)) {
    const offered = new Map(view.legal_actions.map((option) => [option.action, option]));
    for (const choice of choices(view.legal_actions, seat)) {
      if (choice.free)
        assert.ok(choice.action === "fold" && offered.has("check"), "only a fold beside a check asks first");
      const option = offered.get(choice.action);
      assert.ok(option, `${choice.action} was not offered: ${JSON.stringify(view.legal_actions)}`);
      if (option.min === null) {
        assert.equal(choice.amount, null, `${choice.action} carries no amount`);
      } else if (Array.isArray(option.amounts)) {
        assert.ok(option.amounts.includes(choice.amount), `${choice.amount} not in ${option.amounts}`);
      } else {
        assert.ok(choice.amount >= option.min && choice.amount <= option.max, `${choice.amount} out of range`);
      }
    }
  }
});

test("every action the server offered has its button", () => {
  for (const { view, seat } of turns(recorded.seat)) {
    const shown = new Set(choices(view.legal_actions, seat).map((choice) => choice.action));
    for (const option of view.legal_actions) assert.ok(shown.has(option.action), option.action);
  }
});

test("an amount typed for a sized choice is taken only inside the server's range", () => {
  const sized = turns(recorded.seat)
    .map(({ view, seat }) => sizedChoice(choices(view.legal_actions, seat)))
    .filter(Boolean);
  for (const choice of sized) {
    assert.deepEqual(checkAmount(String(choice.min), choice), { amount: choice.min });
    assert.deepEqual(checkAmount(String(choice.max), choice), { amount: choice.max });
    assert.match(checkAmount(String(choice.max + 1), choice).message, /is not allowed/);
    assert.match(checkAmount("ten", choice).message, /whole number/);
  }
});

test("an action refused as out of turn is said in the player's terms, not the engine's seat labels", () => {
  const frame = { type: "error", code: "out-of-turn", message: "P5 cannot call: it is p1's turn to act", seq: 4 };
  assert.equal(refusal(frame), "It is not your turn now, so nothing was done.");
  // Any other refusal keeps the server's own words (they name the rule that was broken).
  const other = { type: "error", code: "illegal", message: "There is no showdown now to show or muck at" };
  assert.equal(refusal(other), other.message);
});
