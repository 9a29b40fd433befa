// The table's key shortcuts: a key for each of the seat's choices on its turn (actions.js says
// which), the player's switch to turn them off, kept in the browser, and the panel that holds the
// switch and the list of keys, opened from one button in the table's bar.

import { shortcutChoice, SHORTCUTS } from "./actions.js";
import { h } from "./dom.js";
import { readSetting, writeSetting } from "./storage.js";

const SETTING = "wildstud.shortcuts";
// Keys typed here belong to what holds them, never to the table.
const OWN_KEYS = "input, textarea, select, [contenteditable], dialog, #history";

export class KeyShortcuts {
  /** `panel`: the seat's ActionPanel, which holds the choices, the confirmation dialog, and
   * carries out a choice; `choices()`: the seat's choices now (none when it is not its turn). */
  constructor(panel, choices) {
    this.panel = panel;
    this.choices = choices;
    this.on = readSetting(SETTING) !== "off";
    this.switch = h(
      "button",
      { type: "button", id: "shortcuts", "aria-pressed": String(this.on), onclick: () => this.toggle() },
      "Key shortcuts",
    );
    this.element = h(
      "div",
      { id: "keys", className: "keys", hidden: true },
      this.switch,
      h(
        "p",
        {},
        "While key shortcuts are on: ",
        ...Object.entries(SHORTCUTS).map(([key, action]) =>
          h("span", {}, h("kbd", {}, key.toUpperCase()), ` ${action} `),
        ),
        "; C checks when nothing is bet to you and brings in when you must; Enter in the amount field bets or raises that amount; Tab moves between the seats (each reads its cards as a list) and the buttons. Keys typed in the history, a dialog or a field never act at the table.",
      ),
    );
    // One button in the bar for the keyboard: it opens the panel that holds both the switch
    // and the list of keys (two buttons side by side, "Key shortcuts" and "Keys", read as two
    // names for one thing).
    this.button = h(
      "button",
      {
        type: "button",
        className: "keys-button",
        "aria-expanded": "false",
        "aria-controls": "keys",
        onclick: () => {
          this.element.hidden = !this.element.hidden;
          this.button.setAttribute("aria-expanded", String(!this.element.hidden));
        },
      },
      "Keyboard",
    );
  }

  /** Turns the shortcuts off, or back on, and keeps the choice. */
  toggle() {
    this.on = !this.on;
    writeSetting(SETTING, this.on ? "on" : "off");
    this.switch.setAttribute("aria-pressed", String(this.on));
  }

  /** A key pressed anywhere on the page: the choice it stands for is made, where the shortcuts
   * are on and the key was not typed into something that holds its own keys. */
  onKey(event) {
    if (!this.on || event.defaultPrevented || event.repeat) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if ((target && target.closest(OWN_KEYS)) || this.panel.dialog.open) return;
    const key = shortcutChoice(event.key, this.choices());
    if (!key) return;
    event.preventDefault();
    this.panel.choose(key);
  }
}
