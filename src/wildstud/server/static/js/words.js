// The client's words for what the server sends as data: the wild cards and each change of
// them, the game's wild rule, a redeal, a shown hand and an award, with the players' names. The
// same sentences as wildstud.words makes for the command line: tests/golden/words.json, written
// from that module, holds the two together (tests/client/words.test.js). No rule is worked out
// here: every kind, card, wild set and hand comes from the server.

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

/**
 * The wild cards for every hand now (the view's `wild`), with the face-up queen still waiting
 * for a follower (`follow_pending`) and whether that queen was the deal's last face-up card
 * (`follow_ends`): wildstud.words.describe_wild_now.
 */
export function describeWildNow(codes, pending = null, ends = false) {
  const text = describeWild(codes);
  if (!pending) return text;
  const queen = pretty(pending);
  if (ends) return `${text} (nothing follows ${queen}: it was the last face-up card)`;
  if (text === "nothing is wild") return `nothing is wild yet: the next face-up card after ${queen} will be`;
  return `${text}, and the next face-up card after ${queen} will be too`;
}

const FOLLOWER = "the rank of the face-up card after the last face-up queen";
const FOLLOW_RULES = {
  natural: `${FOLLOWER[0].toUpperCase()}${FOLLOWER.slice(1)}`,
  all: `Queens, and ${FOLLOWER}`,
  hidden: `Each player's queens in the hole, and ${FOLLOWER}`,
  "hidden-after-face-up": `Queens once one shows face up, and ${FOLLOWER}`,
};
const RULES = {
  "no-wilds": "no wild cards",
  "smack-my-bitch-up":
    "Queens and the rank after the last face-up queen; a face-up king cancels them and makes only kings wild",
  "baby-daddy": "Each player's last card: its rank is wild in that player's hand only",
  "queen-of-spades-in-hole": "The queen of spades in the hole is wild",
};

/** The view's `wild_rule` (`{kind, queens, cards}`) in a sentence: wildstud.words.describe_rule. */
export function describeRule(rule) {
  if (!rule) return "";
  if (rule.kind === "follow-the-queen") return FOLLOW_RULES[rule.queens] || FOLLOW_RULES.natural;
  return RULES[rule.kind] || "";
}

// A rank by name as a hand's name says it (wildstud.cards.Rank.singular).
const SINGULAR = {
  2: "deuce",
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
const ACE_COUNTS = { 2: "double", 3: "triple", 4: "quadruple", 5: "quintuple" };

/**
 * A shown hand's name from its `hand` (`{category, ranks}`), as wildstud.hands.describe_value
 * says it: "aces full of kings", "jack-high straight flush".
 */
export function describeHand(hand) {
  if (!hand || !hand.ranks || hand.ranks.length === 0) return "";
  const [top, second] = hand.ranks;
  const plural = (rank) => rankPlural(rank);
  switch (hand.category) {
    case "five-of-a-kind":
      return `five ${plural(top)}`;
    case "straight-flush":
      return top === "A" ? "royal flush" : `${SINGULAR[top]}-high straight flush`;
    case "four-of-a-kind":
      return `four ${plural(top)}`;
    case "full-house":
      return `${plural(top)} full of ${plural(second)}`;
    case "flush": {
      const aces = hand.ranks.filter((rank) => rank === "A").length;
      return aces > 1 ? `${ACE_COUNTS[aces]}-ace flush` : `${SINGULAR[top]}-high flush`;
    }
    case "straight":
      return `${SINGULAR[top]}-high straight`;
    case "three-of-a-kind":
      return `three ${plural(top)}`;
    case "two-pair":
      return `two pair, ${plural(top)} and ${plural(second)}`;
    case "one-pair":
      return `pair of ${plural(top)}`;
    default:
      return `${SINGULAR[top]} high`;
  }
}

/**
 * The question to a player whose hand takes no part of a pot, once the hands that take the pots
 * are shown (`shown`: their `shown` events, in order; none under a private deal, whose hands are
 * shown after the choices), as wildstud.words.describe_beaten says it.
 */
export function describeBeaten(shown, names) {
  const question = "Your hand wins no part of the pot: show it, or muck it unshown?";
  if (!shown.length) return question;
  const hands = shown.map((event) => `${label(names, event.seat)}'s ${describeHand(event.hand)}`);
  const listed = hands.length === 1 ? hands[0] : `${hands.slice(0, -1).join(", ")} and ${hands[hands.length - 1]}`;
  return `Shown: ${listed}. ${question}`;
}

/** A pot by its number: 0 is the main pot. */
export function potName(pot) {
  return pot === 0 ? "the main pot" : `side pot ${pot}`;
}

/** An `awarded` event's chips and pot: wildstud.words.describe_award ("Ann wins 40 from the main pot"). */
export function describeAward(event, names) {
  return `${label(names, event.seat)} wins ${event.amount} from ${potName(event.pot)}${runNote(event)}`;
}

/** What a hand run twice adds to an award: the run whose half it is (" (run 2's half)"). */
export function runNote(event) {
  return event.run ? ` (run ${event.run}'s half)` : "";
}

/** A `run_started` event: the players agreed to run it twice, and a run starts. */
export function describeRun(event) {
  return event.run === 1
    ? "Run it twice: every hand all in agreed. Run 1 of the cards still to come, for half of each pot."
    : "Run 2: the cards still to come are dealt again, for the other half of each pot.";
}

/** What a share of a pot adds to its award: the special half of The Bitch. */
export function shareNote(event) {
  return event.share === "hole-card" ? " (the half for the queen of spades)" : "";
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

/** A share as a whole percentage, halves rounded up (wildstud.words.percent). */
export function percent(share) {
  return `${Math.floor(share * 100 + 0.5)}%`;
}

function times(value) {
  return (Math.floor(value * 10 + 0.5) / 10).toFixed(1);
}

/** A practice table's chances for the player's own seat (the practice frame's `chances`). */
export function describeChances(chances) {
  const { equity, win, tie, special } = chances;
  if (chances.split) {
    return (
      `Your share of the pot: ${percent(equity)} (the high half ${percent(win)} of the time alone,` +
      ` tied ${percent(tie)}; the queen of spades half ${percent(special)})`
    );
  }
  return `Your share of the pot: ${percent(equity)} (you win ${percent(win)} of the time alone, and tie ${percent(tie)})`;
}

const HINT_VERBS = {
  fold: () => "fold",
  check: () => "check",
  call: () => "call",
  "bring-in": (amount) => `bring in ${amount}`,
  complete: (amount) => `complete to ${amount}`,
  bet: (amount) => `bet ${amount}`,
  raise: (amount) => `raise to ${amount}`,
};

/** What the equity bot would do in the player's place, and why (the practice frame's `hint`). */
export function describeHint(hint) {
  const verb = HINT_VERBS[hint.kind](hint.amount);
  const share = `your share of the pot, ${percent(hint.equity)},`;
  const fair = `${share} is ${times(hint.strength)} times a fair one`;
  const said = {
    value: `${fair}, and it bets from ${times(hint.line)}`,
    "bring-in": `${fair}, short of the ${times(hint.line)} it completes with`,
    free: `${fair}, short of the ${times(hint.line)} it bets with, and checking is free`,
    price: `${share} covers the ${percent(hint.price)} a call needs`,
    short: `${share} is short of the ${percent(hint.price)} a call needs`,
    "no-fold": "folding is not allowed here",
    only: "it is the only action allowed",
  }[hint.why];
  return `The equity bot would ${verb}: ${said}`;
}

// A table's settings that are one number, and the unit said after the number (words.py's
// SETTING_WORDS).
const SETTING_WORDS = {
  action_clock: ["the action clock", " s"],
  away_clock: ["the away clock", " s"],
  time_bank: ["the time bank", " s"],
  choice_clock: ["the dealer's choice clock", " s"],
  shuffle_seconds: ["the players' shuffle clock", " s"],
  bot_delay: ["the bots' delay", " s"],
  hand_pause: ["the pause between hands", " s"],
  redeal_pause: ["the redeal pause", " s"],
  muck_clock: ["the show-or-muck clock", " s"],
  runout_pause: ["the pause between the streets of an all-in run-out", " s"],
  twice_clock: ["the run-it-twice clock", " s"],
  idle_minutes: ["the idle time", " min"],
  absent_hands: ["the hands a player may miss before sitting out", ""],
  starting_chips: ["the starting chips", ""],
};

function ruleValue(value) {
  if (value === true) return "on";
  if (value === false) return "off";
  return String(value);
}

function stakesWords(stakes) {
  // In pot and no limit there is a least bet, and neither a big bet nor a raise cap.
  const start = `${stakes.limit.replaceAll("-", " ")}, ante ${stakes.ante}, bring-in ${stakes.bring_in}`;
  if (stakes.limit === "pot-limit" || stakes.limit === "no-limit")
    return `${start}, bets of ${stakes.small_bet} or more`;
  const cap =
    stakes.raise_cap === null || stakes.raise_cap === undefined ? "no raise cap" : `raise cap ${stakes.raise_cap}`;
  return `${start}, bets ${stakes.small_bet}/${stakes.big_bet}, ${cap}`;
}

function gameWords(game) {
  const said = Object.entries(game.rules || {}).map(
    ([name, value]) => `${name.replaceAll("_", " ")} ${ruleValue(value)}`,
  );
  return said.length ? `${game.name} with ${said.join(", ")}` : game.name;
}

function settingWords(change) {
  switch (change.setting) {
    case "games":
      return `the games to ${change.games.map(gameWords).join(", ")}`;
    case "stakes":
      return `the stakes to ${stakesWords(change.stakes)}`;
    case "showdown_default":
      return `a losing hand nobody shows or mucks in time to be ${change.value === "show" ? "shown" : "mucked"}`;
    case "seat_requests":
      return `seating to ${change.value ? "by request" : "open"}`;
    case "rabbit_hunt":
      return `the rabbit hunt to ${change.value ? "on" : "off"}`;
    default: {
      const [words, unit] = SETTING_WORDS[change.setting] || [change.setting.replaceAll("_", " "), ""];
      return `${words} to ${String(change.value)}${unit}`;
    }
  }
}

/** What the host changed, from a notice frame's changes (words.py's describe_settings). */
export function describeSettings(changes) {
  const parts = (changes || []).map(settingWords);
  if (parts.length === 0) return "The host changed the table's settings.";
  const listed = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
  return `The host changed ${listed}.`;
}

/** Which kind of deal a deck was made by (a commitment's `made_from`: the players whose values
 * it was made from, with the server's night seed; absent: the server alone). */
export function describeShuffle(madeFrom) {
  if (madeFrom === null || madeFrom === undefined) return "shuffled by the server";
  if (!madeFrom.length) return "shuffled by the server from the seed it committed to (no page took part)";
  return `shuffled by the players and the server: ${madeFrom.join(", ")} and the server`;
}

/** What a private deal's table says of its deals (no deck is committed to: nobody knows it). */
export const PRIVATE_DEAL = "Private deal: nobody but you, not even the server, sees your face-down cards.";

/** Said under a private deal on a page of a seat whose other page (another device or tab)
 * plays the hand: the deal took that page's key, and only it can open the seat's cards. */
export const PRIVATE_ELSEWHERE =
  "This hand is dealt to your other page (another device or tab): your face-down cards show there.";

/** A card's state under a private deal, as its accessible name and title end: `up` a face-up
 * card, `shown` a face-down card its owner showed (with proof), `known` one this page can name
 * (its own); else a card only its owner can open.
 *
 *   describePrivateCard({ known: true }) // "only you can see this card"
 */
export function describePrivateCard({ up = false, shown = false, known = false }) {
  if (up) return "opened by every player's key";
  if (shown) return "shown by its owner, with proof";
  return known ? "only you can see this card" : "only its owner can see this card";
}

/** A card's check against its deal's commitment, as its accessible name ends (`position` from
 * 0, said from 1). */
export function describeCardCheck(ok, position) {
  if (!ok) return "proof FAILED";
  if (position === null || position === undefined) return "verified";
  return `verified: dealt from position ${position + 1} of the deck`;
}

/** Said when the server asked this page for its share of one of its own face-down cards:
 * that share, with the other players', would open the card to the server. `told` is where the
 * ask said the card went (a label such as "d3": the page shared it, and the card was then dealt
 * to it), or null when the ask named the card as this seat's and the page refused it.
 *
 *   describeOwnCardAsked(3, null) // "Warning: in hand 3 the server asked this page to share one of your own face-down cards, which would let it see that card; the page refused, so the deal will be void. …"
 */
export function describeOwnCardAsked(hand, told) {
  const what =
    told === null
      ? "asked this page to share one of your own face-down cards, which would let it see that card; the page refused, so the deal will be void"
      : "dealt you a face-down card after asking this page to share it as another seat's, which lets it see that card";
  return `Warning: in hand ${hand} the server ${what}. This table's private deal cannot be trusted: tell the table.`;
}

/** Said when the server did, in hand `hand`, what an honest table never does under a private
 * deal (privaterounds.js ServerLie): `what` is "dealt" (the dealt deck it sent does not hold),
 * "point" (it asked for a share of a point that is not the card at the place it named), "open"
 * or "show" (a card it handed over to open, or asked to show, is not the one dealt there).
 *
 *   describeServerLie(3, "open") // "Warning: in hand 3 the server handed this page, as one of your face-down cards, a card that is not the one dealt at its place. …"
 */
export function describeServerLie(hand, what) {
  const did = {
    dealt: "sent this page a dealt deck that does not hold (a proof fails, or it changed during the deal)",
    point:
      "asked this page to share a point that is not the card dealt at the place it named (it could be one of your own)",
    open: "handed this page, as one of your face-down cards, a card that is not the one dealt at its place",
    show: "asked this page to show a card that is not one dealt to you",
  }[what];
  return `Warning: in hand ${hand} the server ${did}. The page answered nothing, so the deal will be void. This table's private deal cannot be trusted: tell the table.`;
}

/** What the page says if the server's commitment to its night seed changes mid-night. */
export function describeNightChanged() {
  return "Warning: the server changed its commitment to the night's seed, which must stay the same all night. Tell the table, and check the night record with wildstud verify.";
}

/** Said at the seat of a player who took it after its last player left, while the felt still
 * shows that player's hand there: the seat is theirs, with `stack` chips, from the next hand,
 * or, when they sit out (which the seat says already), only that the seat is theirs.
 *
 *   describeNewcomer(1000) // "You sit here from the next hand · 1000 chips"
 *   describeNewcomer(1000, true) // "Your seat · 1000 chips"
 */
export function describeNewcomer(stack, sittingOut = false) {
  return sittingOut ? `Your seat · ${stack} chips` : `You sit here from the next hand · ${stack} chips`;
}

/** The ledger's line while the night's figures cannot be read: why (the server's sentence or
 * the network's), and in how many seconds the page tries again. Gone at the next good answer.
 *
 *   describeLedgerUnread("Failed to fetch", 5)
 *   // "The ledger could not be read (Failed to fetch): trying again in 5 seconds."
 */
export function describeLedgerUnread(reason, seconds) {
  const when = seconds < 60 ? `${seconds} second${seconds === 1 ? "" : "s"}` : "a minute";
  return `The ledger could not be read (${reason.replace(/\.$/, "")}): trying again in ${when}.`;
}

/** The ledger's line while one player holds every chip, for the one who reads it: the holder
 * needs no chips (the others must rebuy), a seated player may ask for some in the form below,
 * and a page without a seat (the host's, a watcher's) has no form to ask with.
 *
 *   describeHoldsAll("Ann", "holder")
 *   // "You hold every chip at the table. No hand can be dealt until someone else rebuys and the host approves."
 *   describeHoldsAll("Ann", "seated")
 *   // "Ann holds every chip at the table. No hand can be dealt until someone else rebuys: ask for chips below, and the host approves."
 */
export function describeHoldsAll(name, reader) {
  if (reader === "holder")
    return "You hold every chip at the table. No hand can be dealt until someone else rebuys and the host approves.";
  const holds = `${name || "One player"} holds every chip at the table.`;
  if (reader === "seated")
    return `${holds} No hand can be dealt until someone else rebuys: ask for chips below, and the host approves.`;
  return `${holds} No hand can be dealt until someone else rebuys and the host approves.`;
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cy". */
function and(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * One fault of the night's audit (nightaudit.js), where and how: `{kind, hand, deal}` with
 * `player` (a value that opens nothing, a player dealt in without one), `card`, `deck_card` and
 * `position` (from 0, said from 1: a card from the wrong place), `made_from` (a deck whose root
 * is not the published one; absent: the hand's record carries another root) or `detail`.
 */
export function describeAuditFault(fault) {
  const { kind, hand, deal } = fault;
  const where = `hand ${hand}, deal ${deal}`;
  switch (kind) {
    case "seed-hidden":
      return "the night's seed has not been revealed: the night is not over";
    case "seed":
      return "the revealed night seed does not open the commitment published before the first deal: the server changed its seed";
    case "value":
      return `${where}: ${fault.player}'s revealed value does not open the commitment their page sent`;
    case "root":
      if (fault.made_from !== null && fault.made_from !== undefined)
        return `${where}: the published root is not the deck made from the night seed and the revealed values of ${and(fault.made_from) || "nobody"}`;
      return `${where}: the hand's record carries another root than the one published`;
    case "card":
      return `${where}: ${pretty(fault.card)} was dealt where the deck has ${fault.deck_card ? pretty(fault.deck_card) : "no card"} (position ${fault.position + 1}): a card was dealt out of order or substituted`;
    case "left-out":
      return `${where}: ${fault.player} gave no value that opens their commitment, yet was dealt a card`;
    default:
      return `${deal === null || deal === undefined ? `hand ${hand}` : where}: ${fault.detail}`;
  }
}

/** One deal of the night as its audit found it: whose values made its deck, who added none,
 * and whether every check of it held. */
export function describeDealAudit(hand, deal, madeFrom, leftOut, failed) {
  const source = madeFrom.length
    ? `the values of ${and(madeFrom)} and the server's seed`
    : "the server's seed alone (no page took part)";
  const added = leftOut.length ? ` (${and(leftOut)} added none)` : "";
  return `Hand ${hand}, deal ${deal}: made from ${source}${added}: ${failed ? "FAILED" : "checked"}`;
}

/** The night's audit in a sentence: the deals audited, the kinds of the faults found and whom
 * they name; `alone` of the deals were made from the server's seed alone (no page took part). */
export function describeNightAudit(deals, kinds, names, alone = 0) {
  if (kinds.includes("seed-hidden"))
    return "The night is not over: the server has not revealed its seed, so no deck can be checked yet.";
  if (!kinds.length) {
    const count = `${deals} ${deals === 1 ? "deal" : "deals"}`;
    if (alone && alone === deals)
      return `Every deck of the night was made from the server's seed alone, as it committed (no page took part): checked, ${count} in all.`;
    if (alone)
      return `Every deck of the night was made as the server committed: checked, ${count} in all (${alone} from the server's seed alone: no page took part).`;
    return `Every deck of the night was made from the players' values: checked, ${count} in all.`;
  }
  const count = `${kinds.length} ${kinds.length === 1 ? "fault" : "faults"}`;
  return `The night's audit FAILED: ${count}, naming ${and(names)}. Tell the table.`;
}

// What each kind of fault of a private deal's audit says its party did (words.py's _PRIVATE_FAULTS).
const PRIVATE_FAULTS = {
  key: "published a secret that is not the one behind its key",
  order: "published an order that is no order of the deck",
  reordered: "reordered the deck wrongly",
  substituted: "put a card into the deck that was not in it",
  unmasked: "took a mask off a card wrongly",
  refused: "sent a step that does not hold",
  unpublished: "did not publish its secret and order",
};

/** One fault a private deal's audit found, in a player's words: whose (a player's name, or
 * "server") and what, in which hand. */
export function describePrivateFault(kind, name, hand) {
  const who = name === "server" ? "The server" : `${name}'s page`;
  return `${who} ${PRIVATE_FAULTS[kind] ?? "did something the audit cannot name"} in hand ${hand}`;
}

/** A night's private deals audited, in a sentence: the deals checked and the faults found. */
export function describePrivateAudit(deals, faults) {
  const count = `${deals} ${deals === 1 ? "deal" : "deals"}`;
  if (!faults) return `Every player and the server dealt honestly: checked ${count}`;
  return `The private deal's audit FAILED: ${faults} ${faults === 1 ? "fault" : "faults"} in ${count}. Tell the table.`;
}

/** Where the server's own audit of its private deals (its `private_audit` frame: `deals`
 * checked, `faults` found) disagrees with the page's audit of the night record the server
 * offered: a server that lies about its audit. The page's own words (the library never sees
 * the server's frame: `wildstud verify --night` is itself the independent check).
 *
 *   describeAuditDisagreement(3, 0) // "The server's own audit (every deal honest, 3 deals) does not match this check of the night record it offered: trust the check made in this browser, and tell the table."
 */
export function describeAuditDisagreement(deals, faults) {
  const count = `${deals} ${deals === 1 ? "deal" : "deals"}`;
  const claim = faults ? `${faults} ${faults === 1 ? "fault" : "faults"} in ${count}` : `every deal honest, ${count}`;
  return `The server's own audit (${claim}) does not match this check of the night record it offered: trust the check made in this browser, and tell the table.`;
}

/** Where the night record does not hold this page's own part of deal in hand `hand` (`what`:
 * `deal` left out, another `key`, another `secret` or order published in its name): a server
 * that rewrote the record. The page's own words, as describeAuditDisagreement.
 *
 *   describeOwnPartChanged("key", 4) // "The night record does not hold the key this page used in hand 4: the server changed it"
 */
export function describeOwnPartChanged(what, hand) {
  if (what === "asked") {
    return `In hand ${hand} the server dealt you a face-down card it had asked this page to share: it could see that card`;
  }
  const part = {
    told: "where the server told this page the cards it shared went",
    dealt: "the deck this page was dealt from",
    deal: "the deal this page played",
    key: "the key this page used",
    secret: "the secret and order this page published",
  }[what];
  return `The night record does not hold ${part} in hand ${hand}: the server changed it`;
}

/** The verdict where the night record differs from what this page used in `hands` (their
 * numbers): whatever the audit of the record says, it is not the night this page played; or,
 * where `asked` names hands whose record deals the page a face-down card it shared, that the
 * server could see it.
 *
 *   describeRecordChanged([4, 7]) // "The night record is not the one this page played: the server changed hands 4 and 7. Tell the table."
 */
export function describeRecordChanged(hands, asked = []) {
  if (asked.length) {
    const which =
      asked.length === 1 ? `hand ${asked[0]}` : `hands ${asked.slice(0, -1).join(", ")} and ${asked.at(-1)}`;
    return `The server could see one of your face-down cards in ${which}: it asked this page to share it. Tell the table.`;
  }
  const named = hands.length === 1 ? `hand ${hands[0]}` : `hands ${hands.slice(0, -1).join(", ")} and ${hands.at(-1)}`;
  return `The night record is not the one this page played: the server changed ${named}. Tell the table.`;
}

/** How far the page's check of a private night has gone (the `hand`th of `hands`).
 *
 *   describeAuditProgress(7, 20) // "Checking hand 7 of 20 in this browser…"
 */
export function describeAuditProgress(hand, hands) {
  return `Checking hand ${hand} of ${hands} in this browser…`;
}
