// The goodbye page of a player whose seat is given up (they left, or the host removed them):
// the chips cashed out, their place in the settle-up (live until the night ends, final after),
// their luck tonight (luck.js) and a link to watch the rest of the night and its past hands.
// What the server said as the seat was given up is kept by seat token (site storage), so a
// reload shows the same page; a seat link that the server no longer knows, with nothing kept,
// gets a page that says so. The figures are the server's (GET /api/tables/{id}/night and
// /luck); nothing here works one out.

import { api, base } from "./api.js";
import { h } from "./dom.js";
import { fetchLuck, ownLuck } from "./luck.js";
import { readSetting, writeSetting } from "./storage.js";

const REFRESH_MS = 5000;

function key(token) {
  return `wildstud.goodbye.${token}`;
}

/** Keep the server's `removed` frame for the seat `token`. */
export function keepGoodbye(token, frame) {
  writeSetting(key(token), JSON.stringify(frame));
}

/** The `removed` frame kept for the seat `token`, or null. */
export function keptGoodbye(token) {
  try {
    const kept = JSON.parse(readSetting(key(token)) || "null");
    return kept && kept.table_id ? kept : null;
  } catch {
    return null;
  }
}

/** Replace the page with the goodbye of `info` (a `removed` frame), or, with none, the page of
 * a seat link no longer in use. */
export function showGoodbye(root, info) {
  document.body.dataset.page = "goodbye";
  document.title = "Goodbye · wildstud";
  if (!info) {
    root.replaceChildren(
      h(
        "section",
        { className: "goodbye", id: "goodbye" },
        h("h1", {}, "This seat's link is no longer in use"),
        h(
          "p",
          {},
          "Its player left the table, or the host gave the seat up. Ask the host for the table's watch link to follow the rest of the night.",
        ),
        h("p", {}, h("a", { href: `${base}/` }, "Go to the home page")),
      ),
    );
    return;
  }
  const standing = h("section", { id: "goodbye-standing", "aria-live": "polite", "aria-labelledby": "standing-title" });
  root.replaceChildren(
    h(
      "section",
      { className: "goodbye", id: "goodbye" },
      h("h1", {}, `Goodbye, ${info.name}`),
      h(
        "p",
        { id: "goodbye-cash" },
        info.cash_out ? `You cashed out ${info.cash_out} chips.` : "You left the table with no chips.",
      ),
      standing,
      h(
        "p",
        {},
        h(
          "a",
          { id: "goodbye-watch", href: `${base}/watch/${info.watch_token}` },
          "Watch the rest of the night and its past hands",
        ),
      ),
    ),
  );
  const refresh = async () => {
    let night = null;
    try {
      night = await api(`/tables/${info.table_id}/night`);
    } catch (error) {
      standing.replaceChildren(h("p", {}, `The settle-up could not be read: ${error.message}`));
    }
    const luck = night ? await fetchLuck(info.table_id) : null;
    if (night) standing.replaceChildren(...drawStanding(night, info.player_id, luck));
    if (!night || !night.ended || night.hand_in_progress !== null) setTimeout(refresh, REFRESH_MS);
  };
  refresh();
}

function drawStanding(night, playerId, luck) {
  const final = night.ended && night.hand_in_progress === null;
  const me = night.players.find((player) => player.player_id === playerId);
  const parts = [
    h("h2", { id: "standing-title" }, "Your place in the settle-up"),
    h(
      "p",
      { id: "goodbye-when", className: final ? "final" : "live" },
      final ? "Final: the night is over." : "Live: the night goes on, so these figures change until the host ends it.",
    ),
  ];
  if (!me) return [...parts, h("p", {}, "Your account is not in the night's ledger.")];
  const net = me.net > 0 ? `up ${me.net}` : me.net < 0 ? `down ${-me.net}` : "even";
  parts.push(h("p", { id: "goodbye-net" }, `You bought in ${me.buy_ins} chips in all and are ${net} tonight.`));
  if (luck) parts.push(h("p", { id: "goodbye-luck" }, ownLuck(luck, playerId)));
  if (me.share)
    parts.push(
      h(
        "p",
        {},
        `Your part of the house's result (the bots'): ${me.share > 0 ? "+" : ""}${me.share}, so the payments square ${me.settles}.`,
      ),
    );
  const mine = night.transfers.filter((t) => t.payer_id === playerId || t.payee_id === playerId);
  parts.push(
    mine.length
      ? h(
          "ul",
          { id: "goodbye-payments", "aria-label": "Your payments" },
          mine.map((t) =>
            h("li", {}, t.payer_id === playerId ? `You pay ${t.payee} ${t.amount}` : `${t.payer} pays you ${t.amount}`),
          ),
        )
      : h("p", { id: "goodbye-payments" }, "Nobody pays you and you pay nobody."),
  );
  return parts;
}
