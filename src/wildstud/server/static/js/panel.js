// The seat's action panel: its buttons and amount field drawn from the choices (actions.js),
// the request in flight and its fate, the error of the last refusal, and the dialog that asks
// before a fold nobody needs. It sends through the table's socket and never takes the focus.

import { h, mergeChildren, keepFocus } from "./dom.js";
import { actionChildren, checkAmount, labelOf, sizedChoice, SIZED } from "./actions.js";
import { isTouch } from "./touch.js";

const NO_ANSWER_MS = 8000;

export class ActionPanel {
  /** `choices()` gives the seat's choices now (empty when it is not its turn). */
  constructor(socket, choices) {
    this.socket = socket;
    this.choices = choices;
    this.request = null;
    this.error = "";
    this.noAnswer = false;
    this.turnKey = null;
    this.drawn = { potRaise: null, connection: "connecting", waiting: "" };
    this.element = h("section", { id: "actions", className: "actions", "aria-label": "Your actions", tabindex: -1 });
    this.controls = h("div", { className: "controls" });
    this.requestLine = h("p", { id: "request", className: "request", role: "status" });
    this.errorLine = h("p", { id: "action-error", className: "action-error", role: "alert" });
    this.element.append(this.controls, this.requestLine, this.errorLine);
    this.dialog = foldDialog((answer) => {
      if (answer === "check") this.choose("check");
      // The player confirmed it: the fold goes as the server offered it.
      else if (answer === "fold" && this.choices().some((item) => item.free) && !this.request && this.socket.open)
        this.send({ type: "act", action: "fold" }, "Fold");
    });
    this.listen();
  }

  /** The panel listens once for all its buttons and fields (they are merged, not rebuilt, so
   * they carry no listeners of their own). */
  listen() {
    this.element.addEventListener("click", (event) => {
      const preset = event.target.closest("button[data-preset]");
      if (preset) {
        this.setAmount(preset.dataset.preset);
        return;
      }
      const button = event.target.closest("button[data-choice]");
      if (button) this.choose(button.dataset.choice);
      if (event.target.closest("button[data-resend]")) this.resend();
    });
    this.element.addEventListener("input", (event) => {
      if (event.target.id === "amount-slider") this.setAmount(event.target.value);
      else if (event.target.id === "amount") this.showAmount();
    });
    this.element.addEventListener("keydown", (event) => {
      if (event.target.id === "amount" && event.key === "Enter") {
        event.preventDefault();
        const sized = sizedChoice(this.choices());
        if (sized) this.choose(sized.key);
      }
    });
  }

  /** Whether the seat may act now: its turn, the socket up and no request awaiting an answer. */
  get ready() {
    return this.element.dataset.turn === "yes";
  }

  /**
   * Redraw with `drawn`: {hand, potRaise (the server's pot-sized bet or raise), connection (the
   * socket's status), waiting (the line when it is not the seat's turn)}; returns whether a new
   * turn began.
   */
  render(drawn = this.drawn) {
    this.drawn = drawn;
    const list = this.choices();
    const down = drawn.connection !== "connected";
    const element = this.element;
    element.dataset.turn = list.length && !this.request && !down ? "yes" : "no";
    element.dataset.connection = drawn.connection;
    element.classList.toggle("offline", down);
    const fresh = document.createElement("div");
    fresh.append(
      ...actionChildren({
        list,
        potRaise: drawn.potRaise,
        blocked: Boolean(this.request) || down,
        waiting: drawn.waiting,
      }).filter(Boolean),
    );
    keepFocus(() => mergeChildren(this.controls, fresh));
    const hand = drawn.hand;
    const turnKey = list.length ? `${hand.number}|${hand.view.events.length}` : null;
    const began = turnKey !== null && turnKey !== this.turnKey;
    if (turnKey !== this.turnKey) {
      this.turnKey = turnKey;
      const sized = sizedChoice(list);
      if (sized) this.setAmount(sized.min);
    }
    this.showAmount();
    let line = "";
    if (drawn.connection === "restarting")
      line = "The server is restarting: the buttons come back when it is, with the hand where it was.";
    // Before any hand there are no buttons to wait for: the status line alone says "Connecting…".
    else if (down && drawn.connection !== "refused" && drawn.hand)
      line = "Reconnecting… the buttons come back once the table is reached again.";
    else if (this.request && this.noAnswer) line = `${describeRequest(this.request)}: no answer from the server yet.`;
    else if (this.request) line = `Sending: ${describeRequest(this.request)}…`;
    this.drawRequestLine(line, Boolean(this.request && this.noAnswer && !down));
    setText(this.errorLine, this.error);
    // Nothing to choose and nothing to say (no hand yet, between hands): no empty box at the
    // foot of the page.
    element.hidden = !list.length && !drawn.waiting && !line && !this.error;
    return began;
  }

  /** The line under the buttons: what is being sent, or why they wait; with a button to send
   * a request again when the server has not answered it. */
  drawRequestLine(line, stuck) {
    const fresh = document.createElement("p");
    fresh.append(line);
    if (stuck)
      fresh.append(" ", h("button", { type: "button", "data-resend": "1", "data-key": "resend" }, "Send again"));
    mergeChildren(this.requestLine, fresh);
  }

  amountField() {
    return this.element.querySelector("#amount");
  }

  setAmount(value) {
    const field = this.amountField();
    if (!field) return;
    field.value = String(value);
    this.showAmount();
  }

  /** The sized button's label, the slider and the hint follow what the amount field holds. */
  showAmount() {
    const field = this.amountField();
    const sized = sizedChoice(this.choices());
    if (!field || !sized) return;
    const checked = checkAmount(field.value, sized);
    const slider = this.element.querySelector("#amount-slider");
    if (slider && checked.amount !== undefined) slider.value = String(checked.amount);
    const typed = /^\s*\d+\s*$/.test(field.value) ? Number(field.value) : "…";
    const button = this.element.querySelector(`button[data-choice="${sized.key}"] .amount`);
    if (button) setText(button, labelOf(sized, typed).amount);
    field.setAttribute("aria-invalid", String(checked.amount === undefined));
    const words = labelOf(sized, checked.amount);
    const hint = this.element.querySelector("#amount-hint");
    if (hint)
      setText(
        hint,
        checked.message
          ? `${words.text} from ${sized.min} to ${sized.max}.`
          : `${words.text}${words.amount}: ${isTouch() ? "the button" : "Enter or the button"} sends it.`,
      );
  }

  /** The player chose `key` (a button, a shortcut, Enter in the amount field). */
  choose(key) {
    const choice = this.choices().find((item) => item.key === key);
    if (!choice || this.request || !this.socket.open) return;
    if (choice.free) {
      this.dialog.ask();
      return;
    }
    let amount = choice.amount;
    if (choice.sized) {
      const checked = checkAmount(this.amountField().value, choice);
      if (checked.amount === undefined) {
        this.error = checked.message;
        this.render();
        return;
      }
      amount = checked.amount;
    }
    const frame = { type: "act", action: choice.action };
    if (SIZED.includes(choice.action)) frame.amount = amount;
    const words = labelOf(choice, amount);
    this.send(frame, `${words.text}${words.amount}`);
  }

  /** Send a request, remembered with its words until the server answers it. */
  send(frame, words) {
    const sent = this.socket.request(frame);
    if (!sent) return false;
    this.request = { ...sent, words };
    this.noAnswer = false;
    this.armNoAnswer();
    this.render();
    return true;
  }

  /** The request in flight sent again (socket.js says why that is safe). */
  resend() {
    if (!this.socket.resend()) return;
    this.noAnswer = false;
    this.armNoAnswer();
    this.render();
  }

  armNoAnswer() {
    clearTimeout(this.noAnswerTimer);
    this.noAnswerTimer = setTimeout(() => {
      this.noAnswer = true;
      this.render();
    }, NO_ANSWER_MS);
  }

  /** The server's answer to the request in flight (socket.js): the error of a refusal stays
   * until the next request the server takes. */
  settled(outcome, request, frame) {
    const mine = this.request && this.request.seq === request.seq ? this.request : request;
    this.request = null;
    clearTimeout(this.noAnswerTimer);
    if (outcome === "applied") this.error = "";
    // A refused request for chips is shown next to the rebuy field (ledger.js), not here.
    else if (outcome === "refused") this.error = mine.type === "rebuy" ? "" : refusal(frame);
    else
      this.error = `${describeRequest(mine)} did not reach the server before the connection dropped: nothing was done, choose again.`;
    this.render();
  }

  /** An error the server sent about no request of this page's. */
  showError(message) {
    this.error = message;
  }
}

/** The dialog that asks before a fold when a check is free; `answered("check" | "fold" |
 * "cancel")` once it closes, and the focus goes back where it was. It opens on Cancel. */
function foldDialog(answered) {
  const dialog = h(
    "dialog",
    {
      id: "confirm-fold",
      className: "confirm",
      "aria-labelledby": "confirm-fold-title",
      "aria-describedby": "confirm-fold-text",
    },
    h("h2", { id: "confirm-fold-title" }, "Fold when checking is free?"),
    h(
      "p",
      { id: "confirm-fold-text" },
      "Nothing is bet to you: a check costs nothing and keeps your hand. Fold gives the hand up all the same.",
    ),
    h(
      "form",
      { method: "dialog", className: "confirm-buttons" },
      h("button", { value: "check", "data-answer": "check" }, "Check"),
      h("button", { value: "fold", "data-answer": "fold" }, "Fold"),
      h("button", { value: "cancel", "data-answer": "cancel", autofocus: true }, "Cancel"),
    ),
  );
  let before = null;
  dialog.ask = () => {
    before = document.activeElement;
    dialog.returnValue = "";
    dialog.showModal();
  };
  dialog.addEventListener("close", () => {
    answered(dialog.returnValue || "cancel");
    if (before && before.isConnected) before.focus({ preventScroll: true });
  });
  return dialog;
}

/** What a refusal tells the player. A number the server will not take (P1) means another page
 * of the same seat acted meanwhile: the page now knows the number to use, and the player sees
 * the table as it is before choosing again (the request is not sent again by itself: what the
 * other page did may have made it one the player no longer means). An action that came after
 * the turn moved on (the clock ran out as the player pressed) is said shortly: the server's
 * words ("You cannot call: it is Ann's turn to act", server/refusals.py) add only whose turn
 * it is, which the felt shows. Any other refusal is the server's sentence, in the player's
 * terms already. */
export function refusal(frame) {
  if (frame.code === "stale") return "Another page of your seat acted first, so nothing was done here: choose again.";
  if (frame.code === "out-of-turn") return "It is not your turn now, so nothing was done.";
  if (frame.code === "seq-range")
    return "This page's request numbers had run ahead of the table's, so nothing was done: choose again.";
  return frame.message;
}

/** A request in words: "Your raise to 60", "The choice of Follow the Queen". */
function describeRequest(request) {
  if (request.words)
    return request.type === "choose" ? `The choice of ${request.words}` : `Your ${request.words.toLowerCase()}`;
  return "Your request";
}

export function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}
