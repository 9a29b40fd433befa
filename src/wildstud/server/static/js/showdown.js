// At the showdown, a player whose hand takes no part of a pot may show it or muck it unshown:
// "Show" and "Muck" buttons with the seconds left, and what the table does if the time runs out
// (the server's `showdown` frame names the seats still choosing and the table's default). The
// hands that take the pots are shown before anyone is asked, so the question names them.

import { currentDeal } from "./banner.js";
import { h, mergeChildren } from "./dom.js";
import { describeBeaten } from "./words.js";

const DEFAULT_WORDS = {
  muck: "If you do not choose in time, your hand is mucked unshown.",
  show: "If you do not choose in time, your hand is shown.",
};

export class ShowdownChoice {
  constructor(panel) {
    this.panel = panel;
    this.frame = null;
    this.at = 0;
    this.element = h("section", {
      id: "showdown-choice",
      className: "showdown-choice",
      "aria-label": "Show or muck",
      hidden: true,
    });
    this.element.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-show]");
      if (!button) return;
      const show = button.dataset.show === "true";
      this.panel.send({ type: "show", show }, show ? "Show" : "Muck");
    });
  }

  /** A `showdown` frame arrived (the seats still choosing, the seconds left, the default). */
  update(frame) {
    this.frame = frame && frame.seats.length ? frame : null;
    this.at = performance.now();
  }

  /**
   * Draw the choice for table seat `mine` in hand `number` (or hide it: not this seat's
   * choice, another hand's, or none); `hand`, the hand as the state holds it, gives the hands
   * shown so far in its deal and its players' names.
   */
  render(mine, number, hand = null) {
    const frame = this.frame;
    const element = this.element;
    const choosing = frame !== null && frame.number === number && mine !== null && frame.seats.includes(mine);
    element.hidden = !choosing;
    if (!choosing) {
      element.replaceChildren();
      return;
    }
    const fresh = h(
      "div",
      {},
      h("p", { "data-key": "why" }, describeBeaten(shownInDeal(hand), hand ? hand.names : [])),
      h(
        "div",
        { className: "showdown-buttons", "data-key": "buttons" },
        h("button", { type: "button", "data-show": "true", "data-key": "show" }, "Show"),
        h("button", { type: "button", "data-show": "false", "data-key": "muck" }, "Muck"),
      ),
      h("p", { className: "muted", "data-key": "default" }, DEFAULT_WORDS[frame.default]),
      h("p", { className: "left", "data-key": "left" }, this.left()),
    );
    mergeChildren(element, fresh);
  }

  /** The seconds left, in words. */
  left() {
    if (!this.frame) return "";
    const seconds = Math.max(0, this.frame.seconds - (performance.now() - this.at) / 1000);
    return `${Math.ceil(seconds)} s to choose`;
  }

  /** Keep the seconds left up to date (the table's ticker calls this). */
  tick() {
    const line = this.element.querySelector(".left");
    if (line && !this.element.hidden) line.textContent = this.left();
  }
}

/** The `shown` events of `hand`'s last deal, in order (none without a hand). */
function shownInDeal(hand) {
  return hand ? currentDeal(hand.view.events).filter((event) => event.type === "shown") : [];
}
