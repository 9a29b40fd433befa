// The dealer's choice at the table: the picker on the dealer's own page, what the felt and the
// banner say while a game is chosen (and, before the first hand, what the table waits for), and
// the seconds left in both. Functions of the table's page (table.js), which draws them.

import { h, keepFocus } from "./dom.js";
import { setText } from "./panel.js";
import { rulesWords } from "./state.js";

/** What the felt says while a dealer picks the next game: who picks (on the dealer's own
 * page, where to pick), with the seconds left in a line under it (tickChoosing); null when
 * no one is choosing. */
export function choosingWords(page) {
  const choosing = page.state.choosing;
  if (!choosing) return null;
  const which = page.state.hand ? "next" : "first";
  if (choosing.dealer === page.mySeat()) return `Your deal: pick the ${which} game below.`;
  return `${page.nameAt(choosing.dealer)} is choosing the ${which} game.`;
}

/** The dealer's choice's seconds left, in the picker and on the felt. */
export function tickChoosing(page) {
  const choosing = page.state.choosing;
  if (!choosing) return;
  const left = Math.max(0, choosing.seconds - (performance.now() - page.state.choosingAt) / 1000);
  const picker = page.el.picker.querySelector(".left");
  if (picker) setText(picker, `${Math.ceil(left)} s to choose`);
  const felt = page.el.centre.querySelector(".centre-clock");
  if (felt) setText(felt, `${Math.ceil(left)} s left`);
}

/** What an empty felt waits for, before the first hand: a player who sat down sees who is to
 * start the night rather than a bare felt (a running table that cannot deal says why under the
 * bar: `stalled`). */
export function idleWords(page) {
  const { hand, table } = page.state;
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
 * the seconds left. Drawn again only when the choice in play changes (`page.pickerKey`). */
export function renderPicker(page) {
  const choosing = page.state.choosing;
  const picker = page.el.picker;
  if (!choosing) {
    picker.hidden = true;
    picker.replaceChildren();
    page.pickerKey = null;
    return;
  }
  const key = JSON.stringify(choosing);
  if (page.pickerKey === key) return;
  page.pickerKey = key;
  // The others read who is choosing, and the time left, on the felt (choosingWords): no box
  // at the foot of the screen to say it again.
  picker.hidden = choosing.dealer !== page.mySeat();
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
          if (page.panel.send({ type: "choose", entry: entry.index }, entry.title)) {
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
  picker.replaceChildren(h("h2", {}, "Your deal: pick the game"), left, h("div", { className: "pick-list" }, buttons));
  tickChoosing(page);
}
