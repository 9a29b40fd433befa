// The table page's state, apart from its drawing: each frame from the server reduces into a new
// state, and says what else should happen (a toast, a line from the dealer, a sound) as plain
// data, which the page (table.js) carries out. Nothing here touches the page, a global or its
// input, so a state the page drew from is never changed under it: the page redraws a part only
// when that part's slice of the state is a new object.

import { pretty } from "./cards.js";
import { describeChange, describeSettings } from "./words.js";
import { describeEvent } from "./events.js";

/** The state before the first frame. */
export function initialState() {
  return {
    welcome: null,
    table: null,
    hand: null,
    choosing: null,
    choosingAt: 0,
    clockAt: 0,
    connection: "connecting",
    notices: [],
  };
}

/** The name at a table seat, from the table's seat list. */
export function nameAt(state, tableSeat) {
  const table = state.table;
  const seat = table && table.seats.find((item) => item.seat === tableSeat);
  return seat ? seat.name : `Seat ${tableSeat + 1}`;
}

/** A game's house rules in words ("queens: all, free fold: no"): each rule's name, and its
 * value with a yes or no for a switch. */
export function rulesWords(rules) {
  const said = (value) => (value === true ? "yes" : value === false ? "no" : String(value).replaceAll("-", " "));
  return Object.entries(rules || {})
    .map(([key, value]) => `${key.replaceAll("_", " ")}: ${said(value)}`)
    .join(", ");
}

/** The house rules of the table's entry for this hand's game, as words ("" when none). */
export function ruleText(state, view) {
  // The table's menu gives the code each entry is dealt under, whatever the host typed.
  const table = state.table;
  const index = table && table.menu ? table.menu.findIndex((item) => item.code === view.code) : -1;
  const entry = index >= 0 ? table.settings.games[index] : null;
  const words = entry ? rulesWords(entry.house_rules) : "";
  return words ? ` (${words})` : "";
}

/** What the dealer says of the host's pausing and resuming the table (the host's changes to
 * the rules come as notices, which the dealer says too). */
function tableNews(before, after) {
  if (!before || before.status === after.status || after.status === "waiting") return [];
  return [{ kind: "dealer", text: after.status === "paused" ? "The host paused the table." : "Dealing." }];
}

/** The events nobody should miss, on screen and in the dealer's log: the call of Smack My
 * Bitch Up is a moment over the table; a redeal a toast. */
function eventEffects(events, names) {
  const effects = [];
  for (const event of events) {
    if (event.type === "called") {
      // The king's own change, sent just before the call: what it cancelled, what is wild now.
      const king = events.find((item) => item.type === "wilds_changed" && item.card === event.card);
      const what = king ? describeChange(king, names) : `${pretty(event.card)} to ${names[event.seat]}`;
      effects.push({ kind: "moment", title: `${event.name}!`, text: `${what}.` });
      effects.push({ kind: "dealer", text: `${event.name}! ${what}.` });
    }
    if (event.type === "redealt") {
      const text = describeEvent(event, names);
      effects.push({ kind: "announce", text, millis: 6000, tone: "redeal" });
      effects.push({ kind: "dealer", text });
    }
  }
  return effects;
}

function newHand(state, frame, now) {
  const previous = state.hand;
  const hand = { ...frame, view: { ...frame.view } };
  const next = { ...state, hand, clockAt: now };
  if (previous && previous.number === frame.number) {
    // The whole hand again (a reconnection): the chances of a run-out already heard stay.
    if (previous.odds) hand.odds = previous.odds;
    if (previous.rabbit) hand.rabbit = previous.rabbit;
    return { state: next, effects: [] };
  }
  const effects = [{ kind: "hide-announce" }];
  if (state.choosing) {
    const text = `${nameAt(state, state.choosing.dealer)} chose ${frame.view.game}${ruleText(state, frame.view)}.`;
    effects.push({ kind: "announce", text, millis: 3000, tone: "choice" });
  }
  next.choosing = null;
  effects.push({ kind: "history-stale" });
  const started = frame.view.events.find((event) => event.type === "hand_started");
  if (started) effects.push({ kind: "dealer", text: `Hand ${frame.number}: ${describeEvent(started, frame.names)}` });
  if (previous) effects.push({ kind: "sound", name: "deal" });
  // A redeal (or a call) may come before anyone acts, in the hand's first frame. A page that
  // opens in the middle of a hand gets the hand so far in its first frame, after someone has
  // acted: its calls and redeals are old news, said in the dealer's log but not over the table.
  const effectsOfEvents = eventEffects(frame.view.events, frame.names);
  const live = !frame.view.events.some((event) => event.type === "acted");
  effects.push(...(live ? effectsOfEvents : effectsOfEvents.filter((effect) => effect.kind === "dealer")));
  return { state: next, effects };
}

/** The chances of the hands turned up all in, as the server worked them out after a street of
 * the run-out (an odds frame): kept with the hand, each under the event it stands after. */
function odds(state, frame) {
  const hand = state.hand;
  if (!hand || hand.number !== frame.number) return { state, effects: [] };
  const kept = (hand.odds || []).filter((item) => item.event !== frame.event);
  const all = [...kept, frame].sort((a, b) => a.event - b.event);
  return { state: { ...state, hand: { ...hand, odds: all } }, effects: [] };
}

function update(state, frame, now) {
  const old = state.hand;
  if (!old || old.number !== frame.number || old.view.events.length !== frame.from) {
    return { state, effects: [] }; // out of step: the next reconnect brings the whole hand again
  }
  const hand = { ...old, view: { ...frame.view, events: old.view.events.concat(frame.events) }, clock: frame.clock };
  const effects = [...eventEffects(frame.events, hand.names), { kind: "attention", events: frame.events }];
  if (hand.view.phase === "over") effects.push({ kind: "history-stale" });
  return { state: { ...state, hand, clockAt: now }, effects };
}

/**
 * The state after `frame`, and what else it asks for, at `now` (performance.now() on the page).
 * A frame that changes nothing gives back the same state object. `answered` is true for an
 * error frame that answered the request in flight (the action panel shows that one).
 *
 *   reduce(initialState(), { type: "welcome", role: "spectator" }, 0).state.welcome.role
 *   // "spectator"
 */
export function reduce(state, frame, now, { answered = false } = {}) {
  switch (frame.type) {
    case "welcome":
      // A History panel opened before the table was known loads its list now.
      return { state: { ...state, welcome: frame }, effects: [{ kind: "history-stale" }] };
    case "table":
      return { state: { ...state, table: frame.table }, effects: tableNews(state.table, frame.table) };
    case "choosing":
      return { state: { ...state, choosing: frame, choosingAt: now }, effects: [] };
    case "hand":
      return newHand(state, frame, now);
    case "update":
      return update(state, frame, now);
    case "odds":
      return odds(state, frame);
    case "rabbit":
      // The cards a hand won by a fold would have dealt, once a player asked (rabbit.js).
      if (!state.hand || state.hand.number !== frame.number) return { state, effects: [] };
      return { state: { ...state, hand: { ...state.hand, rabbit: frame } }, effects: [] };
    case "clock":
      if (!state.hand) return { state, effects: [] };
      return { state: { ...state, hand: { ...state.hand, clock: frame.clock }, clockAt: now }, effects: [] };
    case "error":
      // An error answering the request in flight went to the panel as its answer; any other
      // (about a request already settled, or none) is shown all the same, but for a private
      // deal's "elsewhere": the player's other page plays the deal, which the page says itself
      // (PagePrivate's onElsewhere), not as an error; nor an answer of the page's own to a
      // private deal or a shuffle refused as out of turn (a request without a number: the
      // page's machinery, not its player, sent it), such as an unmasking the server asked
      // ahead of checking the answer before it, which turned out wrong or was not stored: the
      // page is asked again when it is its turn, and there is nothing for the player to do.
      if (frame.code === "elsewhere") return { state, effects: [] };
      if (frame.code === "out-of-turn" && frame.seq == null) return { state, effects: [] };
      return { state, effects: answered ? [] : [{ kind: "error", message: frame.message }] };
    case "removed":
      return { state, effects: [{ kind: "goodbye", frame }] };
    case "notice": {
      // The host changed something (console.py): said at once, and kept in the hand log.
      // A connection (or a reconnection) is sent again those not yet played out.
      const text = describeSettings(frame.changes);
      if (state.notices.some((notice) => notice.hand === frame.hand && notice.text === text)) {
        return { state, effects: [] };
      }
      return {
        state: { ...state, notices: [...state.notices.slice(-9), { hand: frame.hand, text }] },
        effects: [
          { kind: "announce", text, millis: 6000, tone: "notice" },
          { kind: "dealer", text },
        ],
      };
    }
    default:
      return { state, effects: [] };
  }
}
