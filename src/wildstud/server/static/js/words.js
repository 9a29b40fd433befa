// The words for what the server's events say as data: a change of the wild cards and a redeal,
// with the players' names. The same sentences as wildstud.wilds.describe_change and
// wildstud.deal.describe_redeal make for the command line (a browser test holds the two
// together); no rule is worked out here: every kind, card and wild set comes from the server.

import { pretty, rankPlural } from "./cards.js";

const ORDER = "AKQJT98765432";
const SUIT_ORDER = "shdc";

function label(names, seat) {
  if (seat === null || seat === undefined) return "the centre";
  return names[seat] || `p${seat + 1}`;
}

function who(card, seat, names) {
  return `${pretty(card)} to ${label(names, seat)}`;
}

/** Whole ranks by name and single cards by face, and whether they take "are"; null for none. */
function nameCards(codes) {
  const cards = new Set(codes);
  const ranks = [...ORDER].filter((rank) => [...SUIT_ORDER].every((suit) => cards.has(rank + suit)));
  const singles = [...cards]
    .filter((code) => !ranks.includes(code[0]))
    .sort((a, b) => ORDER.indexOf(a[0]) - ORDER.indexOf(b[0]) || SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1]));
  const parts = [...ranks.map((rank) => rankPlural(rank)), ...singles.map(pretty)];
  if (parts.length === 0) return null;
  const text = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
  return { text, many: parts.length > 1 || ranks.length > 0 };
}

/** "queens and sevens are wild", "nothing is wild" for a list of card codes. */
export function describeWild(codes) {
  const named = nameCards(codes);
  return named ? `${named.text} ${named.many ? "are" : "is"} wild` : "nothing is wild";
}

/** A `wilds_changed` event in words, seats named from `names` (from engine seat to name). */
export function describeChange(event, names) {
  const mine = who(event.card, event.seat, names);
  const wild = new Set(event.wild);
  const was = new Set(event.was);
  const queen = event.queen ? who(event.queen, event.queen_seat, names) : null;
  switch (event.kind) {
    case "follower":
    case "centre":
      return `${queen}, then ${mine}: ${describeWild(event.wild)}`;
    case "king":
      return `${mine}: only kings are wild`;
    case "last-card": {
      const seat = label(names, event.seat);
      return `${mine} is ${seat}'s last card: ${rankPlural(event.card)} are wild for ${seat} only`;
    }
    default:
      break;
  }
  const parts = [];
  const ended = nameCards([...was].filter((code) => !wild.has(code)));
  const endedWords = ended ? `${ended.text} ${ended.many ? "are" : "is"} no longer wild` : null;
  if (event.kind === "no-follower") {
    if (endedWords) parts.push(endedWords);
    // Right after a queen and the last face-up card: neither queen gets a follower.
    if (queen)
      parts.push(
        `it comes right after ${pretty(event.queen)} and is the last face-up card, so no card follows either queen`,
      );
    else parts.push("it is the last face-up card, so no card follows it");
    parts.push(describeWild(event.wild));
    return `${mine}: ${parts.join("; ")}`;
  }
  if (endedWords) parts.push(endedWords);
  else if (queen) parts.push(`a new follow starts after ${pretty(event.queen)}`);
  const started = nameCards([...wild].filter((code) => !was.has(code)));
  if (started) {
    const where = event.kind === "queen" ? ", face up and in the hole" : "";
    parts.push(`${started.text} ${started.many ? "are" : "is"} wild${where}`);
  } else if (!ended && !queen && wild.size > 0) {
    const kept = nameCards(event.wild);
    parts.push(`${kept.text} ${kept.many ? "stay" : "stays"} wild`);
  }
  parts.push("the next face-up card will be wild");
  return `${mine}: ${parts.join("; ")}`;
}

/** Why a deal stopped (a `redealt` event or a view's `redeal_pending`): its card and seat. */
export function describeRedeal(redeal, names) {
  if (!redeal.card || redeal.seat === null || redeal.seat === undefined) return "no queen was dealt face up";
  return `${pretty(redeal.card)} face up to ${label(names, redeal.seat)}`;
}

/** Whether a change leaves a follow waiting for the next face-up card (a queen's kinds). */
export function startsFollow(event) {
  return event.kind === "queen" || event.kind === "queen-returns";
}

/**
 * " (natural)" after a shown hand's description where it means something: the hand used no
 * wild card though some card was wild for it (the server's `wild_in_play`); "" otherwise, so a
 * hand of plain stud, or of a deal where nothing came wild, is never called natural.
 */
export function naturalNote(shown) {
  return shown.natural && shown.wild_in_play ? " (natural)" : "";
}
