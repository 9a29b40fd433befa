// Past hands: a list, any hand replayed move by move as the table showed it, and its PHH record
// to download. At a seat (given its token) a hand replays from that seat: the server sends the
// seat's own hole cards and no one else's hidden card the showdown did not show. The cards the hand showed are checked here against each deal's commitment (the
// Merkle root the server sent before the deal's first card) and marked as proven.

import { api, base, h } from "./api.js";
import { cardName, pretty } from "./cards.js";
import { describeEvent } from "./events.js";
import { drawBanner, drawCentre, drawSeats } from "./drawing.js";

// -- proofs: the same tree as src/wildstud/commitment.py (RFC 6962, SHA-256) ------------------

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

/** Whether a proof leads from its card, position and salt to the root (RFC 9162, 2.1.3.2). */
export async function proofHolds(root, proof) {
  const code = RANK_ORDER.indexOf(proof.card[0]) * 4 + SUIT_ORDER.indexOf(proof.card[1]);
  if (code < 0 || !/^[0-9a-f]{64}$/.test(proof.salt)) return false;
  let hash = await sha256(Uint8Array.of(0, proof.position, code), bytes(proof.salt));
  let fn = proof.position;
  let sn = DECK_SIZE - 1;
  if (fn > sn) return false;
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

/** Each proof checked against its deal's root: a map from "deal:card" to true or false; null
 * where the browser has no WebCrypto (a page served over plain http from another machine). */
async function checkProofs(record) {
  if (!globalThis.crypto || !crypto.subtle) return null;
  const roots = new Map(record.commitments.map((item) => [item.deal, item.root]));
  const results = new Map();
  for (const proof of record.proofs) {
    const root = roots.get(proof.deal);
    results.set(`${proof.deal}:${proof.card}`, root !== undefined && (await proofHolds(root, proof)));
  }
  return results;
}

/** Who got each card the events show, by "deal:card": an engine seat, or null (the centre). */
function holders(events) {
  const found = new Map();
  let deal = 1;
  for (const event of events) {
    if (event.type === "deal_started") deal = event.deal;
    else if (event.type === "dealt" && event.card) found.set(`${deal}:${event.card}`, event.seat);
    else if ((event.type === "centre_card" || event.type === "community_card") && event.card)
      found.set(`${deal}:${event.card}`, null);
    else if (event.type === "shown") {
      // Hole cards first seen at the showdown (a community card in a shown hand stays the centre's).
      for (const card of event.cards) if (!found.has(`${deal}:${card}`)) found.set(`${deal}:${card}`, event.seat);
    }
  }
  return found;
}

function provenSection(record, events, results) {
  const section = h("section", { className: "proven-cards", "aria-label": "Proven cards" });
  if (!record.commitments.length) {
    section.append(h("p", { className: "muted" }, "This hand was dealt before deck commitments: it has no proofs."));
    return section;
  }
  const failed = results ? record.proofs.filter((proof) => !results.get(`${proof.deal}:${proof.card}`)) : [];
  const status =
    results === null
      ? "This browser cannot check the proofs here (WebCrypto needs https or this computer); download the PHH record and run wildstud verify."
      : failed.length
        ? `The proof of ${failed.map((proof) => pretty(proof.card)).join(", ")} does not hold: that card is not the one the deck was committed to.`
        : `All ${record.proofs.length} proofs hold: each card shown is the one the deck was committed to before the deal (checked in this browser). Folded and mucked cards were never opened.`;
  section.append(
    h("h4", {}, "Proven cards"),
    h("p", { className: failed.length ? "proof-failed" : "proof-status" }, status),
  );
  const seats = holders(events);
  const rows = new Map();
  for (const proof of record.proofs) {
    const key = `${proof.deal}:${proof.card}`;
    const seat = seats.has(key) ? seats.get(key) : null;
    const who = seat === null ? "centre" : record.names[seat];
    const row = `${proof.deal}:${who}`;
    if (!rows.has(row)) rows.set(row, { deal: proof.deal, who, cards: [] });
    const ok = results ? results.get(key) : null;
    const mark = ok === null ? "?" : ok ? "✓" : "✗";
    const label = `${cardName(proof.card)}, ${ok === null ? "proof not checked here" : ok ? "proven" : "proof fails"}`;
    rows
      .get(row)
      .cards.push(
        h(
          "span",
          { className: `proof ${ok === false ? "proof-bad" : ""}`, role: "img", "aria-label": label, title: label },
          pretty(proof.card),
          h("span", { className: "proof-mark", "aria-hidden": "true" }, mark),
        ),
      );
  }
  const list = h("ul", { className: "proof-list" });
  for (const { deal, who, cards } of rows.values()) {
    const head = record.commitments.length > 1 ? `deal ${deal}, ${who}: ` : `${who}: `;
    list.append(h("li", {}, head, ...cards.flatMap((card) => [card, " "])));
  }
  section.append(list);
  return section;
}

/** Mark the cards drawn on the felt that are proven in the deal shown. */
function markProven(container, deal, results) {
  if (!results) return;
  for (const element of container.querySelectorAll(".card[data-card]")) {
    const code = element.dataset.card;
    if (!code || !results.get(`${deal}:${code}`)) continue;
    element.classList.add("proven");
    const label = `${element.getAttribute("aria-label")}, proven`;
    element.setAttribute("aria-label", label);
    element.title = label;
  }
}

export class HistoryPanel {
  constructor(element, seatCount = () => 6, seatToken = null) {
    this.element = element;
    this.seatCount = seatCount;
    this.seatToken = seatToken;
    this.tableId = null;
    this.fresh = false;
  }

  /** Where a finished hand is read from: the seat's own view at a seat, else the table's. */
  handPath(number) {
    return this.seatToken
      ? `/seat/${encodeURIComponent(this.seatToken)}/hands/${number}`
      : `/tables/${this.tableId}/hands/${number}`;
  }

  stale() {
    this.fresh = false;
    if (!this.element.closest("[hidden]") && this.tableId) this.load(this.tableId);
  }

  async load(tableId) {
    this.tableId = tableId;
    if (this.fresh) return;
    this.fresh = true;
    const hands = await api(`/tables/${tableId}/hands?limit=50`);
    const list = h(
      "ul",
      { className: "hand-list" },
      hands.map((hand) => {
        const net = hand.final_stacks.map((stack, index) => stack - hand.starting_stacks[index]);
        const summary = hand.players
          .map((name, index) => `${name} ${net[index] >= 0 ? "+" : ""}${net[index]}`)
          .join(", ");
        return h(
          "li",
          {},
          h(
            "button",
            { type: "button", "data-hand": hand.number, onclick: () => this.replay(hand.number) },
            `Hand ${hand.number}: ${hand.title}`,
          ),
          " ",
          h("span", { className: "muted" }, summary),
          " ",
          h(
            "a",
            { href: `${base}/api${this.handPath(hand.number)}/phh`, download: `${tableId}-${hand.number}.phh` },
            "PHH",
          ),
        );
      }),
    );
    // A replay in progress stays put when the list is refreshed after a hand ends.
    this.replayBox = this.replayBox || h("div", { className: "replay" });
    this.element.replaceChildren(
      h("h2", {}, "Past hands"),
      hands.length ? list : h("p", {}, "No finished hand yet."),
      this.replayBox,
    );
  }

  async replay(number) {
    const record = await api(`${this.handPath(number)}/steps`);
    const box = this.replayBox;
    const frames = record.steps;
    const events = frames.flatMap((frame) => frame.events);
    const counts = [];
    frames.reduce((total, frame) => {
      counts.push(total + frame.events.length);
      return total + frame.events.length;
    }, 0);
    const last = frames.length - 1;
    const title = frames[0].view.game;
    const you = record.you ?? null;
    const from = you === null ? "as the table saw it" : `from your seat (${record.names[you]})`;
    const heading = h("h3", { tabIndex: -1 }, `Hand ${record.number}: ${title}, ${from}`);
    const stepLine = h("p", { className: "step", "aria-live": "polite" });
    const banner = h("section", { className: "banner replay-banner", "aria-label": "Wild cards at this step" });
    const centre = h("div", { className: "centre" });
    const seats = h("div", { className: "seats" });
    const felt = h(
      "div",
      { className: "felt replay-felt", role: "region", "aria-label": "The table at this step" },
      centre,
      seats,
    );
    const log = h("ol", { className: "log replay-log", "aria-label": "What happened so far" });
    let step = 0;
    const go = (to) => {
      step = Math.max(0, Math.min(last, to));
      draw();
    };
    const buttons = {
      start: h("button", { type: "button", "data-step": "start", onclick: () => go(0) }, "« Start"),
      back: h(
        "button",
        { type: "button", "data-step": "back", "aria-keyshortcuts": "ArrowLeft", onclick: () => go(step - 1) },
        "◀ Back",
      ),
      next: h(
        "button",
        { type: "button", "data-step": "next", "aria-keyshortcuts": "ArrowRight", onclick: () => go(step + 1) },
        "Next ▶",
      ),
      end: h("button", { type: "button", "data-step": "end", onclick: () => go(last) }, "End »"),
    };
    const controls = h(
      "div",
      { className: "replay-controls", role: "group", "aria-label": "Replay controls" },
      Object.values(buttons),
      h(
        "a",
        { href: `${base}/api${this.handPath(number)}/phh`, download: `${this.tableId}-${number}.phh` },
        "Download PHH",
      ),
    );
    const draw = () => {
      const view = { ...frames[step].view, events: events.slice(0, counts[step]) };
      const hand = { number: record.number, names: record.names, lineup: record.lineup, you, clock: null, view };
      const added = frames[step].events.map((event) => describeEvent(event, record.names)).filter(Boolean);
      const where = [view.street, view.deal > 1 ? `deal ${view.deal}` : null].filter(Boolean).join(", ");
      stepLine.textContent = `Step ${step + 1} of ${frames.length}${where ? ` (${where})` : ""}: ${added.join(" ") || "…"}`;
      const wild = drawBanner(banner, hand);
      const mine = you === null ? null : record.lineup[you];
      drawSeats(seats, { hand, wild, total: this.seatCount(), mine, showEmpty: false });
      drawCentre(centre, hand, wild);
      markProven(felt, view.deal || 1, results);
      const lines = view.events.map((event) => describeEvent(event, record.names)).filter(Boolean);
      log.start = Math.max(1, lines.length - 7);
      log.replaceChildren(...lines.slice(-8).map((line) => h("li", {}, line)));
      buttons.start.disabled = step === 0;
      buttons.back.disabled = step === 0;
      buttons.next.disabled = step === last;
      buttons.end.disabled = step === last;
      box.dataset.step = String(step);
      if (box.contains(document.activeElement) && document.activeElement.disabled) {
        (step === last ? buttons.back : buttons.next).focus({ preventScroll: true });
      }
    };
    const results = await checkProofs(record);
    const proven = provenSection(record, events, results);
    box.replaceChildren(heading, controls, stepLine, banner, felt, log, proven);
    box.onkeydown = (event) => {
      if (event.key === "ArrowRight") go(step + 1);
      else if (event.key === "ArrowLeft") go(step - 1);
      else return;
      event.preventDefault();
    };
    draw();
    buttons.next.focus({ preventScroll: true });
  }
}
