// The home page: create a table, then share its links (the join page is join.js).

import { api, base } from "./api.js";
import { h } from "./dom.js";
import { linkList } from "./host.js";

// The kinds of deal, as the create form offers them (docs/security.md says what each proves).
const DEALS = { shuffled: "shuffled by the players and the server", private: "private" };

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

function ruleInput(prefix, option) {
  // Each house rule with its one-line explanation beside it (the server's own words, /api/games).
  const name = `${prefix}.${option.name}`;
  const label = option.name.replaceAll("_", " ");
  if (typeof option.default === "boolean") {
    return h(
      "label",
      { className: "rule" },
      h("input", { type: "checkbox", name, checked: option.default, "data-default": String(option.default) }),
      h("span", {}, ` ${label}`),
      h("small", {}, ` ${option.help}`),
    );
  }
  const choices =
    option.allowed.includes(", ") && !option.allowed.startsWith("an integer") ? option.allowed.split(", ") : null;
  const input = choices
    ? h(
        "select",
        { name, "data-default": String(option.default), "data-number": typeof option.default === "number" },
        choices.map((choice) => h("option", { value: choice, selected: String(option.default) === choice }, choice)),
      )
    : h("input", {
        type: typeof option.default === "number" ? "number" : "text",
        name,
        value: option.default,
        "data-default": String(option.default),
        min: 0,
        required: typeof option.default === "number",
      });
  return h("label", { className: "rule" }, h("span", {}, `${label} `), input, h("small", {}, ` ${option.help}`));
}

/** The house rules of one variant that differ from the game's defaults, as the API takes them. */
function houseRules(variant) {
  const house = {};
  const prefix = variant.dataset.variant;
  for (const input of variant.querySelectorAll(`[name^="${prefix}."]`)) {
    const key = input.name.slice(prefix.length + 1);
    // A choice among numbers (Baby Daddy's 5 or 7 cards) is sent as the number it is.
    const numeric = input.type === "number" || input.dataset.number !== undefined;
    const value = input.type === "checkbox" ? input.checked : numeric ? Number(input.value) : input.value;
    if (String(value) !== input.dataset.default) house[key] = value;
  }
  return house;
}

/** The games on the menu, in the page's order: each checked game's variants. */
function menuEntries(form) {
  const entries = [];
  for (const box of form.querySelectorAll("fieldset.game")) {
    if (!box.querySelector('input[name="game"]').checked) continue;
    for (const variant of box.querySelectorAll(".variant")) {
      entries.push({ game: box.dataset.game, house_rules: houseRules(variant), variant });
    }
  }
  return entries;
}

// The settings the server offers beyond the stakes, each shown where the server reports it
// (its OpenAPI schema): a setting added to the server appears here with its own limits and words.
const CLOCKS = [
  ["action_clock", "Seconds to act"],
  ["time_bank", "Time bank (seconds)"],
  ["choice_clock", "Seconds to pick the game (dealer's choice)"],
  ["shuffle_seconds", "Seconds for each page's part in the players' shuffle"],
  ["showdown_pause", "Showdown pause (seconds)"],
  ["muck_clock", "Seconds to show or muck a losing hand"],
  ["runout_pause", "Seconds between the streets when every hand is all in"],
  ["twice_clock", "Seconds to agree to run it twice"],
  ["hand_pause", "Seconds between hands"],
  ["away_clock", "Seconds to act for a player who is away"],
];
const BOT_KINDS = {
  "calling-bot": "calling (never folds, never raises)",
  "random-bot": "at random",
  "equity-bot-quick": "by equity, quick (a rough reading of its chances)",
  "equity-bot": "by equity (bets its chances)",
  "equity-bot-deep": "by equity, deep (a close reading of its chances)",
};
const MAX_ENTRIES = 12;

function schemaInput(name, spec, fallback) {
  const integer = spec.type === "integer";
  const min = spec.minimum ?? spec.exclusiveMinimum ?? 0;
  return h("input", {
    type: "number",
    name,
    value: spec.default ?? fallback,
    min,
    max: spec.maximum ?? 1000000000,
    step: integer ? 1 : "any",
    required: true,
  });
}

// What the engine refuses in the stakes and the server in the seats and the menu, checked
// before sending: each failed check is the custom validity of the field to change, so the
// browser's own constraint validation (required, min, max) and these speak with one voice.
function checkForm(form, games) {
  const value = (name) => Number(form.elements[name].value);
  const entries = menuEntries(form);
  const firstGame = form.querySelector('input[name="game"]');
  firstGame.setCustomValidity(
    !entries.length
      ? "Pick at least one game."
      : entries.length > MAX_ENTRIES
        ? `A menu holds at most ${MAX_ENTRIES} games (this one has ${entries.length}).`
        : "",
  );
  // A game twice on the menu must differ in its house rules, or the second adds nothing.
  const seen = new Map();
  for (const entry of entries) {
    const key = `${entry.game} ${JSON.stringify(Object.entries(entry.house_rules).sort())}`;
    const first = entry.variant.querySelector("[name]");
    const title = games.find((game) => game.name === entry.game)?.title || entry.game;
    if (first) {
      first.setCustomValidity(
        seen.has(key) ? `This ${title} has the same house rules as the one above it: change one, or remove it.` : "",
      );
    }
    seen.set(key, true);
  }
  const name = form.elements.name;
  name.setCustomValidity(nameProblem(name.value, 60));
  const host = form.elements.host_name;
  if (host) {
    host.setCustomValidity(host.value.trim() ? nameProblem(host.value, 40) : "");
    // It lies outside the form (on the welcome), so its message is set here.
    document.getElementById("host_name-message").textContent = host.validationMessage;
  }
  // Baby Daddy deals nothing face up on its first round, so it has no bring-in.
  const bringIn = games.some(
    (game) =>
      entries.some((entry) => entry.game === game.name) && game.options.some((option) => option.name === "bring_in"),
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
  // A private deal has no rabbit to hunt (house rule private_odds): the cards it never dealt
  // are never opened, so the server refuses the two together; the box says why instead.
  const rabbit = form.elements.rabbit_hunt;
  if (rabbit && form.elements.deal) {
    const masked = form.elements.deal.value === "private";
    if (masked) rabbit.checked = false;
    rabbit.disabled = masked;
    rabbit.title = masked ? "A private deal has no rabbit to hunt: the cards it never dealt are never opened." : "";
  }
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
  for (const variant of form.querySelectorAll(".variant")) {
    const first = variant.querySelector("[name]");
    const message = variant.querySelector(".variant-message");
    if (message) message.textContent = first && !first.validity.valid ? first.validationMessage : "";
  }
  form.querySelector("#game-message").textContent = firstGame.validationMessage;
}

function gameBox(game, checked, onChange) {
  const rules = game.options.filter((option) => !STAKES.has(option.name));
  const variants = h("div", { className: "variants" });
  const toggle = h("input", { type: "checkbox", name: "game", value: game.name, checked });
  let made = 0;
  const addVariant = (extra) => {
    const prefix = `${game.name}~${made}`;
    made += 1;
    const message = h("p", { className: "invalid-message variant-message", "aria-live": "polite" });
    const details = h(
      "details",
      { open: extra },
      h("summary", {}, "House rules"),
      rules.map((option) => ruleInput(prefix, option)),
    );
    const variant = h(
      "div",
      { className: `variant${extra ? " extra" : ""}`, "data-variant": prefix },
      details,
      message,
    );
    if (extra) {
      const remove = h("button", { type: "button", className: "remove-variant" }, `Remove this ${game.title}`);
      remove.addEventListener("click", () => {
        variant.remove();
        onChange();
      });
      variant.prepend(h("p", { className: "variant-title" }, `${game.title}, again, with other house rules`), remove);
    }
    variants.append(variant);
    return variant;
  };
  addVariant(false);
  const add = h(
    "button",
    { type: "button", className: "add-variant" },
    `Add another ${game.title} with other house rules`,
  );
  add.addEventListener("click", () => {
    toggle.checked = true;
    const variant = addVariant(true);
    onChange();
    variant.querySelector("[name]")?.focus();
  });
  return h(
    "fieldset",
    { className: "game", "data-game": game.name },
    h("legend", {}, h("label", {}, toggle, ` ${game.title} (${game.codes.join(", ")})`)),
    h("p", { className: "summary" }, game.summary),
    variants,
    add,
  );
}

export async function showHome(root) {
  const [games, openapi] = await Promise.all([
    api("/games"),
    fetch(`${base}/openapi.json`).then((answer) => answer.json()),
  ]);
  const schemas = openapi.components.schemas;
  const settings = schemas.NewTable.properties;
  const stakes = schemas.StakesModel.properties;
  const botKinds = schemas.TableBot.properties.kind.enum;
  const botDefault = schemas.TableBot.properties.kind.default;
  const status = h("p", { role: "status", className: "muted" });
  const result = h("section", { id: "created", "aria-live": "polite" });
  let form = null;
  const changed = () => checkForm(form, games);
  const gameBoxes = games.map((game, index) => gameBox(game, index === 0, changed));
  const setting = (name, label, fallback) =>
    settings[name] ? field(label, schemaInput(name, settings[name], fallback), settings[name].description) : null;
  const seatRequests = settings.seat_requests
    ? h(
        "label",
        { className: "rule" },
        h("input", { type: "checkbox", name: "seat_requests", checked: settings.seat_requests.default !== false }),
        h("span", {}, " Seat requests"),
        h("small", {}, ` ${settings.seat_requests.description || "the host approves each player who asks for a seat"}`),
      )
    : null;
  const rabbitHunt = settings.rabbit_hunt
    ? h(
        "label",
        { className: "rule" },
        h("input", { type: "checkbox", name: "rabbit_hunt", checked: settings.rabbit_hunt.default === true }),
        h("span", {}, " Rabbit hunt"),
        h("small", {}, ` ${settings.rabbit_hunt.description || "show what would have come after a fold"}`),
      )
    : null;
  // A table for learning: each player's odds and the equity bot's hint, to that player alone.
  const practice = settings.practice
    ? h(
        "label",
        { className: "rule" },
        h("input", { type: "checkbox", name: "practice", checked: settings.practice.default === true }),
        h("span", {}, " Practice table"),
        h("small", {}, ` ${settings.practice.description}`),
      )
    : null;
  // A setting chosen from the values the server's schema lists, each in words.
  const choice = (name, label, words) =>
    settings[name]
      ? field(
          label,
          h(
            "select",
            { name },
            settings[name].enum.map((value) =>
              h("option", { value, selected: value === settings[name].default }, words[value] || value),
            ),
          ),
          settings[name].description,
        )
      : null;
  // What the table does with a losing hand whose player does not show or muck it in time.
  const showdownDefault = choice("showdown_default", "A losing hand not shown or mucked in time is", {
    muck: "mucked unshown",
    show: "shown",
  });
  // The kind of deal, fixed when the table is made: one line says what a private deal is.
  const dealKind = settings.deal
    ? field(
        "The deal",
        h(
          "select",
          { name: "deal" },
          settings.deal.enum.map((value) =>
            h("option", { value, selected: value === settings.deal.default }, DEALS[value] || value),
          ),
        ),
        "Private: nobody but you, not even the server, sees your face-down cards (each page takes part in the deal).",
      )
    : null;
  // Bots never pay or receive real money: what the people do with what the bots won or lost.
  const houseResult = choice("house_result", "The bots' wins and losses are", {
    shared: "shared among the people",
    aside: "left aside",
  });
  // A sit-and-go: the server makes a stud level schedule from the starting chips, each level
  // lasting the minutes or hands given here (the API takes any schedule).
  const tourney = schemas.TournamentSettings ? schemas.TournamentSettings.properties : null;
  const tourneyInput = (name, fallback) => schemaInput(`tournament_${name}`, tourney[name], fallback);
  const tournament = tourney
    ? h(
        "fieldset",
        { id: "tournament-fields" },
        h("legend", {}, "Tournament"),
        h(
          "label",
          { className: "rule" },
          h("input", { type: "checkbox", name: "tournament", id: "tournament" }),
          h("span", {}, " Play a tournament (sit-and-go)"),
          h("small", {}, " the stakes rise level by level; the last player with chips wins"),
        ),
        field("Buy-in (money, into the prize pool)", tourneyInput("buy_in", 20)),
        field(
          "Levels last",
          h(
            "select",
            { name: "tournament_unit" },
            h("option", { value: "minutes" }, "minutes"),
            h("option", { value: "hands" }, "hands"),
          ),
        ),
        field(
          "Level length",
          h("input", {
            type: "number",
            name: "tournament_length",
            value: 15,
            min: 1,
            max: 600,
            step: 1,
            required: true,
          }),
        ),
        field("Rebuys through level", tourneyInput("rebuy_levels", 0), tourney.rebuy_levels.description),
        field("Add-on chips", tourneyInput("addon_chips", 0), tourney.addon_chips.description),
        field("Late registration through level", tourneyInput("late_levels", 1), tourney.late_levels.description),
        field(
          "Payouts (per cent of the pool, first place first)",
          h("input", {
            name: "tournament_payouts",
            id: "tournament-payouts",
            placeholder: "65, 35",
            inputmode: "numeric",
          }),
          "empty: the usual table (winner takes all up to 4 entrants, 65/35 up to 7, 50/30/20 up to 10, …); the server checks they add up to 100",
        ),
      )
    : null;
  const submit = h("button", { type: "submit" }, "Create the table");
  form = h(
    "form",
    { className: "create", id: "create-form", "aria-label": "Create a table", novalidate: true, hidden: true },
    h("h2", {}, "Every detail"),
    field("Table name", h("input", { name: "name", value: "Friday night", required: true })),
    h(
      "p",
      {},
      "Pick one game, or several for dealer's choice (the dealer picks each hand). A game can be on the menu more than once, each time with other house rules.",
    ),
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
          stakes.limit.enum.map((value) => h("option", { value }, value.replace("-", " "))),
        ),
      ),
      field("Ante", numberInput("ante", stakes.ante.default, 0, 1000000)),
      field("Bring-in", numberInput("bring_in", stakes.bring_in.default, 0, 1000000)),
      field("Small bet", numberInput("small_bet", stakes.small_bet.default, 1, 1000000)),
      field("Big bet", numberInput("big_bet", stakes.big_bet.default, 1, 1000000)),
      field(
        "Raise cap",
        h("input", {
          type: "number",
          name: "raise_cap",
          value: stakes.raise_cap.default ?? "",
          min: 0,
          max: 100,
          step: 1,
        }),
        "raises a betting round allows; empty: no cap",
      ),
      field("Starting chips", numberInput("starting_chips", settings.starting_chips.default, 1, 1000000000)),
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, "Seats and clock"),
      field("Seats", numberInput("seats", settings.seats.default, 2, 8)),
      CLOCKS.map(([name, label]) => setting(name, label, 0)),
      showdownDefault,
      dealKind,
      seatRequests,
      rabbitHunt,
      practice,
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, "Bots"),
      field("Bots", numberInput("bots", 0, 0, 7), "seated with the table; leave a seat for you"),
      field(
        "Bots play",
        h(
          "select",
          { name: "bot_kind" },
          botKinds.map((kind) =>
            h("option", { value: kind, selected: kind === botDefault }, BOT_KINDS[kind] || kind.replace("-bot", "")),
          ),
        ),
      ),
      setting("bot_delay", "Bot delay (seconds)", 1),
      houseResult,
    ),
    tournament,
    submit,
    status,
  );
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  // The one way a table is made from this page: the form's fields, sent as they stand (a
  // preset fills them first). `said` is where the page answers: the form's own status line,
  // or the presets' while the form is folded away.
  const create = async (said) => {
    checkForm(form, games);
    if (!form.checkValidity()) {
      // Each message is next to its field; the first field to correct is shown and focused
      // (the host's name lies outside the form's own elements, on the welcome).
      const wrong = form.querySelector(":invalid") || hostName;
      if (wrong === hostName || !form.hidden) {
        said.textContent = "Not sent: correct the fields marked above.";
      } else {
        openForm(true);
        said.textContent = "Not sent: correct the fields marked in the form below.";
      }
      wrong.focus();
      return;
    }
    const data = new FormData(form);
    const number = (name) => Number(data.get(name));
    const cap = data.get("raise_cap");
    const body = {
      name: data.get("name"),
      games: menuEntries(form).map(({ game, house_rules }) => ({ game, house_rules })),
      stakes: {
        limit: data.get("limit"),
        ante: number("ante"),
        bring_in: number("bring_in"),
        small_bet: number("small_bet"),
        big_bet: number("big_bet"),
        raise_cap: cap === "" ? null : Number(cap),
      },
      starting_chips: number("starting_chips"),
      seats: number("seats"),
      // The bots come with the table in the same request: the server seats them all or
      // creates nothing, so a table never exists without its host link shown.
      bots: Array.from({ length: number("bots") }, () => ({ kind: data.get("bot_kind") })),
    };
    for (const name of [...CLOCKS.map(([clock]) => clock), "bot_delay"]) {
      if (form.elements[name]) body[name] = number(name);
    }
    if (form.elements.seat_requests) body.seat_requests = form.elements.seat_requests.checked;
    if (form.elements.tournament && form.elements.tournament.checked) {
      const length = number("tournament_length");
      body.tournament = {
        buy_in: number("tournament_buy_in"),
        rebuy_levels: number("tournament_rebuy_levels"),
        addon_chips: number("tournament_addon_chips"),
        late_levels: number("tournament_late_levels"),
        ...(data.get("tournament_unit") === "hands" ? { level_hands: length } : { level_minutes: length }),
      };
      // The host's own payouts, for any number of entrants: the server checks them.
      const shares = String(data.get("tournament_payouts") || "")
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      if (shares.length) body.tournament.payouts = { 2: shares };
    }
    if (form.elements.rabbit_hunt) body.rabbit_hunt = form.elements.rabbit_hunt.checked;
    if (form.elements.practice) body.practice = form.elements.practice.checked;
    if (hostName.value.trim()) body.host_name = hostName.value;
    for (const name of ["showdown_default", "house_result", "deal"]) {
      if (form.elements[name]) body[name] = data.get(name);
    }
    submit.disabled = true;
    for (const button of presetButtons) button.disabled = true;
    said.textContent = "Creating…";
    let created;
    try {
      created = await api("/tables", { method: "POST", body });
    } catch (error) {
      said.textContent = `Not created: ${error.message}`;
      return;
    } finally {
      submit.disabled = false;
      for (const button of presetButtons) button.disabled = false;
    }
    said.textContent = "";
    result.replaceChildren(
      h("h2", {}, `“${created.table.name}” is ready`),
      h("p", {}, "Share the join link with the players; open the host link to start dealing."),
      linkList(created.links),
    );
    result.querySelector("a").focus();
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    create(status);
  });
  const chips = settings.starting_chips.default;
  const presetStatus = h("p", { role: "status", id: "preset-status", className: "muted" });
  const presetButtons = presets(games, chips).map((preset) =>
    h(
      "button",
      {
        type: "button",
        className: "preset",
        "data-preset": preset.key,
        onclick: () => {
          applyPreset(form, preset);
          create(presetStatus);
        },
      },
      h("strong", {}, preset.title),
      h("span", {}, preset.line),
    ),
  );
  // The host's name, shown to the players on the join page: outside the form, so the presets
  // use it too, and still one of its fields (the `form` attribute).
  const hostName = h("input", { name: "host_name", form: "create-form", autocomplete: "nickname" });
  const more = h(
    "button",
    { type: "button", className: "more", "aria-expanded": "false", "aria-controls": "create-form" },
    "Set up every detail",
  );
  const openForm = (open) => {
    form.hidden = !open;
    more.setAttribute("aria-expanded", String(open));
    more.textContent = open ? "Hide the details" : "Set up every detail";
  };
  more.addEventListener("click", () => {
    openForm(form.hidden);
    if (!form.hidden) form.elements.name.focus();
  });
  root.replaceChildren(
    h(
      "header",
      { className: "bar" },
      h("h1", {}, "wildstud"),
      h("p", { className: "game-line" }, "Wild-card stud for home poker nights"),
    ),
    h(
      "section",
      { className: "welcome", "aria-labelledby": "welcome-title" },
      h("h2", { id: "welcome-title" }, "Deal a night of wild-card stud"),
      h(
        "p",
        {},
        "Pick a night: the table is made at once, with a link to send your friends. Most settings can be changed later from the host's console.",
      ),
      field("Your name, for the players who join (optional)", hostName),
      h("div", { className: "presets", role: "group", "aria-label": "Nights ready to deal" }, presetButtons),
      presetStatus,
      more,
      h(
        "p",
        { className: "club-invite" },
        "A group that meets again and again? ",
        h("a", { href: `${base}/club` }, "Start a club"),
        ": it keeps its members from night to night, and who owes whom until it is paid.",
      ),
    ),
    form,
    result,
  );
}

// The nights the welcome offers, each one line saying what it sets up. A preset only fills the
// form's fields (applyPreset): the table is made by the form's own request, so a preset can
// never set up a table the form could not.
function presets(games, chips) {
  const all = games.map((game) => game.name);
  const stack = `${chips.toLocaleString("en")} chips each`;
  return [
    {
      key: "dealers-choice",
      title: "A classic dealer's choice night",
      line: `All ${all.length} games, the dealer picks each hand; limit stakes, ${stack}, up to 6 players, the host lets each one in.`,
      name: "Dealer's choice",
      games: all,
      seats: 6,
      bots: 0,
    },
    {
      key: "follow-the-queen",
      title: "Follow the Queen only",
      line: `Follow the Queen every hand; limit stakes, ${stack}, up to 6 players, the host lets each one in.`,
      name: "Follow the Queen",
      games: ["follow-the-queen"],
      seats: 6,
      bots: 0,
    },
    {
      key: "bots",
      title: "A quick game with bots",
      line: `Follow the Queen against 3 bots that bet their chances, ${stack}; the join link seats anyone at once.`,
      name: "A quick game",
      games: ["follow-the-queen"],
      seats: 4,
      bots: 3,
      botKind: "equity-bot",
      seatRequests: false,
    },
    {
      key: "sit-and-go",
      title: "A sit-and-go tournament",
      line: `Dealer's choice for a buy-in of 20 into the prize pool, ${stack}; the stakes rise every 10 minutes until one player has every chip; up to 6 players.`,
      name: "Sit-and-go",
      games: all,
      seats: 6,
      bots: 0,
      tournament: { buyIn: 20, minutes: 10 },
    },
  ].map((preset) => ({ ...preset, games: preset.games.filter((name) => all.includes(name)) }));
}

/** The form back at its defaults, then the preset's values in its fields. */
function applyPreset(form, preset) {
  for (const extra of form.querySelectorAll(".variant.extra")) extra.remove();
  // The host's name is one of the form's fields, and the one a preset keeps.
  const host = form.elements.host_name.value;
  form.reset();
  form.elements.host_name.value = host;
  form.elements.name.value = preset.name;
  for (const box of form.querySelectorAll('input[name="game"]')) box.checked = preset.games.includes(box.value);
  form.elements.seats.value = String(preset.seats);
  form.elements.bots.value = String(preset.bots);
  if (preset.botKind) form.elements.bot_kind.value = preset.botKind;
  if (form.elements.seat_requests && preset.seatRequests !== undefined) {
    form.elements.seat_requests.checked = preset.seatRequests;
  }
  if (preset.tournament && form.elements.tournament) {
    form.elements.tournament.checked = true;
    form.elements.tournament_buy_in.value = String(preset.tournament.buyIn);
    form.elements.tournament_unit.value = "minutes";
    form.elements.tournament_length.value = String(preset.tournament.minutes);
  }
}
