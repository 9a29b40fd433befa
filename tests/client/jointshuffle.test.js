// The page's joint shuffle against the library's fixed vectors (tests/golden/joint_shuffle.json,
// written by wildstud.joint_shuffle): the same commitments, the same hand seed, the same deck.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  CARDS,
  deckOrder,
  deckSalts,
  fromHex,
  handSeed,
  newValue,
  nightCommitment,
  opens,
  toHex,
  valueCommitment,
} from "../../src/wildstud/server/static/js/jointshuffle.js";

const golden = JSON.parse(readFileSync(new URL("../golden/joint_shuffle.json", import.meta.url), "utf8"));

test("the cards come in the library's order", () => {
  assert.equal(CARDS.length, 52);
  assert.deepEqual(CARDS.slice(0, 5), ["2c", "2d", "2h", "2s", "3c"]);
  assert.equal(CARDS[51], "As");
});

test("the night's commitment and a hand's seed are the library's", async () => {
  const seed = fromHex(golden.seed);
  assert.equal(await nightCommitment(seed), golden.night_commitment);
  assert.equal(toHex(await handSeed(seed, 7)), golden.hand_seed_7);
});

test("a page's commitment is the library's, and opens only for its hand, deal and seat", async () => {
  const value = fromHex(golden.value);
  const made = await valueCommitment(value, 7, 2, 3);
  assert.equal(made, golden.value_commitment);
  assert.equal(await opens(made, value, 7, 2, 3), true);
  assert.equal(await opens(made, value, 7, 2, 2), false);
  assert.equal(await opens(made, value, 7, 1, 3), false);
  assert.equal(await opens(made, new Uint8Array(32), 7, 2, 3), false);
  assert.equal(await opens(made, new Uint8Array(3), 7, 2, 3), false);
});

test("the deck and its salts are the library's", async () => {
  const seed = fromHex(golden.hand_seed_7);
  const order = await deckOrder(seed, 7, 2, new Map([[3, fromHex(golden.value)]]));
  assert.equal(order.join(" "), golden.order);
  assert.deepEqual([...order].sort(), [...CARDS].sort());
  assert.equal(toHex((await deckSalts(seed, 2))[0]), golden.salt_0);
});

test("a fresh value is 32 random bytes", () => {
  const one = newValue();
  assert.equal(one.length, 32);
  assert.notEqual(toHex(one), toHex(newValue()));
});
