// The page's half of the private deal (v2) computes what the library does (tests/golden/private_deal.json,
// written by python -m tests.test_private_deal): card points, a key and its proof of knowledge, the
// joint key, two turns at the deck, a batch of shares and its proof, byte for byte, and the owner's
// card opened; and a page catches a rogue key, a wrong share and a proof of another batch as the
// server does.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  CARDS,
  addsUp,
  cardPoint,
  cardsSumPoint,
  checkKey,
  checkShares,
  dealOrder,
  deckSum,
  jointKey,
  lessShares,
  newSecret,
  openCard,
  openDeck,
  openOwn,
  orderPoint,
  proveKey,
  secretOf,
  shareBatch,
  shuffleTurn,
} from "../../src/wildstud/server/static/js/privatedeal.js";
import { ristretto255 } from "../../src/wildstud/server/static/vendor/noble/curves/ed25519.js";

const golden = JSON.parse(readFileSync(new URL("../golden/private_deal.json", import.meta.url)));
const hex = (bytes) => Buffer.from(bytes).toString("hex");
const bytes = (text) => new Uint8Array(Buffer.from(text, "hex"));
const words = (text) => new TextEncoder().encode(text);
const ciphertext = (text) => [bytes(text.slice(0, 64)), bytes(text.slice(64))];
const ciphertextHex = ([c1, c2]) => hex(c1) + hex(c2);
const context = words(golden.context);
const secrets = golden.secrets.map((scalar) => secretOf(bytes(scalar)));

test("the card points are the library's, and the open deck is every card in the library's order", () => {
  assert.equal(golden.domain, "wildstud private deal v2");
  for (const [card, point] of Object.entries(golden.card_points)) {
    assert.equal(hex(cardPoint(card)), point, card);
  }
  const open = openDeck();
  assert.equal(open.length, 52);
  assert.deepEqual([CARDS[0], CARDS[51], CARDS.length], ["2c", "As", 52]);
  assert.deepEqual(open[51].map(hex), ["00".repeat(32), golden.card_points.As]);
});

test("the keys, their proofs of knowledge and the joint key are the library's, byte for byte", () => {
  assert.deepEqual(
    secrets.map((secret) => hex(secret.key)),
    golden.keys,
  );
  secrets.forEach((secret, party) => {
    const proof = proveKey(secret, context, party);
    assert.deepEqual({ challenge: hex(proof.challenge), response: hex(proof.response) }, golden.key_proofs[party]);
    assert.ok(checkKey(secret.key, proof, context, party));
    assert.ok(!checkKey(secret.key, proof, context, 1 - party), "another party's index");
    assert.ok(!checkKey(secret.key, proof, words(golden.context + " "), party), "another deal");
  });
  assert.equal(hex(jointKey(secrets.map((secret) => secret.key))), golden.joint_key);
});

test("a rogue key (chosen as y·G less the others', so that its party alone knows the joint key) has no proof", () => {
  const Point = ristretto255.Point;
  const honest = newSecret();
  const y = newSecret();
  const rogue = Point.fromBytes(y.key).subtract(Point.fromBytes(honest.key)).toBytes();
  assert.equal(hex(jointKey([honest.key, rogue])), hex(y.key), "the joint key is y·G");
  // Its party knows no secret of `rogue`: the best it has is a proof for a key it does know.
  assert.ok(!checkKey(rogue, proveKey(y, context, 1), context, 1));
  const forged = { challenge: proveKey(y, context, 1).challenge, response: new Uint8Array(32).fill(1) };
  assert.ok(!checkKey(rogue, forged, context, 1));
  assert.ok(!checkKey(new Uint8Array(32), proveKey(y, context, 1), context, 1), "the identity is no key");
  assert.throws(() => jointKey([honest.key, new Uint8Array(32)]), /not a point/);
});

test("two turns at the deck are the library's, byte for byte, and open to the library's cards", () => {
  const points = golden.cards.map(cardPoint);
  const opened = points.map((point) => [new Uint8Array(32), point]);
  const joint = jointKey(secrets.map((secret) => secret.key));
  const turned = shuffleTurn(opened, secrets[0], golden.orders[0], joint, context);
  assert.deepEqual(turned.map(ciphertextHex), golden.decks[0]);
  const dealt = shuffleTurn(turned, secrets[1], golden.orders[1], joint, context);
  assert.deepEqual(dealt.map(ciphertextHex), golden.decks[1]);
  assert.throws(() => shuffleTurn(opened, secrets[0], [0, 0, 1, 2], joint, context), /names each position once/);
  assert.throws(() => shuffleTurn(opened, secrets[0], [0, 1, 2], joint, context), /names each position once/);
});

test("a batch of shares and its one proof are the library's, byte for byte, and check", () => {
  for (const [name, party] of [
    ["batch", 1],
    ["single", 0],
  ]) {
    const vector = golden[name];
    const made = shareBatch(vector.points.map(bytes), secrets[party], words(vector.context));
    assert.deepEqual(
      { shares: made.shares.map(hex), challenge: hex(made.challenge), response: hex(made.response) },
      { shares: vector.shares, challenge: vector.challenge, response: vector.response },
      name,
    );
    const theirs = {
      points: vector.points.map(bytes),
      shares: vector.shares.map(bytes),
      challenge: bytes(vector.challenge),
      response: bytes(vector.response),
    };
    assert.ok(checkShares(theirs, secrets[party].key, words(vector.context)), `the library's ${name} checks`);
    assert.ok(!checkShares(theirs, secrets[party].key, words(vector.context + " ")), "a wrong context");
    assert.ok(!checkShares(theirs, secrets[1 - party].key, words(vector.context)), "another party's key");
  }
});

test("the owner opens its own card from the others' shares; a face-up card opens from every share", () => {
  const dealt = ciphertext(golden.decks[1][golden.opened.position]);
  const others = golden.opened.others_shares.map(bytes);
  const owner = secrets[golden.opened.owner_party];
  assert.equal(openOwn(dealt, others, owner), golden.opened.card);
  assert.equal(openOwn(lessShares(dealt, others), [], owner), golden.opened.card, "the others' shares off first");
  const own = bytes(golden.single.shares[0]); // the owner's share of the same position (0)
  assert.equal(openCard(dealt, [own, ...others]), golden.opened.card);
  assert.throws(() => openCard(dealt, others), /no card/, "a share missing");
});

test("a page catches shares of a wrong card, reordered, cut or swapped with another batch", () => {
  const mine = newSecret();
  const other = newSecret();
  const joint = jointKey([mine.key, other.key]);
  const deck = shuffleTurn(
    shuffleTurn(openDeck(), mine, [...Array(52).keys()].reverse(), joint, context),
    other,
    [...Array(52).keys()],
    joint,
    context,
  );
  const c1s = deck.map(([c1]) => c1);
  const one = words("unmask 1,2,3|party 1");
  const two = words("unmask 4,5|party 1");
  const batch = shareBatch(c1s.slice(0, 3), other, one);
  assert.ok(checkShares(batch, other.key, one));
  assert.ok(!checkShares(batch, mine.key, one), "another party's key");
  assert.ok(!checkShares(batch, other.key, two), "a wrong context");
  const wrong = [...batch.shares];
  wrong[1] = shareBatch([c1s[1]], mine, one).shares[0];
  assert.ok(!checkShares({ ...batch, shares: wrong }, other.key, one), "a share of another secret");
  const reversed = { ...batch, points: [...batch.points].reverse(), shares: [...batch.shares].reverse() };
  assert.ok(!checkShares(reversed, other.key, one), "reordered");
  const cut = { ...batch, points: batch.points.slice(1), shares: batch.shares.slice(1) };
  assert.ok(!checkShares(cut, other.key, one), "cut short");
  const second = shareBatch(c1s.slice(3, 5), other, two);
  assert.ok(checkShares(second, other.key, two));
  const swapped = {
    points: [second.points[0], ...batch.points.slice(1)],
    shares: [second.shares[0], ...batch.shares.slice(1)],
  };
  for (const proof of [batch, second]) {
    for (const bound of [one, two]) {
      const forged = { ...swapped, challenge: proof.challenge, response: proof.response };
      assert.ok(!checkShares(forged, other.key, bound), "a card swapped between two batches");
    }
  }
  const identity = { ...batch, shares: [new Uint8Array(32), ...batch.shares.slice(1)] };
  assert.ok(!checkShares(identity, other.key, one), "the identity is no share");
  assert.ok(!checkShares({ ...batch, points: [], shares: [] }, other.key, one), "no point");
  assert.throws(() => shareBatch([], other, one), /one point or more/);
  // The first card dealt is the last of the open deck (the first turn reversed it): the ace of spades.
  const others = shareBatch([c1s[0]], other, one).shares;
  assert.equal(openOwn(deck[0], others, mine), "As");
});

test("a dealt deck adds up to the 52 cards (the library's sum); one with a card put in under the joint key does not", () => {
  assert.equal(hex(cardsSumPoint()), golden.cards_sum);
  const parties = [newSecret(), newSecret()];
  const joint = jointKey(parties.map((secret) => secret.key));
  const order = [...Array(52).keys()].reverse();
  const dealt = parties.reduce((deck, secret) => shuffleTurn(deck, secret, order, joint, context), openDeck());
  const addsUpWith = (deck) => {
    const summed = deckSum(deck);
    const shares = parties.map((secret) => shareBatch([summed[0]], secret, words("sum")).shares[0]);
    return addsUp(summed, shares);
  };
  assert.ok(addsUpWith(dealt));
  // A second ace of spades, encrypted by anybody under the joint key, in place of the first card
  // (the deuce of clubs: the two turns reversed the deck twice).
  const Point = ristretto255.Point;
  const r = Point.Fn.create(12345n);
  const ace = [
    Point.BASE.multiply(r).toBytes(),
    Point.fromBytes(cardPoint("As")).add(Point.fromBytes(joint).multiply(r)).toBytes(),
  ];
  assert.ok(!addsUpWith([ace, ...dealt.slice(1)]));
  assert.ok(!addsUp(deckSum(dealt), [new Uint8Array(32)]), "a share that is no point");
});

test("the order point, each party's order value with its proof and the deal order are the library's", async () => {
  const { point, values, deal_order: dealt } = golden.order;
  assert.equal(hex(orderPoint(context)), point);
  assert.notEqual(hex(orderPoint(words(golden.context + " "))), point, "another deal");
  values.forEach((vector, party) => {
    const made = shareBatch([bytes(point)], secrets[party], words(vector.context));
    assert.deepEqual(
      { shares: made.shares.map(hex), challenge: hex(made.challenge), response: hex(made.response) },
      { shares: vector.shares, challenge: vector.challenge, response: vector.response },
    );
    const theirs = { ...made, points: [bytes(point)] };
    assert.ok(checkShares(theirs, secrets[party].key, words(vector.context)));
    assert.ok(!checkShares(theirs, secrets[1 - party].key, words(vector.context)), "another party's key");
  });
  const shares = values.map((vector) => bytes(vector.shares[0]));
  assert.deepEqual(await dealOrder(shares, context), dealt);
  assert.notDeepEqual(await dealOrder([...shares].reverse(), context), dealt, "the parties' order counts");
  await assert.rejects(dealOrder([shares[0], new Uint8Array(32)], context), /not a point/);
});
