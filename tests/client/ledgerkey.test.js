// The night's ledger fetches the night's figures again only when a table frame can have moved
// them, and is drawn again only when something it shows changed: checked on the table frames a
// real server sent a seat over four hands (frames/night.json) and on frames changed from them.

import { test } from "node:test";
import assert from "node:assert/strict";

import { drawnFrom, nightKey } from "../../src/wildstud/server/static/js/ledgerkey.js";
import { recorded } from "./frames.js";

const tables = recorded.seat.filter((frame) => frame.type === "table").map((frame) => frame.table);
const ann = recorded.seat.find((frame) => frame.type === "welcome").seat;
const drawn = (table, extra = {}) =>
  drawnFrom({ table, seat: ann, counting: null, nightText: null, message: "", ...extra });
const inHand = (table) => table.hand_in_progress !== null && table.hand_in_progress !== undefined;
const changed = (key) => tables.slice(1).map((table, index) => key(table) !== key(tables[index]));

test("a hand's end moves the figures, its start does not", () => {
  const moved = changed(nightKey);
  tables.slice(1).forEach((table, index) => {
    const before = tables[index];
    const began = !inHand(before) && inHand(table);
    const ended = inHand(before) && table.hand_in_progress !== before.hand_in_progress;
    if (began) assert.equal(moved[index], false, `hand ${table.hand_in_progress} began`);
    if (ended) assert.equal(moved[index], true, `hand ${before.hand_in_progress} ended`);
    if (table.status !== before.status) assert.equal(moved[index], true, `the night is ${table.status}`);
  });
  // Four hands, and the night started and paused: after the fetch as the page opens, one a hand
  // and two for the status, 6 (the old key, which took each hand's start too, changed 10 times).
  // How many table frames carry them depends on the server's timing (16 in one recording, 15 in
  // the next, the seats taken before the start sent as one frame or two): not counted.
  assert.ok(tables.length >= 12, `${tables.length} table frames`);
  assert.equal(moved.filter(Boolean).length, 6);
  assert.equal(tables.filter((table, index) => index && !inHand(tables[index - 1]) && inHand(table)).length, 4);
});

test("a clock, a connection or a bet moves no figure and draws nothing again", () => {
  const table = tables.find(inHand);
  const banked = structuredClone(table);
  banked.seats[1].time_bank -= 7.25;
  banked.seats[1].connected = !banked.seats[1].connected;
  banked.seats[1].away = true;
  banked.idle = !table.idle;
  banked.choosing = null;
  assert.equal(nightKey(banked), nightKey(table));
  assert.equal(drawn(banked), drawn(table));
  // A frame of the same table again (the recorded ones whose only change is a connection).
  const same = changed((one) => JSON.stringify(one)).map((moved, index) => moved && !changed(drawn)[index]);
  assert.ok(same.filter(Boolean).length >= 3);
  same.forEach((alike, index) => {
    if (alike) assert.equal(nightKey(tables[index + 1]), nightKey(tables[index]));
  });
});

test("chips bought or cashed out, a seat taken or left, the night's end: each moves the figures", () => {
  const table = tables.find((one) => !inHand(one) && one.status === "playing") ?? tables[tables.length - 1];
  const rebuy = { id: 1, seat: 0, name: "Ann", kind: "rebuy", amount: 200, status: "pending" };
  const asked = { ...structuredClone(table), rebuys: [rebuy] };
  const approved = { ...structuredClone(table), rebuys: [{ ...rebuy, status: "approved" }] };
  const paid = structuredClone(table);
  paid.seats[0].stack += 200;
  const left = structuredClone(table);
  left.seats.splice(1, 1);
  const taken = structuredClone(table);
  taken.seats.push({ ...taken.seats[0], seat: 3, name: "Dee" });
  const ended = { ...structuredClone(table), status: "ended" };
  const keys = [table, asked, approved, paid, left, taken, ended].map(nightKey);
  assert.equal(new Set(keys).size, keys.length);
  // Each is drawn again too (the requests, the rebuy field, the settle-up).
  const draws = [table, asked, approved, left, taken, ended].map((one) => drawn(one));
  assert.equal(new Set(draws).size, draws.length);
});

test("the ledger is drawn again for its own stack at 0, the night, the hand left out and the message", () => {
  const table = tables.find(inHand);
  const broke = structuredClone(table);
  broke.seats.find((seat) => seat.seat === ann).stack = 0;
  const other = structuredClone(table);
  other.seats.find((seat) => seat.seat !== ann).stack = 0;
  assert.notEqual(drawn(broke), drawn(table));
  assert.equal(drawn(other), drawn(table)); // another seat's stack is not in the ledger
  assert.notEqual(drawn(table, { counting: table.hand_in_progress }), drawn(table));
  assert.notEqual(drawn(table, { nightText: "{}" }), drawn(table));
  assert.notEqual(drawn(table, { message: "The ledger could not be read" }), drawn(table));
});
