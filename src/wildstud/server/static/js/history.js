// Past hands: a list, any hand replayed move by move as the table showed it, and its PHH record
// to download. At a seat (given its token) a hand replays from that seat: the server sends the
// seat's own hole cards and no one else's hidden card the showdown did not show. The cards the
// hand showed are checked here against each deal's commitment (the Merkle root the server sent
// before the deal's first card) and the position each was dealt from (proofs.js), and marked
// as proven.

import { api, base } from "./api.js";
import { h } from "./dom.js";
import { cardName, pretty } from "./cards.js";
import { icon } from "./icons.js";
import { describeEvent } from "./events.js";
import { drawBanner, drawCentre, drawSeats } from "./drawing.js";
import { fetchOdds, oddsPanel } from "./replayodds.js";
import { canCheck, checkCards, failures, markCards } from "./proofs.js";

/** Each card the hand shows, checked against its deal's root and the position it was dealt
 * from (proofs.js); null where the browser has no WebCrypto (a page served over plain http
 * from another machine). */
async function checkProofs(record, events) {
  return canCheck() ? checkCards(record.commitments, record.proofs, events) : null;
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
  const failed = results ? failures(results, pretty) : [];
  const status =
    results === null
      ? "This browser cannot check the proofs here (WebCrypto needs https or this computer); download the PHH record and run wildstud verify."
      : failed.length
        ? `A card fails its check: ${failed.join(" ")} That card is not the one the deck was committed to.`
        : `All ${record.proofs.length} proofs hold: each card shown is the one the deck was committed to before the deal, dealt from its committed position (checked in this browser). Folded and mucked cards were never opened.`;
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
    const ok = results ? Boolean(results.get(key) && results.get(key).ok) : null;
    const mark = ok === null ? "?" : icon(ok ? "check" : "cross");
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
    const odds = oddsPanel();
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
        icon("back"),
        " Back",
      ),
      next: h(
        "button",
        { type: "button", "data-step": "next", "aria-keyshortcuts": "ArrowRight", onclick: () => go(step + 1) },
        "Next ",
        icon("next"),
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
      markCards(felt, view.deal || 1, results, "proven");
      odds.draw(counts[step]);
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
    const results = await checkProofs(record, events);
    const proven = provenSection(record, events, results);
    box.replaceChildren(heading, controls, stepLine, banner, felt, odds.element, log, proven);
    fetchOdds(this.tableId, number).then(odds.show);
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
