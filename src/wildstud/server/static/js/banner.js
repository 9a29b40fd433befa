// What is wild and why, read from a hand's view and events as the server sends them: the cards
// wild for everyone, each seat's own wild rank (Baby Daddy, `wild_ranks`) and the wild cards of
// the hands shown down, and the sentences that explain them with the players' names. No rule is
// worked out here: which cards are wild, and what each face-up card did, is the server's data.

import { describeChange, describeRule, describeWildNow } from "./words.js";

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** The events of the current deal (after the last redeal). */
export function currentDeal(events) {
  let start = 0;
  events.forEach((event, index) => {
    if (event.type === "deal_started") start = index;
  });
  return events.slice(start);
}

/**
 * The wild cards of a hand as a viewer knows them: `isWild(seat, code)` for each card shown at
 * a seat, and the banner's text (`never`: nothing in this game is ever wild).
 */
export function wildState(view, names, you) {
  const deal = currentDeal(view.events || []);
  const everyone = new Set(view.wild);
  const seatRank = new Map((view.wild_ranks || []).map((entry) => [entry.seat, entry.rank]));
  // The cards each seat's own rank makes wild there, as the server lists them.
  const seatWild = new Map((view.wild_ranks || []).map((entry) => [entry.seat, new Set(entry.wild || [])]));
  const perSeat = seatRank.size > 0;
  const seatCards = new Map();
  const reasons = [];
  let last = null;
  let called = null;
  for (const event of deal) {
    if (event.type === "wilds_changed") {
      last = event;
      // A seat's own rank is said for each seat; a change for the whole table replaces the last.
      if (event.kind === "last-card") reasons.push(describeChange(event, names));
      else reasons.splice(0, reasons.length, describeChange(event, names));
    } else if (event.type === "called") {
      called = event;
    } else if (event.type === "shown") {
      seatCards.set(event.seat, new Set(event.wild));
    }
  }
  if (you !== null && you !== undefined && view.own_wild) {
    const own = seatCards.get(you) || new Set();
    for (const code of view.own_wild) own.add(code);
    seatCards.set(you, own);
  }
  const isWild = (seat, code) => {
    if (!code) return false;
    if (everyone.has(code)) return true;
    const shown = seatCards.get(seat);
    if (shown) return shown.has(code);
    const own = seatWild.get(seat);
    return Boolean(own) && own.has(code);
  };
  // With each seat's own rank (the server's wild_ranks) and nothing wild for all, say so, so
  // that "nothing is wild" never stands beside a list of wild ranks.
  const what =
    perSeat && everyone.size === 0
      ? "Nothing is wild for every hand: each player's own wild rank is below"
      : capital(describeWildNow(view.wild, view.follow_pending, view.follow_ends));
  // The call stays on the banner only while the king that made it is the last change: once a
  // queen brings the queens back, the kings no longer wipe anything out.
  const calledText =
    called && last && last.kind === "king" && last.card === called.card
      ? `${called.name}! ${describeChange(last, names)}`
      : null;
  // The called line says the king's change itself: its reason is not said a second time below.
  const why = calledText ? reasons.filter((reason) => reason !== describeChange(last, names)) : reasons;
  // Whether anything can be wild in this game is the server's figure, not read from the rule.
  const never = view.wilds_possible === false;
  const rule = describeRule(view.wild_rule);
  return { everyone, seatRank, isWild, what, why, called: calledText, perSeat, rule, never };
}
