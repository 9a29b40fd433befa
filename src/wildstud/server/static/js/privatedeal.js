// The page's half of the private deal, version 2 (wildstud.private_deal, whose docstring holds the
// protocol byte for byte): ElGamal over Ristretto255 under the deal's joint key. A party's key with
// its Schnorr proof of knowledge, its turn at the deck (reordered, every ciphertext re-randomised),
// its shares of a street's positions with one Chaum–Pedersen proof, the check of another party's
// shares, its own card opened alone and a face-up card from every share; computed with
// @noble/curves' Ristretto255 (vendored under static/vendor/noble by scripts/vendor-noble.mjs).
// Held to the library's fixed vectors by tests/client/privatedeal.test.js: a page and the server
// compute the same bytes, or a deal between them could not be played. Points and scalars travel
// as 32 bytes (Uint8Array; a scalar little-endian, as libsodium writes it), a ciphertext as the
// pair [c1, c2].

import { ristretto255, ristretto255_hasher } from "../vendor/noble/curves/ed25519.js";
import { sha512 } from "../vendor/noble/hashes/sha2.js";
import { bytesToNumberLE, numberToBytesLE } from "../vendor/noble/curves/utils.js";
import { mulAddUnsafe } from "../vendor/noble/curves/abstract/curve.js";
import { permutation } from "./jointshuffle.js";

const Point = ristretto255.Point;
const Fn = Point.Fn;
const text = (words) => new TextEncoder().encode(words);
const DOMAIN = text("wildstud private deal v2");
const CARD_DOMAIN = text("wildstud private deal v1"); // the card points are the first version's
const BASE = Point.BASE.toBytes();
const IDENTITY = new Uint8Array(32);

/** The position at which the order round names its one point (the library's private_wire.ORDER). */
export const ORDER_POSITION = 53;
const ORDER_MESSAGE = text("wildstud/deal-order\0");

/** Every card's name, in the library's DECK order (the open deck's). */
export const CARDS = [..."23456789TJQKA"].flatMap((rank) => [..."cdhs"].map((suit) => rank + suit));

const u32 = (value) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
};

/** SHA-512 over the domain, then each part with its length first (the library's _hash). */
function hashParts(domain, parts) {
  const chunks = [domain];
  for (const part of parts) chunks.push(u32(part.length), part);
  const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return sha512(all);
}

const hash = (...parts) => hashParts(DOMAIN, parts);
/** A hash read as a scalar: its 64 bytes little-endian modulo the group's order (the library's
 * _scalar, libsodium's scalar_reduce). */
const hashScalar = (...parts) => Fn.create(bytesToNumberLE(hash(...parts)));
const toScalar = (bytes) => Fn.create(bytesToNumberLE(bytes));
const scalarBytes = (scalar) => numberToBytesLE(scalar, 32);

/** The point `bytes` encode, refused (an Error) unless a point of the group other than the
 * identity (the library's _point). */
function groupPoint(bytes) {
  let decoded = null;
  try {
    decoded = Point.fromBytes(bytes);
  } catch {
    decoded = null; // not a canonical encoding
  }
  if (decoded === null || decoded.is0()) throw new Error("not a point of the group (Ristretto255)");
  return decoded;
}

/** A scalar from a proof, as the library checks it: 32 bytes below the group's order (null:
 * none). */
function canonical(bytes) {
  if (bytes.length !== 32) return null;
  const value = bytesToNumberLE(bytes);
  return value < Fn.ORDER ? value : null;
}

const sameBytes = (one, other) => one.length === other.length && one.every((byte, index) => byte === other[index]);

/** The point a card stands for (`"As"`, `"Td"`…), hashed from its name (the first version's hash:
 * the points are unchanged). */
export function cardPoint(card) {
  return ristretto255_hasher.deriveToCurve(hashParts(CARD_DOMAIN, [text("card"), text(card)])).toBytes();
}

let cardsByPoint = null; // each card's point (hexadecimal) to its name, hashed once a page
const toHex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

/** The card whose point is `decoded`, or an Error: a share is missing, or was forged. */
function cardOf(decoded) {
  cardsByPoint ??= new Map(CARDS.map((card) => [toHex(cardPoint(card)), card]));
  const card = cardsByPoint.get(toHex(decoded.toBytes()));
  if (card === undefined) throw new Error("the point is no card: a share is missing, or it was forged");
  return card;
}

/** The point whose share is each party's order value in the deal of `context` (the library's
 * order_point): hashed to the group from H("order", context), as a card's point is. */
export function orderPoint(context) {
  return ristretto255_hasher.deriveToCurve(hash(text("order"), context)).toBytes();
}

/** The deal order of the deal of `context` from every party's order value (`values`, in the
 * parties' order; the library's deal_order): `order[k]` is the position of the dealt deck dealt
 * k-th, a permutation keyed by the first 32 bytes of H("deal order", context, v0, v1, …). */
export async function dealOrder(values, context) {
  values.forEach(groupPoint); // the identity is no value
  const key = hash(text("deal order"), context, ...values).slice(0, 32);
  return permutation(key, ORDER_MESSAGE, CARDS.length);
}

/** A secret scalar for one deal and the key it publishes. */
export function secretOf(scalar) {
  return { scalar, key: Point.BASE.multiply(toScalar(scalar)).toBytes() };
}

/** A fresh secret from the browser's cryptographic generator. */
export function newSecret() {
  const wide = crypto.getRandomValues(new Uint8Array(64));
  return secretOf(scalarBytes(Fn.create(bytesToNumberLE(wide))));
}

const keyChallenge = (context, party, key, r) => hashScalar(text("key"), context, u32(party), BASE, key, r);

/** The Schnorr proof (`{challenge, response}`) that party `party` knows `secret`, bound to the
 * deal's `context` (the library's prove_key). */
export function proveKey(secret, context, party) {
  const x = toScalar(secret.scalar);
  const nonce = hashScalar(text("key nonce"), secret.scalar, context, u32(party));
  const c = keyChallenge(context, party, secret.key, Point.BASE.multiply(nonce).toBytes());
  return { challenge: scalarBytes(c), response: scalarBytes(Fn.add(nonce, Fn.mul(c, x))) };
}

/** Whether `proof` shows that party `party` knows the secret of `key` in `context` (the library's
 * check_key). Everything in it is public: the fast products that are not constant-time. */
export function checkKey(key, proof, context, party) {
  try {
    const h = groupPoint(key);
    const s = canonical(proof.response);
    const c = canonical(proof.challenge);
    if (s === null || c === null || s === 0n || c === 0n) return false; // libsodium refuses the identity
    const r = Point.BASE.multiplyUnsafe(s).subtract(h.multiplyUnsafe(c));
    return keyChallenge(context, party, key, r.toBytes()) === c;
  } catch {
    return false; // not a point
  }
}

/** The deal's joint key: the sum of every party's key (each checked with its proof first). */
export function jointKey(keys) {
  if (!keys.length) throw new Error("a joint key is the sum of one key or more");
  const total = keys.map(groupPoint).reduce((sum, each) => sum.add(each));
  if (total.is0()) throw new Error("not a point of the group (Ristretto255)");
  return total.toBytes();
}

let cardsSum = null; // the sum of the 52 card points, added once a page

/** The sum of the 52 card points (the library's CARDS_SUM): what a dealt deck's sum opens to. */
export function cardsSumPoint() {
  cardsSum ??= CARDS.map((card) => Point.fromBytes(cardPoint(card))).reduce((sum, each) => sum.add(each));
  return cardsSum.toBytes();
}

/** What a page keeps of a dealt deck (each ciphertext in hexadecimal) to hold the night record
 * to: the first 32 bytes of SHA-512 over their text, in hexadecimal (the page's own, not the
 * protocol's: only a page compares it, with the record's last turn of the deck). */
export function deckDigest(deck) {
  return toHex(sha512(text(deck.join("").toLowerCase())).slice(0, 32));
}

/** The sum of every ciphertext of `deck`, [Σ c1, Σ c2]: a ciphertext of the sum of its cards'
 * points, whatever their order (the library's deck_sum; the first pass of a deal opens it, as
 * position 52, so that a card put in under the joint key is caught before a card is dealt). */
export function deckSum(deck) {
  return [pointSum(deck.map(([c1]) => c1)), pointSum(deck.map(([, c2]) => c2))];
}

/** The sum of `points` (each 32 bytes), as 32 bytes: a deck's c1 sum alone is what a page checks
 * the deck's sum it is asked to share against. */
export function pointSum(points) {
  return points
    .map((point) => Point.fromBytes(point))
    .reduce((total, each) => total.add(each))
    .toBytes();
}

/** Whether the deck's sum `summed` opens, with every party's share of it, to the 52 card points'
 * sum (the library's adds_up): the deck holds the 52 cards, or what was put in opens to no card. */
export function addsUp(summed, shares) {
  try {
    return sameBytes(lessShares(summed, shares)[1], cardsSumPoint());
  } catch {
    return false; // a share that is no point
  }
}

/** The deck before the first party's turn: each card's point under no randomness, [O, M], in
 * CARDS' order. */
export function openDeck() {
  return CARDS.map((card) => [IDENTITY, cardPoint(card)]);
}

/** The randomiser of position `position` in the turn at the deck of the party whose secret is
 * `scalar` (its 32 bytes as published), a scalar: Hs("randomise", x, context, position). */
export const randomiser = (scalar, context, position) => hashScalar(text("randomise"), scalar, context, u32(position));

/** One party's turn at the deck (the library's shuffle_turn): reordered by `order` (`order[j]`:
 * the position of `deck` whose ciphertext goes to position `j`), and each ciphertext re-randomised
 * under the joint key `joint` by s_j = Hs("randomise", x, context, j). The randomisers are secret
 * until the hand is over (they would link each card to where it came from): constant-time
 * products. */
export function shuffleTurn(deck, secret, order, joint, context) {
  if ([...order].sort((a, b) => a - b).some((value, index) => value !== index) || order.length !== deck.length) {
    throw new Error(`an order of ${deck.length} positions names each position once`);
  }
  const J = groupPoint(joint);
  J.precompute(4); // a table of its multiples for the 52 products by it: a third of their time
  return order.map((source, j) => {
    const s = randomiser(secret.scalar, context, j);
    const [c1, c2] = deck[source];
    return [
      Point.fromBytes(c1).add(Point.BASE.multiply(s)).toBytes(),
      Point.fromBytes(c2).add(J.multiply(s)).toBytes(),
    ];
  });
}

/** The seed binding a batch (its context, the key, every pair in order) and the weight of each
 * pair after the first (whose weight is one): 128 bits, the first 16 bytes of a hash (the
 * library's _weighed). */
function weighed(key, points, shares, context) {
  const pairs = points.flatMap((each, index) => [each, shares[index]]);
  const seed = hash(text("shares"), context, BASE, key, ...pairs);
  const weight = (index) => bytesToNumberLE(hash(text("weight"), seed, u32(index)).subarray(0, 16));
  return { seed, weights: points.slice(1).map((_, index) => weight(index + 1)) };
}

/** `points[0]` plus each other point times its weight (`weights[k - 1]`): the weights are public,
 * so one interleaved product that is not constant-time (one chain of doublings for them all). */
function weightedSum(weights, points) {
  return weights.length ? mulAddUnsafe(Point, points, [1n, ...weights]) : points[0];
}

const sharesChallenge = (context, key, seed, summed, summedShares, a, b) =>
  hashScalar(text("shares"), context, BASE, key, seed, summed, summedShares, a, b);

/** `secret`'s share of each of `points` (the c1 of each position to open, one or more), with one
 * Chaum–Pedersen proof for them all bound to `context` (the deal, the positions and the party):
 * the library's share_batch, byte for byte. `{points, shares, challenge, response}`, bytes. One
 * constant-time product by the secret a point, one fast product by its public weight a point
 * after the first, and three products for the proof. */
export function shareBatch(points, secret, context) {
  if (!points.length) throw new Error("a batch of shares is of one point or more");
  const decoded = points.map(groupPoint);
  const x = toScalar(secret.scalar);
  const shares = decoded.map((each) => each.multiply(x).toBytes());
  const { seed, weights } = weighed(secret.key, points, shares, context);
  const summed = weightedSum(weights, decoded);
  if (summed.is0()) throw new Error("the batch's weighted sum is the identity");
  // Σ wₖ·dₖ, as the check sums it: the secret times the points' sum, or a single share itself
  const sums = weights.length ? [summed.toBytes(), summed.multiply(x).toBytes()] : [points[0], shares[0]];
  const nonce = hashScalar(text("shares nonce"), secret.scalar, context, seed);
  const a = Point.BASE.multiply(nonce).toBytes();
  const b = summed.multiply(nonce).toBytes();
  const c = sharesChallenge(context, secret.key, seed, ...sums, a, b);
  const response = scalarBytes(Fn.add(nonce, Fn.mul(c, x)));
  return { points: [...points], shares, challenge: scalarBytes(c), response };
}

/** Whether `batch` ({points, shares, challenge, response}, bytes) is the shares of the party with
 * key `key` in `context`: the one proof holds for every pair, in their order (the library's
 * check_shares). Everything in it is public: the fast products that are not constant-time. */
export function checkShares(batch, key, context) {
  try {
    const { points, shares } = batch;
    if (!points.length || points.length !== shares.length) return false;
    const decoded = points.map(groupPoint);
    const decodedShares = shares.map(groupPoint);
    const h = groupPoint(key);
    const { seed, weights } = weighed(key, points, shares, context);
    const summed = weightedSum(weights, decoded);
    const summedShares = weightedSum(weights, decodedShares);
    const s = canonical(batch.response);
    const c = batch.challenge.length === 32 ? canonical(batch.challenge) : null;
    // libsodium refuses a product that is the identity (a zero scalar, or an identity sum)
    if (s === null || c === null || s === 0n || c === 0n || summed.is0() || summedShares.is0()) return false;
    const a = Point.BASE.multiplyUnsafe(s).subtract(h.multiplyUnsafe(c));
    const b = mulAddUnsafe(Point, [summed, summedShares], [s, Fn.neg(c)]); // s·C − c·D
    const sums = weights.length ? [summed.toBytes(), summedShares.toBytes()] : [points[0], shares[0]]; // canonical
    const made = sharesChallenge(context, key, seed, ...sums, a.toBytes(), b.toBytes());
    return sameBytes(scalarBytes(made), batch.challenge);
  } catch {
    return false; // not a point
  }
}

/** `ciphertext` with `shares` taken off its c2: what is left to open once those parties shared it
 * (its owner's share alone, for a face-down card). */
export function lessShares(ciphertext, shares) {
  const [c1, c2] = ciphertext;
  return [c1, shares.reduce((left, share) => left.subtract(groupPoint(share)), Point.fromBytes(c2)).toBytes()];
}

/** The card under `ciphertext` (its name), from every party's share of it. */
export function openCard(ciphertext, shares) {
  const [, c2] = ciphertext;
  return cardOf(shares.reduce((left, share) => left.subtract(groupPoint(share)), Point.fromBytes(c2)));
}

/** The owner's card: every other party's share (none where they are off already: lessShares),
 * and its own x·c1 taken off alone, never sent (a constant-time product by the secret). */
export function openOwn(ciphertext, shares, secret) {
  const [c1, c2] = ciphertext;
  const own = groupPoint(c1).multiply(toScalar(secret.scalar));
  return cardOf(shares.reduce((left, share) => left.subtract(groupPoint(share)), Point.fromBytes(c2)).subtract(own));
}
