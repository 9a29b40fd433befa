// What is wild and why, worked out from a hand's view and events: the cards wild for everyone,
// each seat's own wild cards (Baby Daddy, and hands shown down), and the sentences that explain
// them with the players' names.

import { pretty } from "./cards.js";

/** The engine's seat names in ruling sentences (p1, p2 …) replaced by the players' names. */
export function withNames(text, names) {
  return text.replace(/\bp(\d+)\b/g, (whole, number) => names[Number(number) - 1] || whole);
}

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
 * a seat, and the banner's text.
 */
export function wildState(view, names, you) {
  const events = view.events || [];
  const deal = currentDeal(events);
  const everyone = new Set(view.wild);
  const babyDaddy = view.code.startsWith("BD");
  const seatRank = new Map();
  const seatCards = new Map();
  const reasons = [];
  let called = null;
  for (const event of deal) {
    if (event.type === "wilds_changed") {
      if (babyDaddy && event.seat !== null) {
        seatRank.set(event.seat, event.card[0]);
        reasons.push(withNames(event.reason, names));
      } else {
        reasons.splice(0, reasons.length, withNames(event.reason, names));
      }
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
    if (shown && shown.has(code)) return true;
    return babyDaddy && seatRank.get(seat) === code[0] && !seatCards.has(seat);
  };
  let what = capital(view.wild_text);
  if (babyDaddy && seatRank.size === 0) {
    what = "Nothing is wild yet: each player's last card will make its rank wild for that player";
  } else if (babyDaddy && everyone.size === 0) {
    what = "Each player's last card makes its rank wild for that player only";
  }
  const why = babyDaddy ? reasons : reasons.slice(-1);
  const calledText = called
    ? `${called.name}! ${pretty(called.card)} to ${names[called.seat] || "a player"}: the king wipes out the wild cards`
    : null;
  return { everyone, seatRank, isWild, what, why, called: calledText, babyDaddy };
}
