// The page's own audit of a private night record (issue 26 item 2; format
// wildstud-private-night/3, private deal v3; GET /api/tables/{id}/night-record of a table that
// dealt privately), as src/wildstud/history/private_night.py audits it for `wildstud verify
// --night`: every deal played again from its rows alone, each row checked as the table checked it
// (a key with its proof of knowledge, a turn of the deck 52 different ciphertexts of points of
// the group, each batch of shares and each show with its one Chaum–Pedersen proof, each face-up
// card a card once every party shared it), a row that does not hold named as its party's
// ("refused") and the deal's replay stopped there; then, once every party published its secret
// and order, each party's turn at the deck done again from them, and each of its batches of
// shares. The faults come in the library's order and words (words.js), each naming its party:
// tests/golden/private_night.json, written by the library, holds the two audits together
// (tests/client/privateaudit.test.js). So a server that lies about its own audit (its
// `private_audit` frame) is caught in the page, not only on the command line. A record of private
// deal v1 (wildstud-private-night/1, or a deal whose first row names no version) is refused with
// the library's sentence, naming its version, as is one of v2 (its proofs are bound to no seats).
//
// The group arithmetic is @noble/curves' Ristretto255, as privatedeal.js's. What this module adds
// is only libsodium's reading of the bytes, so that a forged record is judged as the library
// judges it: a secret is read little-endian with its top bit cleared (crypto_scalarmult's), and
// neither the identity nor a non-canonical encoding is a point. Everything multiplied is public
// once the secrets are published, so the faster multiplication that is not constant-time is used
// throughout.

import { ristretto255 } from "../vendor/noble/curves/ed25519.js";
import { bytesToNumberLE } from "../vendor/noble/curves/utils.js";
import {
  CARDS,
  ORDER_POSITION,
  addsUp,
  cardPoint,
  checkKey,
  checkShares,
  dealOrder,
  deckDigest,
  deckSum,
  orderPoint,
  randomiser,
} from "./privatedeal.js";
import { batchContext, label } from "./privaterounds.js";
import { describeOwnPartChanged, describePrivateAudit, describePrivateFault } from "./words.js";

/** The format of a private night record (night_audit.py's PRIVATE_FORMAT), and what every
 * version's begins with (PRIVATE_PREFIX). */
export const PRIVATE_FORMAT = "wildstud-private-night/3";
const PRIVATE_PREFIX = "wildstud-private-night/";
/** The version of the private deal this module audits (private_deal.VERSION). */
const VERSION = 3;

const Point = ristretto255.Point;
const Fn = Point.Fn;
const ORDER = Fn.ORDER;
const TOP_BIT_CLEAR = (1n << 255n) - 1n;
const KINDS = ["parties", "key", "deck", "order", "pass", "unmask", "show", "reveal"];
const SERVER_ROW = -1;
const DECK_SIZE = 52;
const SUM = DECK_SIZE; // the position the deck's sum is opened at, in a deal's first pass

const toHex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
const fromHex = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
const isInt = (value) => Number.isInteger(value) && typeof value === "number";
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const text = (words) => new TextEncoder().encode(words);
/** Whether `value` is true as Python reads it (an empty list or object is not). */
const truthy = (value) =>
  Boolean(value) && !(Array.isArray(value) && !value.length) && !(isObject(value) && !Object.keys(value).length);

/** A step the replay refuses (the library's PrivateDealError and the errors its reading
 * raises): its row's party is named "refused". */
class Refused extends Error {}

/** A record the library cannot read (its RecordError), with the library's sentence. */
class Unreadable extends Error {}

const WHITESPACE = " \t\n\r\x0b\x0c";

/** Bytes from hexadecimal text as Python's bytes.fromhex reads it (either case, whitespace
 * between bytes), as lowercase hexadecimal: the same bytes compare equal. */
function hexOf(value) {
  if (typeof value !== "string") throw new Refused("not hexadecimal text");
  let out = "";
  for (let at = 0; at < value.length;) {
    if (WHITESPACE.includes(value[at])) {
      at++;
      continue;
    }
    const pair = value.slice(at, at + 2);
    if (!/^[0-9a-fA-F]{2}$/.test(pair)) throw new Refused("not hexadecimal text");
    out += pair.toLowerCase();
    at += 2;
  }
  return out;
}

/** A value of `digits` hexadecimal digits (a point or scalar: 64; a ciphertext: 128), as the
 * library's private_wire reads it, in lowercase; anything else is refused (whitespace within it
 * reads as fewer bytes, which the library refuses further on). */
function hexDigits(value, digits) {
  if (typeof value !== "string" || value.length !== digits || !/^[0-9a-fA-F]*$/.test(value)) {
    throw new Refused(`${digits / 2} bytes in hexadecimal`);
  }
  return value.toLowerCase();
}

/** A secret as libsodium multiplies by it: little-endian, top bit cleared, modulo the order
 * (the group has prime order, so the product is the same). */
function scalarOf(hex) {
  return (bytesToNumberLE(fromHex(hex)) & TOP_BIT_CLEAR) % ORDER;
}

/** The points of one audit, decoded once each (a decoding is a square root). */
class Points {
  constructor() {
    this.decoded = new Map();
  }

  /** The point `hex` encodes, or null: not 32 bytes, not a canonical encoding, or the identity
   * (libsodium's is_valid_point and the library's _point). */
  of(hex) {
    if (!this.decoded.has(hex)) {
      let point = null;
      if (hex.length === 64) {
        try {
          point = Point.fromBytes(fromHex(hex));
          if (point.equals(Point.ZERO)) point = null;
        } catch {
          point = null;
        }
      }
      this.decoded.set(hex, point);
    }
    return this.decoded.get(hex);
  }
}

let cardPoints = null; // each card's point (hexadecimal), hashed once a page
const cardHexes = () => (cardPoints ??= CARDS.map((card) => toHex(cardPoint(card))));
let cardsByPoint = null;

/** The card whose point is `point` (every share off), or null: the library's card_of. */
function cardAt(point) {
  cardsByPoint ??= new Map(cardHexes().map((hex, index) => [hex, CARDS[index]]));
  return cardsByPoint.get(toHex(point.toBytes())) ?? null;
}

/** Whether `sent` (decoded ciphertexts) is `deck` reordered by `order` and each ciphertext
 * re-randomised under the joint key `joint` by the randomisers of `secret` (its published bytes)
 * in `context`: (c1 + s_j·G, c2 + s_j·J), each product over a table of its base's multiples (the
 * group's base point, and the joint key's: made once a deal), compared as points. */
function turnedAs(sent, deck, order, secret, joint, context) {
  return order.every((source, j) => {
    const s = randomiser(secret, context, j);
    const [c1, c2] = deck[source];
    return sent[j][0].equals(c1.add(base().multiplyUnsafe(s))) && sent[j][1].equals(c2.add(joint.multiplyUnsafe(s)));
  });
}

/** What is wrong with a turn sent otherwise than its party's secret and order say (the library's
 * _turn_fault): under `total`, the sum of every secret, it decrypts to the cards it was given
 * (`reordered`: elsewhere, or re-randomised otherwise) or to others (`substituted`). */
function turnFault(sent, expected, total) {
  const opened = sent.map(([c1, c2]) => (total === 0n ? null : cardAt(c2.subtract(c1.multiplyUnsafe(total)))));
  const sorted = (cards) => cards.map((card) => card ?? "").sort();
  return sorted(opened).join() === sorted(expected).join() ? "reordered" : "substituted";
}

/** A key with its proof as a row carries it (`{key, challenge, response}`), in lowercase. */
function keyOf(data) {
  if (!isObject(data)) throw new Refused("a key comes with its proof: an object");
  const [key, challenge, response] = [data.key, data.challenge, data.response].map((value) => hexDigits(value, 64));
  return { key, challenge, response };
}

/** A batch of shares as a row carries it (`{batch: [[position, point, share], …], challenge,
 * response}`), each value as the library's point_bytes reads it. */
function sharesOf(data) {
  const pairs = isObject(data) ? data.batch : null;
  if (!(Array.isArray(pairs) && pairs.every((pair) => Array.isArray(pair) && pair.length === 3))) {
    throw new Refused("a batch's shares are a position, a point and a share");
  }
  return {
    points: pairs.map((pair) => hexDigits(pair[1], 64)),
    shares: pairs.map((pair) => hexDigits(pair[2], 64)),
    challenge: hexDigits(data.challenge, 64),
    response: hexDigits(data.response, 64),
  };
}

/** One deal's rounds played again from its rows (the library's DealRounds, the part that
 * `apply` uses): each row taken as the table took it, or Refused. */
class Replay {
  constructor(context, deal, parties, points) {
    Object.assign(this, { context, deal, parties, points });
    this.dealContext = text(`${context}|deal ${deal}`);
    this.keys = new Map();
    this.joint = null;
    this.decks = []; // each turn of the deck (in the order of `turns`), ciphertexts as [c1, c2] in hexadecimal
    this.summed = null; // the dealt deck's sum, [c1, c2] in hexadecimal, once worked out
    this.values = new Map(); // each party's order value taken (hexadecimal)
    this.dealing = null; // the deal order once every value is in: dealing[k], the position dealt k-th
    this.passes = [];
    this.pending = new Set(); // the parties whose shares the pass open waits for
    this.shares = new Map(); // each position's shares taken, by party
    this.steps = []; // every batch of shares taken: {party, pairs: [[c1, share], …]}
    this.owners = new Map();
    this.shown = new Set();
    this.revealed = new Map();
  }

  get stage() {
    if (this.keys.size < this.parties.length) return "keys";
    if (this.decks.length < this.parties.length) return "masking";
    if (this.dealing === null) return "order";
    return this.pending.size ? "pass" : "ready";
  }

  /** The parties in the order they turn the deck: the server (the last party) first, then the
   * pages in their order (the library's DealRounds.turns). */
  get turns() {
    const last = this.parties.length - 1;
    return [last, ...this.parties.slice(0, last).map((_, index) => index)];
  }

  owner(seat) {
    const index = this.parties.findIndex((party) => party.seats.includes(seat));
    return index < 0 ? null : index;
  }

  /** What `party`'s one proof of its shares of `positions` is bound to (the library's
   * batch_context): in a pass, with where each card goes (`|to d3,u1,u`, privaterounds.js label). */
  batchContext(positions, party, show = false) {
    const pass = !show && !(positions.length === 1 && positions[0] === ORDER_POSITION);
    return batchContext(this.context, this.deal, positions, party, show, pass ? this.labels(positions) : []);
  }

  /** Where each of `positions` goes, as its pass says (the deck's sum: face up to nobody). */
  labels(positions) {
    const slots = new Map(this.passes.flat().map((slot) => [slot.position, slot]));
    return positions.map((position) =>
      position === SUM ? "u" : label(slots.get(position).seat, slots.get(position).up),
    );
  }

  party(party) {
    if (!isInt(party) || party < 0 || party >= this.parties.length) throw new Refused(`no party ${party}`);
  }

  toUnmask(party) {
    if (!this.pending.size) return [];
    const last = this.passes[this.passes.length - 1];
    const positions = last.filter((slot) => slot.up || this.owner(slot.seat) !== party).map((slot) => slot.position);
    return this.passes.length === 1 ? [...positions, SUM] : positions; // the first pass opens the deck's sum too
  }

  /** The ciphertext of the `position`-th card dealt: the dealt deck's position dealing[position]
   * (at SUM, the deck's sum). */
  dealt(position) {
    const deck = this.decks[this.decks.length - 1];
    if (deck && position === SUM) {
      this.summed ??= deckSum(deck.map((pair) => pair.map(fromHex))).map(toHex);
      return this.summed;
    }
    if (!deck || !isInt(position) || position < 0 || position >= deck.length) throw new Refused("no such position");
    return deck[this.dealing[position]];
  }

  /** The point a share of `position` is of: a dealt card's c1, or the order point. */
  c1(position) {
    if (position === ORDER_POSITION) return (this.orderPoint ??= toHex(orderPoint(this.dealContext)));
    return this.dealt(position)[0];
  }

  apply(row) {
    const { kind, party, data } = row;
    if (kind === "key") return this.key(party, keyOf(data));
    if (kind === "deck") {
      if (!Array.isArray(data)) throw new Refused("a deck is a list of ciphertexts");
      return this.deck(
        party,
        data.map((item) => hexDigits(item, 128)),
      );
    }
    if (kind === "pass") {
      if (!Array.isArray(data) || !data.every((slot) => Array.isArray(slot) && slot.length === 3)) {
        throw new Refused("a pass is a list of slots");
      }
      return this.open(data.map(([position, seat, up]) => ({ position, seat, up: truthy(up) })));
    }
    if (kind === "order") return this.order(party, sharesOf(data));
    if (kind === "unmask") return this.unmask(party, sharesOf(data));
    if (kind === "show") {
      if (!isObject(data) || !("seat" in data) || !("batch" in data)) throw new Refused("a show");
      return this.show(party, data.seat, truthy(data.batch) ? sharesOf(data) : null); // none: nothing left to show
    }
    if (kind === "reveal") {
      if (!isObject(data) || !("secret" in data) || !("order" in data)) throw new Refused("a reveal");
      return this.reveal(party, hexOf(data.secret), data.order);
    }
    // "parties" again: the rounds began with them; nothing to take
  }

  key(party, { key, challenge, response }) {
    this.party(party);
    if (this.keys.has(party)) {
      if (this.keys.get(party) === key) return; // the same key again: taken once
      throw new Refused("a key once published stands for the deal");
    }
    if (this.stage !== "keys") throw new Refused("the keys are all in");
    if (this.points.of(key) === null) throw new Refused("a key is a point of the group");
    const proof = { challenge: fromHex(challenge), response: fromHex(response) };
    if (!checkKey(fromHex(key), proof, this.dealContext, party)) throw new Refused("its proof of knowledge fails");
    this.keys.set(party, key);
    if (this.keys.size === this.parties.length) {
      const keys = this.parties.map((_, index) => this.points.of(this.keys.get(index)));
      const joint = keys.reduce((sum, each) => sum.add(each));
      if (joint.is0()) throw new Refused("the joint key is no point of the group");
      this.joint = toHex(joint.toBytes());
    }
  }

  deck(party, deck) {
    this.party(party);
    if (this.stage !== "masking" || this.turns[this.decks.length] !== party)
      throw new Refused("not its turn at the deck");
    if (deck.length !== DECK_SIZE || new Set(deck).size !== DECK_SIZE) throw new Refused("52 different ciphertexts");
    const halves = deck.map((item) => [item.slice(0, 64), item.slice(64)]);
    if (!halves.every((pair) => pair.every((half) => this.points.of(half) !== null))) {
      throw new Refused("a ciphertext is two points of the group");
    }
    this.decks.push(halves);
  }

  open(slots) {
    this.passes.push(slots);
    this.pending = new Set(this.parties.map((_, party) => party)); // toUnmask reads the pass open
    this.pending = new Set([...this.pending].filter((party) => this.toUnmask(party).length));
  }

  closePass() {
    if (this.passes.length === 1) {
      const shares = [...(this.shares.get(SUM)?.values() ?? [])].map(fromHex);
      if (!addsUp(this.dealt(SUM).map(fromHex), shares))
        throw new Refused("the dealt deck does not add up to the 52 cards");
    }
    for (const slot of this.passes[this.passes.length - 1]) {
      if (slot.up) {
        if (!this.cardOf(slot.position, [...this.shares.get(slot.position).values()])) {
          throw new Refused("a face-up card is no card once every party shared it");
        }
      } else {
        if (slot.seat === null) throw new Refused("a face-down card of nobody's");
        this.owners.set(slot.position, slot.seat);
      }
    }
  }

  /** The card at `position` with `shares` (hexadecimal) off its c2, or null: no card. */
  cardOf(position, shares) {
    const [, c2] = this.dealt(position);
    return cardAt(shares.reduce((left, share) => left.subtract(this.points.of(share)), this.points.of(c2)));
  }

  /** Refused unless `batch` is `party`'s shares of `positions`' c1, in order, with a proof that
   * holds for its key (the library's _holds). */
  holds(party, positions, batch, show) {
    const same =
      positions.length > 0 &&
      batch.points.length === positions.length &&
      positions.every((position, index) => batch.points[index] === this.c1(position));
    if (!this.keys.has(party)) throw new Refused("no key");
    const bytes = {
      points: batch.points.map(fromHex),
      shares: batch.shares.map(fromHex),
      challenge: fromHex(batch.challenge),
      response: fromHex(batch.response),
    };
    if (!same || !checkShares(bytes, fromHex(this.keys.get(party)), this.batchContext(positions, party, show))) {
      throw new Refused("its proof fails");
    }
  }

  /** The shares of `batch` (checked) kept, and the batch for the audit. */
  took(party, positions, batch) {
    positions.forEach((position, index) => {
      if (!this.shares.has(position)) this.shares.set(position, new Map());
      this.shares.get(position).set(party, batch.shares[index]);
    });
    this.steps.push({ party, pairs: batch.points.map((point, index) => [point, batch.shares[index]]) });
  }

  /** `party`'s order value (its share of the order point, with its proof); the last fixes the deal
   * order (the library's take_order). */
  async order(party, batch) {
    this.party(party);
    if (this.stage !== "order" || this.values.has(party)) throw new Refused("no order value is asked of this party");
    this.holds(party, [ORDER_POSITION], batch, false);
    this.steps.push({ party, pairs: [[batch.points[0], batch.shares[0]]] });
    this.values.set(party, batch.shares[0]);
    if (this.values.size === this.parties.length) {
      const values = this.parties.map((_, index) => fromHex(this.values.get(index)));
      this.dealing = await dealOrder(values, this.dealContext);
    }
  }

  unmask(party, batch) {
    this.party(party);
    if (!this.pending.has(party)) throw new Refused("nothing is asked of this party in this pass");
    const positions = this.toUnmask(party);
    this.holds(party, positions, batch, false);
    this.took(party, positions, batch);
    this.pending.delete(party);
    if (!this.pending.size) this.closePass();
  }

  show(party, seat, batch) {
    this.party(party);
    if (!this.parties[party].seats.includes(seat)) throw new Refused("not this party's seat");
    const positions = [...this.owners]
      .filter(([position, owner]) => owner === seat && !this.shown.has(position))
      .map(([position]) => position)
      .sort((a, b) => a - b);
    if (batch === null) {
      if (positions.length) throw new Refused("cards to show");
      return;
    }
    if (batch.shares.length !== positions.length) throw new Refused("cards to show");
    this.holds(party, positions, batch, true);
    positions.forEach((position, index) => {
      const others = [...(this.shares.get(position)?.values() ?? [])];
      if (!this.cardOf(position, [...others, batch.shares[index]])) throw new Refused("a card shown is no card");
    });
    positions.forEach((position) => this.shown.add(position));
    this.took(party, positions, batch);
  }

  reveal(party, secret, order) {
    this.party(party);
    if (this.revealed.has(party)) throw new Refused("a party publishes its secret once");
    if (secret.length !== 64) throw new Refused("a secret is 32 bytes");
    if (scalarOf(secret) === 0n) throw new Refused("a secret is a scalar other than zero");
    // tuple(order) in the library: anything but a list, text or object is refused
    if (!(Array.isArray(order) || typeof order === "string" || isObject(order))) throw new Refused("an order");
    this.revealed.set(party, { secret, order: Array.isArray(order) ? order : [...Object.keys(order ?? {})] });
  }

  /** The deal's faults once every party published (the library's private_deal.audit): a key
   * that is not the secret's, an order that is no order, a turn of the deck reordered or
   * re-randomised otherwise than its party says or with a card put in, then each batch of shares
   * that does not follow from its party's secret. */
  async audit(tick) {
    const faults = [];
    const count = this.parties.length;
    const scalars = [];
    const owned = []; // whether each party's secret is its key's
    let total = 0n; // the sum of every secret (libsodium's scalar_add: each read whole)
    for (let party = 0; party < count; party++) {
      const { secret } = this.revealed.get(party);
      const scalar = scalarOf(secret); // not zero: reveal refuses it
      scalars.push(scalar);
      total = Fn.add(total, Fn.create(bytesToNumberLE(fromHex(secret))));
      owned.push(toHex(base().multiplyUnsafe(scalar).toBytes()) === this.keys.get(party));
      if (!owned[party]) faults.push({ party, kind: "key" });
    }
    const joint = this.points.of(this.joint);
    joint.precompute(6, true); // (its table kept with the point, decoded once an audit)
    // Points compared as points: every turn sent was decoded as the replay took it.
    let deck = cardHexes().map((hex) => [Point.ZERO, this.points.of(hex)]);
    let cards = [...CARDS];
    for (const [turn, party] of this.turns.entries()) {
      const { secret, order } = this.revealed.get(party);
      const sorted = [...order].sort((a, b) => a - b);
      if (sorted.length !== DECK_SIZE || !sorted.every((value, index) => value === index)) {
        faults.push({ party, kind: "order" });
        break;
      }
      const sent = this.decks[turn].map((pair) => pair.map((half) => this.points.of(half)));
      await tick();
      const expected = order.map((source) => cards[source]);
      if (!turnedAs(sent, deck, order, fromHex(secret), joint, this.dealContext)) {
        faults.push({ party, kind: turnFault(sent, expected, total) });
        break;
      }
      [cards, deck] = [expected, sent];
    }
    for (const { party, pairs } of this.steps) {
      // Its proof held when the replay took it, so the library's second check of it holds too.
      // A proof that holds shows that one scalar is behind the key and the shares (the soundness
      // of Chaum–Pedersen, and of a batch's weights): where the secret published is the key's,
      // each share follows from it. One fault a batch.
      const follows =
        owned[party] ||
        pairs.every(([point, share]) =>
          this.points.of(point).multiplyUnsafe(scalars[party]).equals(this.points.of(share)),
        );
      if (!follows) faults.push({ party, kind: "unmasked" });
      await tick();
    }
    return faults;
  }
}

let tabledBase = null; // the base point with a table of its multiples, made at the first key
const base = () => (tabledBase ??= Point.fromBytes(Point.BASE.toBytes()).precompute(8, true));

/** One deal of the record, read as the library reads it (its from_data), or Unreadable. */
function dealOf(data) {
  if (!isObject(data)) throw new Unreadable("a private deal's record is an object");
  const { hand, deal, context, rows } = data;
  if (!(isInt(hand) && isInt(deal) && typeof context === "string")) {
    throw new Unreadable("a private deal's record has its hand, deal and context");
  }
  if (!Array.isArray(rows) || !rows.every(isObject)) {
    throw new Unreadable(`hand ${hand}, deal ${deal}: its rows are a list of objects`);
  }
  for (const row of rows) {
    if (!KINDS.includes(row.kind) || !isInt(row.party)) {
      throw new Unreadable(`hand ${hand}, deal ${deal}: a row has no kind or party`);
    }
  }
  return { hand, deal, context, rows: rows.map((row) => ({ ...row, data: row.data ?? null })) };
}

function partiesOf(record) {
  const where = `hand ${record.hand}, deal ${record.deal}`;
  const { rows } = record;
  if (!rows.length || rows[0].kind !== "parties") throw new Unreadable(`${where}: its rows start with its parties`);
  const data = rows[0].data;
  const version = isObject(data) ? data.version : 1; // the first version's row is a list
  if (version !== VERSION) {
    const named = version === undefined || version === null ? "None" : String(version);
    throw new Unreadable(
      `${where}: this deal was dealt under wildstud private deal v${named}, which this wildstud no longer audits` +
        ` (it audits v${VERSION} only)`,
    );
  }
  const parties = Array.isArray(data.parties)
    ? data.parties.map((item) => (Array.isArray(item) && item.length === 2 && Array.isArray(item[1]) ? item : null))
    : null;
  const seats = (parties ?? []).flatMap((item) => (item ? item[1] : []));
  if (!parties || parties.includes(null) || parties.length < 2 || new Set(seats).size !== seats.length) {
    throw new Unreadable(`${where}: its parties cannot be read`);
  }
  return parties.map(([name, held]) => ({ name, seats: held }));
}

/** The replay of one deal, and its faults as [party's name, kind]. */
async function auditDeal(record, points, tick) {
  const parties = partiesOf(record);
  const replay = new Replay(record.context, record.deal, parties, points);
  for (const row of record.rows.slice(1)) {
    await tick();
    try {
      await replay.apply(row); // (an order value's row: the deal order is drawn by WebCrypto)
    } catch (error) {
      if (!(error instanceof Refused || error instanceof RangeError || error instanceof TypeError)) throw error;
      const party = row.party === SERVER_ROW ? parties.length - 1 : row.party;
      const name = party >= 0 && party < parties.length ? parties[party].name : "server";
      return { counted: true, faults: [[name, "refused"]] };
    }
  }
  if (["keys", "masking", "order"].includes(replay.stage)) return { counted: false, faults: [] };
  const missing = parties.map((_, party) => party).filter((party) => !replay.revealed.has(party));
  const faults = missing.length ? missing.map((party) => ({ party, kind: "unpublished" })) : await replay.audit(tick);
  return { counted: true, faults: faults.map(({ party, kind }) => [parties[party].name, kind]) };
}

/** A tick that lets the page go on (its events, its drawing) every 40 ms of the audit; in a
 * Worker (`yields` false) there is nothing to let go on. */
function ticker(yields) {
  let since = performance.now();
  return async () => {
    if (!yields || performance.now() - since < 40) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    since = performance.now();
  };
}

/**
 * The audit of a private night record (its JSON, as the server gives it), as `wildstud verify
 * --night FILE --json` says it: `{night, private, table, verified, deals, words, faults}`, each
 * fault `{hand, deal, party, kind, text}`. Throws an Error with the library's sentence for a
 * record it cannot read. It lets the page go on every 40 ms (a night is seconds of CPU) unless
 * `yields` is false (in a Worker), and tells `onProgress({hand, hands})` as it starts each hand
 * of the record (the first is 1; `hands` of them in all).
 *
 *   await auditPrivateNight(record) // {verified: true, deals: 41, words: "Every player and the server dealt honestly: checked 41 deals", ...}
 */
export async function auditPrivateNight(record, { onProgress = () => {}, yields = true } = {}) {
  if (!isObject(record) || record.format !== PRIVATE_FORMAT) {
    const found = isObject(record) ? record.format : null;
    if (typeof found === "string" && found.startsWith(PRIVATE_PREFIX)) {
      throw new Unreadable(
        `this night was dealt under wildstud private deal v${found.split("/").at(-1)} (format '${found}'): this` +
          ` wildstud audits private deal v${VERSION} only ('${PRIVATE_FORMAT}'); audit it with the wildstud that dealt it`,
      );
    }
    throw new Unreadable(`a private night record has format '${PRIVATE_FORMAT}'`);
  }
  if (typeof record.table !== "string" || !Array.isArray(record.deals)) {
    throw new Unreadable("a private night record has its table and a list of deals");
  }
  const deals = record.deals.map(dealOf);
  const points = new Points();
  const tick = ticker(yields);
  const faults = [];
  const hands = [...new Set(deals.map((deal) => deal.hand))];
  let checked = 0;
  for (const deal of deals) {
    onProgress({ hand: hands.indexOf(deal.hand) + 1, hands: hands.length });
    const found = await auditDeal(deal, points, tick);
    checked += found.counted;
    for (const [party, kind] of found.faults) {
      faults.push({
        hand: deal.hand,
        deal: deal.deal,
        party,
        kind,
        text: describePrivateFault(kind, party, deal.hand),
      });
    }
  }
  return {
    night: true,
    private: true,
    table: record.table,
    verified: faults.length === 0,
    deals: checked,
    words: describePrivateAudit(checked, faults.length),
    faults,
  };
}

export { auditsAgree } from "./auditsagree.js";

/** Whether the last turn of the deck the record holds for deal `dealt` is the deck the page was
 * dealt from (`digest`, privatedeal.js deckDigest): a server could show each page a deck of its
 * own making and check its asks against it. */
function sameDeck(dealt, digest) {
  const turns = dealt.rows.filter((row) => row.kind === "deck");
  const last = turns.at(-1)?.data;
  return Array.isArray(last) && last.every((item) => typeof item === "string") && deckDigest(last) === digest;
}

/** What the record's passes of deal `dealt` say of the places party `party` shared (`shared`,
 * each [place, label] as the ask named it): "asked" where a place it shared went face down to
 * one of its own seats (the server could open that card), "told" where a place went elsewhere
 * than the ask said (its proof, bound to what it was told, does not hold for the record); null
 * when every place went where the page was told. */
function sharedPart(dealt, party, shared) {
  if (!shared.length) return null;
  const parties = dealt.rows.find((row) => row.kind === "parties")?.data?.parties;
  const seats = Array.isArray(parties?.[party]?.[1]) ? parties[party][1] : [];
  const slots = new Map();
  for (const row of dealt.rows) {
    if (row.kind !== "pass" || !Array.isArray(row.data)) continue;
    for (const slot of row.data) if (Array.isArray(slot)) slots.set(slot[0], slot);
  }
  let what = null;
  for (const [place, told] of shared) {
    const slot = slots.get(place);
    if (!slot) continue; // the deck's sum, or a pass the record leaves out (the audit's to say)
    const [, seat, up] = slot;
    if (!up && seats.includes(seat)) return "asked";
    if (label(seat, Boolean(up)) !== told) what = "told";
  }
  return what;
}

/**
 * Where the night record does not hold what this page itself used and published: `held` is each
 * deal it was a party to (`{hand, deal, party, secret, order}`, the secret in hexadecimal, as
 * privaterounds.js heldNight keeps them). A server that rewrote the record whole after the night,
 * consistent with itself, passes the audit; this page's own key, secret and order it cannot
 * change unseen. Each difference is `{hand, deal, what, text}`, `what` one of `deal` (the record
 * leaves out a deal the page was a party to), `key` (another key in its party's place, or none
 * where the server took the page's key: `taken`, it asked the page to mask the deck), `secret`
 * (another secret or order published in its name), `dealt` (the record's dealt deck is not the
 * one the server sent the page with its asks), `asked` (the record deals to the page a
 * face-down card it shared: the server could see it) and `told` (the record deals a card the
 * page shared elsewhere than the ask said: sharedPart). A key the server may never have had, or a
 * secret the record does not hold, is not one: the page's answer may never have reached the
 * server (the audit names a party that did not publish).
 *
 *   ownPart(record, held) // [{hand: 4, deal: 1, what: "key", text: "The night record does not hold the key this page used in hand 4: the server changed it"}]
 */
export function ownPart(record, held) {
  const found = [];
  for (const { hand, deal, party, secret, order, taken, shared = [], deck = null } of held) {
    const dealt = record.deals.find((item) => item.hand === hand && item.deal === deal);
    const rows = (kind) => (dealt ? dealt.rows.filter((row) => row.kind === kind && row.party === party) : []);
    const key = toHex(base().multiplyUnsafe(scalarOf(secret)).toBytes());
    const differs = (row, same) => {
      try {
        return !same(row.data);
      } catch {
        return true; // a row this page cannot read is not the one it sent
      }
    };
    const sameSecret = (data) => hexOf(data.secret) === hexOf(secret) && order.join() === [...data.order].join();
    let what = null;
    if (!dealt) what = "deal";
    else if (taken && !rows("key").length) what = "key";
    else if (rows("key").some((row) => differs(row, (data) => hexOf(data.key) === key))) what = "key";
    else if (rows("reveal").some((row) => differs(row, sameSecret))) what = "secret";
    else if (deck !== null && !sameDeck(dealt, deck)) what = "dealt";
    else what = sharedPart(dealt, party, shared);
    if (what) found.push({ hand, deal, what, text: describeOwnPartChanged(what, hand) });
  }
  return found;
}
