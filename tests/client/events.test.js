// The table log's and the screen reader's sentences (events.js, speech.js, banner.js), the
// toast's place (toast.js) and the key C (actions.js): pure modules, each fed what the server
// sends as data. Moved here from a page of tests/browser/test_state.py.

import { test } from "node:test";
import assert from "node:assert/strict";

import { shortcutChoice } from "../../src/wildstud/server/static/js/actions.js";
import { wildState } from "../../src/wildstud/server/static/js/banner.js";
import { describeEvent } from "../../src/wildstud/server/static/js/events.js";
import { eventSentences, winnerSentences } from "../../src/wildstud/server/static/js/speech.js";
import { besideTable, toastPlace } from "../../src/wildstud/server/static/js/toast.js";

const names = ["Ann", "Bo"];

test("the call says the king's change once: the banner's reasons do not say it again", () => {
  // Smack My Bitch Up: K♥ face up to Ann cancels the queens; the table calls the game's name.
  const king = {
    type: "wilds_changed",
    card: "Kh",
    seat: 0,
    wild: ["Kc", "Kd", "Kh", "Ks"],
    was: ["Qc", "Qd", "Qh", "Qs"],
    kind: "king",
    queen: null,
    queen_seat: null,
  };
  const called = { type: "called", name: "Smack My Bitch Up", card: "Kh", seat: 0 };
  const view = {
    events: [{ type: "deal_started" }, king, called],
    wild: king.wild,
    wild_ranks: [],
    follow_pending: null,
    follow_ends: false,
    own_wild: null,
    wild_rule: { kind: "smack-my-bitch-up", queens: null, cards: null },
  };
  const state = wildState(view, names, null);
  assert.deepEqual([state.called, ...state.why], ["Smack My Bitch Up! K♥ to Ann: only kings are wild"]);
});

test("a hand shown is natural only where some card was wild for it", () => {
  const shown = (natural, wild_in_play) =>
    describeEvent(
      {
        type: "shown",
        seat: 1,
        cards: [],
        wild: [],
        value: 1,
        hand: { category: "three-of-a-kind", ranks: ["K", "A", "Q"] },
        natural,
        wild_in_play,
      },
      names,
    );
  assert.deepEqual(
    [shown(true, true), shown(true, false), shown(false, true)],
    ["Bo shows three kings (natural).", "Bo shows three kings.", "Bo shows three kings."],
  );
});

test("the screen reader speaks your own moves to you, and everyone else's by name", () => {
  const moves = [
    { type: "acted", seat: 0, kind: "call", added: 20, to_amount: 20, all_in: false },
    { type: "acted", seat: 1, kind: "raise", added: 40, to_amount: 40, all_in: false },
    { type: "acted", seat: 0, kind: "bring-in", added: 2, to_amount: 2, all_in: true },
    { type: "mucked", seat: 0 },
  ];
  assert.deepEqual(eventSentences(moves, names, 0), [
    "You call 20.",
    "Bo raises to 40.",
    "You bring in for 2 (all in).",
    "You muck.",
  ]);
  assert.deepEqual(eventSentences(moves, names, null), [
    "Ann calls 20.",
    "Bo raises to 40.",
    "Ann brings in for 2 (all in).",
    "Ann mucks.",
  ]);
});

test("the winners are said with the hands they won with", () => {
  const won = [
    {
      type: "shown",
      seat: 0,
      cards: [],
      wild: [],
      value: 1,
      hand: { category: "one-pair", ranks: ["A", "K", "Q", "J"] },
      natural: true,
      wild_in_play: false,
    },
    { type: "awarded", pot: 0, seat: 0, amount: 12, share: "high" },
  ];
  assert.deepEqual(winnerSentences(won, names, 0), ["You win 12 from the main pot with pair of aces."]);
  assert.deepEqual(winnerSentences(won, names), ["Ann wins 12 from the main pot with pair of aces."]);
});

test("a short stub says which cards went back in", () => {
  assert.deepEqual(
    ["burned", "folded"].map((gathered) => describeEvent({ type: "stub_shuffled", cards: 4, gathered }, names)),
    [
      "The stub ran short: 4 burned cards are shuffled back in.",
      "The stub ran short: 4 cards of the folded hands are shuffled back in.",
    ],
  );
});

test("the toast goes beside the history, nowhere on a phone's history, above the chat, else at the foot", () => {
  const toast = { width: 300, height: 60 };
  const box = (left, right, top, bottom) => ({ left, right, top, bottom });
  const beside = toastPlace({ width: 1280, height: 800, toast, panel: box(512, 1280, 0, 800) });
  assert.deepEqual(beside, { hidden: false, top: false, left: 256, maxWidth: 460 });
  assert.ok(beside.left + 300 / 2 < 512); // all of it left of the history
  assert.deepEqual(toastPlace({ width: 390, height: 844, toast, panel: box(0, 390, 0, 844) }), { hidden: true });
  assert.ok(toastPlace({ width: 1280, height: 800, toast, avoid: [box(0, 1280, 600, 800)] }).top);
  assert.deepEqual(toastPlace({ width: 1280, height: 800, toast, avoid: [box(0, 1280, 0, 100)] }), {
    hidden: false,
    top: false,
    left: 640,
    maxWidth: 1152,
  });
});

test("the toast keeps to the table's side of the host console, and off the console under a phone's table", () => {
  const toast = { width: 300, height: 60 };
  const box = (left, right, top, bottom) => ({ left, right, top, bottom });
  // A laptop: the console a column at the right (23rem), the toast centred in the width left.
  const column = box(998, 1366, 0, 768);
  assert.ok(besideTable(column, 1366, 768));
  const place = toastPlace({ width: 1366, height: 768, toast, panel: column });
  assert.deepEqual(place, { hidden: false, top: false, left: 499, maxWidth: 898 });
  assert.ok(place.left + 300 / 2 < column.left);
  // A phone: the console under the table, its top half in view at the foot: the toast at the top.
  const under = box(0, 390, 420, 2000);
  assert.ok(!besideTable(under, 390, 844));
  assert.ok(toastPlace({ width: 390, height: 844, toast, keep: [under] }).top);
  // The console filling the phone's window: no place that does not cover it.
  assert.deepEqual(toastPlace({ width: 390, height: 844, toast, keep: [box(0, 390, -200, 2000)] }), {
    hidden: true,
  });
  // A box only to avoid (the chat's lines) sends the toast to the top, never hides it.
  assert.ok(toastPlace({ width: 390, height: 844, toast, avoid: [box(0, 390, -200, 2000)] }).top);
});

test("the key C brings in, calls or checks, whichever is on offer", () => {
  const offered = (...keys) => keys.map((key) => ({ key }));
  assert.deepEqual(
    [offered("bring-in", "complete"), offered("fold", "call", "raise"), offered("fold", "check", "bet")].map((list) =>
      shortcutChoice("C", list),
    ),
    ["bring-in", "call", "check"],
  );
});
