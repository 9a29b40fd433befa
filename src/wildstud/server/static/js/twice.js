// Run it twice: once the hands all in are turned up, the table asks each of them whether to deal
// the cards still to come twice, each run for half of every pot (the server's `run_twice` frame
// names the seats still to answer, those that agreed, one that declined, and the seconds left).
// Every one must agree; one "Run once", or the clock running out, and the cards are dealt once.

import { h, mergeChildren } from "./dom.js";

export class TwiceOffer {
  constructor(panel) {
    this.panel = panel;
    this.frame = null;
    this.at = 0;
    this.element = h("section", {
      id: "twice-offer",
      className: "showdown-choice twice-offer",
      "aria-label": "Run it twice",
      hidden: true,
    });
    this.element.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-agree]");
      if (!button) return;
      const agree = button.dataset.agree === "true";
      this.panel.send({ type: "run_twice", agree }, agree ? "Run it twice" : "Run once");
    });
  }

  /** A `run_twice` frame arrived. */
  update(frame) {
    this.frame = frame;
    this.at = performance.now();
  }

  /**
   * Draw the offer for table seat `mine` in hand `number`: the question while this seat is to
   * answer, a line while the others are, nothing once it is settled or for anyone else.
   */
  render(mine, number) {
    const frame = this.frame;
    const element = this.element;
    const open = frame !== null && frame.number === number && frame.seats.length > 0 && mine !== null;
    const asked = open && frame.seats.includes(mine);
    const waiting = open && !asked && frame.agreed.includes(mine);
    element.hidden = !asked && !waiting;
    if (element.hidden) {
      element.replaceChildren();
      return;
    }
    const fresh = asked
      ? h(
          "div",
          {},
          h(
            "p",
            { "data-key": "why" },
            "Every hand is all in. Run the cards still to come twice, each run for half of the pot?",
          ),
          h(
            "div",
            { className: "showdown-buttons", "data-key": "buttons" },
            h("button", { type: "button", "data-agree": "true", "data-key": "twice" }, "Run it twice"),
            h("button", { type: "button", "data-agree": "false", "data-key": "once" }, "Run once"),
          ),
          h(
            "p",
            { className: "muted", "data-key": "default" },
            "Everyone all in must agree. If you do not answer in time, the cards are run once.",
          ),
          h("p", { className: "left", "data-key": "left" }, this.left()),
        )
      : h(
          "div",
          {},
          h("p", { "data-key": "why" }, "You agreed to run it twice: waiting for the others to answer."),
          h("p", { className: "left", "data-key": "left" }, this.left()),
        );
    mergeChildren(element, fresh);
  }

  /** The seconds left, in words. */
  left() {
    if (!this.frame) return "";
    const seconds = Math.max(0, this.frame.seconds - (performance.now() - this.at) / 1000);
    return `${Math.ceil(seconds)} s to answer`;
  }

  /** Keep the seconds left up to date (the table's ticker calls this). */
  tick() {
    const line = this.element.querySelector(".left");
    if (line && !this.element.hidden) line.textContent = this.left();
  }
}
