// Each player's luck tonight, as the server works it out (GET /api/tables/{id}/luck): over the
// hands that were all in before their last cards with two hands or more shown, the chips each
// hand won less its pot share when the money went in. The ledger shows everyone's, the
// goodbye page the player's own; nothing here works a figure out but the rounding.

import { api } from "./api.js";
import { h } from "./dom.js";

/** The night's luck, or null when the server could not give it. */
export async function fetchLuck(tableId) {
  try {
    return await api(`/tables/${encodeURIComponent(tableId)}/luck`);
  } catch {
    return null;
  }
}

/** Chips of luck in words: "+3.4 chips", "-0.5 chips", "even". */
export function luckWords(chips) {
  const rounded = Math.round(chips * 10) / 10;
  if (rounded === 0) return "even";
  return `${rounded > 0 ? "+" : ""}${rounded.toFixed(1)} chips`;
}

function handsWords(count) {
  return count === 1 ? "1 hand" : `${count} hands`;
}

/** What one player's luck was, or that none of their hands counted. */
export function ownLuck(luck, playerId) {
  const me = luck.players.find((player) => player.player_id === playerId);
  return me
    ? `Your luck tonight: ${luckWords(me.luck)} over ${handsWords(me.hands)} all in before the last cards.`
    : "Your luck tonight: none of your hands was all in before its last cards with another shown.";
}

/** The ledger's section on luck: everyone's, the player's own first (`playerId`, or null). */
export function luckSection(luck, playerId) {
  const parts = [
    h("h3", { id: "luck-title" }, "Luck"),
    h(
      "p",
      { className: "muted" },
      "Chips won at the showdown against the chances each hand had when the betting ended before the last cards: the cards alone decided those pots.",
    ),
  ];
  // With no hand counted yet, the one line below says so for everyone.
  if (playerId !== null && luck.players.length) parts.push(h("p", { className: "own-luck" }, ownLuck(luck, playerId)));
  parts.push(
    luck.players.length
      ? h(
          "ul",
          { className: "luck-list", "aria-labelledby": "luck-title" },
          luck.players.map((player) =>
            h(
              "li",
              { "data-player": player.player_id },
              `${player.name}: ${luckWords(player.luck)} over ${handsWords(player.hands)}`,
            ),
          ),
        )
      : h("p", {}, "No hand tonight has been all in before its last cards with two hands shown."),
  );
  return h("section", { className: "ledger-luck", "data-key": "luck", "aria-labelledby": "luck-title" }, parts);
}
