// A hand's events in plain words, for the table's log and the history's replay.

import { named, pretty } from "./cards.js";
import {
  describeChange,
  describeHand,
  describeRedeal,
  describeRun,
  naturalNote,
  potName,
  runNote,
  shareNote,
} from "./words.js";

const ACTIONS = {
  fold: "folds",
  check: "checks",
  call: "calls",
  "bring-in": "brings in for",
  complete: "completes to",
  bet: "bets",
  raise: "raises to",
};

// The same, said to the player who made them (a screen reader speaking your own moves).
const YOUR_ACTIONS = {
  fold: "fold",
  check: "check",
  call: "call",
  "bring-in": "bring in for",
  complete: "complete to",
  bet: "bet",
  raise: "raise to",
};

/**
 * An event in words, seats named from `names` (each engine seat to its name). With `you` (the viewer's
 * engine seat) the viewer's own moves are said to them: "You call 20.", not "Ann calls 20.".
 */
export function describeEvent(event, names, you = null) {
  const mine = (seat) => you !== null && you !== undefined && seat === you;
  const who = (seat) => {
    if (mine(seat)) return "you";
    return seat === null || seat === undefined ? "the table" : names[seat] || `seat ${seat + 1}`;
  };
  // The subject of a sentence and its verb, which agree with it: "You call", "Ann calls".
  const does = (seat, third, second) => (mine(seat) ? `You ${second}` : `${who(seat)} ${third}`);
  switch (event.type) {
    case "hand_started":
      return `A hand of ${event.title} begins; ${who(event.dealer)} deals.`;
    case "deal_started":
      return event.deal > 1 ? `Deal ${event.deal} begins.` : null;
    case "paid":
      return `${who(event.seat)} pays ${event.amount} (${event.kind.replaceAll("-", " ")}${event.card ? `, ${pretty(event.card)}` : ""}).`;
    case "street_started":
      return `${event.name[0].toUpperCase()}${event.name.slice(1)}.`;
    case "dealt":
      return `${who(event.seat)} gets ${event.up ? pretty(event.card) : named(event.card) ? `${pretty(event.card)} face down` : "a card face down"}.`;
    case "burned":
      return "A card is burned.";
    case "stub_shuffled":
      return `The stub ran short: ${event.cards} ${event.gathered === "folded" ? "cards of the folded hands are" : "burned cards are"} shuffled back in.`;
    case "centre_card":
      return `${pretty(event.card)} goes face up in the centre.`;
    case "community_card":
      return `The deck ran short: ${pretty(event.card)} in the centre is everyone's last card.`;
    case "wilds_changed":
      return `${describeChange(event, names)}.`;
    case "called":
      return `${event.name}! ${pretty(event.card)} to ${who(event.seat)}.`;
    case "betting_opened":
      return event.bring_in
        ? `${does(event.first, "must", "must")} bring it in.`
        : `${does(event.first, "acts", "act")} first.`;
    case "acted": {
      const amount = ["fold", "check"].includes(event.kind)
        ? ""
        : ` ${event.kind === "call" ? event.added : event.to_amount}`;
      const verb = does(event.seat, ACTIONS[event.kind] || event.kind, YOUR_ACTIONS[event.kind] || event.kind);
      return `${verb}${amount}${event.all_in ? " (all in)" : ""}.`;
    }
    case "returned":
      return `${event.amount} uncalled goes back to ${who(event.seat)}.`;
    case "redealt":
      return `Redeal! ${describeRedeal(event, names)}. The pot of ${event.pot} carries over.`;
    case "turned_up":
      return event.cards.length > 1 || !event.cards.length
        ? `All in: ${mine(event.seat) ? "your" : `${who(event.seat)}'s`} hand is turned up${event.cards.length ? `: ${event.cards.map(pretty).join(" ")}` : ""}.`
        : `${does(event.seat, "turns", "turn")} up ${pretty(event.cards[0])}.`;
    case "mucked":
      return `${does(event.seat, "mucks", "muck")}.`;
    case "shown":
      return `${does(event.seat, "shows", "show")} ${describeHand(event.hand)}${naturalNote(event)}.`;
    case "awarded":
      return `${does(event.seat, "wins", "win")} ${event.amount} from ${potName(event.pot)}${shareNote(event)}${runNote(event)}.`;
    case "run_started":
      return describeRun(event);
    case "hand_ended":
      return "The hand is over.";
    default:
      return null;
  }
}
