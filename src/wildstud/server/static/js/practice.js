// A practice table's help for the player's own seat: their share of the pot against what they
// can see, as each card lands, and on their turn what the equity bot would do in their place.
// The server works both out from this seat's view alone and sends them to this seat alone (the
// `practice` frame); the words are words.js's, from the frame's data.

import { h, mergeChildren } from "./dom.js";
import { describeChances, describeHint, percent } from "./words.js";

export class PracticeHelp {
  constructor() {
    this.frame = null;
    this.element = h("section", {
      id: "practice",
      className: "practice",
      "aria-label": "Your odds (practice table)",
      hidden: true,
    });
  }

  /** A `practice` frame arrived: the help for the deal as it stands. */
  update(frame) {
    this.frame = frame;
  }

  /** Draw the help for hand `number` (hidden for another hand's help, or none yet). */
  render(number) {
    const frame = this.frame;
    const element = this.element;
    const shown = frame !== null && frame.number === number;
    element.hidden = !shown;
    if (!shown) {
      element.replaceChildren();
      return;
    }
    const { chances, hint } = frame;
    const odds = chances
      ? h(
          "p",
          {
            className: "chances",
            "data-key": "chances",
            "data-equity": String(chances.equity),
            title: `95% interval ${percent(chances.low)} to ${percent(chances.high)}, from ${chances.deals} deals`,
          },
          describeChances(chances),
        )
      : h("p", { className: "chances muted", "data-key": "chances" }, "You are out of this hand.");
    const fresh = h(
      "div",
      {},
      odds,
      hint ? h("p", { className: "hint", "data-key": "hint", "data-kind": hint.kind }, describeHint(hint)) : null,
    );
    mergeChildren(element, fresh);
  }
}
