// When this seat is wanted (its turn, or the dealer's pick of the game) while the page is
// scrolled away from the dock that holds its buttons (reading the chat or the night's ledger
// under the table, or a host at the console below it on a phone), a button fixed at the edge of
// the screen says so and takes the player there. The page never scrolls by itself: a player
// reading something is not pulled away from it.

import { h } from "./dom.js";
import { icon } from "./icons.js";

export class TurnPill {
  /** `target`: the element that holds the seat's buttons (the table's dock). */
  constructor(target) {
    this.target = target;
    this.wanted = "";
    this.inView = true;
    this.element = h("button", { type: "button", className: "turn-pill", id: "turn-pill", hidden: true });
    this.element.addEventListener("click", () => this.go());
    // Without the observer (an old browser) the pill never shows: the page works as before.
    if (typeof IntersectionObserver === "function") {
      const observer = new IntersectionObserver(
        (entries) => {
          this.inView = entries[entries.length - 1].intersectionRatio >= 0.5;
          this.draw();
        },
        { threshold: [0, 0.5, 1] },
      );
      observer.observe(target);
    }
  }

  /** What the seat is wanted for now, in words ("Your turn", "Pick the game"), or "". */
  update(wanted) {
    if (wanted === this.wanted) return;
    this.wanted = wanted;
    this.draw();
  }

  draw() {
    const show = Boolean(this.wanted) && !this.inView;
    if (!show) {
      this.element.hidden = true;
      return;
    }
    // Which way the buttons lie: read only while the pill shows (a layout, at most once a change).
    const above = this.target.getBoundingClientRect().bottom < 0;
    this.element.replaceChildren(this.wanted, icon(above ? "up" : "down"));
    this.element.dataset.way = above ? "up" : "down";
    this.element.hidden = false;
  }

  go() {
    const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.target.scrollIntoView({ block: "end", behavior: still ? "auto" : "smooth" });
    // The first of its buttons takes the focus, so that a keyboard or a screen reader is there too.
    const shown = [...this.target.querySelectorAll("button:not([disabled])")].find(
      (button) => button.getClientRects().length > 0,
    );
    shown?.focus({ preventScroll: true });
  }
}
