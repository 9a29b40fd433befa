// The rabbit hunt (the table setting rabbit_hunt): after a hand won by a fold, a player may ask
// to see the face-up cards that would have come. The server sends every page the cards with
// their proofs (a `rabbit` frame); this page checks each proof against the deal's commitment
// and that each card lies beyond every card the hand took from the deck, then shows them.
// Which cards those are is the server's rule (wildstud.rabbit): nothing here chooses a card.

import { api } from "./api.js";
import { currentDeal } from "./banner.js";
import { cardElement } from "./cards.js";
import { h } from "./dom.js";
import { proofHolds } from "./proofs.js";

/** Whether `hand` is over and was won by a fold: its pots went to the last hand unshown. */
export function wonByFold(hand) {
  if (!hand || hand.view.phase !== "over") return false;
  const deal = currentDeal(hand.view.events);
  return (
    deal.some((event) => event.type === "awarded" && event.share === "uncontested") &&
    !deal.some((event) => event.type === "shown")
  );
}

/** How many cards the hand's last deal took from its deck (burns and hidden cards included). */
function taken(events) {
  return currentDeal(events).filter((event) =>
    ["dealt", "burned", "centre_card", "community_card"].includes(event.type),
  ).length;
}

/**
 * The rabbit's check: `{ ok, why }`. Every card must come with a proof that holds against the
 * frame's commitment, opening that very card, from a position of the deck that the hand had
 * not reached (the cards still in the stub), each later than the one before.
 */
export async function checkRabbit(frame, events, holds = proofHolds) {
  if (frame.proofs.length !== frame.cards.length) return { ok: false, why: "a card came without its proof" };
  let last = taken(events) - 1;
  for (const [index, card] of frame.cards.entries()) {
    const proof = frame.proofs[index];
    if (proof.card !== card.card) return { ok: false, why: `the proof of ${card.card} opens another card` };
    if (proof.position <= last)
      return { ok: false, why: `${card.card} is said to lie where the hand had already dealt` };
    if (!(await holds(frame.commitment.root, proof)))
      return { ok: false, why: `the proof of ${card.card} does not hold against the deal's commitment` };
    last = proof.position;
  }
  return { ok: true, why: null };
}

/**
 * What the centre shows of the rabbit of `hand` (null: nothing): the button for a player at a
 * table that hunts the rabbit, or the cards once someone asked, with what the check found
 * (`checked`: `{ ok, why }`, or null while it runs).
 */
export function rabbitPanel(hand, { offer, ask, checked }) {
  if (!wonByFold(hand)) return null;
  const frame = hand.rabbit;
  if (!frame) {
    if (!offer) return null;
    return h(
      "div",
      { className: "rabbit", "data-key": "rabbit" },
      h("button", { type: "button", className: "rabbit-ask", onclick: ask }, "Show what would have come"),
    );
  }
  const streets = new Map();
  for (const card of frame.cards) {
    if (!streets.has(card.street)) streets.set(card.street, []);
    streets.get(card.street).push(card);
  }
  const verdict =
    checked === null || checked === undefined
      ? "Checking each card against the deal's commitment…"
      : checked.ok
        ? `Each card proven against the deal's commitment (checked in this browser).`
        : `Not proven: ${checked.why}.`;
  return h(
    "div",
    {
      className: "rabbit",
      "data-key": "rabbit",
      role: "status",
      dataset: { proven: String(Boolean(checked && checked.ok)) },
    },
    h("p", { className: "rabbit-title" }, `What would have come (${frame.asked_by} asked):`),
    frame.cards.length
      ? h(
          "ul",
          { className: "rabbit-streets" },
          [...streets].map(([street, cards]) =>
            h(
              "li",
              {},
              `${street}: `,
              ...cards.flatMap((card) => [
                `${hand.names[card.seat]} `,
                cardElement(card.card, { small: true }),
                card.stops_deal ? " (it would have stopped the deal) " : " ",
              ]),
            ),
          ),
        )
      : h("p", {}, "No card would have come face up."),
    h("p", { className: "rabbit-proof" }, verdict),
  );
}

/** Ask the server for the rabbit of hand `number` from seat `token` (every page gets it). */
export function askRabbit(token, number) {
  return api(`/seat/${token}/hands/${number}/rabbit`, { method: "POST" });
}
