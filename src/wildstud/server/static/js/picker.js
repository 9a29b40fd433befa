// The dealer's choice at the table: the picker on the dealer's own page, what the felt and the
// banner say while a game is chosen (and, before the first hand, what the table waits for), and
// the seconds left in both. The table's page (table.js) holds the picker and draws the words.

import { h, keepFocus } from "./dom.js";
import { setText } from "./panel.js";
import { nameAt, rulesWords } from "./state.js";

/** What the felt says while a dealer picks the next game, for the viewer at seat `mine` (null
 * for a spectator): who picks (on the dealer's own page, where to pick), with the seconds left
 * in a line under it (tickChoosing); null when no one is choosing. */
export function choosingWords(state, mine) {
  const choosing = state.choosing;
  if (!choosing) return null;
  const which = state.hand ? "next" : "first";
  if (choosing.dealer === mine) return `Your deal: pick the ${which} game below.`;
  return `${nameAt(state, choosing.dealer)} is choosing the ${which} game.`;
}

/** The seconds left to the dealer's choice in `state`, rounded up (it has one). */
function secondsLeft(state) {
  const left = state.choosing.seconds - (performance.now() - state.choosingAt) / 1000;
  return Math.ceil(Math.max(0, left));
}

/** The felt's line under choosingWords (in `centre`, the felt's middle) keeps to the seconds
 * left to the dealer's choice. */
export function tickChoosing(state, centre) {
  if (!state.choosing) return;
  const felt = centre.querySelector(".centre-clock");
  if (felt) setText(felt, `${secondsLeft(state)} s left`);
}

/** What an empty felt waits for, before the first hand: a player who sat down sees who is to
 * start the night rather than a bare felt (a running table that cannot deal says why under the
 * bar: `stalled`). */
export function idleWords(state) {
  const { hand, table } = state;
  if (hand || !table) return null;
  if (table.status === "waiting") {
    if (document.body.classList.contains("hosting"))
      return "Press Start dealing in the host console once the players are seated.";
    const host = table.settings.host_name;
    return host ? `Waiting for ${host}, the host, to start dealing.` : "Waiting for the host to start dealing.";
  }
  if (table.status === "paused") return "The host has paused the table.";
  if (table.status === "ended") return "The night is over.";
  return null;
}

/** The dealer's picker, on the dealer's own page alone: a button for each game on the menu, and
 * the seconds left. */
export class Picker {
  /** `send(frame, words)`: sends the choice as the action panel sends a request (true if sent). */
  constructor(send) {
    this.send = send;
    // The choice in play as last drawn: the picker is drawn again only when it changes.
    this.key = null;
    this.element = h("section", {
      id: "picker",
      className: "picker",
      "aria-label": "Dealer's choice",
      hidden: true,
      tabindex: -1,
    });
  }

  /** Draws the choice in play in `state` for the viewer at seat `mine`. */
  render(state, mine) {
    const choosing = state.choosing;
    const picker = this.element;
    if (!choosing) {
      picker.hidden = true;
      picker.replaceChildren();
      this.key = null;
      return;
    }
    const key = JSON.stringify(choosing);
    if (this.key === key) return;
    this.key = key;
    // The others read who is choosing, and the time left, on the felt (choosingWords): no box
    // at the foot of the screen to say it again.
    picker.hidden = choosing.dealer !== mine;
    if (picker.hidden) {
      picker.replaceChildren();
      return;
    }
    // The seconds left under the heading, in sight on a phone however long the menu.
    const left = h("p", { className: "left" });
    // "The table's usual rules" says something only beside a game dealt under rules of its own:
    // on a menu with none it is a line under every game, and a phone's dock scrolls to reach
    // the last.
    const anyRules = choosing.entries.some((entry) => rulesWords(entry.house_rules));
    const buttons = choosing.entries.map((entry) => {
      const rules = rulesWords(entry.house_rules) || (anyRules ? "the table's usual rules" : "");
      return h(
        "button",
        {
          type: "button",
          className: "pick",
          "data-entry": entry.index,
          "data-code": entry.code,
          onclick: () => {
            if (this.send({ type: "choose", entry: entry.index }, entry.title)) {
              keepFocus(() => picker.replaceChildren(h("p", {}, `You chose ${entry.title}.`)));
            }
          },
        },
        // The game's name alone: it tells the two Baby Daddies apart ("· 5 cards"), and a
        // phone's dock has no room for a code that says it again (the code is data-code).
        h("strong", {}, entry.title),
        rules ? h("small", {}, rules) : null,
      );
    });
    picker.replaceChildren(
      h("h2", {}, "Your deal: pick the game"),
      left,
      h("div", { className: "pick-list" }, buttons),
    );
    this.tick(state);
  }

  /** The picker's line of seconds left to choose keeps to the time in `state`. */
  tick(state) {
    const left = this.element.querySelector(".left");
    if (state.choosing && left) setText(left, `${secondsLeft(state)} s to choose`);
  }
}
