// Checking the server's card proofs in the browser: the same tree as src/wildstud/commitment.py
// (RFC 6962 over SHA-256, by WebCrypto), and the same positions as src/wildstud/history/proven.py.
// A proof that leads to its deal's root is not enough: the card must also have been dealt from
// the position the proof opens, or a server could deal out of its committed order and still
// send genuine proofs. The live table (LiveProofs) and the history page (history.js) both
// check every card they show this way.

import { icon } from "./icons.js";
import { PRIVATE_DEAL, PRIVATE_ELSEWHERE, describeCardCheck, describeShuffle } from "./words.js";

const DECK_SIZE = 52;
const RANK_ORDER = "23456789TJQKA";
const SUIT_ORDER = "cdhs";

const bytes = (hex) => Uint8Array.from(hex.match(/../g) || [], (pair) => parseInt(pair, 16));
const toHex = (data) => Array.from(data, (byte) => byte.toString(16).padStart(2, "0")).join("");

async function sha256(...parts) {
  const all = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return new Uint8Array(await crypto.subtle.digest("SHA-256", all));
}

/** Whether this browser can check proofs (WebCrypto needs https, or this computer). */
export function canCheck() {
  return Boolean(globalThis.crypto && crypto.subtle);
}

/** The hash of one position of a deck: its card's code (rank * 4 + suit) and its salt. */
function leafHash(position, code, salt) {
  return sha256(Uint8Array.of(0, position, code), salt);
}

/** The largest power of two below `count` (> 1): where RFC 6962 splits a range of leaves. */
const split = (count) => 2 ** Math.floor(Math.log2(count - 1));

/**
 * The root of a whole deck's commitment (hex), as src/wildstud/commitment.py makes it: `order`
 * the cards as codes ("Qs"), top first, and `salts` one 32-byte salt a position. The night's
 * audit (nightaudit.js) recomputes each deal's root this way once the night seed is revealed.
 */
export async function deckRoot(order, salts) {
  if (order.length !== DECK_SIZE || salts.length !== DECK_SIZE) throw new RangeError("a deck is 52 cards");
  const leaves = await Promise.all(
    order.map((card, position) =>
      leafHash(position, RANK_ORDER.indexOf(card[0]) * 4 + SUIT_ORDER.indexOf(card[1]), salts[position]),
    ),
  );
  const node = async (start, end) => {
    if (end - start === 1) return leaves[start];
    const middle = start + split(end - start);
    return sha256(Uint8Array.of(1), await node(start, middle), await node(middle, end));
  };
  return toHex(await node(0, DECK_SIZE));
}

/** Whether a proof leads from its card, position and salt to the root (RFC 9162, 2.1.3.2). */
export async function proofHolds(root, proof) {
  if (typeof proof.card !== "string" || !Array.isArray(proof.path)) return false;
  const code = RANK_ORDER.indexOf(proof.card[0]) * 4 + SUIT_ORDER.indexOf(proof.card[1]);
  if (code < 0 || !/^[0-9a-f]{64}$/.test(proof.salt) || !proof.path.every((item) => /^[0-9a-f]{64}$/.test(item)))
    return false;
  let fn = proof.position;
  let sn = DECK_SIZE - 1;
  if (!Number.isInteger(fn) || fn < 0 || fn > sn) return false;
  let hash = await leafHash(proof.position, code, bytes(proof.salt));
  for (const sibling of proof.path.map(bytes)) {
    if (sn === 0) return false;
    if (fn & 1 || fn === sn) {
      hash = await sha256(Uint8Array.of(1), sibling, hash);
      while (!(fn & 1) && fn !== 0) {
        fn >>= 1;
        sn >>= 1;
      }
    } else {
      hash = await sha256(Uint8Array.of(1), hash, sibling);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 && toHex(hash) === root;
}

/**
 * Where each card the events show was dealt from, by "deal:card": its position in the deal's
 * deck. The server deals its committed order as a stacked deck: every card it takes (burns
 * and cards nobody here may see included) comes off the top, and a short stub's reshuffle puts
 * the burned cards back under what is left in the order they were burned. A hole card first
 * seen turned up all in or at the showdown takes the position its seat's card was dealt from.
 */
export function dealtPositions(events) {
  const found = new Map();
  let deal = 1;
  let stub = [];
  let burned = [];
  let held = new Map(); // seat: the positions of its cards in this deal, in dealing order
  let down = new Map(); // seat: the positions of its face-down cards not yet turned up
  const fresh = () => {
    stub = Array.from({ length: DECK_SIZE }, (_, index) => index);
    burned = [];
    held = new Map();
    down = new Map();
  };
  fresh();
  for (const event of events) {
    switch (event.type) {
      case "deal_started":
        deal = event.deal;
        fresh();
        break;
      case "stub_shuffled":
        stub.push(...burned);
        burned = [];
        break;
      case "burned":
        burned.push(stub.shift());
        break;
      case "dealt": {
        const position = stub.shift();
        if (!held.has(event.seat)) held.set(event.seat, []);
        held.get(event.seat).push(position);
        if (!event.up) {
          if (!down.has(event.seat)) down.set(event.seat, []);
          down.get(event.seat).push(position);
        }
        if (event.card) found.set(`${deal}:${event.card}`, position);
        break;
      }
      case "centre_card":
      case "community_card":
        found.set(`${deal}:${event.card}`, stub.shift());
        break;
      case "turned_up":
        // A hand turned up all in: its face-down cards so far, then each one as it lands, in
        // the order they were dealt.
        for (const card of event.cards) {
          const position = (down.get(event.seat) || []).shift();
          if (position !== undefined && !found.has(`${deal}:${card}`)) found.set(`${deal}:${card}`, position);
        }
        break;
      case "shown":
        event.cards.forEach((card, index) => {
          const mine = held.get(event.seat) || [];
          // Beyond the seat's own cards: the community card, already placed.
          if (index < mine.length && !found.has(`${deal}:${card}`)) found.set(`${deal}:${card}`, mine[index]);
        });
        break;
    }
  }
  return found;
}

/**
 * Every card the events show, checked: a map from "deal:card" to `{ ok, why }`. A card holds
 * when its deal has a commitment and its proof leads to that root from the position the card
 * was dealt from; a card of a deal with no commitment (dealt before commitments) is left out.
 * A proof of a card the events never show is left out too (it opens nothing shown here).
 */
export async function checkCards(commitments, proofs, events, holds = proofHolds) {
  const roots = new Map(commitments.map((item) => [item.deal, item.root]));
  const byCard = new Map(proofs.map((proof) => [`${proof.deal}:${proof.card}`, proof]));
  const results = new Map();
  for (const [key, position] of dealtPositions(events)) {
    const root = roots.get(Number(key.split(":")[0]));
    if (root === undefined) continue;
    const proof = byCard.get(key);
    let why = null;
    if (!proof) why = "no proof came with it";
    else if (!(await holds(root, proof))) why = "its proof does not hold against the deal's commitment";
    else if (proof.position !== position)
      why = `it was dealt from position ${position} of the deck, but its proof opens position ${proof.position}`;
    results.set(key, { ok: why === null, why, position });
  }
  return results;
}

/** The failed checks of `results` as one sentence per card, naming each card with `name`. */
export function failures(results, name) {
  return [...results]
    .filter(([, result]) => !result.ok)
    .map(([key, result]) => `${name(key.split(":")[1])}: ${result.why}.`);
}

/**
 * The cards drawn in `container` marked with the outcome of their checks in deal `deal`: a
 * small tick and ", verified: dealt from position n of the deck" in the card's accessible name
 * (`verified` "proven" on the history page: ", proven"), or a cross and ", proof FAILED".
 * Drawing a card again drops its mark, so this runs after every drawing.
 */
export function markCards(container, deal, results, verified = "verified") {
  // No check, no mark: a private deal's cards have no commitment, and its pages looked over
  // every card on the felt twice a frame for nothing.
  if (!results || !results.size) return;
  for (const element of container.querySelectorAll(".card[data-card]")) {
    const result = element.dataset.card && results.get(`${deal}:${element.dataset.card}`);
    if (!result || element.querySelector(".card-proof")) continue;
    element.classList.add(result.ok ? verified : "proof-bad");
    const check = result.ok && verified !== "verified" ? verified : describeCardCheck(result.ok, result.position);
    const label = `${element.getAttribute("aria-label")}, ${check}`;
    element.setAttribute("aria-label", label);
    element.title = label;
    const mark = document.createElement("span");
    mark.className = "card-proof";
    mark.setAttribute("aria-hidden", "true");
    mark.append(icon(result.ok ? "check" : "cross"));
    element.append(mark);
  }
}

/**
 * The live table's checks: the commitments and proofs of the hand in play, gathered from its
 * frames, every card shown checked as it arrives, the cards on the felt marked, and a loud
 * warning (a persistent alert) for any card whose proof fails. `name` words a card code.
 */
export class LiveProofs {
  constructor(name) {
    this.name = name;
    this.number = null;
    this.commitments = [];
    this.proofs = [];
    this.results = null;
    this.round = 0;
    this.failed = new Set();
    this.element = document.createElement("div");
    this.element.className = "proof-warning";
    this.element.setAttribute("role", "alert");
    this.element.hidden = true;
    // Which kind of deal the deal on the table is: the players' shuffle names whose values
    // made its deck (each commitment's made_from).
    this.kind = document.createElement("p");
    this.kind.className = "deal-kind";
    this.kind.hidden = true;
    this.privateDeal = false;
    this.audited = null; // a private table's audit, its verdict
    this.elsewhere = new Set(); // the hands another page of this seat plays (PagePrivate)
  }

  /** Another page of this seat plays hand `hand` of a private table: said beside the kind of
   * deal while that hand is on the table. */
  playedElsewhere(hand) {
    this.elsewhere.add(hand);
    this.showKind(null);
  }

  /** A private table's audit in words (its verdict, then each fault): the verdict said beside
   * the kind of deal, each fault raised as a warning once. */
  sayAudit([verdict, ...faults]) {
    this.audited = verdict;
    for (const line of faults.filter((fault) => !this.failed.has(`audit|${fault}`))) {
      this.failed.add(`audit|${line}`);
      this.alert(line);
    }
    this.showKind(null);
  }

  /** Say which kind of deal deal `deal` of the hand shown is (its commitment's made_from; a
   * private deal, `privateDeal` set by the table's settings, has none). */
  showKind(deal) {
    const elsewhere = this.privateDeal && this.elsewhere.has(this.number);
    this.kind.classList.toggle("elsewhere", elsewhere);
    const commitment = this.commitments.find((item) => item.deal === (deal || 1));
    const words = this.privateDeal
      ? [PRIVATE_DEAL, elsewhere && PRIVATE_ELSEWHERE, this.audited].filter(Boolean).join(" ")
      : commitment && `This deal: ${describeShuffle(commitment.made_from)}.`;
    this.kind.hidden = !words;
    if (words) this.kind.textContent = words;
  }

  /** Take a `hand` or `update` frame the page accepted; `hand` is the hand as it now stands.
   * Returns a promise of whether there are checks to mark, once they are done. */
  async frame(frame, hand) {
    if (frame.type === "hand" && frame.number !== this.number) {
      this.number = frame.number;
      this.commitments = [];
      this.proofs = [];
      this.results = null;
    }
    if (frame.type === "hand") {
      this.commitments = [...(frame.commitments || [])];
      this.proofs = [...(frame.proofs || [])];
    } else {
      this.commitments.push(...(frame.commitments || []));
      this.proofs.push(...(frame.proofs || []));
    }
    // A private deal's cards come with no commitment: there is nothing to check them against.
    if (!canCheck() || !this.commitments.length) return false;
    const round = ++this.round;
    const results = await checkCards(this.commitments, this.proofs, hand.view.events, this.holds());
    if (round !== this.round) return false; // a later frame's check supersedes this one
    this.results = results;
    this.warn(hand.number);
    return results.size > 0; // with no card checked there is nothing to mark
  }

  /** proofHolds, remembered: each proof is hashed once, however often the hand is checked. */
  holds() {
    this.cache = this.cache || new Map();
    return (root, proof) => {
      const key = JSON.stringify([root, proof]);
      if (!this.cache.has(key)) this.cache.set(key, proofHolds(root, proof));
      return this.cache.get(key);
    };
  }

  /** Raise the warning with `text` (it stays on the page, whatever comes after). */
  alert(text) {
    this.element.hidden = false;
    const line = document.createElement("p");
    line.textContent = text;
    this.element.append(line);
  }

  warn(number) {
    const lines = failures(this.results, this.name);
    const fresh = lines.filter((line) => !this.failed.has(`${number}|${line}`));
    if (!fresh.length) return;
    for (const line of fresh) this.failed.add(`${number}|${line}`);
    this.element.hidden = false;
    const heading = document.createElement("strong");
    heading.textContent = `Warning: a card of hand ${number} fails its check.`;
    const text = document.createElement("p");
    text.textContent = `${fresh.join(" ")} That card is not the one the server committed the deck to before the deal: the deal may have been tampered with. Tell the table, and check the hand's record with wildstud verify.`;
    this.element.append(heading, text);
  }

  /** Mark the cards drawn in `container` (the felt) for the deal `deal` of the hand shown. */
  mark(container, number, deal) {
    if (number === this.number) markCards(container, deal || 1, this.results);
    if (number === this.number) this.showKind(deal);
  }
}
