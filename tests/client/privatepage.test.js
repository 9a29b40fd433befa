// The table page's part in a private deal (PagePrivate in static/js/privaterounds.js; private deal
// v3): it answers each `private` frame of the server with the secret it keeps for that deal and
// party (the same answer again when asked again, as after a reconnection), proves its key, turns
// the deck into 52 other ciphertexts, shares a street's positions at once with a proof that
// holds, opens its own cards alone, and takes no other frame.

import { test } from "node:test";
import assert from "node:assert/strict";

import {
  CARDS,
  KEEP_MS,
  PagePrivate,
  auditWords,
  forgetNight,
  forgetOldNights,
  heldNight,
  memoryStore,
  batchContext,
  dealContext,
  withOwnCards,
} from "../../src/wildstud/server/static/js/privaterounds.js";
import {
  checkKey,
  checkShares,
  dealOrder,
  deckDigest,
  jointKey,
  lessShares,
  newSecret,
  openCard,
  openDeck,
  orderPoint,
  proveKey,
  secretOf,
  shareBatch,
  shuffleTurn,
} from "../../src/wildstud/server/static/js/privatedeal.js";
import { describeOwnCardAsked, describeServerLie } from "../../src/wildstud/server/static/js/words.js";

const toHex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
const fromHex = (text) => Uint8Array.from(text.match(/../g), (pair) => parseInt(pair, 16));
const ciphertextHex = ([c1, c2]) => toHex(c1) + toHex(c2);
const ciphertextOf = (text) => [fromHex(text.slice(0, 64)), fromHex(text.slice(64))];
const ask = { type: "private", hand: 3, deal: 1, party: 0, context: "table t|hand 3", seconds: 8 };
// The open deck, as the first party is handed it.
const deck = openDeck().map(ciphertextHex);
const OTHER = newSecret(); // party 1's secret, the page being party 0

/** A mask ask (the open `turned` deck unless said) with every party's key and its proof: the
 * page's own as it answered (`answer`) and party 1's (`other`); `joint`, the server's word
 * for their sum, the keys' unless said. */
function maskAsk(answer, { turned = deck, other = OTHER, joint, keys } = {}) {
  const proof = proveKey(other, dealContext(ask.context, ask.deal), 1);
  const otherKey = { key: toHex(other.key), challenge: toHex(proof.challenge), response: toHex(proof.response) };
  const all = keys ?? [{ key: answer.key, challenge: answer.challenge, response: answer.response }, otherKey];
  const sum = toHex(jointKey(all.map((each) => fromHex(each.key))));
  return { ...ask, step: "mask", deck: turned, joint: joint ?? sum, keys: all };
}

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

/** A deal begun between the page (party 0, turning the deck last, as a page after the server)
 * and party 1 (`other`, the server, which turned `first(joint)`): the page's key, its turn and both
 * order values taken. Gives the dealt deck as the table sends it with each pass, open and show
 * (`dealt`), the page's key, and for a place its card's ciphertext (`at`), c1 (`c1`), party 1's
 * share of it (`share`) and what an open frame hands over once that share is off it (`left`);
 * `place(position)`, the place the deck's `position` is dealt at. */
async function begin(rounds, sent, { other = OTHER, first = () => deck } = {}) {
  await rounds.take({ ...ask, step: "key" });
  const mine = sent.at(-1).answer;
  const asked = maskAsk(mine, { other, turned: first(jointKey([fromHex(mine.key), other.key])) });
  await rounds.take(asked);
  const final = sent.at(-1).answer.deck.map(ciphertextOf);
  const bound = dealContext(ask.context, ask.deal);
  const point = orderPoint(bound);
  await rounds.take({ ...ask, step: "unmask", points: [[53, toHex(point)]] });
  const own = sent.at(-1).answer.batch;
  const theirs = shareBatch([point], other, batchContext(ask.context, ask.deal, [53], 1));
  const values = [
    { value: own.shares[0], challenge: own.challenge, response: own.response },
    { value: toHex(theirs.shares[0]), challenge: toHex(theirs.challenge), response: toHex(theirs.response) },
  ];
  const dealing = await dealOrder(
    values.map((each) => fromHex(each.value)),
    bound,
  );
  const at = (place) => final[dealing[place]];
  const share = (place) => shareBatch([at(place)[0]], other, batchContext(ask.context, ask.deal, [place], 1)).shares[0];
  return {
    dealt: { deck: final.map(ciphertextHex), values, keys: asked.keys },
    key: fromHex(mine.key),
    at,
    c1: (place) => toHex(at(place)[0]),
    share,
    left: (place) => ciphertextHex(lessShares(at(place), [share(place)])),
    place: (position) => dealing.indexOf(position),
  };
}

test("it takes the private frames only", () => {
  const { rounds, sent } = page();
  assert.equal(rounds.onFrame({ type: "table" }), false);
  assert.equal(rounds.onFrame({ type: "shuffle", step: "commit" }), false);
  assert.deepEqual(sent, []);
  assert.equal(rounds.onFrame({ ...ask, step: "key" }), true);
});

test("its key stands for the deal, asked twice, with its proof of knowledge; its turn of the deck is 52 other ciphertexts", async () => {
  const { rounds, sent } = page();
  await rounds.take({ ...ask, step: "key" });
  await rounds.take({ ...ask, step: "key" });
  assert.equal(sent.length, 2);
  assert.deepEqual(sent[0], sent[1]);
  assert.deepEqual(Object.keys(sent[0]).sort(), ["answer", "deal", "hand", "type"]);
  const { key, challenge, response } = sent[0].answer;
  assert.match(key, /^[0-9a-f]{64}$/);
  const proof = { challenge: fromHex(challenge), response: fromHex(response) };
  assert.ok(
    checkKey(fromHex(key), proof, dealContext(ask.context, ask.deal), ask.party),
    "bound to the deal and party",
  );
  assert.ok(!checkKey(fromHex(key), proof, dealContext(ask.context, 2), ask.party), "another deal");
  assert.ok(!checkKey(fromHex(key), proof, dealContext(ask.context, ask.deal), 1), "another party");
  await rounds.take(maskAsk(sent[0].answer));
  const turned = sent[2].answer.deck;
  assert.equal(new Set(turned).size, 52);
  assert.ok(turned.every((ciphertext) => /^[0-9a-f]{128}$/.test(ciphertext)));
  assert.equal(turned.filter((ciphertext) => deck.includes(ciphertext)).length, 0);
});

test("asked for a street's shares it answers at once, one batch whose proof holds for its key", async () => {
  const { rounds, sent } = page();
  const { dealt, key, c1 } = await begin(rounds, sent);
  const points = [9, 10, 11].map((place) => [place, c1(place)]);
  const to = ["d1", "u1", "u0"];
  await rounds.take({ ...ask, step: "unmask", points, to, dealt, key: toHex(key) });
  const { step, batch } = sent[3].answer;
  assert.equal(step, "unmask");
  const made = {
    points: points.map(([, point]) => fromHex(point)),
    shares: batch.shares.map(fromHex),
    challenge: fromHex(batch.challenge),
    response: fromHex(batch.response),
  };
  assert.ok(checkShares(made, key, batchContext(ask.context, 1, [9, 10, 11], 0, false, to)));
  assert.ok(!checkShares(made, key, batchContext(ask.context, 1, [9, 10, 11], 1, false, to)), "another party's");
  assert.ok(!checkShares(made, key, batchContext(ask.context, 1, [9, 10, 11], 0, true)), "a show's");
  // Bound to where the ask said each card goes: under another seat's label it does not hold.
  assert.ok(!checkShares(made, key, batchContext(ask.context, 1, [9, 10, 11], 0, false, ["d2", "u1", "u0"])));
  assert.ok(!checkShares(made, key, batchContext(ask.context, 1, [9, 10, 11], 0)), "bound to no label");
  // A pass that does not say where each card goes is refused.
  await assert.rejects(rounds.take({ ...ask, step: "unmask", points, to: ["d1"], dealt, key: toHex(key) }));
  assert.equal(sent.length, 4);
});

test("each point asked and card handed over is the one the dealt deck holds at its place, or nothing is answered", async () => {
  const lies = [];
  const sent = [];
  const rounds = new PagePrivate({ send: (frame) => sent.push(frame), onServerLie: (...said) => lies.push(said) });
  const { dealt, c1, at, left } = await begin(rounds, sent);
  const asked = (points, extra = {}) => ({
    ...ask,
    step: "unmask",
    points,
    to: points.map(() => "d1"),
    dealt,
    ...extra,
  });
  // Another place's point under place 9's number (one of the page's own, say): refused.
  await rounds.take(asked([[9, c1(10)]]));
  assert.deepEqual(lies, [[3, "point", 9]]);
  // A dealt deck whose order value has no proof, or that changes in the middle of the deal.
  const forged = structuredClone(dealt);
  forged.values[1].challenge = forged.values[0].challenge;
  await rounds.take(asked([[9, c1(9)]], { hand: 4, dealt: forged }));
  const swapped = { ...dealt, deck: [...dealt.deck].reverse() };
  await rounds.take(asked([[9, c1(9)]], { dealt: swapped }));
  // None at all.
  await rounds.take(asked([[9, c1(9)]], { hand: 5, dealt: undefined }));
  assert.deepEqual(lies.slice(1), [
    [4, "dealt", null],
    [3, "dealt", null],
    [5, "dealt", null],
  ]);
  assert.equal(sent.length, 3, "nothing answered");
  // A card of the server's own making handed over to open (it would open to a card of its
  // choosing), or one whose c1 is the place's but whose other half is not: nothing is drawn.
  const [c1Own, c2Own] = at(4);
  await rounds.take({ ...ask, step: "open", seat: 0, points: [[4, ciphertextHex([at(5)[0], c2Own])]], dealt });
  await rounds.take({ ...ask, step: "open", seat: 0, hand: 6, points: [[4, ciphertextHex([c1Own, at(5)[1]])]], dealt });
  assert.deepEqual(lies.slice(4), [
    [3, "open", 4],
    [6, "open", null],
  ]);
  assert.equal(rounds.opened(3, 1, 0).size, 0);
  // The honest ones are answered and opened.
  await rounds.take(asked([[9, c1(9)]]));
  await rounds.take({ ...ask, step: "open", seat: 0, points: [[4, left(4)]], dealt });
  assert.equal(sent.length, 4);
  assert.equal(rounds.opened(3, 1, 0).size, 1);
  assert.equal(lies.length, 6);
  assert.match(describeServerLie(3, "open"), /hand 3 .*not the one dealt at its place.* cannot be trusted/);
});

test("asked for its order value it shares the deal's order point, and no other point at position 53", async () => {
  const { rounds, sent } = page();
  await rounds.take({ ...ask, step: "key" });
  const key = fromHex(sent[0].answer.key);
  const point = orderPoint(dealContext(ask.context, 1));
  await rounds.take({ ...ask, step: "unmask", points: [[53, toHex(point)]], key: sent[0].answer.key });
  const { batch } = sent[1].answer;
  const made = {
    points: [point],
    shares: batch.shares.map(fromHex),
    challenge: fromHex(batch.challenge),
    response: fromHex(batch.response),
  };
  assert.ok(checkShares(made, key, batchContext(ask.context, 1, [53], 0)));
  // Another point there (a card's c1, which the page cannot tell from any other) is not shared.
  const other = toHex(openDeck()[0][1]);
  await assert.rejects(
    rounds.take({ ...ask, step: "unmask", points: [[53, other]], key: sent[0].answer.key }),
    /the deal's order point only/,
  );
  assert.equal(sent.length, 2);
});

test("it reads a deal's secret from its store once, and two frames at once answer with one secret", async () => {
  const kept = memoryStore();
  const reads = [];
  const store = { get: (key) => (reads.push(key), kept.get(key)), put: kept.put };
  const sent = [];
  const rounds = new PagePrivate({ send: (frame) => sent.push(frame), store });
  await Promise.all([rounds.take({ ...ask, step: "key" }), rounds.take({ ...ask, step: "key" })]);
  assert.deepEqual(sent[0], sent[1]);
  await rounds.take(maskAsk(sent[0].answer));
  assert.deepEqual(
    reads.filter((key) => key.includes("party")),
    ["table t|hand 3|deal 1|party 0"],
  );
  // Another page's memory (a reload) reads the same secret back from the store.
  const again = new PagePrivate({ send: (frame) => sent.push(frame), store });
  await again.take({ ...ask, step: "key" });
  assert.deepEqual(sent[3], sent[0]);
});

test("it opens its own card once the other party has shared it, and shows it with proof", async () => {
  const { rounds, sent, cards } = page();
  // The other party (the server) turns the deck first (the ace of spades, the open deck's
  // last, to the top); the page turns it after; the other party then shares the page's card
  // dealt from the deck's position 0.
  const other = newSecret();
  const reversed = [...Array(52).keys()].reverse();
  const first = (joint) =>
    shuffleTurn(openDeck(), other, reversed, joint, dealContext(ask.context, 1)).map(ciphertextHex);
  const started = await begin(rounds, sent, { other, first });
  const { dealt, key, at, share, left, place } = started;
  const mine = place(0);
  await rounds.take({ ...ask, step: "open", seat: 0, points: [[mine, left(mine)]], dealt });
  assert.deepEqual(cards, [1]);
  const card = rounds.opened(3, 1, 0).get(mine);
  assert.ok(CARDS.includes(card));
  assert.equal(rounds.opened(3, 1, 1).size, 0);
  assert.equal(rounds.opened(3, 2, 0).size, 0);
  // Nothing it opened went back to the server: only its key, its turn and its order value.
  assert.deepEqual(
    sent.map((frame) => frame.answer.step),
    ["key", "mask", "unmask"],
  );
  // Its turn put at position 0 the card at its order's first position: the one it opened.
  await rounds.take({ ...ask, step: "reveal" });
  assert.equal(card, [...CARDS].reverse()[sent[3].answer.order[0]]);
  sent.splice(3);
  // Asked later for its share of its own card (which, with the other party's, would open it to
  // the server), it answers nothing; asked for another place's, it answers.
  await rounds.take({ ...ask, step: "unmask", points: [[mine, toHex(at(mine)[0])]], to: ["d1"], dealt });
  assert.equal(sent.length, 3);
  // Nor under another place's number: what it would share is the point it is handed.
  const next = place(1);
  await rounds.take({ ...ask, step: "unmask", points: [[next, toHex(at(mine)[0])]], to: ["d1"], dealt });
  assert.equal(sent.length, 3);
  await rounds.take({ ...ask, step: "unmask", points: [[next, toHex(at(next)[0])]], to: ["d1"], dealt });
  assert.deepEqual(
    sent.slice(3).map((frame) => [frame.hand, frame.answer.step]),
    [[3, "unmask"]],
  );
  sent.splice(3);
  // Shown at the showdown: its share of the card, with a proof that holds, opens it for all.
  await rounds.take({ ...ask, step: "show", seat: 0, points: [[mine, left(mine)]], dealt });
  const { batch } = sent[3].answer;
  const shown = { points: [at(mine)[0]], shares: batch.shares.map(fromHex), challenge: fromHex(batch.challenge) };
  shown.response = fromHex(batch.response);
  assert.ok(checkShares(shown, key, batchContext(ask.context, 1, [mine], 0, true)));
  assert.equal(openCard(at(mine), [share(mine), shown.shares[0]]), card);
});

const held = (card, up) => ({ card, up });
// A view under a private deal: each face-down card named by its deck position alone.
const dealt = (you, deal = 1) => ({
  number: 3,
  you,
  view: {
    deal,
    seats: [
      { cards: [held("#0", false), held("#2", false), held("7d", true), held("#12", false)] },
      { cards: [held("#1", false), held("#3", false), held("Kc", true)] },
    ],
  },
});
const codes = (hand, seat) => hand.view.seats[seat].cards.map((card) => card.card);

test("the page names its own face-down cards by position, draws every other one face down", () => {
  // Seat 0 opened positions 0 and 12 of deal 1 (position 2 not yet).
  const opened = (hand, deal, seat) =>
    new Map(
      hand === 3 && deal === 1 && seat === 0
        ? [
            [0, "Qs"],
            [12, "9c"],
          ]
        : [],
    );
  const mine = withOwnCards(dealt(0), opened);
  assert.deepEqual(codes(mine, 0), ["Qs", null, "7d", "9c"]);
  assert.deepEqual(codes(mine, 1), [null, null, "Kc"]);
  // A spectator, the other seat and a later deal of the hand: every hidden card face down.
  for (const hand of [dealt(null), dealt(1), dealt(0, 2)]) {
    const drawn = withOwnCards(hand, opened);
    assert.deepEqual(
      [codes(drawn, 0), codes(drawn, 1)],
      [
        [null, null, "7d", null],
        [null, null, "Kc"],
      ],
    );
  }
});

test("a hand with no hidden card (a shuffled deal, or every hand shown) is left as it is", () => {
  const shown = dealt(0);
  shown.view.seats = [{ cards: [held("As", false), held("7d", true)] }];
  assert.equal(
    withOwnCards(shown, () => new Map([[0, "Qs"]])),
    shown,
  );
  assert.equal(
    withOwnCards(null, () => new Map()),
    null,
  );
});

test("after its hand it publishes the secret and order it masked with, never while the hand is played", async () => {
  const sent = [];
  let playing = 3;
  const rounds = new PagePrivate({ send: (frame) => sent.push(frame), playing: () => playing });
  await rounds.take({ ...ask, step: "key" });
  const { joint } = maskAsk(sent[0].answer);
  await rounds.take(maskAsk(sent[0].answer));
  await rounds.take({ ...ask, step: "reveal" });
  assert.equal(sent.length, 2, "no secret of the hand in play");
  playing = 4;
  await rounds.take({ ...ask, step: "reveal" });
  const { secret, order } = sent[2].answer;
  assert.equal(sent[2].answer.step, "reveal");
  assert.deepEqual([sent[2].hand, sent[2].deal], [3, 1]);
  // What it published remakes its turn of the deck: the audit can replay it.
  const bound = dealContext(ask.context, ask.deal);
  const again = shuffleTurn(openDeck(), secretOf(fromHex(secret)), order, fromHex(joint), bound);
  assert.deepEqual(again.map(ciphertextHex), sent[1].answer.deck);
  assert.equal(toHex(secretOf(fromHex(secret)).key), sent[0].answer.key);
  assert.equal(fromHex(sent[0].answer.key).length, 32);
});

test("the audit's result is kept and told, in a player's words", () => {
  const told = [];
  const rounds = new PagePrivate({ send: () => {}, onAudit: (audit) => told.push(auditWords(audit)) });
  const honest = { type: "private_audit", first: 1, last: 41, deals: 41, faults: [] };
  assert.equal(rounds.onFrame(honest), true);
  assert.deepEqual(told, [["Every player and the server dealt honestly: checked 41 deals"]]);
  const caught = {
    ...honest,
    faults: [
      { hand: 7, deal: 1, party: "Bob", kind: "reordered", text: "" },
      { hand: 9, deal: 2, party: "Ann", kind: "unpublished", text: "" },
      { hand: 2, deal: 1, party: "server", kind: "substituted", text: "" },
    ],
  };
  rounds.onFrame(caught);
  assert.equal(rounds.audit, caught);
  assert.deepEqual(told[1], [
    "The private deal's audit FAILED: 3 faults in 41 deals. Tell the table.",
    "Bob's page reordered the deck wrongly in hand 7",
    "Ann's page did not publish its secret and order in hand 9",
    "The server put a card into the deck that was not in it in hand 2",
  ]);
});

test("as its player leaves it publishes every deal of its table it was a party to, but the hand in play", async () => {
  const sent = [];
  const store = memoryStore();
  const rounds = new PagePrivate({ send: (frame) => sent.push(frame), store, playing: () => 4 });
  for (const [hand, deal] of [
    [3, 1],
    [3, 2],
    [4, 1],
  ]) {
    await rounds.take({ ...ask, hand, deal, context: `table t|hand ${hand}`, step: "key" });
  }
  await rounds.take({ ...ask, hand: 1, context: "table u|hand 1", step: "key" }); // another table's
  const keys = sent.length;
  // A reload: a fresh page over the same store still knows them.
  const again = new PagePrivate({ send: (frame) => sent.push(frame), store, playing: () => 4 });
  await again.revealAll("t");
  const published = sent.slice(keys);
  assert.deepEqual(
    published.map((frame) => [frame.hand, frame.deal, frame.answer.step]),
    [
      [3, 1, "reveal"],
      [3, 2, "reveal"],
    ],
  );
  assert.notEqual(published[0].answer.secret, published[1].answer.secret);
});

test("it holds the secret and order it published for each deal, until the night's record is checked", async () => {
  const sent = [];
  const store = memoryStore();
  const rounds = new PagePrivate({ send: (frame) => sent.push(frame), store });
  await rounds.take({ ...ask, step: "key" });
  await rounds.take({ ...ask, hand: 1, context: "table u|hand 1", step: "key" }); // another table's
  await rounds.take({ ...ask, step: "reveal" });
  const { secret, order } = sent.at(-1).answer;
  const kept = { hand: 3, deal: 1, party: 0, secret, order, shared: [], deck: null };
  assert.deepEqual(await heldNight(store, "t"), [{ ...kept, taken: false }]);
  // Asked to mask the deck: the server had every key, this page's among them.
  await rounds.take(maskAsk(sent[0].answer));
  assert.deepEqual(await heldNight(store, "t"), [{ ...kept, taken: true }]);
  // And each place it shared, with where it was told the card went.
  const final = sent.at(-1).answer.deck;
  const point = orderPoint(dealContext(ask.context, 1));
  await rounds.take({ ...ask, step: "unmask", points: [[53, toHex(point)]] });
  const own = sent.at(-1).answer.batch;
  const theirs = shareBatch([point], OTHER, batchContext(ask.context, 1, [53], 1));
  const values = [
    { value: own.shares[0], challenge: own.challenge, response: own.response },
    { value: toHex(theirs.shares[0]), challenge: toHex(theirs.challenge), response: toHex(theirs.response) },
  ];
  const dealt = { deck: final, values, keys: maskAsk(sent[0].answer).keys };
  const dealing = await dealOrder(
    values.map((each) => fromHex(each.value)),
    dealContext(ask.context, 1),
  );
  const c1 = final[dealing[2]].slice(0, 64);
  await rounds.take({ ...ask, step: "unmask", points: [[2, c1]], to: ["u1"], dealt });
  // And the digest of the deck it was dealt from (to hold the night record's to).
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(await heldNight(store, "t"), [
    { ...kept, taken: true, shared: [[2, "u1"]], deck: deckDigest(final) },
  ]);
  await forgetNight(store, "t");
  assert.deepEqual(await heldNight(store, "t"), []);
  assert.deepEqual((await store.keys()).sort(), ["played|table u", "table u|hand 1|deal 1|party 0"]);
});

test("a night's secrets are dropped a few days after its last deal", async () => {
  const store = memoryStore();
  const rounds = new PagePrivate({ send: () => {}, store });
  await rounds.take({ ...ask, step: "key" });
  await rounds.take({ ...ask, hand: 1, context: "table u|hand 1", step: "key" });
  const now = Date.now();
  await forgetOldNights(store, now + KEEP_MS / 2);
  assert.equal((await store.keys()).length, 4);
  // Table u's night is older than the rest: dropped alone.
  const u = await store.get("played|table u");
  await store.put("played|table u", [{ ...u[0], at: now - KEEP_MS }]);
  await forgetOldNights(store, now + 1000);
  assert.deepEqual((await store.keys()).sort(), ["played|table t", "table t|hand 3|deal 1|party 0"]);
  // A list kept before deals carried their time is timed from now, not dropped at once.
  await store.put("played|table t", [{ context: "table t|hand 3", hand: 3, deal: 1, party: 0 }]);
  await forgetOldNights(store, now);
  assert.deepEqual(await store.get("played|table t"), [
    { context: "table t|hand 3", hand: 3, deal: 1, party: 0, at: now },
  ]);
  await forgetOldNights(store, now + KEEP_MS + 1);
  assert.deepEqual(await store.keys(), []);
});

test("of two pages of one seat (two devices), the one whose key the deal took plays it; the other sits it out", async () => {
  const pages = [page(), page()].map((one) => {
    const elsewhere = [];
    one.rounds.onElsewhere = (hand, deal) => elsewhere.push([hand, deal]);
    return { ...one, elsewhere };
  });
  const [laptop, phone] = pages;
  for (const { rounds } of pages) await rounds.take({ ...ask, step: "key" });
  const taken = laptop.sent[0].answer.key; // the laptop's came first: the server took it
  assert.notEqual(phone.sent[0].answer.key, taken, "each page has a secret of its own");
  const takenAsk = { ...maskAsk(laptop.sent[0].answer), key: taken };
  for (const { rounds } of pages) await rounds.take(takenAsk);
  // The laptop masks, naming its key; the phone answers nothing and says where the deal is.
  assert.equal(laptop.sent.length, 2);
  assert.equal(laptop.sent[1].answer.key, taken);
  assert.equal(laptop.sent[1].answer.deck.length, 52);
  assert.equal(phone.sent.length, 1);
  assert.deepEqual(phone.elsewhere, [[3, 1]]);
  assert.deepEqual(laptop.elsewhere, []);
  // Nor does the phone open the seat's cards, or publish its own secret for the deal later:
  // it would not open the deal's key, and the audit would blame its player.
  await phone.rounds.take({ ...ask, step: "open", seat: 0, points: [[0, deck[0]]], key: taken });
  assert.deepEqual(phone.cards, []);
  await phone.rounds.revealAll("t");
  assert.equal(phone.sent.length, 1);
  await laptop.rounds.revealAll("t");
  assert.deepEqual(laptop.sent[2].answer.key, taken);
  assert.equal(laptop.sent[2].answer.step, "reveal");
});

test("a page made ready before the first deal sends nothing, stores nothing, and answers the deal as before", async () => {
  const { rounds, sent } = page();
  const first = rounds.prepare();
  assert.equal(rounds.prepare(), first, "once a page");
  await first;
  assert.deepEqual(sent, []);
  assert.deepEqual(await rounds.store.keys(), []);
  await rounds.take({ ...ask, step: "key" });
  assert.equal(sent.length, 1);
  assert.equal(sent[0].answer.step, "key");
});

test("it turns the deck under the keys it checked, never under a joint key the server names alone", async () => {
  const { rounds, sent } = page();
  await rounds.take({ ...ask, step: "key" });
  const answer = sent[0].answer;
  // A joint key whose secret the server knew would let it follow every card through the turn.
  const known = newSecret();
  await rounds.take(maskAsk(answer, { joint: toHex(known.key) }));
  await rounds.take({ ...ask, step: "reveal" });
  const { secret, order } = sent[2].answer;
  const sum = fromHex(maskAsk(answer).joint);
  const honest = shuffleTurn(openDeck(), secretOf(fromHex(secret)), order, sum, dealContext(ask.context, ask.deal));
  assert.deepEqual(sent[1].answer.deck, honest.map(ciphertextHex), "under the sum of the keys it checked");
  // Keys of which one's proof fails, or that leave out the page's own, get no turn at all.
  const [own, other] = maskAsk(answer).keys;
  for (const keys of [
    [own, { ...other, key: toHex(known.key) }],
    [other, own],
  ]) {
    const before = sent.length;
    await assert.rejects(rounds.take({ ...maskAsk(answer, { keys }), deal: 1 }));
    assert.equal(sent.length, before, "no deck sent back");
  }
});

test("a card it is handed as its own after it shared that card's point is said at once: the server could see it", async () => {
  const asked = [];
  const sent = [];
  const rounds = new PagePrivate({ send: (frame) => sent.push(frame), onOwnCardAsked: (...at) => asked.push(at) });
  const { dealt, c1, left } = await begin(rounds, sent);
  // A pass in which it is asked for place 4's share as seat 1's card, which the server then
  // hands it as its own.
  await rounds.take({ ...ask, step: "unmask", points: [[4, c1(4)]], to: ["d1"], dealt });
  assert.equal(sent.length, 4, "it was told the card is another seat's: it shared");
  await rounds.take({ ...ask, step: "open", seat: 0, points: [[4, left(4)]], dealt });
  assert.deepEqual(asked, [[3, 4, "d1"]]);
  // A card handed it that it never shared is its own as ever, and nothing is said.
  await rounds.take({ ...ask, step: "open", seat: 0, points: [[5, left(5)]], dealt });
  assert.deepEqual(asked, [[3, 4, "d1"]]);
  assert.match(describeOwnCardAsked(3, "d1"), /hand 3 .*another seat's.* cannot be trusted/);
  assert.match(describeOwnCardAsked(3, null), /hand 3 .*refused/);
});

test("an ask that names one of its own face-down cards is refused before any share leaves", async () => {
  const asked = [];
  const sent = [];
  const rounds = new PagePrivate({
    send: (frame) => sent.push(frame),
    seatOf: (hand) => (hand === 3 ? 0 : null),
    onOwnCardAsked: (...at) => asked.push(at),
  });
  const { dealt, c1 } = await begin(rounds, sent);
  const points = [4, 5, 6].map((place) => [place, c1(place)]);
  // Seat 0 is this page's: a pass that asks for its face-down card at place 5 gets nothing.
  await rounds.take({ ...ask, step: "unmask", points, to: ["d1", "d0", "u0"], dealt });
  assert.equal(sent.length, 3, "no share of the pass left the page");
  assert.deepEqual(asked, [[3, 5, null]]);
  // Its own face-up card is everybody's to see: shared like any other.
  await rounds.take({ ...ask, step: "unmask", points, to: ["d1", "u0", "u0"], dealt });
  assert.equal(sent.length, 4);
  assert.deepEqual(asked, [[3, 5, null]]);
});

test("what it shared outlives a reload: the page that comes back still says so when handed that card", async () => {
  const store = memoryStore();
  const sent = [];
  const first = new PagePrivate({ send: (frame) => sent.push(frame), store });
  const { dealt, c1, left } = await begin(first, sent);
  await first.take({ ...ask, step: "unmask", points: [[4, c1(4)]], to: ["d1"], dealt });
  assert.equal(sent.length, 4);
  // The page is reloaded: a new PagePrivate on the same store (IndexedDB in the page).
  const asked = [];
  const again = new PagePrivate({ send: () => {}, store, onOwnCardAsked: (...at) => asked.push(at) });
  await again.take({ ...ask, step: "open", seat: 0, points: [[4, left(4)]], dealt });
  assert.deepEqual(asked, [[3, 4, "d1"]]);
  // And the table's view drawing place 4 at its seat says so once, not again.
  const view = { number: 3, you: 0, view: { deal: 1, seats: [{ cards: [{ card: "#4", up: false }] }, { cards: [] }] } };
  again.checkHand(view);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(asked, [[3, 4, "d1"]]);
  // Forgotten with its night.
  await forgetNight(store, "t");
  assert.deepEqual(await store.keys(), []);
});

test("the table's view drawing at its seat a card it shared is said, without an open frame", async () => {
  const asked = [];
  const sent = [];
  const rounds = new PagePrivate({ send: (frame) => sent.push(frame), onOwnCardAsked: (...at) => asked.push(at) });
  const { dealt, c1 } = await begin(rounds, sent);
  await rounds.take({ ...ask, step: "unmask", points: [[6, c1(6)]], to: ["d1"], dealt });
  const view = (card) => ({
    number: 3,
    you: 0,
    view: { deal: 1, seats: [{ cards: [{ card, up: false }] }, { cards: [] }] },
  });
  rounds.checkHand(view("#7"));
  rounds.checkHand(view("#6"));
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(asked, [[3, 6, "d1"]]);
});
