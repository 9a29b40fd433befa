// The table page's part in a private deal (PagePrivate in static/js/privaterounds.js): it answers
// each `private` frame of the server with the secret it keeps for that deal and party (the same
// answer again when asked again, as after a reconnection), masks a deck into 52 other points,
// opens its own cards alone, and takes no other frame.

import { test } from "node:test";
import assert from "node:assert/strict";

import { CARDS, PagePrivate, memoryStore, withOwnCards } from "../../src/wildstud/server/static/js/privaterounds.js";
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

test("it takes the private frames only", () => {
  const { rounds, sent } = page();
  assert.equal(rounds.onFrame({ type: "table" }), false);
  assert.equal(rounds.onFrame({ type: "shuffle", step: "commit" }), false);
  assert.deepEqual(sent, []);
  assert.equal(rounds.onFrame({ ...ask, step: "key" }), true);
});

test("its key stands for the deal, asked twice; its masked deck is 52 other points", async () => {
  const { rounds, sent } = page();
  await rounds.take({ ...ask, step: "key" });
  await rounds.take({ ...ask, step: "key" });
  assert.equal(sent.length, 2);
  assert.deepEqual(sent[0], sent[1]);
  assert.deepEqual(Object.keys(sent[0]).sort(), ["answer", "deal", "hand", "type"]);
  assert.match(sent[0].answer.key, /^[0-9a-f]{64}$/);
  const deck = CARDS.map((card) => toHex(cardPoint(card)));
  await rounds.take({ ...ask, step: "mask", deck });
  const masked = sent[2].answer.deck;
  assert.equal(new Set(masked).size, 52);
  assert.equal(masked.filter((point) => deck.includes(point)).length, 0);
});

test("it opens its own card once the other party has unmasked it", async () => {
  const { rounds, sent, cards } = page();
  await rounds.take({ ...ask, step: "key" });
  // The other party masks first; the page masks after it; the other party then unmasks.
  const other = newSecret();
  const order = [...Array(52).keys()];
  const first = maskAndShuffle(CARDS.map(cardPoint), other, order);
  await rounds.take({ ...ask, step: "mask", deck: first.map(toHex) });
  const mine = sent[1].answer.deck.map((point) => Uint8Array.from(point.match(/../g), (pair) => parseInt(pair, 16)));
  const opened = unmask(mine[0], other, new TextEncoder().encode("elsewhere")).after;
  await rounds.take({ ...ask, step: "open", seat: 0, points: [[0, toHex(opened)]] });
  assert.deepEqual(cards, [1]);
  const [card] = rounds.own(3, 1, 0);
  assert.ok(CARDS.includes(card));
  assert.deepEqual(rounds.own(3, 1, 1), []);
  assert.deepEqual(rounds.own(3, 2, 0), []);
  // Nothing it opened went back to the server: only the key and the masked deck.
  assert.deepEqual(
    sent.map((frame) => frame.answer.step),
    ["key", "mask"],
  );
});

const held = (card, up) => ({ card, up });
const dealt = (you, deal = 1) => ({
  number: 3,
  you,
  view: {
    deal,
    seats: [
      { cards: [held(null, false), held(null, false), held("7d", true), held(null, false)] },
      { cards: [held(null, false), held(null, false), held("Kc", true)] },
    ],
  },
});

test("the page names its own face-down cards in dealing order, nobody else's", () => {
  const own = (hand, deal, seat) => (hand === 3 && deal === 1 && seat === 0 ? ["Qs", "2h", "9c"] : []);
  const mine = withOwnCards(dealt(0), own);
  assert.deepEqual(
    mine.view.seats[0].cards.map((card) => card.card),
    ["Qs", "2h", "7d", "9c"],
  );
  assert.deepEqual(mine.view.seats[1], dealt(0).view.seats[1]);
  // A spectator (no seat), another seat and a later deal of the hand: nothing to name.
  const spectator = dealt(null);
  assert.equal(withOwnCards(spectator, own), spectator);
  assert.deepEqual(withOwnCards(dealt(1), own), dealt(1));
  assert.deepEqual(withOwnCards(dealt(0, 2), own), dealt(0, 2));
});

test("a card the view names already is kept; only the cards opened so far are named", () => {
  const hand = dealt(0);
  hand.view.seats[0].cards[0] = held("As", false);
  const named = withOwnCards(hand, () => ["As", "2h"]);
  assert.deepEqual(
    named.view.seats[0].cards.map((card) => card.card),
    ["As", "2h", "7d", null],
  );
});
