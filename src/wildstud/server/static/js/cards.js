// Cards as elements: rank and suit symbol always shown (colour is never the only signal), an
// accessible name, a wild card ringed and tagged, and the four-colour deck as an option.

import { readSetting, writeSetting } from "./storage.js";

const RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
const RANK_NAMES = {
  2: "two",
  3: "three",
  4: "four",
  5: "five",
  6: "six",
  7: "seven",
  8: "eight",
  9: "nine",
  T: "ten",
  J: "jack",
  Q: "queen",
  K: "king",
  A: "ace",
};
const RANK_PLURALS = {
  2: "deuces",
  3: "threes",
  4: "fours",
  5: "fives",
  6: "sixes",
  7: "sevens",
  8: "eights",
  9: "nines",
  T: "tens",
  J: "jacks",
  Q: "queens",
  K: "kings",
  A: "aces",
};
const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };

/** Whether `code` names a card: under a private deal the server's events and views name a
 * face-down card by its deck position alone ("#12"), which says nothing of the card. */
export function named(code) {
  return typeof code === "string" && !code.startsWith("#");
}

/** "Q♥" for "Qh". */
export function pretty(code) {
  return `${RANKS[code[0]] || code[0]}${SUITS[code[1]]}`;
}

/** "queen of hearts" for "Qh". */
export function cardName(code) {
  return `${RANK_NAMES[code[0]]} of ${SUIT_NAMES[code[1]]}`;
}

export function rankPlural(code) {
  return RANK_PLURALS[code[0]];
}

/**
 * A card element. `code` null is a card the viewer may not see. Options: wild (ringed and
 * tagged), hole (a face-down card the viewer may see), best (in the best five at the showdown),
 * standsFor (what a wild card plays as).
 */
export function cardElement(code, { wild = false, hole = false, best = false, standsFor = null, small = false } = {}) {
  const element = document.createElement("span");
  element.setAttribute("role", "img");
  if (code === null || code === undefined) {
    element.className = "card back";
    element.dataset.card = "";
    element.setAttribute("aria-label", "face-down card");
    return element;
  }
  element.className = `card suit-${code[1]}`;
  if (small) element.classList.add("small");
  element.dataset.card = code;
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = RANKS[code[0]] || code[0];
  const suit = document.createElement("span");
  suit.className = "suit";
  suit.textContent = SUITS[code[1]];
  element.append(rank, suit);
  let label = cardName(code);
  if (hole) {
    element.classList.add("hole");
    label += ", face down";
  }
  if (wild) {
    element.classList.add("wild");
    const tag = document.createElement("span");
    tag.className = "wild-tag";
    tag.textContent = "wild";
    tag.setAttribute("aria-hidden", "true");
    element.append(tag);
    label += ", wild";
  }
  if (standsFor) {
    const plays = document.createElement("span");
    plays.className = "plays-as";
    plays.textContent = `=${pretty(standsFor)}`;
    plays.setAttribute("aria-hidden", "true");
    element.append(plays);
    label += `, playing as the ${cardName(standsFor)}`;
  }
  if (best) {
    element.classList.add("best");
    label += ", in the best five";
  }
  element.setAttribute("aria-label", label);
  element.title = label;
  return element;
}

const DECK_KEY = "wildstud.fourColour";

export function applyDeckPreference() {
  document.documentElement.classList.toggle("four-colour", fourColour());
}

export function toggleFourColour() {
  const on = !fourColour();
  writeSetting(DECK_KEY, on ? "1" : "0");
  applyDeckPreference();
  return on;
}

export function fourColour() {
  return readSetting(DECK_KEY) === "1";
}
