// The page's half of the private deal (wildstud.private_deal): the same card points, masking,
// unmasking with its Chaum–Pedersen proof (one a card, or one for a batch of cards), and check
// of another party's unmasking, computed with @noble/curves' Ristretto255 (vendored under
// static/vendor/noble by scripts/vendor-noble.mjs).
// Held to the library's fixed vectors by tests/client/privatedeal.test.js: a page and the server
// compute the same bytes, or a deal between them could not be played. Points and scalars travel
// as 32 bytes (Uint8Array); a scalar is little-endian, as libsodium writes it.

import { ristretto255, ristretto255_hasher } from "../vendor/noble/curves/ed25519.js";
import { sha512 } from "../vendor/noble/hashes/sha2.js";
import { bytesToNumberLE, numberToBytesLE } from "../vendor/noble/curves/utils.js";

const Point = ristretto255.Point;
const Fn = Point.Fn;
const DOMAIN = new TextEncoder().encode("wildstud private deal v1");
const BASE = Point.BASE.toBytes();
const text = (words) => new TextEncoder().encode(words);

/** SHA-512 over the parts, each with its length first (the library's _hash). */
function hashParts(...parts) {
  const chunks = [DOMAIN];
  for (const part of parts) {
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, part.length);
    chunks.push(length, part);
  }
  const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return sha512(all);
}

const reduce = (bytes) => Fn.create(bytesToNumberLE(bytes));
const toScalar = (bytes) => Fn.create(bytesToNumberLE(bytes));
const scalarBytes = (scalar) => numberToBytesLE(scalar, 32);
const point = (bytes) => Point.fromBytes(bytes);

/** The point a card stands for (`"As"`, `"Td"`…), hashed from its name. */
export function cardPoint(card) {
  return ristretto255_hasher.deriveToCurve(hashParts(text("card"), text(card))).toBytes();
}

/** A secret scalar for one deal and the key it publishes. */
export function secretOf(scalar) {
  return { scalar, key: Point.BASE.multiply(toScalar(scalar)).toBytes() };
}

/** A fresh secret from the browser's cryptographic generator. */
export function newSecret() {
  const wide = crypto.getRandomValues(new Uint8Array(64));
  return secretOf(scalarBytes(reduce(wide)));
}

/** One party's turn at the deck: every card masked with its secret, and reordered
 * (`order[j]`: the position whose card goes to position `j`). */
export function maskAndShuffle(deck, secret, order) {
  const x = toScalar(secret.scalar);
  return order.map((source) => point(deck[source]).multiply(x).toBytes());
}

/** The Fiat–Shamir challenge of an unmasking's proof (the library's _challenge), a scalar. */
export function challenge(key, before, after, a, b, context) {
  return reduce(hashParts(text("unmask"), context, BASE, key, after, before, a, b));
}

/** The secret's mask taken off `before`, with the proof that the same secret is behind `key`,
 * bound to `context` (bytes naming the table, hand, deal, position and party). */
export function unmask(before, secret, context) {
  const x = toScalar(secret.scalar);
  const opened = point(before).multiply(Fn.inv(x)); // kept, not decoded again from its bytes
  const after = opened.toBytes();
  const nonce = reduce(hashParts(text("nonce"), secret.scalar, context, before));
  const a = Point.BASE.multiply(nonce).toBytes();
  const b = opened.multiply(nonce).toBytes();
  const c = challenge(secret.key, before, after, a, b, context);
  const s = Fn.add(nonce, Fn.mul(c, x));
  return { before, after, challenge: scalarBytes(c), response: scalarBytes(s) };
}

/** Whether `step` is the unmasking of the party with key `key` in `context`. Everything a check
 * multiplies is public (a key, the points, the proof), so it uses the faster multiplication that
 * is not constant-time: no secret's timing to hide, and a page checks some hundreds a hand. */
export function checkUnmasking(step, key, context) {
  try {
    const c = toScalar(step.challenge);
    const s = toScalar(step.response);
    const a = Point.BASE.multiplyUnsafe(s).subtract(point(key).multiplyUnsafe(c));
    const b = point(step.after).multiplyUnsafe(s).subtract(point(step.before).multiplyUnsafe(c));
    return Fn.eql(challenge(key, step.before, step.after, a.toBytes(), b.toBytes(), context), c);
  } catch {
    return false; // not a point, a zero scalar: no proof
  }
}

const ZERO = Point.ZERO;
const u32 = (value) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
};

/** The hash binding a batch (context, key, every pair in order) and the weight of each pair after
 * the first (whose weight is one) from it, 128 bits: the hash's first 16 bytes (the library's
 * _weighed). */
function weighed(key, befores, afters, context) {
  const pairs = befores.flatMap((before, index) => [before, afters[index]]);
  const seed = hashParts(text("batch"), context, BASE, key, ...pairs);
  const weight = (index) => bytesToNumberLE(hashParts(text("weight"), seed, u32(index)).subarray(0, 16));
  return { seed, weights: befores.slice(1).map((_, index) => weight(index + 1)) };
}

/** `points[0]` plus each other point times its weight (`weights[i - 1]`); the weights are
 * public, so the fast product that is not constant-time. */
function weightedSum(weights, points) {
  return points.slice(1).reduce((sum, each, index) => sum.add(each.multiplyUnsafe(weights[index])), points[0]);
}

/** The Fiat–Shamir challenge of a batch's proof (the library's _batch_challenge), a scalar. */
function batchChallenge(key, seed, summedBefore, summedAfter, a, b, context) {
  return reduce(hashParts(text("unmask batch"), context, BASE, key, seed, summedBefore, summedAfter, a, b));
}

/** The secret's mask taken off every one of `befores` (one or more), with one proof for all,
 * bound to `context` (the table, hand, deal, pass and party): the library's unmask_batch, byte
 * for byte. One constant-time product by the secret a point (its unmasking), one fast product
 * by its public weight, and three products for the proof whatever the batch's size (two for a
 * batch of one: its weight is one, its after the afters' sum). */
export function unmaskBatch(befores, secret, context) {
  if (befores.length === 0) throw new Error("a batch unmasks one point or more");
  const x = toScalar(secret.scalar);
  const inverse = Fn.inv(x);
  const points = befores.map(point);
  const afterPoints = points.map((each) => each.multiply(inverse));
  const afters = afterPoints.map((each) => each.toBytes());
  const { seed, weights } = weighed(secret.key, befores, afters, context);
  const summedBefore = weightedSum(weights, points);
  if (summedBefore.equals(ZERO)) throw new Error("the batch's weighted sum is the identity");
  // Σ wᵢ·afterᵢ, as the check sums it: the inverse times the befores' sum, or the one after.
  const summedAfter = weights.length ? summedBefore.multiply(inverse) : afterPoints[0];
  const nonce = reduce(hashParts(text("batch nonce"), secret.scalar, context, seed));
  const a = Point.BASE.multiply(nonce).toBytes();
  const b = summedAfter.multiply(nonce).toBytes();
  const sums = weights.length ? [summedBefore.toBytes(), summedAfter.toBytes()] : [befores[0], afters[0]];
  const c = batchChallenge(secret.key, seed, ...sums, a, b, context);
  const s = Fn.add(nonce, Fn.mul(c, x));
  return { befores: [...befores], afters, challenge: scalarBytes(c), response: scalarBytes(s) };
}

/** Whether `batch` ({befores, afters, challenge, response}, bytes) is the unmasking of the party
 * with key `key` in `context`: the library's check_batch. Everything in it is public. */
export function checkBatch(batch, key, context) {
  try {
    const { befores, afters } = batch;
    if (befores.length === 0 || befores.length !== afters.length) return false;
    const s = bytesToNumberLE(batch.response);
    if (batch.response.length !== 32 || batch.challenge.length !== 32 || s >= Fn.ORDER) return false;
    const decoded = [key, ...befores, ...afters].map(point);
    if (decoded.some((each) => each.equals(ZERO))) return false; // the identity masks nothing
    const { seed, weights } = weighed(key, befores, afters, context);
    const summedBefore = weightedSum(weights, decoded.slice(1, 1 + befores.length));
    const summedAfter = weightedSum(weights, decoded.slice(1 + befores.length));
    if (summedBefore.equals(ZERO) || summedAfter.equals(ZERO)) return false; // as libsodium refuses
    const c = toScalar(batch.challenge);
    const a = Point.BASE.multiplyUnsafe(s).subtract(decoded[0].multiplyUnsafe(c));
    const b = summedAfter.multiplyUnsafe(s).subtract(summedBefore.multiplyUnsafe(c));
    const sums = weights.length ? [summedBefore.toBytes(), summedAfter.toBytes()] : [befores[0], afters[0]];
    const made = batchChallenge(key, seed, ...sums, a.toBytes(), b.toBytes(), context);
    return scalarBytes(made).every((byte, index) => byte === batch.challenge[index]);
  } catch {
    return false; // not a point, a zero scalar, an identity sum: no proof
  }
}

const cardPoints = new Map(); // each card's point, hashed once a page (a hash to the curve each)
const pointOfCard = (card) => {
  if (!cardPoints.has(card)) cardPoints.set(card, point(cardPoint(card)));
  return cardPoints.get(card);
};

/** The owner's own last mask taken off: the card's name, among `cards` (every card's name). */
export function openOwn(masked, secret, cards) {
  const opened = point(masked).multiply(Fn.inv(toScalar(secret.scalar)));
  const found = cards.find((card) => pointOfCard(card).equals(opened));
  if (found === undefined) throw new Error("the point is no card: a mask is still on it");
  return found;
}
