// The seat's choices on its turn, worked out from the server's view, and their drawing. Every
// button says what it will send: the amount typed or slid, and going all in is a button of its
// own with its amount. An amount outside the allowed range is refused here with the range,
// never nudged into it.

import { h } from "./dom.js";

export const SIZED = ["bet", "raise", "complete"];
const LABELS = {
  fold: "Fold",
  check: "Check",
  call: "Call",
  "bring-in": "Bring in",
  complete: "Complete",
  bet: "Bet",
  raise: "Raise to",
};
const VERBS = { bet: "a bet", raise: "a raise", complete: "a completion" };
// No key puts a whole stack in: all in is a button only.
export const SHORTCUTS = { f: "fold", k: "check", c: "call", i: "bring-in", o: "complete", b: "bet", r: "raise" };
/** What C does: the first of these on offer (a call, else a check, else the bring-in). */
const STAY_IN = ["call", "check", "bring-in"];

/** The choice a key typed at the table makes among `list` (the choices on offer), or null. */
export function shortcutChoice(letter, list) {
  let key = SHORTCUTS[String(letter).toLowerCase()];
  if (key === "call") key = STAY_IN.find((kind) => list.some((choice) => choice.key === kind)) || key;
  return key && list.some((choice) => choice.key === key) ? key : null;
}

const KEY_OF = Object.fromEntries(Object.entries(SHORTCUTS).map(([letter, key]) => [key, letter.toUpperCase()]));

/**
 * The buttons for `legal` (the view's legal_actions: {action, min, max, amounts}, `amounts`
 * listing the only to-amounts fixed limit allows), with `view` the view that offered them
 * ({all_in_to}: the to-amount that puts the seat to act all in, as the server works it out):
 * each {key, action, amount, allIn, sized, free}. `amount` is the to-amount sent (null for fold
 * and check; for the sized choice, its least amount until one is typed); `free` marks a fold
 * the server offers beside a check (it asks first); `allIn` a choice whose to-amount is the
 * server's all_in_to.
 */
export function choices(legal, view) {
  const allInTo = view && Number.isInteger(view.all_in_to) ? view.all_in_to : null;
  const kinds = new Set(legal.map((option) => option.action));
  const list = [];
  for (const option of legal) {
    const { action, min, max, amounts } = option;
    if (action === "fold" && kinds.has("check")) {
      // Offered beside a check (the table's house rule free_fold): the page asks first.
      list.push({ key: action, action, amount: null, free: true });
    } else if (action === "fold" || action === "check") {
      list.push({ key: action, action, amount: null });
    } else if (!SIZED.includes(action)) {
      list.push({ key: action, action, amount: min, allIn: min === allInTo });
    } else if (min !== max && Array.isArray(amounts)) {
      // Fixed limit allows only the sizes the server lists (the small or the big bet with an
      // open pair): a button for each, the first with the action's key, and no slider over
      // amounts the server would refuse.
      amounts.forEach((amount, index) => {
        const allIn = amount === allInTo;
        const key = allIn ? "all-in" : index === 0 ? action : `${action}-${amount}`;
        list.push({ key, action, amount, allIn });
      });
    } else if (min === max) {
      list.push({ key: max === allInTo ? "all-in" : action, action, amount: min, allIn: max === allInTo });
    } else {
      list.push({ key: action, action, amount: min, sized: true, min, max });
      if (max === allInTo) list.push({ key: "all-in", action, amount: max, allIn: true });
    }
  }
  return list;
}

/** The sized choice (bet, raise or complete with a range to choose from), if any. */
export function sizedChoice(list) {
  return list.find((choice) => choice.sized) || null;
}

/**
 * `text` (what the amount field holds) checked against the sized choice: {amount} when it is a
 * whole number in the range, {message} saying the range otherwise.
 */
export function checkAmount(text, choice) {
  const trimmed = String(text).trim();
  const range = `from ${choice.min} to ${choice.max}`;
  if (!/^\d+$/.test(trimmed)) {
    return { message: `Enter ${VERBS[choice.action]} as a whole number of chips, ${range}.` };
  }
  const amount = Number(trimmed);
  if (amount < choice.min || amount > choice.max) {
    return {
      message: `${LABELS[choice.action]} ${amount} is not allowed: ${VERBS[choice.action]} here goes ${range}.`,
    };
  }
  return { amount };
}

/** A button's words: what it does and, where chips move, exactly how many. */
export function labelOf(choice, amount = choice.amount) {
  if (choice.key === "all-in") return { text: "All in", amount: ` ${amount}` };
  if (choice.amount === null) return { text: LABELS[choice.action], amount: "" };
  return { text: LABELS[choice.action], amount: ` ${amount}${choice.allIn ? " (all in)" : ""}` };
}

function button(choice, disabled) {
  const label = labelOf(choice);
  return h(
    "button",
    {
      type: "button",
      className: `act act-${choice.action}${choice.key === "all-in" ? " act-all-in" : ""}`,
      "data-key": `act-${choice.key}`,
      "data-choice": choice.key,
      "data-action": choice.key === "all-in" ? "all-in" : choice.action,
      "data-sized": choice.sized ? "1" : null,
      "aria-keyshortcuts": KEY_OF[choice.key],
      disabled,
    },
    label.text,
    h("span", { className: "amount" }, label.amount),
    KEY_OF[choice.key] ? h("kbd", { "aria-hidden": "true" }, KEY_OF[choice.key]) : null,
  );
}

// The presets are the server's figures only: the least and greatest amounts allowed, and the
// pot-sized bet or raise (pot_raise_to), where the range reaches it.
function amountBox(choice, potRaise, disabled) {
  const presets = [
    ["min", choice.min],
    ["pot", potRaise],
    ["max", choice.max],
  ].filter(([, value]) => Number.isInteger(value) && value >= choice.min && value <= choice.max);
  return h(
    "div",
    { className: "amount-box", "data-key": `amount-${choice.action}-${choice.min}-${choice.max}` },
    h("label", { for: "amount" }, "Amount"),
    h("input", {
      type: "range",
      id: "amount-slider",
      min: choice.min,
      max: choice.max,
      value: choice.min,
      step: 1,
      "aria-label": "Amount (slider)",
      disabled,
    }),
    h("input", {
      type: "text",
      inputmode: "numeric",
      id: "amount",
      value: choice.min,
      autocomplete: "off",
      "aria-describedby": "amount-hint",
      disabled,
    }),
    h(
      "span",
      { className: "presets" },
      presets.map(([label, value]) => h("button", { type: "button", "data-preset": value, disabled }, label)),
    ),
    h(
      "p",
      { id: "amount-hint", className: "hint" },
      `${LABELS[choice.action]} ${choice.min} to ${choice.max}; Enter sends it.`,
    ),
  );
}

/**
 * The children of the actions section. `state`: {list (from choices), potRaise (the view's
 * pot_raise_to), blocked (a request in flight or the socket down), waiting (the line when it
 * is not this seat's turn)}.
 */
export function actionChildren({ list, potRaise, blocked, waiting }) {
  if (!list.length) return [h("p", { className: "muted", "data-key": "waiting" }, waiting)];
  const sized = sizedChoice(list);
  return [
    h("h2", { className: "your-turn", "data-key": "your-turn" }, "Your turn"),
    sized ? amountBox(sized, potRaise, blocked) : null,
    h(
      "div",
      { className: "buttons", "data-key": "buttons" },
      list.map((choice) => button(choice, blocked)),
    ),
  ];
}
