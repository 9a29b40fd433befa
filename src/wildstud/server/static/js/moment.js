// A moment on screen: the call of Smack My Bitch Up (a king face up cancels every wild card)
// fills the middle of the window for a few seconds, big and bold, and is gone. With
// prefers-reduced-motion it appears and goes without moving (the stylesheet says how). Screen
// readers hear the call from the table's spoken announcements, so this is for the eyes only.

import { h } from "./dom.js";

/** How long the moment stays, in milliseconds. */
export const MOMENT = 3200;

export class Moment {
  constructor() {
    this.title = h("p", { className: "moment-title" });
    this.line = h("p", { className: "moment-line" });
    this.element = h(
      "div",
      { id: "moment", className: "moment", hidden: true, "aria-hidden": "true" },
      this.title,
      this.line,
    );
    this.element.addEventListener("click", () => this.hide());
    this.timer = null;
  }

  /** Show `title` (the call) over `line` (what it did) for MOMENT milliseconds. */
  show(title, line) {
    this.title.textContent = title;
    this.line.textContent = line;
    this.element.hidden = false;
    // Restart the entrance on a second call within the moment.
    this.element.classList.remove("playing");
    void this.element.offsetWidth;
    this.element.classList.add("playing");
    document.body.dataset.moment = "called";
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.hide(), MOMENT);
  }

  hide() {
    clearTimeout(this.timer);
    this.element.hidden = true;
    this.element.classList.remove("playing");
    document.body.dataset.moment = "";
  }
}
