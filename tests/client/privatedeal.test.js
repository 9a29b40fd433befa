// The page's half of the private deal computes what the library does (tests/golden/private_deal.json,
// written by python -m tests.test_private_deal): card points, a masked deck, an unmasking and its
// proof, byte for byte; and a page catches a wrong unmasking as the server does.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  cardPoint,
  checkUnmasking,
  maskAndShuffle,
  newSecret,
  openOwn,
  secretOf,
  unmask,
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
