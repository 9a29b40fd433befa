// Sitting out and back in, as buttons under the seat's own controls. A player the clock sat
// out (it acted for them hands in a row) is told so, and how to come back.

import { h, mergeChildren } from "./dom.js";

export class SeatControls {
  constructor(panel) {
    this.panel = panel;
    this.element = h("section", {
      id: "seat-controls",
      className: "seat-controls",
      "aria-label": "Your seat",
      hidden: true,
    });
    this.element.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-sit]");
      if (!button) return;
      const out = button.dataset.sit === "out";
      this.panel.send({ type: out ? "sit_out" : "sit_in" }, out ? "Sit out" : "Sit back in");
    });
  }

  /** Draw the buttons for `seat` (the table frame's entry for this page's seat, or none). */
  render(seat, settings) {
    const element = this.element;
    element.hidden = !seat;
    document.body.dataset.sitting = seat ? (seat.absent ? "absent" : seat.sitting_out ? "out" : "in") : "";
    if (!seat) return;
    const fresh = h("div");
    if (seat.sitting_out) {
      const hands = settings ? settings.absent_hands : 2;
      fresh.append(
        h(
          "p",
          { className: seat.absent ? "absent-note" : "muted", "data-key": seat.absent ? "absent" : "out" },
          seat.absent
            ? `The clock acted for you ${hands === 1 ? "in a hand" : `${hands} hands in a row`}, so you are sitting out. Press “Sit back in” (or open your seat's link again) to be dealt in from the next hand.`
            : "You are sitting out: you are not dealt in until you sit back in.",
        ),
        h("button", { type: "button", "data-sit": "in", "data-key": "in" }, "Sit back in"),
      );
    } else {
      fresh.append(h("button", { type: "button", "data-sit": "out", "data-key": "out" }, "Sit out from the next hand"));
    }
    mergeChildren(element, fresh);
  }
}
