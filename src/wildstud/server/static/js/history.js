// Past hands: a list, any hand replayed move by move as the table showed it, and its PHH record
// to download.

import { api, h } from "./api.js";
import { describeEvent } from "./events.js";
import { drawBanner, drawCentre, drawSeats } from "./drawing.js";

export class HistoryPanel {
  constructor(element, seatCount = () => 6) {
    this.element = element;
    this.seatCount = seatCount;
    this.tableId = null;
    this.fresh = false;
  }

  stale() {
    this.fresh = false;
    if (!this.element.hidden && this.tableId) this.load(this.tableId);
  }

  async load(tableId) {
    this.tableId = tableId;
    if (this.fresh) return;
    this.fresh = true;
    const hands = await api(`/tables/${tableId}/hands?limit=50`);
    const list = h("ul", { className: "hand-list" }, hands.map((hand) => {
      const net = hand.final_stacks.map((stack, index) => stack - hand.starting_stacks[index]);
      const summary = hand.players.map((name, index) => `${name} ${net[index] >= 0 ? "+" : ""}${net[index]}`).join(", ");
      return h("li", {},
        h("button", { type: "button", "data-hand": hand.number, onclick: () => this.replay(hand.number) }, `Hand ${hand.number}: ${hand.title}`),
        " ", h("span", { className: "muted" }, summary), " ",
        h("a", { href: `/api/tables/${tableId}/hands/${hand.number}/phh`, download: `${tableId}-${hand.number}.phh` }, "PHH"));
    }));
    // A replay in progress stays put when the list is refreshed after a hand ends.
    this.replayBox = this.replayBox || h("div", { className: "replay" });
    this.element.replaceChildren(h("h2", {}, "Past hands"), hands.length ? list : h("p", {}, "No finished hand yet."), this.replayBox);
  }

  async replay(number) {
    const record = await api(`/tables/${this.tableId}/hands/${number}/steps`);
    const box = this.replayBox;
    const frames = record.steps;
    const events = frames.flatMap((frame) => frame.events);
    const counts = [];
    frames.reduce((total, frame) => { counts.push(total + frame.events.length); return total + frame.events.length; }, 0);
    const last = frames.length - 1;
    const title = frames[0].view.game;
    const heading = h("h3", { tabIndex: -1 }, `Hand ${record.number}: ${title}`);
    const stepLine = h("p", { className: "step", "aria-live": "polite" });
    const banner = h("section", { className: "banner replay-banner", "aria-label": "Wild cards at this step" });
    const centre = h("div", { className: "centre" });
    const seats = h("div", { className: "seats" });
    const felt = h("div", { className: "felt replay-felt", role: "region", "aria-label": "The table at this step" }, centre, seats);
    const log = h("ol", { className: "log replay-log", "aria-label": "What happened so far" });
    let step = 0;
    const go = (to) => {
      step = Math.max(0, Math.min(last, to));
      draw();
    };
    const buttons = {
      start: h("button", { type: "button", "data-step": "start", onclick: () => go(0) }, "« Start"),
      back: h("button", { type: "button", "data-step": "back", "aria-keyshortcuts": "ArrowLeft", onclick: () => go(step - 1) }, "◀ Back"),
      next: h("button", { type: "button", "data-step": "next", "aria-keyshortcuts": "ArrowRight", onclick: () => go(step + 1) }, "Next ▶"),
      end: h("button", { type: "button", "data-step": "end", onclick: () => go(last) }, "End »"),
    };
    const controls = h("div", { className: "replay-controls", role: "group", "aria-label": "Replay controls" },
      Object.values(buttons),
      h("a", { href: `/api/tables/${this.tableId}/hands/${number}/phh`, download: `${this.tableId}-${number}.phh` }, "Download PHH"));
    const draw = () => {
      const view = { ...frames[step].view, events: events.slice(0, counts[step]) };
      const hand = { number: record.number, names: record.names, lineup: record.lineup, you: null, clock: null, view };
      const added = frames[step].events.map((event) => describeEvent(event, record.names)).filter(Boolean);
      const where = [view.street, view.deal > 1 ? `deal ${view.deal}` : null].filter(Boolean).join(", ");
      stepLine.textContent = `Step ${step + 1} of ${frames.length}${where ? ` (${where})` : ""}: ${added.join(" ") || "…"}`;
      const wild = drawBanner(banner, hand);
      drawSeats(seats, { hand, wild, total: this.seatCount(), showEmpty: false });
      drawCentre(centre, hand, wild);
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
    box.replaceChildren(heading, controls, stepLine, banner, felt, log);
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
