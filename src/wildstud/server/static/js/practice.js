// A practice table's help for the player's own seat: their share of the pot against what they
// can see, as each card lands, and on their turn what the equity bot would do in their place.
// The server works both out from this seat's view alone and sends them to this seat alone (the
// `practice` frame); the words are words.js's, from the frame's data.

import { h, mergeChildren } from "./dom.js";
import { readSetting, writeSetting } from "./storage.js";
import { describeChances, describeHint, percent } from "./words.js";

/** Whether the player keeps the help out of sight (a player learning may want to think first,
 * and look only after acting): kept for every practice table of this browser. */
const HIDDEN_KEY = "wildstud.practice.hidden";

export class PracticeHelp {
  constructor() {
    this.frame = null;
    this.number = null;
    this.over = false;
    this.open = readSetting(HIDDEN_KEY) !== "yes";
    this.toggle = h("button", {
      type: "button",
      className: "practice-toggle",
      "aria-controls": "practice-help",
    });
    this.toggle.addEventListener("click", () => {
      this.open = !this.open;
      writeSetting(HIDDEN_KEY, this.open ? "no" : "yes");
      this.render(this.number, this.over);
    });
    this.body = h("div", { id: "practice-help" });
    this.element = h(
      "section",
      {
        id: "practice",
        className: "practice",
        "aria-label": "Your odds (practice table)",
        hidden: true,
      },
      this.toggle,
      this.body,
    );
  }

  /** A `practice` frame arrived: the help for the deal as it stands. */
  update(frame) {
    this.frame = frame;
  }

  /** Draw the help for hand `number` (hidden for another hand's help, or none yet); folded
   * away to its button while the player keeps it out of sight. Once the hand is `over` its
   * last odds are not shown: they were worked out before its last card or action (a hand run
   * out all in ends as its last card lands), so they would read as a chance the result has
   * already settled. */
  render(number, over = false) {
    this.number = number;
    this.over = over;
    const frame = this.frame;
    const shown = frame !== null && frame.number === number;
    this.element.hidden = !shown;
    this.toggle.textContent = this.open ? "Hide my odds" : "Show my odds";
    this.toggle.setAttribute("aria-expanded", String(this.open));
    this.body.hidden = !this.open;
    if (!shown || !this.open) {
      this.body.replaceChildren();
      return;
    }
    if (over) {
      mergeChildren(
        this.body,
        h(
          "div",
          {},
          h(
            "p",
            { className: "chances muted", "data-key": "over" },
            "This hand is over: your odds come with the next deal.",
          ),
        ),
      );
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
    mergeChildren(this.body, fresh);
  }
}
