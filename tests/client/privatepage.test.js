// The table page's part in a private deal (PagePrivate in static/js/privaterounds.js): it answers
// each `private` frame of the server with the secret it keeps for that deal and party (the same
// answer again when asked again, as after a reconnection), masks a deck into 52 other points,
// opens its own cards alone, and takes no other frame.

import { test } from "node:test";
import assert from "node:assert/strict";

import { CARDS, PagePrivate, memoryStore } from "../../src/wildstud/server/static/js/privaterounds.js";
import { cardPoint, maskAndShuffle, newSecret, unmask } from "../../src/wildstud/server/static/js/privatedeal.js";

const toHex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
const ask = { type: "private", hand: 3, deal: 1, party: 0, context: "table t|hand 3", seconds: 8 };

function page() {
  const sent = [];
  const cards = [];
  const store = memoryStore();
  const rounds = new PagePrivate({
    send: (frame) => sent.push(frame),
    store,
    onCards: (kept) => cards.push(kept.size),
  });
  return { rounds, sent, cards };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

test("it takes the private frames only", () => {
  const { rounds, sent } = page();
  assert.equal(rounds.onFrame({ type: "table" }), false);
  assert.equal(rounds.onFrame({ type: "shuffle", step: "commit" }), false);
  assert.deepEqual(sent, []);
});

test("its key stands for the deal, asked twice; its masked deck is 52 other points", async () => {
  const { rounds, sent } = page();
  rounds.onFrame({ ...ask, step: "key" });
  await settled();
  rounds.onFrame({ ...ask, step: "key" });
  await settled();
  assert.equal(sent.length, 2);
  assert.deepEqual(sent[0], sent[1]);
  assert.deepEqual(Object.keys(sent[0]).sort(), ["answer", "deal", "hand", "type"]);
  assert.match(sent[0].answer.key, /^[0-9a-f]{64}$/);
  const deck = CARDS.map((card) => toHex(cardPoint(card)));
  rounds.onFrame({ ...ask, step: "mask", deck });
  await settled();
  const masked = sent[2].answer.deck;
  assert.equal(new Set(masked).size, 52);
  assert.equal(masked.filter((point) => deck.includes(point)).length, 0);
});

test("it opens its own card once the other party has unmasked it", async () => {
  const { rounds, sent, cards } = page();
  rounds.onFrame({ ...ask, step: "key" });
  await settled();
  // The other party masks first; the page masks after it; the other party then unmasks.
  const other = newSecret();
  const order = [...Array(52).keys()];
  const first = maskAndShuffle(CARDS.map(cardPoint), other, order);
  rounds.onFrame({ ...ask, step: "mask", deck: first.map(toHex) });
  await settled();
  const mine = sent[1].answer.deck.map((point) => Uint8Array.from(point.match(/../g), (pair) => parseInt(pair, 16)));
  const opened = unmask(mine[0], other, new TextEncoder().encode("elsewhere")).after;
  rounds.onFrame({ ...ask, step: "open", seat: 0, points: [[0, toHex(opened)]] });
  await settled();
  assert.deepEqual(cards, [1]);
  assert.ok(CARDS.includes(rounds.cards.get("3/1/0")));
});
