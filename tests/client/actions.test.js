// Every button the page offers was offered by the server, with its amounts: choices() (the
// buttons actions.js draws, one for each) over every turn in the recorded frames.

import { test } from "node:test";
import assert from "node:assert/strict";

import { choices, checkAmount, sizedChoice } from "../../src/wildstud/server/static/js/actions.js";
import { refusal } from "../../src/wildstud/server/static/js/panel.js";
import { recorded } from "./frames.js";

/** Each view that offered this connection's seat something to do. */
function turns(frames) {
  return frames
    .filter((frame) => (frame.type === "hand" || frame.type === "update") && frame.view.legal_actions.length)
    .map((frame) => ({ view: frame.view }));
}

test("the seat had turns to take in the recorded hands, and the spectator none", () => {
  assert.ok(turns(recorded.seat).length >= 5);
  assert.equal(turns(recorded.spectator).length, 0);
});

test("every button is an action the server offered, at an amount it allows", () => {
  for (const { view } of turns(recorded.seat)) {
    const offered = new Map(view.legal_actions.map((option) => [option.action, option]));
    for (const choice of choices(view.legal_actions, view)) {
      if (choice.free)
        assert.ok(choice.action === "fold" && offered.has("check"), "only a fold beside a check asks first");
      const option = offered.get(choice.action);
      assert.ok(option, `${choice.action} was not offered: ${JSON.stringify(view.legal_actions)}`);
      assert.equal(Boolean(choice.allIn), choice.amount === view.all_in_to, "all in is the server's all_in_to");
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
  for (const { view } of turns(recorded.seat)) {
    const shown = new Set(choices(view.legal_actions, view).map((choice) => choice.action));
    for (const option of view.legal_actions) assert.ok(shown.has(option.action), option.action);
  }
});

test("an amount typed for a sized choice is taken only inside the server's range", () => {
  const sized = turns(recorded.seat)
    .map(({ view }) => sizedChoice(choices(view.legal_actions, view)))
    .filter(Boolean);
  for (const choice of sized) {
    assert.deepEqual(checkAmount(String(choice.min), choice), { amount: choice.min });
    assert.deepEqual(checkAmount(String(choice.max), choice), { amount: choice.max });
    assert.match(checkAmount(String(choice.max + 1), choice).message, /is not allowed/);
    assert.match(checkAmount("ten", choice).message, /whole number/);
  }
});

test("a choice is all in only at the view's all_in_to, an amount the server offered", () => {
  // The recorded hands hold no turn where all in is offered (deep stacks, fixed limit): these
  // views are made as the server frames them, one for each way an offer reaches all in.
  const fold = { action: "fold", min: 0, max: 0, amounts: null };
  const cases = [
    // No limit: the range's top is the stack, a button of its own beside the sized raise.
    [
      [fold, { action: "raise", min: 20, max: 200, amounts: null }],
      200,
      [
        ["raise", 20],
        ["all-in", 200],
      ],
    ],
    // A call that takes the whole stack: the call's own button, marked all in.
    [[fold, { action: "call", min: 40, max: 40, amounts: null }], 40, [["call", 40]]],
    // Fixed limit, an all in short of the big bet: the sizes the server lists, the short one all in.
    [
      [fold, { action: "raise", min: 8, max: 10, amounts: [8, 10] }],
      8,
      [
        ["all-in", 8],
        ["raise-10", 10],
      ],
    ],
    // All in out of reach of the offer: no all-in button.
    [[fold, { action: "bet", min: 5, max: 100, amounts: null }], 500, [["bet", 5]]],
  ];
  for (const [legal, allInTo, expected] of cases) {
    const list = choices(legal, { all_in_to: allInTo }).filter((choice) => choice.action !== "fold");
    assert.deepEqual(
      list.map((choice) => [choice.key, choice.amount]),
      expected,
    );
    for (const choice of list) assert.equal(Boolean(choice.allIn), choice.amount === allInTo);
  }
});

test("an action refused as out of turn is said in the player's terms, not the engine's seat labels", () => {
  const frame = { type: "error", code: "out-of-turn", message: "P5 cannot call: it is p1's turn to act", seq: 4 };
  assert.equal(refusal(frame), "It is not your turn now, so nothing was done.");
  // Any other refusal keeps the server's own words (they name the rule that was broken).
  const other = { type: "error", code: "illegal", message: "There is no showdown now to show or muck at" };
  assert.equal(refusal(other), other.message);
});
