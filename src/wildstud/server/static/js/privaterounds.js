// The page's side of a private deal's rounds (private deal v2: the wire of
// wildstud.private_rounds, in its docstring; issue 26 item 2). The table asks each party what it
// must send now (its key with its proof of knowledge, its turn at the deck, its shares of a
// street's positions: every party asked at once, each answering alone) and this module answers
// with privatedeal.js. The page's secret and order for each deal are kept in a store under the
// rounds' context, the deal and the party (IndexedDB in the page, so that a reload resumes with
// the same secret and answers as before; any object with async `get` and `put` in a test). Its
// own cards it opens here, alone (openOwn: the others' shares are off them as they come), and
// shows them with proof at the showdown; after the hand it publishes its secret and order for
// the audit. The table page answers the server's `private` frames (server/table/private.py) with
// PagePrivate.

import { named } from "./cards.js";
import { describePrivateAudit, describePrivateFault } from "./words.js";

// The arithmetic (privatedeal.js and the vendored curves under it, half a megabyte) is imported
// once the page sits at a table that deals privately (PagePrivate.prepare), or else at the first
// private deal it answers: a page at a shuffled table never fetches it. A failed import is tried
// again by the next caller.
let arithmetic = null;
const curves = () => {
  arithmetic ??= import("./privatedeal.js").catch((error) => {
    arithmetic = null;
    throw error;
  });
  return arithmetic;
};

/** The place the order round asks its one point at (privatedeal.js ORDER_POSITION). */
const ORDER = 53;

/** Every card's name, as the library names them (privatedeal.js has them too: this module
 * names them without fetching the curves). */
export const CARDS = [..."23456789TJQKA"].flatMap((rank) => [..."cdhs"].map((suit) => rank + suit));

const toHex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
const fromHex = (text) => Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
/** A ciphertext from its 128 hexadecimal digits (c1 then c2), and back. */
const ciphertextOf = (text) => [fromHex(text.slice(0, 64)), fromHex(text.slice(64))];
const ciphertextHex = ([c1, c2]) => toHex(c1) + toHex(c2);
/** A batch as a page sends it: its shares, and the one proof (the points are the table's own). */
const wire = (batch) => ({
  shares: batch.shares.map(toHex),
  challenge: toHex(batch.challenge),
  response: toHex(batch.response),
});

/** What a deal's key proofs and randomisers are bound to (the library's deal_context): the
 * rounds' context, then `|deal D`. */
export const dealContext = (context, deal) => new TextEncoder().encode(`${context}|deal ${deal}`);

/** Where a pass's card goes (the library's private_wire.label): `d3` face down to engine seat 3,
 * `u3` face up to it, `u` face up to no seat (a community card, the deck's sum).
 *
 *   label(3, false) // "d3"
 */
export function label(seat, up) {
  if (seat === null || seat === undefined) return "u";
  return `${up ? "u" : "d"}${seat}`;
}

/** What a page found the server doing that an honest table never does, named by `what`: the
 * dealt deck it sent does not hold ("dealt"), a point it asked for is not the card dealt at its
 * place ("point"), a card it handed over to open or asked to show is not ("open", "show"). The
 * page answers nothing and says so (words.js describeServerLie). */
export class ServerLie extends Error {
  constructor(what, place = null) {
    super(`the server's ${what} does not hold`);
    Object.assign(this, { what, place });
  }
}

/** What the one proof of `party`'s batch over `positions` is bound to (the library's
 * batch_context): the rounds' context, `|deal D|unmask P,Q,…|to L,M,…|party I` with `to` each
 * position's label in a pass (none in the order round), or a show's `|show P,Q,…|party I`. */
export function batchContext(context, deal, positions, party, show = false, to = []) {
  const where = to.length ? `|to ${to.join(",")}` : "";
  const words = `${context}|deal ${deal}|${show ? "show" : "unmask"} ${positions.join(",")}${where}|party ${party}`;
  return new TextEncoder().encode(words);
}

/** The joint key this page turns the deck under, added up from every party's key (`keys`, in
 * the parties' order, each `{key, challenge, response}`), each with a proof of knowledge that
 * holds, its own at its place: never the joint key the server names, which could be a key whose
 * secret the server knows and so let it follow every card through this page's turn. */
function checkedJoint({ checkKey, jointKey }, keys, own, party, bound) {
  if (!Array.isArray(keys) || keys[party]?.key !== own) {
    throw new Error("the deal's keys do not hold this page's own at its place");
  }
  keys.forEach((each, index) => {
    const proof = { challenge: fromHex(each.challenge), response: fromHex(each.response) };
    if (!checkKey(fromHex(each.key), proof, bound, index)) {
      throw new Error(`party ${index}'s key comes without a proof that it knows its secret`);
    }
  });
  return jointKey(keys.map((each) => fromHex(each.key)));
}

/** The page's shares of `points` (each `[position, c1]` as asked, or `[position, ciphertext]`
 * from a show's ask, whose first half is c1) in one batch with one proof, bound to where the ask
 * said each goes (`to`, a pass's labels). */
function batchOf(shareBatch, points, secret, context, deal, party, show = false, to = []) {
  const bound = batchContext(
    context,
    deal,
    points.map(([position]) => position),
    party,
    show,
    to,
  );
  return wire(
    shareBatch(
      points.map(([, point]) => fromHex(point.slice(0, 64))),
      secret,
      bound,
    ),
  );
}

/** A uniformly random order of the 52 positions (Fisher–Yates, WebCrypto's generator, each
 * draw rejected above the largest multiple of its range so that no position is favoured). */
export function newOrder(size = CARDS.length) {
  const order = [...Array(size).keys()];
  const word = new Uint32Array(1);
  for (let last = size - 1; last > 0; last--) {
    const range = last + 1;
    const limit = Math.floor(2 ** 32 / range) * range;
    do crypto.getRandomValues(word);
    while (word[0] >= limit);
    const pick = word[0] % range;
    [order[last], order[pick]] = [order[pick], order[last]];
  }
  return order;
}

/** A store kept in memory (a test's, or a page without IndexedDB: a reload forgets it). */
export function memoryStore() {
  const kept = new Map();
  return {
    get: async (key) => kept.get(key),
    put: async (key, value) => void kept.set(key, value),
    delete: async (key) => void kept.delete(key),
    keys: async () => [...kept.keys()],
  };
}

/** A store in IndexedDB: a deal's secret outlives a reload of the page. */
export function indexedStore(name = "wildstud-private-deal") {
  const opened = new Promise((resolve, reject) => {
    const asked = indexedDB.open(name, 1);
    asked.onupgradeneeded = () => asked.result.createObjectStore("secrets");
    asked.onsuccess = () => resolve(asked.result);
    asked.onerror = () => reject(asked.error);
  });
  const run = (mode, work) =>
    opened.then(
      (db) =>
        new Promise((resolve, reject) => {
          const request = work(db.transaction("secrets", mode).objectStore("secrets"));
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        }),
    );
  return {
    get: (key) => run("readonly", (secrets) => secrets.get(key)),
    put: (key, value) => run("readwrite", (secrets) => secrets.put(value, key)),
    delete: (key) => run("readwrite", (secrets) => secrets.delete(key)),
    keys: () => run("readonly", (secrets) => secrets.getAllKeys()),
  };
}

/** Where a deal's secret and order are kept: under its rounds' context, deal and party. */
const secretKey = (context, deal, party) => `${context}|deal ${deal}|party ${party}`;
/** Where what the page shared in a deal is kept (PagePrivate.sharedIn): beside its secret. */
const sharedKey = (context, deal, party) => `${secretKey(context, deal, party)}|shared`;
/** Where the deals of a table this page was a party to are listed: this and the table's id. */
const PLAYED = "played|table ";

/** How long a night's secrets are kept at most (ms): its record is checked long before. */
export const KEEP_MS = 3 * 24 * 3600 * 1000;

/** The deals of table `tableId` this page was a party to, each with the secret (hexadecimal)
 * and order it kept, whether the server took its key (`taken`: it was asked to mask the deck,
 * which comes once every key is in), each place it shared with where it was told that card
 * went (`shared`, [[place, label], …]) and the digest of the deck it was dealt from (`deck`,
 * privatedeal.js deckDigest; null if none came): what the page compares with the night record
 * (privateaudit.js ownPart). */
export async function heldNight(store, tableId) {
  const held = [];
  for (const { context, hand, deal, party, taken } of (await store.get(PLAYED + tableId)) ?? []) {
    const kept = await store.get(secretKey(context, deal, party));
    const { places: shared = [], deck = null } = (await store.get(sharedKey(context, deal, party))) ?? {};
    if (kept !== undefined) {
      held.push({ hand, deal, party, secret: kept.scalar, order: kept.order, taken: Boolean(taken), shared, deck });
    }
  }
  return held;
}

/** Drop the secrets of table `tableId`'s deals and their list: once its record is checked. */
export async function forgetNight(store, tableId) {
  for (const { context, deal, party } of (await store.get(PLAYED + tableId)) ?? []) {
    await store.delete(secretKey(context, deal, party));
    await store.delete(sharedKey(context, deal, party));
  }
  await store.delete(PLAYED + tableId);
}

/** Drop every night whose last deal is older than KEEP_MS at `now` (a night whose record this
 * page never checked: it left before the end, or closed the tab). A list kept before deals
 * carried their time is timed from now. */
export async function forgetOldNights(store, now = Date.now()) {
  for (const key of await store.keys()) {
    if (!String(key).startsWith(PLAYED)) continue;
    const kept = (await store.get(key)) ?? [];
    const last = Math.max(0, ...kept.map((item) => item.at ?? 0));
    const stamped = kept.map((item) => ({ ...item, at: now }));
    if (!last) await store.put(key, stamped);
    else if (now - last > KEEP_MS) await forgetNight(store, key.slice(PLAYED.length));
  }
}

const KEPT_DEALS = 4; // the secrets a page keeps in memory: the deal in play and a few before it
/** Drop the oldest of `kept` (a Map or Set by deal, in the order they came) past KEPT_DEALS. */
const keepRecent = (kept) => {
  if (kept.size > KEPT_DEALS) kept.delete(kept.keys().next().value);
};

/** What a page remembers of the keys it checked (each with its proof) for a deal: the dealt
 * deck's check then takes them as checked rather than check them again on the pass's path. */
const keysChecked = (context, deal, keys) => `${context}|deal ${deal}|${JSON.stringify(keys)}`;

/** One party's page in one deal's rounds: `context` the rounds' (the table and hand), `deal` its
 * number, `party` the page's index among the deal's parties. `held`, a Map shared by the page's
 * PageRounds, keeps each deal's secret once read (see `held()`); `checked`, a Set shared the same
 * way, the keys it checked at each deal's turn of the deck (see `checkDealt`). */
export class PageRounds {
  constructor({ context, deal, party, store, held = new Map(), checked = new Set() }) {
    Object.assign(this, { context, deal, party, store, kept: held, checked });
  }

  /** The deal's secret and order: the kept ones, or fresh ones kept before any is used. The
   * store is read once (its key worked out once) and the promise kept in memory: every answer
   * of a street used to read IndexedDB and multiply the key again in the path of the pass, and
   * two frames of one deal taken at once never draw two secrets. */
  held() {
    const key = secretKey(this.context, this.deal, this.party);
    let held = this.kept.get(key);
    if (held === undefined) {
      held = this.read(key);
      this.kept.set(key, held);
      keepRecent(this.kept);
      held.catch(() => this.kept.delete(key)); // a failed read is tried again by the next frame
    }
    return held;
  }

  async read(key) {
    const { newSecret, secretOf } = await curves();
    let kept = await this.store.get(key);
    if (kept === undefined) {
      kept = { scalar: toHex(newSecret().scalar), order: newOrder() };
      await this.store.put(key, kept);
    }
    return { secret: secretOf(fromHex(kept.scalar)), order: kept.order };
  }

  /** Whether `key` (hexadecimal: the key the deal took for this party) is this page's own:
   * another page of the same seat (its player's other device or tab) has a secret of its own. */
  async owns(key) {
    const { secret } = await this.held();
    return toHex(secret.key) === key;
  }

  /** The answer to what the table asks (`{step: "key" | "mask" | "unmask", …}`): its key with
   * the proof that it knows its secret; its turn at the deck it is handed (`deck`, reordered and
   * re-randomised under the joint key it adds up itself from every party's `keys`, each proof
   * checked); its shares of the positions asked (`points`, each `[position, c1]`, and `to`,
   * where each goes: its proof is bound to them), which it gives as soon as asked, whoever else
   * has answered; first of all its order value, its share of the one point the deal's context
   * hashes to (position 53, no `to`: any other point there is refused, since the page cannot
   * tell it from a card's c1). Every
   * answer after the key names the key it is made with, so that the table tells a page of the
   * same seat whose key it did not take (see `owns`). */
  async answer(asked) {
    const arithmetic = await curves();
    const { proveKey, shareBatch, shuffleTurn, orderPoint, ORDER_POSITION } = arithmetic;
    const { secret, order } = await this.held();
    const key = toHex(secret.key);
    const bound = dealContext(this.context, this.deal);
    if (asked.step === "key") {
      const { challenge, response } = proveKey(secret, bound, this.party);
      return { step: "key", key, challenge: toHex(challenge), response: toHex(response) };
    }
    if (asked.step === "mask") {
      const joint = checkedJoint(arithmetic, asked.keys, key, this.party, bound);
      this.checked.add(keysChecked(this.context, this.deal, asked.keys));
      keepRecent(this.checked);
      const turned = shuffleTurn(asked.deck.map(ciphertextOf), secret, order, joint, bound);
      return { step: "mask", key, deck: turned.map(ciphertextHex) };
    }
    if (asked.step === "unmask") {
      const order = toHex(orderPoint(bound));
      const to = asked.to ?? [];
      if (asked.points.some(([position, point]) => position === ORDER_POSITION && point !== order)) {
        throw new Error("the order round asks a share of the deal's order point only");
      }
      if (
        asked.points.length === 1 && asked.points[0][0] === ORDER_POSITION
          ? to.length
          : to.length !== asked.points.length
      ) {
        throw new Error("a pass names where each card it asks goes, and the order round none");
      }
      return {
        step: "unmask",
        key,
        batch: batchOf(shareBatch, asked.points, secret, this.context, this.deal, this.party, false, to),
      };
    }
    throw new Error(`a private deal asks no step ${asked.step}`);
  }

  /** The dealt deck the table sends with each pass, open and show (`dealt`: the deck, every
   * party's order value and key, each with its proof, in the parties' order), checked: its own
   * key at its place, every proof holding, 52 different ciphertexts. Gives `c1(place)`, the c1
   * of the card dealt at `place` (the deal order worked out here from the values; the deck's sum
   * at place 52), which every point asked and every ciphertext handed over must be: the server's
   * word for a place's point is never taken. Throws a ServerLie. */
  async checkDealt(dealt) {
    const { checkKey, checkShares, dealOrder, deckDigest, pointSum, orderPoint, ORDER_POSITION } = await curves();
    const { secret } = await this.held();
    const { deck, values, keys } = dealt ?? {};
    const count = Array.isArray(keys) ? keys.length : 0;
    if (!Array.isArray(deck) || deck.length !== CARDS.length || !Array.isArray(values) || values.length !== count) {
      throw new ServerLie("dealt");
    }
    const bound = dealContext(this.context, this.deal);
    if (keys[this.party]?.key !== toHex(secret.key)) throw new ServerLie("dealt");
    const point = orderPoint(bound);
    const known = this.checked.has(keysChecked(this.context, this.deal, keys)); // at its turn of the deck
    keys.forEach((each, index) => {
      const proof = { challenge: fromHex(each.challenge), response: fromHex(each.response) };
      const value = values[index];
      const batch = {
        points: [point],
        shares: [fromHex(value.value)],
        challenge: fromHex(value.challenge),
        response: fromHex(value.response),
      };
      const context = batchContext(this.context, this.deal, [ORDER_POSITION], index);
      if (
        !(known || checkKey(fromHex(each.key), proof, bound, index)) ||
        !checkShares(batch, fromHex(each.key), context)
      ) {
        throw new ServerLie("dealt");
      }
    });
    const c1s = deck.map((ciphertext) => String(ciphertext).slice(0, 64));
    if (new Set(c1s).size !== CARDS.length) throw new ServerLie("dealt");
    const dealing = await dealOrder(
      values.map((value) => fromHex(value.value)),
      bound,
    );
    let sum = null;
    return {
      digest: deckDigest(deck),
      c1: (place) => {
        if (place === CARDS.length) return (sum ??= toHex(pointSum(c1s.map(fromHex))));
        return Number.isInteger(place) && place >= 0 && place < CARDS.length ? c1s[dealing[place]] : null;
      },
    };
  }

  /** The page's own cards (each `[position, ciphertext]` with every other party's share off it
   * already), its own share taken off here alone: c2 − x·c1, never sent. */
  async open(points) {
    const { openOwn } = await curves();
    const { secret } = await this.held();
    return points.map(([position, left]) => [position, openOwn(ciphertextOf(left), [], secret)]);
  }

  /** Its hand shown at the showdown: its own shares of its face-down cards (`points`, each
   * `[position, ciphertext]`), in one batch with proof. */
  async show(seat, points) {
    const { shareBatch } = await curves();
    const { secret } = await this.held();
    if (!points.length) return { step: "show", seat, key: toHex(secret.key) }; // nothing to show
    const batch = batchOf(shareBatch, points, secret, this.context, this.deal, this.party, true);
    return { step: "show", seat, key: toHex(secret.key), batch };
  }

  /** Its secret and order, published once the hand is over (for the audit). */
  async reveal() {
    const { secret, order } = await this.held();
    return { step: "reveal", key: toHex(secret.key), secret: toHex(secret.scalar), order };
  }
}

/** The audit of a table's private deals (a `private_audit` frame) in a player's words: the
 * verdict, then each fault, naming its party and hand.
 *
 *   auditWords({ deals: 41, faults: [] }) // ["Every player and the server dealt honestly: checked 41 deals"]
 */
export function auditWords(audit) {
  const faults = audit.faults.map((fault) => describePrivateFault(fault.kind, fault.party, fault.hand));
  return [describePrivateAudit(audit.deals, audit.faults.length), ...faults];
}

/** `hand` (a table page's: `number`, `you`, `view`) as the viewer may see it under a private
 * deal: the server's views name a face-down card by its deck position alone ("#12"); the
 * viewer's own are named from `opened(number, deal, seat)` (its cards opened so far, by
 * position) and any other is drawn face down (null). The same object when no card is hidden.
 *
 *   withOwnCards(hand, () => new Map([[12, "Qs"]])) // the viewer's "#12" drawn as the Q♠
 */
export function withOwnCards(hand, opened) {
  const hidden = (held) => typeof held.card === "string" && !named(held.card);
  if (!hand || !hand.view.seats.some((seatView) => seatView.cards.some(hidden))) return hand;
  const seats = hand.view.seats.map((seatView, engine) => {
    if (!seatView.cards.some(hidden)) return seatView;
    const own = engine === hand.you ? opened(hand.number, hand.view.deal || 1, engine) : new Map();
    const open = (held) => ({ ...held, card: own.get(Number(held.card.slice(1))) ?? null });
    return { ...seatView, cards: seatView.cards.map((held) => (hidden(held) ? open(held) : held)) };
  });
  return { ...hand, view: { ...hand.view, seats } };
}

/** The table page's part in a private deal: each `private` frame (docs/protocol.md) answered by
 * the PageRounds of its deal and party, and the page's own cards, once opened, kept by hand, deal
 * and seat (`onCards` is told). `send(frame)` sends a frame that needs no sequence number.
 * Nothing it opened is ever sent: only the showdown's `show` answer, which proves its cards, and
 * once a hand is over its secret and order for the audit, never for the hand `playing()` names
 * (the one in play: its secret would open the page's own cards to the server).
 *
 * Nor does it share one of its own face-down cards: with every other party's share, which the
 * server holds, its share would open the card to the server. A pass's ask names where each card
 * goes, and the page refuses one that names its own seat's face-down card (`seatOf(hand)`, its
 * engine seat in the table's view) or a card it already opened as its own: an honest table never
 * asks, so the ask goes unanswered (the deal is void at its clock) and `onOwnCardAsked(hand,
 * place, null)` is told. A server that named another seat instead is caught as it hands the page
 * that card (`onOwnCardAsked(hand, place, label)`, the label it was told; or when the table's
 * view draws it at the page's seat, checkHand): the page keeps every place it shared with where
 * it was told the card goes, in the store (a reload within the pass still knows), and its proof
 * is bound to that label, so the server's record of the pass cannot hold it. The audit's result
 * (`private_audit`) is kept and `onAudit` told. */
export class PagePrivate {
  constructor({
    send,
    store = memoryStore(),
    onCards = () => {},
    playing = () => null,
    seatOf = () => null,
    onAudit = () => {},
    onElsewhere = () => {},
    onOwnCardAsked = () => {},
    onServerLie = () => {},
  }) {
    Object.assign(this, { send, store, onCards, playing, seatOf, onAudit, onElsewhere, onOwnCardAsked, onServerLie });
    this.dealts = new Map(); // "hand/deal": the dealt deck as first sent, and its check (dealtFor)
    this.cards = new Map(); // "hand/deal/seat": that engine seat's opened cards by deck position
    this.ownPoints = new Map(); // "hand/deal": the c1 (hexadecimal) of every card opened as its own
    this.shared = new Map(); // "hand/deal": what it shared (sharedIn), once read from the store
    this.warned = new Set(); // "hand/place": an own card asked for, said once
    this.held = new Map(); // the secrets of the last deals, once read (PageRounds.held)
    this.checked = new Set(); // the keys checked at each deal's turn of the deck (keysChecked)
    this.audit = null; // the last private_audit frame
    this.prepared = null; // the arithmetic got ready (prepare)
    forgetOldNights(store).catch(() => {}); // a store that cannot be read keeps nothing to drop
  }

  /** Get the arithmetic ready before the first deal, at a seat of a table that deals privately:
   * its modules fetched and run, and the group's table of multiples of its base point worked out
   * (a throwaway secret's key: no deal uses it). The first deal's keys, masking and unmasking
   * then wait for neither, where every page of the table used to fetch its 25 modules at once
   * as the hand began. Once a page; a failure is left to the first deal, which tries again. */
  prepare() {
    this.prepared ??= curves()
      .then(({ newSecret }) => void newSecret())
      .catch(() => {
        this.prepared = null;
      });
    return this.prepared;
  }

  /** Engine seat `seat`'s cards this page opened in deal `deal` of hand `hand`, by deck position. */
  opened(hand, deal, seat) {
    return this.cards.get(`${hand}/${deal}/${seat}`) ?? new Map();
  }

  /** The place of the first of `points` (each `[place, c1]`, `to` where each goes) that is one
   * of this page's own face-down cards in deal `deal` of hand `hand`, or -1: one the ask names
   * as its seat's (`seatOf`), or one it opened as its own, by its c1 rather than its place, since
   * a server could name another place for the same point (its shares are of the point). */
  ownAsked(hand, deal, points, to) {
    const seat = this.seatOf(hand);
    const opened = this.ownPoints.get(`${hand}/${deal}`) ?? new Set();
    const down = seat === null || seat === undefined ? null : label(seat, false);
    const index = points.findIndex(([, point], at) => opened.has(point) || to[at] === down);
    return index < 0 ? -1 : points[index][0];
  }

  /** What this page shared in deal `deal` of `hand` (its rounds' `context`, as party `party`):
   * `points`, the c1 (hexadecimal) of every point, and `places`, each place with where the ask
   * said it goes (its label); read from the store once, so that a page reloaded in the middle of
   * a pass still knows what it gave. */
  sharedIn(context, hand, deal, party) {
    const key = `${hand}/${deal}`;
    let shared = this.shared.get(key);
    if (shared === undefined) {
      shared = this.store
        .get(sharedKey(context, deal, party))
        .catch(() => undefined)
        .then((kept) => ({ points: new Set(kept?.points), places: new Map(kept?.places), deck: kept?.deck ?? null }));
      this.shared.set(key, shared);
      keepRecent(this.shared);
    }
    return shared;
  }

  /** Keep the `points` (each `[place, c1]`) this page is about to share, with where the ask said
   * each goes (`to`), before its answer leaves. */
  async share(context, hand, deal, party, points, to) {
    const shared = await this.sharedIn(context, hand, deal, party);
    points.forEach(([place, point], index) => {
      shared.points.add(point);
      if (to[index] !== undefined) shared.places.set(place, to[index]);
    });
    await this.keepShared(context, deal, party, shared);
  }

  /** Keep the digest of the dealt deck (privatedeal.js deckDigest) of `page`'s deal of `hand`. */
  async keepDeck(page, hand, digest) {
    const shared = await this.sharedIn(page.context, hand, page.deal, page.party);
    if (shared.deck === digest) return;
    shared.deck = digest;
    await this.keepShared(page.context, page.deal, page.party, shared);
  }

  async keepShared(context, deal, party, shared) {
    const kept = { points: [...shared.points], places: [...shared.places], deck: shared.deck ?? null };
    // A store that cannot be written leaves it in memory: said until the page is reloaded.
    await this.store.put(sharedKey(context, deal, party), kept).catch(() => {});
  }

  /** Said once a place: the server asked this page for one of its own cards (`told` the label it
   * named the card with; null when the page refused the ask). */
  ownCardAsked(hand, place, told) {
    const key = `${hand}/${place}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.onOwnCardAsked(hand, place, told);
  }

  /** Check the table's view of `hand` (a table page's: `number`, `you`, `view`) under a private
   * deal: a face-down card drawn at this page's seat at a place it shared is one the server can
   * see (its view names such a card by its place, "#12"). */
  checkHand(hand) {
    if (!hand || hand.you === null || hand.you === undefined) return;
    const deal = hand.view.deal || 1;
    const shared = this.shared.get(`${hand.number}/${deal}`);
    const seatView = hand.view.seats[hand.you];
    shared?.then(({ places }) => {
      for (const held of seatView?.cards ?? []) {
        const place = typeof held.card === "string" && !named(held.card) ? Number(held.card.slice(1)) : null;
        if (place !== null && places.has(place)) this.ownCardAsked(hand.number, place, places.get(place));
      }
    });
  }

  /** The check of the dealt deck `frame` carries (PageRounds.checkDealt), made once a deal: a
   * frame of the same deal that carries another is a server changing the deck mid-deal. */
  dealtFor(page, { hand, deal, dealt }) {
    const key = `${hand}/${deal}`;
    const said = JSON.stringify(dealt ?? null);
    const known = this.dealts.get(key);
    if (known !== undefined) return known.said === said ? known.checked : Promise.reject(new ServerLie("dealt"));
    const checked = page.checkDealt(dealt);
    // Kept with what the page shared, for its check of the night record (ownPart).
    checked.then(({ digest }) => this.keepDeck(page, hand, digest)).catch(() => {}); // said by the frame that waits
    this.dealts.set(key, { said, checked });
    keepRecent(this.dealts);
    return checked;
  }

  /** Every point of `points` (each `[place, c1 or ciphertext]`) is the card dealt at its place
   * in the dealt deck `frame` carries; a ServerLie of kind `what` otherwise. */
  async checkPoints(page, frame, points, what) {
    const dealt = await this.dealtFor(page, frame);
    for (const [place, point] of points) {
      if (dealt.c1(place) !== String(point).slice(0, 64)) throw new ServerLie(what, place);
    }
  }

  /** Said once a hand and kind: the server did what an honest table never does (`lie`). */
  serverLie(hand, lie) {
    const key = `${hand}/${lie.what}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.onServerLie(hand, lie.what, lie.place);
  }

  /** Keep `deal` (its context, hand, deal and party) among its table's deals this page was a
   * party to (with the secrets, so that a reload still knows them); the list of them without. */
  async played(context, deal) {
    const key = PLAYED + context.split("|")[0].slice("table ".length);
    const kept = (await this.store.get(key)) ?? [];
    if (deal && !kept.some((item) => item.hand === deal.hand && item.deal === deal.deal)) {
      kept.push(deal);
      await this.store.put(key, kept);
    }
    return kept;
  }

  /** Publish the secret and order of every deal of table `tableId` this page was a party to,
   * but those of the hand in play (as its player leaves the table: docs/security.md says what
   * that shows, and to whom). */
  async revealAll(tableId) {
    for (const { context, hand, deal, party } of await this.played(`table ${tableId}`)) {
      if (hand === this.playing()) continue;
      const page = new PageRounds({ context, deal, party, store: this.store });
      this.send({ type: "private", hand, deal, answer: await page.reveal() });
    }
  }

  /** Take `frame` if it is a private deal's (true), answering it. */
  onFrame(frame) {
    if (frame.type === "private_audit") {
      this.audit = frame;
      this.onAudit(frame);
      return true;
    }
    if (frame.type !== "private") return false;
    this.take(frame);
    return true;
  }

  /** Note that the server took this page's key of `deal` of `hand` (see heldNight). */
  async taken(context, hand, deal) {
    const key = PLAYED + context.split("|")[0].slice("table ".length);
    const kept = (await this.store.get(key)) ?? [];
    const item = kept.find((each) => each.hand === hand && each.deal === deal);
    if (item && !item.taken) {
      item.taken = true;
      await this.store.put(key, kept);
    }
  }

  /** Another page of this seat plays deal `deal` of `hand` (the deal took its key): this page
   * sits it out, and never publishes its own secret for it (it would not open the deal's key). */
  async sitOut(context, hand, deal) {
    const key = PLAYED + context.split("|")[0].slice("table ".length);
    const kept = (await this.store.get(key)) ?? [];
    const others = kept.filter((each) => each.hand !== hand || each.deal !== deal);
    if (others.length !== kept.length) await this.store.put(key, others);
    this.onElsewhere(hand, deal);
  }

  /** Answer `frame`, or say what the server did wrong (a ServerLie: nothing is answered). */
  async take(frame) {
    try {
      await this.answerFrame(frame);
    } catch (error) {
      if (!(error instanceof ServerLie)) throw error;
      this.serverLie(frame.hand, error);
    }
  }

  async answerFrame(frame) {
    const { context, hand, deal, party, step } = frame;
    const page = new PageRounds({ context, deal, party, store: this.store, held: this.held, checked: this.checked });
    if (frame.key && step !== "key" && !(await page.owns(frame.key))) {
      await this.sitOut(context, hand, deal);
      return;
    }
    if (step === "key") await this.played(context, { context, hand, deal, party, at: Date.now() });
    if (step === "mask") await this.taken(context, hand, deal);
    if (step === "open") {
      // Each card handed over is the one dealt at its place: a ciphertext of the server's own
      // making would open to a card of its choosing.
      await this.checkPoints(page, frame, frame.points, "open");
      const opened = await page.open(frame.points).catch(() => {
        throw new ServerLie("open"); // no card: the others' shares taken off it were wrong
      });
      const key = `${hand}/${deal}/${frame.seat}`;
      const kept = this.cards.get(key) ?? new Map();
      for (const [position, card] of opened) kept.set(position, card);
      this.cards.set(key, kept);
      const points = this.ownPoints.get(`${hand}/${deal}`) ?? new Set();
      const shared = await this.sharedIn(context, hand, deal, party);
      for (const [place, ciphertext] of frame.points) {
        const point = ciphertext.slice(0, 64);
        points.add(point);
        // A server that named another seat for this card when it asked for its share can open
        // it with the other parties' shares: said at once (by its point too, should the server
        // hand it over at another place than it asked).
        if (shared.places.has(place) || shared.points.has(point))
          this.ownCardAsked(hand, place, shared.places.get(place) ?? null);
      }
      this.ownPoints.set(`${hand}/${deal}`, points);
      this.onCards(this.cards);
      return;
    }
    if (step === "reveal" && hand === this.playing()) return; // never while its hand is played
    if (step === "unmask") {
      const place = this.ownAsked(hand, deal, frame.points, frame.to ?? []);
      if (place >= 0) return this.ownCardAsked(hand, place, null); // refused: never its own card's share
    }
    const order = step === "unmask" && frame.points.length === 1 && frame.points[0][0] === ORDER;
    if ((step === "unmask" && !order) || step === "show")
      await this.checkPoints(page, frame, frame.points, step === "show" ? "show" : "point");
    // What it is about to share is kept while the shares are worked out (IndexedDB's write off
    // the pass's path), and kept before they leave.
    const kept = step === "unmask" ? this.share(context, hand, deal, party, frame.points, frame.to ?? []) : null;
    const answer =
      step === "show"
        ? await page.show(frame.seat, frame.points)
        : step === "reveal"
          ? await page.reveal()
          : await page.answer(frame);
    await kept;
    this.send({ type: "private", hand, deal, answer });
  }
}
