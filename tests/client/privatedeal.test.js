// The page's half of the private deal computes what the library does (tests/golden/private_deal.json,
// written by python -m tests.test_private_deal): card points, a masked deck, an unmasking and its
// proof, byte for byte; and a page catches a wrong unmasking as the server does.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  cardPoint,
  checkBatch,
  checkUnmasking,
  maskAndShuffle,
  newSecret,
  openOwn,
  secretOf,
  unmask,
  unmaskBatch,
} from "../../src/wildstud/server/static/js/privatedeal.js";

const golden = JSON.parse(readFileSync(new URL("../golden/private_deal.json", import.meta.url)));
const hex = (bytes) => Buffer.from(bytes).toString("hex");
const bytes = (text) => new Uint8Array(Buffer.from(text, "hex"));
const words = (text) => new TextEncoder().encode(text);

test("the card points are the library's", () => {
  for (const [card, point] of Object.entries(golden.card_points)) {
    assert.equal(hex(cardPoint(card)), point, card);
  }
});

test("a masking, an unmasking and its proof are the library's, byte for byte", () => {
  const secret = secretOf(bytes(golden.secret));
  assert.equal(hex(secret.key), golden.key);
  const deck = Object.keys(golden.card_points).map(cardPoint);
  const masked = maskAndShuffle(deck, secret, golden.order);
  assert.deepEqual(masked.map(hex), golden.masked);
  const context = words(golden.unmasking.context);
  const step = unmask(masked[0], secret, context);
  const expected = { ...golden.unmasking };
  delete expected.context;
  assert.deepEqual(
    {
      before: hex(step.before),
      after: hex(step.after),
      challenge: hex(step.challenge),
      response: hex(step.response),
    },
    expected,
  );
  assert.ok(checkUnmasking(step, secret.key, context));
});

test("a page checks another party's unmasking, and opens its own card", () => {
  const cards = Object.keys(golden.card_points);
  const mine = newSecret();
  const other = newSecret();
  const deck = maskAndShuffle(maskAndShuffle(cards.map(cardPoint), mine, [1, 0, 2, 3]), other, [0, 1, 2, 3]);
  const context = words("hand 2, position 0, party 1");
  const step = unmask(deck[0], other, context);
  assert.ok(checkUnmasking(step, other.key, context));
  assert.ok(!checkUnmasking(step, mine.key, context), "another party's key");
  assert.ok(!checkUnmasking(step, other.key, words("hand 2, position 1, party 1")), "another card");
  const cheat = unmask(deck[0], newSecret(), context);
  assert.ok(!checkUnmasking({ ...cheat }, other.key, context), "a secret of its own making");
  assert.equal(openOwn(step.after, mine, cards), cards[1]);
});

test("a batch and its one proof are the library's, byte for byte, and check", () => {
  const secret = secretOf(bytes(golden.secret));
  const context = words(golden.batch.context);
  const batch = unmaskBatch(golden.batch.befores.map(bytes), secret, context);
  assert.deepEqual(
    { afters: batch.afters.map(hex), challenge: hex(batch.challenge), response: hex(batch.response) },
    { afters: golden.batch.afters, challenge: golden.batch.challenge, response: golden.batch.response },
  );
  const made = {
    befores: golden.batch.befores.map(bytes),
    afters: golden.batch.afters.map(bytes),
    challenge: bytes(golden.batch.challenge),
    response: bytes(golden.batch.response),
  };
  assert.ok(checkBatch(made, secret.key, context), "the library's batch checks in the page");
  assert.ok(!checkBatch(made, secret.key, words(golden.batch.context + " ")), "a wrong context");
});

test("a page catches a batch with a wrong card, reordered, cut or swapped with another batch", () => {
  const cards = Object.keys(golden.card_points);
  const mine = newSecret();
  const other = newSecret();
  const deck = maskAndShuffle(maskAndShuffle(cards.map(cardPoint), mine, [1, 0, 2, 3]), other, [3, 2, 1, 0]);
  const one = words("pass 1|party 1");
  const two = words("pass 2|party 1");
  const batch = unmaskBatch(deck.slice(0, 3), other, one);
  assert.ok(checkBatch(batch, other.key, one));
  assert.ok(!checkBatch(batch, mine.key, one), "another party's key");
  assert.ok(!checkBatch(batch, other.key, two), "a wrong context");
  const wrong = [...batch.afters];
  wrong[1] = unmask(deck[1], mine, one).after;
  assert.ok(!checkBatch({ ...batch, afters: wrong }, other.key, one), "a wrong card");
  const reversed = { ...batch, befores: [...batch.befores].reverse(), afters: [...batch.afters].reverse() };
  assert.ok(!checkBatch(reversed, other.key, one), "reordered");
  const cut = { ...batch, befores: batch.befores.slice(1), afters: batch.afters.slice(1) };
  assert.ok(!checkBatch(cut, other.key, one), "cut short");
  const second = unmaskBatch(deck.slice(3), other, two);
  assert.ok(checkBatch(second, other.key, two));
  const swapped = {
    befores: [second.befores[0], ...batch.befores.slice(1)],
    afters: [second.afters[0], ...batch.afters.slice(1)],
  };
  for (const proof of [batch, second]) {
    for (const context of [one, two]) {
      const forged = { ...swapped, challenge: proof.challenge, response: proof.response };
      assert.ok(!checkBatch(forged, other.key, context), "a card swapped between two batches");
    }
  }
  assert.ok(!checkBatch({ ...batch, befores: [], afters: [] }, other.key, one), "no point");
  assert.throws(() => unmaskBatch([], other, one), /one point or more/);
  assert.equal(openOwn(batch.afters[0], mine, cards), cards[3]);
});
