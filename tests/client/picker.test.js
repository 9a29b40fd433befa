// The dealer's choice at the table (picker.js) over the recorded night: what the felt says while
// a game is chosen, to the dealer and to everyone else, and the picker, drawn on the dealer's page
// alone with a button for each game on the menu, and drawn again only when the choice changes.

import { test } from "node:test";
import assert from "node:assert/strict";

import { installDocument } from "./fakedom.js";
import { recorded, states } from "./frames.js";
import { choosingWords, idleWords, Picker } from "../../src/wildstud/server/static/js/picker.js";

installDocument();

/** The states of `frames` in which a dealer is choosing the game. */
function choosing(frames) {
  return states(frames)
    .map(({ state }) => state)
    .filter((state) => state.choosing);
}

test("the felt tells the dealer to pick, and names the dealer to everyone else", () => {
  const seen = choosing(recorded.seat);
  assert.deepEqual(new Set(seen.map((state) => state.choosing.dealer)), new Set([0, 1]));
  assert.ok(seen.some((state) => !state.hand) && seen.some((state) => state.hand));
  for (const state of seen) {
    const which = state.hand ? "next" : "first";
    const { dealer } = state.choosing;
    const name = state.table.seats.find((seat) => seat.seat === dealer).name;
    assert.equal(choosingWords(state, dealer), `Your deal: pick the ${which} game below.`);
    assert.equal(choosingWords(state, dealer === 0 ? 1 : 0), `${name} is choosing the ${which} game.`);
    assert.equal(choosingWords(state, null), `${name} is choosing the ${which} game.`);
    assert.equal(choosingWords({ ...state, choosing: null }, dealer), null);
  }
});

test("an empty felt before the first hand says what the table waits for", () => {
  const [state] = choosing(recorded.seat);
  const table = (status) => ({ ...state.table, status });
  assert.equal(idleWords({ ...state, table: table("paused") }), "The host has paused the table.");
  assert.equal(idleWords({ ...state, table: table("ended") }), "The night is over.");
  assert.equal(idleWords({ ...state, table: table("running") }), null);
  const host = state.table.settings.host_name;
  assert.equal(
    idleWords({ ...state, table: table("waiting") }),
    host ? `Waiting for ${host}, the host, to start dealing.` : "Waiting for the host to start dealing.",
  );
});

test("the picker is drawn on the dealer's page alone, a button for each game on the menu", () => {
  for (const state of choosing(recorded.seat)) {
    const { dealer, entries } = state.choosing;
    const mine = new Picker(() => true);
    mine.render(state, dealer);
    assert.equal(mine.element.hidden, false);
    const picks = mine.element.querySelectorAll(".pick");
    assert.deepEqual(
      picks.map((pick) => [pick.dataset.entry, pick.dataset.code, pick.textContent]),
      entries.map((entry) => [String(entry.index), entry.code, entry.title]),
    );
    assert.match(mine.element.querySelector(".left").textContent, /^\d+ s to choose$/);
    const theirs = new Picker(() => true);
    theirs.render(state, dealer === 0 ? 1 : 0);
    assert.equal(theirs.element.hidden, true);
    assert.equal(theirs.element.children.length, 0);
  }
});

test("the picker is drawn again only when the choice changes, and goes when the game is chosen", () => {
  const [state] = choosing(recorded.seat);
  const picker = new Picker(() => true);
  picker.render(state, state.choosing.dealer);
  const drawn = picker.element.children;
  picker.render({ ...state, choosing: structuredClone(state.choosing) }, state.choosing.dealer);
  assert.ok(picker.element.children.every((child, index) => child === drawn[index]));
  picker.render({ ...state, choosing: null }, state.choosing.dealer);
  assert.equal(picker.element.hidden, true);
  assert.equal(picker.element.children.length, 0);
});

test("a game under rules of its own says them, and the others say they keep the table's", () => {
  const [state] = choosing(recorded.seat);
  const entries = state.choosing.entries.map((entry, index) =>
    index === 0 ? { ...entry, house_rules: { queens: "all" } } : entry,
  );
  const picker = new Picker(() => true);
  picker.render({ ...state, choosing: { ...state.choosing, entries } }, state.choosing.dealer);
  const rules = picker.element.querySelectorAll(".pick").map((pick) => pick.children[1]?.textContent);
  assert.deepEqual(rules, ["queens: all", ...entries.slice(1).map(() => "the table's usual rules")]);
});
