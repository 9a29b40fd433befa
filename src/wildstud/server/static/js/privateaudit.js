// The page's own audit of a private night record (issue 26 item 2; format
// wildstud-private-night/1, GET /api/tables/{id}/night-record of a table that dealt privately),
// as src/wildstud/history/private_night.py audits it for `wildstud verify --night`: every deal
// played again from its rows alone, each row checked as the table checked it (a key is a point,
// a masked deck 52 different points, each unmasking and each show with its Chaum–Pedersen proof
// (one a batch of a party's cards, or one a card in a record from before batches),
// each face-up card a card once every mask is off), a row that does not hold named as its
// party's ("refused") and the deal's replay stopped there; then, once every party published its
// secret and order, each party's turn at the deck done again from them, and each of its
// unmaskings. The faults come in the library's order and words (words.js), each naming its party:
// tests/golden/private_night.json, written by the library, holds the two audits together
// (tests/client/privateaudit.test.js). So a server that lies about its own audit (its
// `private_audit` frame) is caught in the page, not only on the command line.
//
// The group arithmetic is @noble/curves' Ristretto255, as privatedeal.js's. What this module adds
// is only libsodium's reading of the bytes, so that a forged record is judged as the library
// judges it: a scalar is read little-endian with its top bit cleared (crypto_scalarmult's), a
// product that is the identity is refused, and neither the identity nor a non-canonical encoding
// is a point. Everything multiplied is public once the secrets are published, so the faster
// multiplication that is not constant-time is used throughout.

import { ristretto255 } from "../vendor/noble/curves/ed25519.js";
import { mulAddUnsafe, pippenger } from "../vendor/noble/curves/abstract/curve.js";
import { bytesToNumberLE, numberToBytesLE } from "../vendor/noble/curves/utils.js";
import { cardPoint, challenge, checkBatch } from "./privatedeal.js";
import { describeOwnPartChanged, describePrivateAudit, describePrivateFault } from "./words.js";

/** The format of a private night record (night_audit.py's PRIVATE_FORMAT). */
export const PRIVATE_FORMAT = "wildstud-private-night/1";

const Point = ristretto255.Point;
const Fn = Point.Fn;
const ORDER = Fn.ORDER;
const TOP_BIT_CLEAR = (1n << 255n) - 1n;
const KINDS = ["parties", "key", "deck", "pass", "unmask", "show", "reveal"];
const SERVER_ROW = -1;
const DECK_SIZE = 52;
const CARDS = [..."23456789TJQKA"].flatMap((rank) => [..."cdhs"].map((suit) => rank + suit));

const toHex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
const fromHex = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
const isInt = (value) => Number.isInteger(value) && typeof value === "number";
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** A step the replay refuses (the library's PrivateDealError and the errors its reading
 * raises): its row's party is named "refused". */
class Refused extends Error {}

/** A record the library cannot read (its RecordError), with the library's sentence. */
class Unreadable extends Error {}

const WHITESPACE = " \t\n\r\x0b\x0c";

/** Bytes from hexadecimal text as Python's bytes.fromhex reads it (either case, whitespace
 * between bytes), as lowercase hexadecimal: the same bytes compare equal. */
function hexOf(text) {
  if (typeof text !== "string") throw new Refused("not hexadecimal text");
  let out = "";
  for (let at = 0; at < text.length;) {
    if (WHITESPACE.includes(text[at])) {
      at++;
      continue;
    }
    const pair = text.slice(at, at + 2);
    if (!/^[0-9a-fA-F]{2}$/.test(pair)) throw new Refused("not hexadecimal text");
    out += pair.toLowerCase();
    at += 2;
  }
  return out;
}

/** A scalar as libsodium multiplies by it: little-endian, top bit cleared, modulo the order
 * (the group has prime order, so the product is the same). */
function scalarOf(hex) {
  return (bytesToNumberLE(fromHex(hex)) & TOP_BIT_CLEAR) % ORDER;
}

/** The points of one audit, decoded once each (a decoding is a square root). */
class Points {
  constructor() {
    this.decoded = new Map();
    this.tabled = new WeakSet(); // the points keyed() made a table for
  }

  /** The point `hex` encodes, or null: not 32 bytes, not a canonical encoding, or the identity
   * (which masks nothing: libsodium's is_valid_point and the library's _point). */
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

  /** `point`, with a table of its multiples kept for the products by it that follow (a key:
   * one product in each proof of its party's, some forty a deal). */
  keyed(point) {
    if (!this.tabled.has(point)) {
      point.precompute(5, true);
      this.tabled.add(point);
    }
    return point;
  }

  /** Whether `step` (hexadecimal before, after, challenge, response) is the unmasking of the
   * party with key `key` in `context`: its proof holds (the library's check_unmasking):
   * a = s·G − c·key, b = s·after − c·before (one interleaved product), and the challenge of
   * those is c, byte for byte. */
  holds(step, key, context) {
    const [before, after, owner] = [step.before, step.after, key].map((hex) => this.of(hex));
    if (!before || !after || !owner || step.challenge.length !== 64 || step.response.length !== 64) return false;
    const c = scalarOf(step.challenge);
    const s = scalarOf(step.response);
    if (c === 0n || s === 0n) return false; // libsodium refuses a product that is the identity
    const a = base().multiplyUnsafe(s).subtract(this.keyed(owner).multiplyUnsafe(c));
    const b = mulAddUnsafe(Point, [after, before.negate()], [s, c]);
    const made = challenge(fromHex(key), fromHex(step.before), fromHex(step.after), a.toBytes(), b.toBytes(), context);
    return toHex(numberToBytesLE(made, 32)) === step.challenge; // the bytes, as the library compares
  }
}

let tabledBase = null; // the base point with a table of its multiples, made at the first proof
const base = () => (tabledBase ??= Point.fromBytes(Point.BASE.toBytes()).precompute(8, true));

/** Whether `sent` is `deck` reordered by `order` and masked by `x`, checked at once: the sum
 * of r_j·(sent_j − x·deck[order_j]) over random r_j of 128 bits is the identity (one
 * multi-scalar product where the points one by one take 52). A deck that is not gives another
 * sum but with a chance of 2^-128; the audit then does the points one by one, to say how. */
function maskedAs(sent, deck, order, x) {
  const random = crypto.getRandomValues(new Uint8Array(16 * sent.length));
  const r = sent.map((_, j) => bytesToNumberLE(random.subarray(16 * j, 16 * j + 16)));
  const points = [...sent, ...order.map((source) => deck[source])];
  const scalars = [...r, ...r.map((rj) => Fn.neg(Fn.mul(rj, x)))];
  return pippenger(Point, points, scalars).is0();
}

let cardPoints = null; // each card's point (hexadecimal), hashed once a page
const cardHexes = () => (cardPoints ??= CARDS.map((card) => toHex(cardPoint(card))));
let cardsByPoint = null;

/** The card whose point is `hex` (every mask off), or Refused: the library's card_of. */
function cardOf(hex) {
  cardsByPoint ??= new Map(cardHexes().map((point, index) => [point, CARDS[index]]));
  const card = cardsByPoint.get(hex);
  if (card === undefined) throw new Refused("the point is no card");
  return card;
}

/** An unmasking as a row carries it: four hexadecimal values. */
function unmaskingOf(data) {
  if (!(Array.isArray(data) && data.length === 4 && data.every((item) => typeof item === "string"))) {
    throw new Refused("an unmasking is four hexadecimal values");
  }
  const [before, after, challenge, response] = data.map(hexOf);
  return { before, after, challenge, response };
}

/** A batch as a row carries it (`{batch: [[position, before, after], …], challenge, response}`),
 * each value as the library's point_bytes reads it: 64 hexadecimal characters. */
function batchOf(data) {
  const hex = (value) => {
    if (typeof value !== "string" || value.length !== 64) throw new Refused("32 bytes in hexadecimal");
    return hexOf(value);
  };
  const pairs = data.batch;
  if (!(Array.isArray(pairs) && pairs.every((pair) => Array.isArray(pair) && pair.length === 3))) {
    throw new Refused("a batch's pairs are a position, a point and its unmasking");
  }
  const befores = pairs.map((pair) => hex(pair[1]));
  const afters = pairs.map((pair) => hex(pair[2]));
  return { befores, afters, challenge: hex(data.challenge), response: hex(data.response) };
}

/** Whether `batch` (hexadecimal) holds for the party with key `key` in `context`: the library's
 * check_batch (privatedeal.js checkBatch). */
function batchHolds(batch, key, context) {
  const { befores, afters, challenge: c, response } = batch;
  const bytes = { befores: befores.map(fromHex), afters: afters.map(fromHex), challenge: fromHex(c) };
  return checkBatch({ ...bytes, response: fromHex(response) }, fromHex(key), context);
}

/** One deal's rounds played again from its rows (the library's DealRounds, the part that
 * `apply` uses): each row taken as the table took it, or Refused. */
class Replay {
  constructor(context, deal, parties, points) {
    Object.assign(this, { context, deal, parties, points });
    this.keys = new Map();
    this.decks = [];
    this.at = []; // each position's point as it stands
    this.passes = [];
    this.turn = null;
    this.steps = [];
    this.owners = new Map();
    this.shown = new Set();
    this.revealed = new Map();
  }

  get stage() {
    if (this.keys.size < this.parties.length) return "keys";
    if (this.decks.length < this.parties.length) return "masking";
    return this.turn === null ? "ready" : "pass";
  }

  owner(seat) {
    const index = this.parties.findIndex((party) => party.seats.includes(seat));
    return index < 0 ? null : index;
  }

  proofContext(position, party, show = false) {
    return `${this.context}|deal ${this.deal}|position ${position}|party ${party}${show ? "|show" : ""}`;
  }

  batchContext(positions, party, show = false) {
    return `${this.context}|deal ${this.deal}|${show ? "show" : "unmask"} ${positions.join(",")}|party ${party}`;
  }

  party(party) {
    if (!isInt(party) || party < 0 || party >= this.parties.length) throw new Refused(`no party ${party}`);
  }

  toUnmask(party) {
    if (!this.passes.length || this.turn === null) return [];
    const last = this.passes[this.passes.length - 1];
    return last.filter((slot) => slot.up || this.owner(slot.seat) !== party).map((slot) => slot.position);
  }

  apply(row) {
    const { kind, party, data } = row;
    if (kind === "key") return this.key(party, hexOf(data));
    if (kind === "deck") {
      if (!Array.isArray(data)) throw new Refused("a deck is a list of points");
      return this.deck(party, data.map(hexOf));
    }
    if (kind === "pass") {
      if (!Array.isArray(data) || !data.every((slot) => Array.isArray(slot) && slot.length === 3)) {
        throw new Refused("a pass is a list of slots");
      }
      return this.open(data.map(([position, seat, up]) => ({ position, seat, up })));
    }
    if (kind === "unmask") {
      if (isObject(data)) return this.unmask(party, batchOf(data));
      if (!Array.isArray(data) || !data.every(Array.isArray)) throw new Refused("unmaskings are a list");
      return this.unmask(
        party,
        data.map((item) => unmaskingOf(item.slice(1))),
      );
    }
    if (kind === "show") {
      if (isObject(data) && "seat" in data && "batch" in data) return this.show(party, data.seat, batchOf(data));
      if (!isObject(data) || !("seat" in data) || !Array.isArray(data.steps)) throw new Refused("a show");
      return this.show(party, data.seat, data.steps.map(unmaskingOf));
    }
    if (kind === "reveal") {
      if (!isObject(data) || !("secret" in data) || !("order" in data)) throw new Refused("a reveal");
      return this.reveal(party, hexOf(data.secret), data.order);
    }
    // "parties" again: the rounds began with them; nothing to take
  }

  key(party, key) {
    this.party(party);
    if (this.keys.has(party)) {
      if (this.keys.get(party) === key) return;
      throw new Refused("a key once published stands for the deal");
    }
    if (this.stage !== "keys") throw new Refused("the keys are all in");
    if (this.points.of(key) === null) throw new Refused("a key is a point of the group");
    this.keys.set(party, key);
  }

  deck(party, deck) {
    this.party(party);
    if (this.stage !== "masking" || this.decks.length !== party) throw new Refused("not its turn to mask");
    if (deck.length !== DECK_SIZE || new Set(deck).size !== DECK_SIZE) throw new Refused("52 different points");
    if (!deck.every((point) => this.points.of(point) !== null)) throw new Refused("52 points of the group");
    this.decks.push(deck);
    if (this.decks.length === this.parties.length) this.at = [...deck];
  }

  open(slots) {
    this.passes.push(slots);
    this.turn = -1;
    this.nextTurn();
  }

  nextTurn() {
    for (let party = this.turn + 1; party < this.parties.length; party++) {
      this.turn = party;
      if (this.toUnmask(party).length) return;
    }
    this.turn = null;
    for (const slot of this.passes[this.passes.length - 1]) {
      if (slot.up) {
        cardOf(this.pointAt(slot.position)); // every mask is off: a face-up card is a card
      } else {
        if (slot.seat === null) throw new Refused("a face-down card of nobody's");
        this.owners.set(slot.position, slot.seat);
      }
    }
  }

  pointAt(position) {
    if (!isInt(position) || position < 0 || position >= this.at.length) throw new Refused("no such position");
    return this.at[position];
  }

  unmask(party, steps) {
    this.party(party);
    if (this.turn !== party) throw new Refused("not its turn to unmask");
    const positions = this.toUnmask(party);
    this.proven(party, positions, steps, false);
    this.took(party, positions, steps);
    this.nextTurn();
  }

  /** Refused unless `steps` (a batch, or one unmasking a position as before batches) unmask
   * `positions` as they stand, with proofs that hold for `party`'s key (the library's _failing). */
  proven(party, positions, steps, show) {
    if (!Array.isArray(steps)) {
      const context = new TextEncoder().encode(this.batchContext(positions, party, show));
      const same =
        steps.befores.length === positions.length && positions.every((p, i) => steps.befores[i] === this.pointAt(p));
      if (!positions.length || !same || !batchHolds(steps, this.keyOf(party), context))
        throw new Refused("its proof fails");
      return;
    }
    if (steps.length !== positions.length) throw new Refused("unmaskings due");
    positions.forEach((position, index) => {
      const step = steps[index];
      const context = new TextEncoder().encode(this.proofContext(position, party, show));
      if (step.before !== this.pointAt(position) || !this.points.holds(step, this.keyOf(party), context)) {
        throw new Refused("its proof fails");
      }
    });
  }

  /** The points of `positions` once `steps` took `party`'s mask off, kept for the audit. */
  took(party, positions, steps) {
    const afters = Array.isArray(steps) ? steps.map((step) => step.after) : steps.afters;
    positions.forEach((position, index) => (this.at[position] = afters[index]));
    if (Array.isArray(steps)) for (const step of steps) this.steps.push({ party, pairs: [[step.before, step.after]] });
    else this.steps.push({ party, pairs: steps.befores.map((before, index) => [before, afters[index]]) });
  }

  keyOf(party) {
    if (!this.keys.has(party)) throw new Refused("no key");
    return this.keys.get(party);
  }

  show(party, seat, steps) {
    this.party(party);
    if (!this.parties[party].seats.includes(seat)) throw new Refused("not this party's seat");
    const positions = [...this.owners]
      .filter(([position, owner]) => owner === seat && !this.shown.has(position))
      .map(([position]) => position)
      .sort((a, b) => a - b);
    const count = Array.isArray(steps) ? steps.length : steps.afters.length;
    if (count !== positions.length) throw new Refused("cards to show");
    this.proven(party, positions, steps, true);
    (Array.isArray(steps) ? steps.map((step) => step.after) : steps.afters).forEach(cardOf);
    positions.forEach((position) => this.shown.add(position));
    this.took(party, positions, steps);
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
   * that is not the secret's, an order that is no order, a deck reordered or with a card put
   * in, then each unmasking that does not follow from its party's secret. */
  async audit(tick) {
    const faults = [];
    const count = this.parties.length;
    const scalars = [];
    const owned = []; // whether each party's secret is its key's
    for (let party = 0; party < count; party++) {
      const scalar = scalarOf(this.revealed.get(party).secret); // not zero: reveal refuses it
      scalars.push(scalar);
      owned.push(toHex(base().multiplyUnsafe(scalar).toBytes()) === this.keys.get(party));
      if (!owned[party]) faults.push({ party, kind: "key" });
    }
    // Points compared as points: every deck sent was decoded as the replay took it.
    let deck = cardHexes().map((hex) => this.points.of(hex));
    for (let party = 0; party < count; party++) {
      const { order } = this.revealed.get(party);
      const sorted = [...order].sort((a, b) => a - b);
      if (sorted.length !== DECK_SIZE || !sorted.every((value, index) => value === index)) {
        faults.push({ party, kind: "order" });
        break;
      }
      const sent = this.decks[party].map((hex) => this.points.of(hex));
      await tick();
      if (!maskedAs(sent, deck, order, scalars[party])) {
        const expected = order.map((source) => toHex(deck[source].multiplyUnsafe(scalars[party]).toBytes()));
        const same = [...this.decks[party]].sort().join() === expected.sort().join();
        faults.push({ party, kind: same ? "reordered" : "substituted" });
        break;
      }
      deck = sent;
    }
    for (const { party, pairs } of this.steps) {
      // Its proof held when the replay took it, so the library's second check of it holds too.
      // A proof that holds shows that one scalar is behind the key and the step (the soundness
      // of Chaum–Pedersen, and of a batch's weights): where the secret published is the key's,
      // the step follows from it. One fault a step: a card, or a batch of them.
      const follows =
        owned[party] ||
        pairs.every(([before, after]) =>
          this.points.of(after).multiplyUnsafe(scalars[party]).equals(this.points.of(before)),
        );
      if (!follows) faults.push({ party, kind: "unmasked" });
      await tick();
    }
    return faults;
  }
}

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
  const parties = Array.isArray(data)
    ? data.map((item) => (Array.isArray(item) && item.length === 2 && Array.isArray(item[1]) ? item : null))
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
      replay.apply(row);
    } catch (error) {
      if (!(error instanceof Refused || error instanceof RangeError || error instanceof TypeError)) throw error;
      const party = row.party === SERVER_ROW ? parties.length - 1 : row.party;
      const name = party >= 0 && party < parties.length ? parties[party].name : "server";
      return { counted: true, faults: [[name, "refused"]] };
    }
  }
  if (replay.stage === "keys" || replay.stage === "masking") return { counted: false, faults: [] };
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

/**
 * Where the night record does not hold what this page itself used and published: `held` is each
 * deal it was a party to (`{hand, deal, party, secret, order}`, the secret in hexadecimal, as
 * privaterounds.js heldNight keeps them). A server that rewrote the record whole after the night,
 * consistent with itself, passes the audit; this page's own key, secret and order it cannot
 * change unseen. Each difference is `{hand, deal, what, text}`, `what` one of `deal` (the record
 * leaves out a deal the page was a party to), `key` (another key in its party's place, or none
 * where the server took the page's key: `taken`, it asked the page to mask the deck) and `secret`
 * (another secret or order published in its name). A key the server may never have had, or a
 * secret the record does not hold, is not one: the page's answer may never have reached the
 * server (the audit names a party that did not publish).
 *
 *   ownPart(record, held) // [{hand: 4, deal: 1, what: "key", text: "The night record does not hold the key this page used in hand 4: the server changed it"}]
 */
export function ownPart(record, held) {
  const found = [];
  for (const { hand, deal, party, secret, order, taken } of held) {
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
    else if (rows("key").some((row) => differs(row, (data) => hexOf(data) === key))) what = "key";
    else if (rows("reveal").some((row) => differs(row, sameSecret))) what = "secret";
    if (what) found.push({ hand, deal, what, text: describeOwnPartChanged(what, hand) });
  }
  return found;
}
