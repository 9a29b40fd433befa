// What the table tells a player besides drawing it: the toast over the felt (what it says, how
// long it stays, where it goes so as to hide nothing the player needs) and the words a screen
// reader hears after each drawing of the table. Where the toast goes is worked out from boxes
// alone in toast.js, what is said in speech.js; the table's page (table.js) holds one of each.

import { currentDeal } from "./banner.js";
import { h } from "./dom.js";
import { pendingRedeal } from "./drawing.js";
import { eventSentences, Speaker, winnerSentences } from "./speech.js";
import { besideTable, toastPlace } from "./toast.js";
import { describeRedeal } from "./words.js";

/** The toast over the table: one line at a time, placed where it hides nothing the player is
 * reading or about to press, and held back (not dropped) where there is no such place. */
export class Toast {
  /** The parts of the table's page it keeps clear of: `actions` (the seat's controls, on its
   * turn), `seats` (the player's own cards), `centre` (the felt's notice of a redeal), `chat`
   * (the chat's lines), `history` (the panel over the table) and `host` (where the host console
   * lies, empty on a player's page). */
  constructor({ actions, seats, centre, chat, history, host }) {
    this.around = { actions, seats, centre, chat, history, host };
    this.element = h("div", { id: "announce", className: "announce", role: "alert", hidden: true });
    this.fadeTimer = null;
    this.hideTimer = null;
  }

  /** What the toast last said: its `kind` ("event", "redeal", "called", …). */
  get kind() {
    return this.element.dataset.kind;
  }

  /** Whether the toast is up, or held back for want of room: either way it has a place to find. */
  get due() {
    return !this.element.hidden || Boolean(this.element.dataset.room);
  }

  /** Says `text` for `millis`, fading in its last 600; one of any `kind` but "called" also goes
   * at the showdown (Narration), where it would hide the cards. */
  show(text, millis = 4000, kind = "event") {
    const el = this.element;
    el.textContent = text;
    el.dataset.kind = kind;
    el.dataset.room = "";
    el.hidden = false;
    el.classList.remove("fading");
    clearTimeout(this.hideTimer);
    clearTimeout(this.fadeTimer);
    this.fadeTimer = setTimeout(() => el.classList.add("fading"), Math.max(0, millis - 600));
    this.hideTimer = setTimeout(() => this.hide(), millis);
    this.place();
  }

  /** Takes the toast down, and what it held back with it. */
  hide() {
    this.element.hidden = true;
    this.element.dataset.room = "";
  }

  /** The toast keeps clear of the seat's controls on its turn, of the player's own cards (a
   * hand's first toast comes as they are dealt; on a laptop 768 pixels high they sit at the
   * foot), of the chat's lines in view and of the button focused under the table (it moves to
   * the top of the window when, at the foot, it would cover them), and of the history open over
   * the table (it goes in the width the history leaves, or not at all). */
  place() {
    if (!this.due) return;
    const toast = this.element;
    const { actions, seats, centre, chat, history, host } = this.around;
    const avoid = [];
    if (actions.dataset.turn === "yes") avoid.push(actions.getBoundingClientRect());
    const mine = seats.querySelector(".seat.you .cards");
    if (mine) avoid.push(mine.getBoundingClientRect());
    if (chat.checkVisibility()) avoid.push(chat.getBoundingClientRect());
    // The control the player has just been handed (a confirmation's "Yes, leave", "Yes, end the
    // night", focused as it is asked) is about to be pressed: the toast keeps off it.
    const focused = document.activeElement;
    if (focused && focused.closest("#extras button")) avoid.push(focused.getBoundingClientRect());
    toast.hidden = false;
    toast.classList.remove("top");
    toast.style.left = "";
    toast.style.maxWidth = "";
    const size = toast.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    const panels = history.hidden ? [] : [history.getBoundingClientRect()];
    // The host console: a column beside the table (the toast keeps to the width it leaves) or,
    // on a phone, under the table (the toast never covers its controls in view).
    const keep = [];
    // The felt's notice of a redeal says what the toast says: the toast never hides it (on a
    // phone, where the foot holds the player's own cards, it is held back for the notice).
    const notice = centre.querySelector(".redeal-notice");
    if (notice) keep.push(notice.getBoundingClientRect());
    const hostConsole = host.querySelector(".host-console");
    if (hostConsole && hostConsole.checkVisibility()) {
      const box = hostConsole.getBoundingClientRect();
      if (besideTable(box, width, height)) panels.push(box);
      else if (box.bottom > 0 && box.top < height) keep.push(box);
    }
    const place = toastPlace({
      width,
      height,
      toast: { width: size.width, height: size.height },
      avoid,
      keep,
      panel: panels.length ? panels.reduce((one, other) => (one.left <= other.left ? one : other)) : null,
    });
    // A toast with no room is only held back: it comes out if the history closes in time.
    toast.hidden = place.hidden;
    toast.dataset.room = place.hidden ? "none" : "";
    if (place.hidden) return;
    toast.classList.toggle("top", place.top);
    toast.style.left = `${place.left}px`;
    toast.style.maxWidth = `${place.maxWidth}px`;
  }
}

/** What a screen reader hears of the hand, said once each: what happened since the last drawing,
 * whose turn, a change of the wild cards, a redeal coming (shown in the toast too) and the winners
 * (written in the chat by the dealer too). */
export class Narration {
  /** `region`: the live region spoken into; `toast`: the table's Toast; `dealer(text)`: writes a
   * line in the chat in the dealer's voice. */
  constructor({ region, toast, dealer }) {
    this.speaker = new Speaker(region);
    this.toast = toast;
    this.dealer = dealer;
    // What has been said already: of the hand numbered `hand`, its events before `from`, and a
    // key for each of the wild cards, the turn, the redeal and the end of the hand last said.
    this.spoken = { wild: null, turn: null, over: null, redeal: null, hand: null, from: 0 };
  }

  /** Says what is new in `hand` (the state's hand, or null) with `wild`, the banner's wild cards
   * as last drawn. */
  tell(hand, wild) {
    if (!hand) return;
    const { speaker, spoken } = this;
    const view = hand.view;
    // A page opened mid-hand starts from what it finds; a new hand is told from its start.
    if (spoken.hand !== hand.number) {
      spoken.from = spoken.hand === null ? view.events.length : 0;
      spoken.hand = hand.number;
    }
    speaker.say(eventSentences(view.events.slice(spoken.from), hand.names, hand.you));
    spoken.from = view.events.length;
    const wildKey = `${hand.number}|${wild ? `${wild.what}|${wild.why.join("|")}|${wild.called || ""}` : ""}`;
    if (wild && wildKey !== spoken.wild) {
      const why = wild.why
        .slice(-1)
        .join("")
        .replace(/([^.!?])$/, "$1.");
      speaker.say([`Wild: ${wild.what}. ${why}`.trim()], { slot: "wild" });
      spoken.wild = wildKey;
    }
    const redeal = pendingRedeal(hand);
    const redealKey = redeal ? `${hand.number}|${view.deal}` : null;
    if (redeal && redealKey !== spoken.redeal) {
      spoken.redeal = redealKey;
      const text = `Redeal: ${describeRedeal(redeal, hand.names)}`;
      speaker.say([text], { keep: true });
      this.toast.show(text, 6000, "redeal");
    }
    const turnKey = `${hand.number}|${view.events.length}|${view.to_act}`;
    if (view.phase === "player" && view.to_act !== null && turnKey !== spoken.turn) {
      const turn = view.to_act === hand.you ? "Your turn." : `${hand.names[view.to_act]} to act.`;
      speaker.say([turn], { slot: "turn" });
      spoken.turn = turnKey;
    }
    if (view.phase === "over" && spoken.over !== hand.number) {
      spoken.over = hand.number;
      speaker.drop("turn");
      // Spoken to the listener ("You win…"); the dealer's line in the chat names everyone.
      const deal = currentDeal(view.events);
      speaker.say(winnerSentences(deal, hand.names, hand.you), { keep: true });
      for (const sentence of winnerSentences(deal, hand.names)) this.dealer(sentence);
      // The showdown matters more than a notice about the start of the hand or a redeal
      // (both are in the log), and a toast would hide the cards.
      if (this.toast.kind !== "called") this.toast.hide();
    }
  }
}
