// At the showdown, a player whose hand takes no part of a pot may show it or muck it unshown:
// "Show" and "Muck" buttons with the seconds left, and what the table does if the time runs out
// (the server's `showdown` frame names the seats still choosing and the table's default).

import { h, mergeChildren } from "./dom.js";

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
   * choice, another hand's, or none).
   */
  render(mine, number) {
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
      h("p", { "data-key": "why" }, "Your hand wins no part of the pot: show it, or muck it unshown?"),
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
