// What a screen reader hears of the table: what happened, in words (who bet or called what,
// which cards came face up to whom, who showed and won with which hand), gathered and spoken
// at most once every SPACING milliseconds, so that a burst of events (a street dealt round
// eight seats, bots acting at once) comes as one short announcement rather than a flood.

import { named, pretty } from "./cards.js";
import { describeEvent } from "./events.js";
import { describeHand } from "./words.js";

/** The least time between two announcements, in milliseconds. */
export const SPACING = 1500;

/** The most ordinary sentences in one announcement: older ones give way to newer. Sentences
 * marked to keep (a redeal, the winners) are never dropped, and one in a slot (the turn, the
 * wild cards) is dropped only for a newer one in the same slot. */
export const MOST = 4;

// A redeal is said by the table itself, when it pauses to show what caused it.
const SAID = new Set(["acted", "shown", "mucked", "called", "centre_card", "community_card", "returned", "turned_up"]);

/**
 * The sentences a listener needs for `events`, the new events of a hand: actions, showdowns and
 * calls as the log words them, and the cards dealt in one go as one sentence ("Face up: Ann 7♠,
 * Bob K♦."), with the viewer's own face-down cards (`you` is the viewer's engine seat) and no
 * one else's. The cards are marked to keep: a burst of actions gives way before them.
 */
export function eventSentences(events, names, you) {
  const said = [];
  const up = [];
  const down = [];
  const dealt = () => {
    if (up.length) said.push({ text: `Face up: ${up.join(", ")}.`, keep: true });
    if (down.length) said.push({ text: `You get ${down.join(" and ")} face down.`, keep: true });
    up.length = 0;
    down.length = 0;
  };
  for (const event of events) {
    if (event.type === "dealt") {
      if (event.up) up.push(`${event.seat === you ? "you" : names[event.seat]} ${pretty(event.card)}`);
      else if (event.seat === you && named(event.card)) down.push(pretty(event.card));
      continue;
    }
    dealt();
    if (SAID.has(event.type)) said.push(describeEvent(event, names, you));
  }
  dealt();
  return said;
}

/** Who won what with which hand, from the events of a finished deal (`you`, the viewer's
 * engine seat, is told "You win…"). */
export function winnerSentences(events, names, you = null) {
  // In order: each award goes with the hand shown before it (a hand run twice shows down twice).
  const hands = new Map();
  const sentences = [];
  for (const event of events) {
    if (event.type === "shown") hands.set(event.seat, describeHand(event.hand));
    if (event.type !== "awarded") continue;
    const sentence = describeEvent(event, names, you);
    const hand = hands.get(event.seat);
    sentences.push(hand ? `${sentence.slice(0, -1)} with ${hand}.` : sentence);
  }
  return sentences;
}

/** A polite live region spoken into no more often than every SPACING milliseconds. */
export class Speaker {
  constructor(region) {
    this.region = region;
    this.pending = [];
    this.last = -Infinity;
    this.timer = null;
  }

  /** Queue `sentences` (strings, or {text, keep} to keep that one): `keep` marks them all as
   * never dropped, `slot` as replacing what that slot held (the turn just announced makes the
   * one before it news no longer). */
  say(sentences, { keep = false, slot = null } = {}) {
    if (slot !== null && sentences.some(Boolean)) this.pending = this.pending.filter((item) => item.slot !== slot);
    for (const sentence of sentences) {
      const { text, keep: own = false } = typeof sentence === "string" ? { text: sentence } : sentence;
      if (text) this.pending.push({ text, keep: keep || own || slot !== null, slot });
    }
    if (!this.pending.length || this.timer !== null) return;
    const wait = this.last + SPACING - performance.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Forget what `slot` holds and has not said yet (a turn when the hand is over). */
  drop(slot) {
    this.pending = this.pending.filter((item) => item.slot !== slot);
  }

  flush() {
    this.timer = null;
    const ordinary = this.pending.filter((item) => !item.keep).slice(-MOST);
    const spoken = this.pending.filter((item) => item.keep || ordinary.includes(item));
    this.pending = [];
    if (!spoken.length) return;
    this.region.textContent = spoken.map((item) => item.text).join(" ");
    this.last = performance.now();
  }
}
