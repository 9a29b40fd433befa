// The home page (create a table, then share its links) and the join page (take a seat).

import { api, h } from "./api.js";
import { linkList } from "./host.js";

const STAKES = new Set(["limit", "ante", "bring_in", "small_bet", "big_bet", "raise_cap"]);

function field(label, input, help) {
  return h("label", { className: "field" }, h("span", {}, label), input, help ? h("small", {}, help) : null);
}

function numberInput(name, value, min, max, step = 1) {
  return h("input", { type: "number", name, value, min, max, step, required: true });
}

function ruleInput(game, option) {
  const name = `${game.name}.${option.name}`;
  if (typeof option.default === "boolean") {
    return h("label", { className: "rule" },
      h("input", { type: "checkbox", name, checked: option.default, "data-default": String(option.default) }),
      h("span", {}, ` ${option.name.replaceAll("_", " ")}`), h("small", {}, ` ${option.help}`));
  }
  const choices = option.allowed.includes(", ") && !option.allowed.startsWith("an integer")
    ? option.allowed.split(", ") : null;
  const input = choices
    ? h("select", { name, "data-default": String(option.default) }, choices.map((choice) => h("option", { value: choice, selected: String(option.default) === choice }, choice)))
    : h("input", { type: typeof option.default === "number" ? "number" : "text", name, value: option.default, "data-default": String(option.default), min: 0 });
  return h("label", { className: "rule" }, h("span", {}, `${option.name.replaceAll("_", " ")} `), input, h("small", {}, ` ${option.help}`));
}

export async function showHome(root) {
  const games = await api("/games");
  const status = h("p", { role: "status", className: "muted" });
  const result = h("section", { id: "created", "aria-live": "polite" });
  const gameBoxes = games.map((game, index) => h("fieldset", { className: "game" },
    h("legend", {}, h("label", {}, h("input", { type: "checkbox", name: "game", value: game.name, checked: index === 0 }), ` ${game.title} (${game.codes.join(", ")})`)),
    h("p", { className: "summary" }, game.summary),
    h("details", {}, h("summary", {}, "House rules"),
      game.options.filter((option) => !STAKES.has(option.name)).map((option) => ruleInput(game, option)))));
  const form = h("form", { className: "create", "aria-label": "Create a table" },
    h("h2", {}, "Create a table"),
    field("Table name", h("input", { name: "name", value: "Friday night", required: true, maxlength: 60 })),
    h("p", {}, "Pick one game, or several for dealer's choice (the dealer picks each hand)."),
    gameBoxes,
    h("fieldset", {}, h("legend", {}, "Stakes"),
      field("Betting", h("select", { name: "limit" }, ["fixed-limit", "spread-limit", "pot-limit", "no-limit"].map((value) => h("option", { value }, value.replace("-", " "))))),
      field("Ante", numberInput("ante", 1, 0, 1000000)),
      field("Bring-in", numberInput("bring_in", 2, 0, 1000000)),
      field("Small bet", numberInput("small_bet", 5, 1, 1000000)),
      field("Big bet", numberInput("big_bet", 10, 1, 1000000)),
      field("Starting chips", numberInput("starting_chips", 1000, 1, 1000000000))),
    h("fieldset", {}, h("legend", {}, "Seats and clock"),
      field("Seats", numberInput("seats", 6, 2, 8)),
      field("Bots", numberInput("bots", 0, 0, 7), "calling bots seated at once"),
      field("Seconds to act", numberInput("action_clock", 30, 1, 3600)),
      field("Time bank (seconds)", numberInput("time_bank", 60, 0, 3600))),
    h("button", { type: "submit" }, "Create the table"), status);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const chosen = data.getAll("game");
    const number = (name) => Number(data.get(name));
    const entries = chosen.map((name) => {
      const house = {};
      for (const input of form.querySelectorAll(`[name^="${name}."]`)) {
        const key = input.name.slice(name.length + 1);
        const value = input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
        if (String(value) !== input.dataset.default) house[key] = value;
      }
      return { game: name, house_rules: house };
    });
    const settings = {
      name: data.get("name"),
      games: entries,
      stakes: { limit: data.get("limit"), ante: number("ante"), bring_in: number("bring_in"), small_bet: number("small_bet"), big_bet: number("big_bet") },
      starting_chips: number("starting_chips"),
      seats: number("seats"),
      action_clock: number("action_clock"),
      time_bank: number("time_bank"),
    };
    try {
      status.textContent = "Creating…";
      const created = await api("/tables", { method: "POST", body: settings });
      for (let bot = 0; bot < number("bots"); bot += 1) {
        await api(`/host/${created.host_token}/bots`, { method: "POST", body: { kind: "calling-bot" } });
      }
      status.textContent = "";
      result.replaceChildren(h("h2", {}, `“${created.table.name}” is ready`),
        h("p", {}, "Share the join link with the players; open the host link to start dealing."),
        linkList(created.links));
      result.querySelector("a").focus();
    } catch (error) {
      status.textContent = `Not created: ${error.message}`;
    }
  });
  root.replaceChildren(
    h("header", { className: "bar" }, h("h1", {}, "wildstud"), h("p", { className: "game-line" }, "Wild-card stud for home poker nights")),
    form, result);
}

export function showJoin(root, token) {
  const status = h("p", { role: "status" });
  const name = h("input", { name: "name", required: true, maxlength: 40, autocomplete: "nickname" });
  const form = h("form", { className: "create", "aria-label": "Take a seat" },
    h("h2", {}, "Take a seat"), field("Your name", name), h("button", { type: "submit" }, "Sit down"), status);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const granted = await api(`/join/${token}`, { method: "POST", body: { name: name.value } });
      // The seat's own link is its key: opening it again later resumes the seat.
      window.location.assign(new URL(granted.link).pathname);
    } catch (error) {
      status.textContent = error.message;
    }
  });
  root.replaceChildren(h("header", { className: "bar" }, h("h1", {}, "wildstud")), form);
  name.focus();
}
