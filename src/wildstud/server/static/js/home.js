// The home page: create a table, then share its links (the join page is join.js).

import { api, h } from "./api.js";
import { linkList } from "./host.js";

const STAKES = new Set(["limit", "ante", "bring_in", "small_bet", "big_bet", "raise_cap"]);

export function field(label, input, help) {
  // The message of a check that fails sits next to its field (and is read out with it).
  const message = h("small", { className: "invalid-message", id: `${input.name}-message`, "aria-live": "polite" });
  input.setAttribute("aria-describedby", message.id);
  input.addEventListener("invalid", () => {
    message.textContent = input.validationMessage;
  });
  input.addEventListener("input", () => {
    if (input.validity.valid) message.textContent = "";
  });
  return h("label", { className: "field" }, h("span", {}, label), input, help ? h("small", {}, help) : null, message);
}

function numberInput(name, value, min, max, step = 1) {
  return h("input", { type: "number", name, value, min, max, step, required: true });
}

// The control characters that Python's str.split() takes for whitespace: they part words
// rather than vanish.
const CONTROL_SPACES = new Set("\t\n\v\f\r\x1c\x1d\x1e\x1f\x85");

// The server's cleaning of a name (wildstud.server.names), as far as the page can mirror it:
// controls and format characters go, whitespace collapses; then the length in characters.
export function cleanName(text) {
  return text
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, (char) => (CONTROL_SPACES.has(char) ? " " : ""))
    .normalize("NFC")
    .split(/\s+/u)
    .filter(Boolean)
    .join(" ");
}

export function nameProblem(text, limit) {
  if (text.includes("\u0000")) return "A name may not contain a NUL character.";
  const cleaned = cleanName(text);
  if (!/[\p{L}\p{N}\p{P}\p{S}]/u.test(cleaned)) return "The name needs at least one visible character.";
  const length = [...cleaned].length;
  if (length > limit) return `The name may have at most ${limit} characters (this one has ${length}).`;
  return "";
}

function ruleInput(game, option) {
  const name = `${game.name}.${option.name}`;
  if (typeof option.default === "boolean") {
    return h(
      "label",
      { className: "rule" },
      h("input", { type: "checkbox", name, checked: option.default, "data-default": String(option.default) }),
      h("span", {}, ` ${option.name.replaceAll("_", " ")}`),
      h("small", {}, ` ${option.help}`),
    );
  }
  const choices =
    option.allowed.includes(", ") && !option.allowed.startsWith("an integer") ? option.allowed.split(", ") : null;
  const input = choices
    ? h(
        "select",
        { name, "data-default": String(option.default) },
        choices.map((choice) => h("option", { value: choice, selected: String(option.default) === choice }, choice)),
      )
    : h("input", {
        type: typeof option.default === "number" ? "number" : "text",
        name,
        value: option.default,
        "data-default": String(option.default),
        min: 0,
      });
  return h(
    "label",
    { className: "rule" },
    h("span", {}, `${option.name.replaceAll("_", " ")} `),
    input,
    h("small", {}, ` ${option.help}`),
  );
}

// What the engine refuses in the stakes and the server in the seats, checked before sending:
// each failed check is the custom validity of the field to change, so the browser's own
// constraint validation (required, min, max) and these speak with one voice.
function checkForm(form, games) {
  const value = (name) => Number(form.elements[name].value);
  const chosen = [...form.querySelectorAll('input[name="game"]:checked')].map((box) => box.value);
  const firstGame = form.querySelector('input[name="game"]');
  firstGame.setCustomValidity(chosen.length ? "" : "Pick at least one game.");
  const name = form.elements.name;
  name.setCustomValidity(nameProblem(name.value, 60));
  // Baby Daddy deals nothing face up on its first round, so it has no bring-in.
  const bringIn = games.some(
    (game) => chosen.includes(game.name) && game.options.some((option) => option.name === "bring_in"),
  );
  const small = value("small_bet");
  form.elements.bring_in.setCustomValidity(
    bringIn && value("bring_in") > small
      ? `The bring-in (${value("bring_in")}) cannot be more than the small bet (${small}).`
      : "",
  );
  form.elements.small_bet.setCustomValidity(
    small > value("big_bet") ? `The small bet (${small}) cannot be more than the big bet (${value("big_bet")}).` : "",
  );
  const seats = value("seats");
  form.elements.bots.setCustomValidity(
    value("bots") >= seats
      ? `${value("bots")} bots leave no seat for a player: at most ${seats - 1} at a table of ${seats} seats.`
      : "",
  );
  // A field that now passes loses its old message; one that fails shows the new one.
  for (const input of form.querySelectorAll("[aria-describedby]")) {
    const message = document.getElementById(input.getAttribute("aria-describedby"));
    if (message) message.textContent = input.validity.valid ? "" : input.validationMessage;
  }
  form.querySelector("#game-message").textContent = firstGame.validationMessage;
}

export async function showHome(root) {
  const games = await api("/games");
  const status = h("p", { role: "status", className: "muted" });
  const result = h("section", { id: "created", "aria-live": "polite" });
  const gameBoxes = games.map((game, index) =>
    h(
      "fieldset",
      { className: "game" },
      h(
        "legend",
        {},
        h(
          "label",
          {},
          h("input", { type: "checkbox", name: "game", value: game.name, checked: index === 0 }),
          ` ${game.title} (${game.codes.join(", ")})`,
        ),
      ),
      h("p", { className: "summary" }, game.summary),
      h(
        "details",
        {},
        h("summary", {}, "House rules"),
        game.options.filter((option) => !STAKES.has(option.name)).map((option) => ruleInput(game, option)),
      ),
    ),
  );
  const submit = h("button", { type: "submit" }, "Create the table");
  const form = h(
    "form",
    { className: "create", "aria-label": "Create a table", novalidate: true },
    h("h2", {}, "Create a table"),
    field("Table name", h("input", { name: "name", value: "Friday night", required: true })),
    h("p", {}, "Pick one game, or several for dealer's choice (the dealer picks each hand)."),
    gameBoxes,
    h("p", { className: "invalid-message", id: "game-message", "aria-live": "polite" }),
    h(
      "fieldset",
      {},
      h("legend", {}, "Stakes"),
      field(
        "Betting",
        h(
          "select",
          { name: "limit" },
          ["fixed-limit", "spread-limit", "pot-limit", "no-limit"].map((value) =>
            h("option", { value }, value.replace("-", " ")),
          ),
        ),
      ),
      field("Ante", numberInput("ante", 1, 0, 1000000)),
      field("Bring-in", numberInput("bring_in", 2, 0, 1000000)),
      field("Small bet", numberInput("small_bet", 5, 1, 1000000)),
      field("Big bet", numberInput("big_bet", 10, 1, 1000000)),
      field("Starting chips", numberInput("starting_chips", 1000, 1, 1000000000)),
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, "Seats and clock"),
      field("Seats", numberInput("seats", 6, 2, 8)),
      field("Bots", numberInput("bots", 0, 0, 7), "seated with the table; leave a seat for you"),
      field(
        "Bots play",
        h(
          "select",
          { name: "bot_kind" },
          h("option", { value: "calling-bot" }, "calling (never folds, never raises)"),
          h("option", { value: "random-bot" }, "at random"),
        ),
      ),
      field("Seconds to act", numberInput("action_clock", 30, 1, 3600)),
      field("Time bank (seconds)", numberInput("time_bank", 60, 0, 3600)),
    ),
    submit,
    status,
  );
  form.addEventListener("input", () => checkForm(form, games));
  form.addEventListener("change", () => checkForm(form, games));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    checkForm(form, games);
    if (!form.checkValidity()) {
      // Each message is next to its field already; the first field to correct gets the focus.
      status.textContent = "Not sent: correct the fields marked above.";
      form.querySelector(":invalid")?.focus();
      return;
    }
    const data = new FormData(form);
    const chosen = data.getAll("game");
    const number = (name) => Number(data.get(name));
    const entries = chosen.map((name) => {
      const house = {};
      for (const input of form.querySelectorAll(`[name^="${name}."]`)) {
        const key = input.name.slice(name.length + 1);
        const value =
          input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
        if (String(value) !== input.dataset.default) house[key] = value;
      }
      return { game: name, house_rules: house };
    });
    const body = {
      name: data.get("name"),
      games: entries,
      stakes: {
        limit: data.get("limit"),
        ante: number("ante"),
        bring_in: number("bring_in"),
        small_bet: number("small_bet"),
        big_bet: number("big_bet"),
      },
      starting_chips: number("starting_chips"),
      seats: number("seats"),
      action_clock: number("action_clock"),
      time_bank: number("time_bank"),
      // The bots come with the table in the same request: the server seats them all or
      // creates nothing, so a table never exists without its host link shown.
      bots: Array.from({ length: number("bots") }, () => ({ kind: data.get("bot_kind") })),
    };
    submit.disabled = true;
    status.textContent = "Creating…";
    let created;
    try {
      created = await api("/tables", { method: "POST", body });
    } catch (error) {
      status.textContent = `Not created: ${error.message}`;
      return;
    } finally {
      submit.disabled = false;
    }
    status.textContent = "";
    result.replaceChildren(
      h("h2", {}, `“${created.table.name}” is ready`),
      h("p", {}, "Share the join link with the players; open the host link to start dealing."),
      linkList(created.links),
    );
    result.querySelector("a").focus();
  });
  root.replaceChildren(
    h(
      "header",
      { className: "bar" },
      h("h1", {}, "wildstud"),
      h("p", { className: "game-line" }, "Wild-card stud for home poker nights"),
    ),
    form,
    result,
  );
}
