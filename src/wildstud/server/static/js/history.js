// Past hands: a list, any hand replayed event by event, and its PHH record to download.

import { api, h } from "./api.js";
import { cardElement } from "./cards.js";
import { describeEvent } from "./events.js";

export class HistoryPanel {
  constructor(element) {
    this.element = element;
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
    this.replayBox = h("div", { className: "replay" });
    this.element.replaceChildren(h("h2", {}, "Past hands"), hands.length ? list : h("p", {}, "No finished hand yet."), this.replayBox);
  }

  async replay(number) {
    const record = await api(`/tables/${this.tableId}/hands/${number}`);
    let step = 0;
    const box = this.replayBox;
    const total = record.events.length;
    const draw = () => {
      const shown = record.events.slice(0, step + 1);
      const seats = record.players.map(() => []);
      let wild = new Set();
      const seatWild = new Map();
      for (const event of shown) {
        if (event.type === "deal_started") seats.forEach((cards) => cards.splice(0));
        if (event.type === "dealt") seats[event.seat].push({ card: event.card, up: event.up });
        if (event.type === "wilds_changed") wild = new Set(event.wild);
        if (event.type === "shown") {
          seatWild.set(event.seat, new Set(event.wild));
          seats[event.seat] = event.cards.map((card) => ({ card, up: true }));
        }
      }
      const text = describeEvent(record.events[step], record.players) || record.events[step].type;
      box.replaceChildren(
        h("h3", {}, `Hand ${record.number}: ${record.title}`),
        h("p", { className: "step", "aria-live": "polite" }, `Step ${step + 1} of ${total}: ${text}`),
        h("div", { className: "replay-seats" }, record.players.map((name, seat) => h("div", { className: "replay-seat" },
          h("strong", {}, name), " ",
          seats[seat].map((held) => cardElement(held.card, { wild: Boolean(held.card) && (wild.has(held.card) || (seatWild.get(seat) || new Set()).has(held.card)), small: true }))))),
        h("div", { className: "replay-controls" },
          h("button", { type: "button", onclick: () => { step = 0; draw(); } }, "⏮ Start"),
          h("button", { type: "button", disabled: step === 0, onclick: () => { step -= 1; draw(); } }, "◀ Back"),
          h("button", { type: "button", disabled: step >= total - 1, "data-step": "next", onclick: () => { step += 1; draw(); } }, "Next ▶"),
          h("button", { type: "button", onclick: () => { step = total - 1; draw(); } }, "End ⏭"),
          h("a", { href: `/api/tables/${this.tableId}/hands/${number}/phh`, download: `${this.tableId}-${number}.phh` }, "Download PHH")),
      );
      const next = box.querySelector("[data-step=next]");
      if (next && !next.disabled) next.focus({ preventScroll: true });
    };
    draw();
  }
}
