// The host's console: a panel beside the table (a sheet over the foot of the page on a phone)
// that folds away to one button. From it the host takes a seat, lets requesters in or declines
// them, starts and pauses the table, removes players and bots, gives a player a new seat link,
// seats bots of every kind, and changes the games, stakes and clocks between hands. The lists
// are redrawn by merging (dom.js), so they listen through their containers.

import { api } from "./api.js";
import { h, mergeChildren } from "./dom.js";
import { readSetting, writeSetting } from "./storage.js";
import { seatOut } from "./tourneyclock.js";

const POLL_MS = 2000;
/** How long decided requests keep their rows after the host's last decision (ms). */
const DECIDED_MS = 4000;
/** How long a command's words stay once the table has changed since (ms). */
const MESSAGE_MS = 5000;
const FOLDED_KEY = "wildstud.console";
const BOTS = [
  ["equity-bot", "equity (plays the odds)"],
  ["equity-bot-deep", "equity, deep (reads its odds closely)"],
  ["equity-bot-quick", "equity, quick (reads its odds roughly)"],
  ["calling-bot", "calling (never folds, never raises)"],
  ["random-bot", "at random"],
];
/** A seated bot's kind as the list of seats says it. */
const BOT_WORDS = {
  "equity-bot": "equity bot",
  "equity-bot-deep": "equity bot, deep",
  "equity-bot-quick": "equity bot, quick",
  "calling-bot": "calling bot",
  "random-bot": "random bot",
};
const LIMITS = ["fixed-limit", "spread-limit", "pot-limit", "no-limit"];
const STAKES = [
  ["ante", "Ante", 0],
  ["bring_in", "Bring-in", 0],
  ["small_bet", "Small bet", 1],
  ["big_bet", "Big bet", 1],
];
const CLOCKS = [
  ["action_clock", "Action clock (s)", 0.05],
  ["time_bank", "Time bank (s)", 0],
  ["shuffle_seconds", "Players' shuffle clock (s)", 1],
];

/** The key under which this browser keeps the host's own seat token for a table. */
export const hostSeatKey = (tableId) => `wildstud.hostseat.${tableId}`;

function labelled(text, input) {
  return h("label", { className: "console-field" }, h("span", {}, text), input);
}

/** House rules typed as `queens=all, pay=2` (numbers and true/false as such). */
export function parseRules(text) {
  const rules = {};
  for (const part of text.split(",")) {
    const [name, ...rest] = part.split("=");
    if (!name.trim()) continue;
    const raw = rest.join("=").trim();
    let value = raw;
    if (raw === "true" || raw === "false") value = raw === "true";
    else if (/^\d+$/.test(raw)) value = Number(raw);
    rules[name.trim().replaceAll(" ", "_")] = value;
  }
  return rules;
}

const rulesText = (rules) =>
  Object.entries(rules || {})
    .map(([name, value]) => `${name}=${value}`)
    .join(", ");

export class HostConsole {
  constructor(token, created, { seated, onSeated }) {
    this.token = token;
    this.created = created;
    this.table = created.table;
    this.seated = seated;
    this.onSeated = onSeated;
    this.games = [];
    this.formFilled = false;
    this.build();
    this.polls = 0;
    /** The requests the host has decided on, by id: each keeps its row (its buttons gone)
     * until the host has left the list alone for DECIDED_MS, so that no row moves under a
     * pointer on its way to the next button. */
    this.decided = new Map();
    this.lastDecision = 0;
    this.pending = [];
    this.departed = [];
    this.pollRequests();
    api("/games").then(
      (games) => {
        this.games = games;
        this.fillForm(true);
      },
      () => {},
    );
  }

  build() {
    const folded = readSetting(FOLDED_KEY) === "folded";
    this.message = h("p", { role: "status", className: "console-message", id: "console-message" });
    this.fold = h(
      "button",
      {
        type: "button",
        id: "console-toggle",
        className: "console-toggle",
        "aria-expanded": String(!folded),
        "aria-controls": "console-body",
        onclick: () => this.setFolded(this.body.hidden === false),
      },
      "Host console",
    );
    this.status = h("div", { className: "host-buttons", id: "console-run" });
    this.status.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-run]");
      if (button) this.command(`/${button.dataset.run}`, "POST", undefined, button.dataset.done);
    });
    this.mine = h("div", { id: "console-seat" });
    this.requests = h("ul", { id: "requests", className: "console-list", "aria-label": "Seat requests" });
    this.requests.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-request]");
      if (button) this.decide(button);
    });
    this.requestsNote = h("p", { className: "muted", id: "requests-note", role: "status" });
    this.seats = h("ul", { id: "console-seats", className: "console-list", "aria-label": "Seats" });
    this.seats.addEventListener("click", (event) => this.onSeatButton(event));
    this.newLink = h("div", { id: "new-link", className: "new-link" });
    this.botKind = h(
      "select",
      { name: "bot-kind", id: "bot-kind" },
      BOTS.map(([value, text]) => h("option", { value }, text)),
    );
    this.rules = this.rulesForm();
    this.body = h(
      "div",
      { id: "console-body", className: "console-body", hidden: folded },
      this.section("Dealing", this.status),
      (this.seatSection = this.section("Your seat", this.mine)),
      (this.requestsSection = this.section("Seat requests", this.requests, this.requestsNote)),
      this.section("Seats", this.seats, this.newLink),
      (this.tournamentSection = this.section(
        "Tournament deal",
        h(
          "div",
          { className: "host-buttons" },
          h("button", { type: "button", id: "work-out-deal", onclick: () => this.workOutDeal() }, "Work out a deal"),
        ),
        (this.dealBox = h("div", { id: "deal-box" })),
      )),
      (this.botsSection = this.section(
        "Bots",
        h(
          "div",
          { className: "host-buttons" },
          labelled("Kind", this.botKind),
          h(
            "button",
            {
              type: "button",
              id: "add-bot",
              onclick: () => this.command("/bots", "POST", { kind: this.botKind.value }, "Bot seated."),
            },
            "Add a bot",
          ),
        ),
      )),
      (this.rulesSection = this.section("Games, stakes and clocks", this.rules)),
      // The ledger's section (ledger.js fills it): buy-ins, rebuys and the end of the night.
      h("section", { id: "ledger-console", className: "console-section", "aria-label": "Chips and the ledger" }),
      this.section("Links", this.linkList()),
      this.message,
    );
    this.element = h(
      "aside",
      { className: "host-console", id: "host-console", "aria-label": "Host console" },
      this.fold,
      this.body,
    );
    document.body.classList.add("hosting");
    document.body.classList.toggle("console-folded", folded);
    this.update(this.table);
  }

  section(title, ...children) {
    return h("section", { className: "console-section" }, h("h2", {}, title), ...children);
  }

  linkList() {
    const links = this.created.links;
    return h(
      "div",
      {},
      h(
        "dl",
        { className: "links" },
        [
          ["Players join with", links.join],
          ["Spectators watch with", links.watch],
          ["Show on a TV (the felt view)", links.felt],
          ["Host (keep it to yourself)", links.host],
        ].map(([label, link]) => [h("dt", {}, label), h("dd", {}, h("a", { href: link }, link))]),
      ),
      h("button", { type: "button", id: "new-links", onclick: () => this.newLinks() }, "Replace these links"),
    );
  }

  /** New host, join and watch links (shared too far): the old ones stop working at once, and
   * this page opens the new host link. Seated players keep their own links. */
  async newLinks() {
    const warning =
      "Replace the host, join and watch links? The old ones stop working at once; seated players keep their own links.";
    if (!window.confirm(warning)) return;
    const answer = await this.command("/links", "POST", undefined, "New links made.");
    if (answer) window.location.replace(answer.links.host);
  }

  setFolded(folded) {
    this.body.hidden = folded;
    this.fold.setAttribute("aria-expanded", String(!folded));
    document.body.classList.toggle("console-folded", folded);
    writeSetting(FOLDED_KEY, folded ? "folded" : "open");
  }

  async command(path, method = "POST", body = undefined, done = "Done.") {
    try {
      const answer = await api(`/host/${this.token}${path}`, { method, body });
      this.say(done);
      return answer;
    } catch (error) {
      this.say(error.message);
      return null;
    }
  }

  /** What the last command did, said until the table moves on: the next hand, or any change
   * of the table once the words have been up for MESSAGE_MS, takes it away. */
  say(text) {
    this.message.textContent = text;
    this.said = { at: performance.now(), table: this.table, hand: this.handNumber };
  }

  /** Whether the words of the last command are news no longer. */
  stale() {
    const said = this.said;
    if (!said || !this.message.textContent) return false;
    if (this.handNumber !== said.hand) return true;
    return this.table !== said.table && performance.now() - said.at > MESSAGE_MS;
  }

  /** The host lets a requester in, or declines them: the row says so at once, in place (its
   * buttons gone, so a second click sends nothing), and the list is read again once the table
   * has the decision; a decision the table refuses gives the row its buttons back. */
  async decide(button) {
    const id = button.dataset.request;
    const approve = button.dataset.decide === "approve";
    const request = this.pending.find((pending) => String(pending.id) === id);
    // The host's word on who this is: a player who left tonight coming back, or someone new.
    const who = this.requests.querySelector(`select[data-who="${id}"]`);
    const body = approve && who && who.value ? { approve, returning: who.value } : { approve };
    const name = request ? request.name : "";
    // The row keeps the height it had with its buttons, so the rows below stay where they were.
    const height = button.closest("li").getBoundingClientRect().height;
    this.decided.set(id, { name, height, words: approve ? "letting in…" : "declining…" });
    this.lastDecision = performance.now();
    this.drawRequests();
    const answer = await this.command(`/requests/${id}`, "POST", body, approve ? "Seated." : "Declined.");
    if (answer === null) this.decided.delete(id);
    else this.decided.set(id, { name, height, words: approve ? "let in" : "declined" });
    this.lastDecision = performance.now();
    await this.pollRequests();
  }

  /** The seat requests read now (on a timer, and at once after the host lets someone in or
   * declines them). Polls may overlap: only the latest draws and keeps the timer going, since an
   * older one's answer can arrive after it and be staler (a request already decided). A list
   * that cannot be read says so under it until a poll reads it again. */
  async pollRequests() {
    clearTimeout(this.pollTimer);
    const poll = ++this.polls;
    try {
      const pending = await api(`/host/${this.token}/requests`);
      const departed = pending.length ? await api(`/host/${this.token}/departed`) : [];
      if (poll === this.polls) {
        this.pending = pending;
        this.departed = departed;
        this.requestsNote.textContent = "";
        this.drawRequests();
      }
    } catch (error) {
      if (poll === this.polls)
        this.requestsNote.textContent = `The requests could not be read (${error.message}); trying again.`;
    }
    if (poll === this.polls) this.pollTimer = setTimeout(() => this.pollRequests(), POLL_MS);
  }

  /** The rows of the requests: the pending ones with their buttons, in the order they came,
   * and those decided a moment ago in the places they had. `data-requests` counts the rows
   * still waiting for the host. */
  drawRequests() {
    if (performance.now() - this.lastDecision > DECIDED_MS) this.decided.clear();
    const rows = new Map(this.pending.map((request) => [String(request.id), request]));
    for (const id of this.decided.keys()) if (!rows.has(id)) rows.set(id, null);
    const order = [...this.requests.querySelectorAll(":scope > li[data-key]")].map((li) => li.dataset.key);
    const ids = [...order.filter((id) => rows.has(id)), ...[...rows.keys()].filter((id) => !order.includes(id))];
    const fresh = h("ul");
    let waiting = 0;
    for (const id of ids) {
      const decided = this.decided.get(id);
      if (decided) {
        fresh.append(
          h(
            "li",
            { "data-key": id, className: "seat-request decided" },
            h("span", {}, decided.name),
            h("em", { className: "muted" }, decided.words),
          ),
        );
      } else {
        waiting += 1;
        fresh.append(this.requestRow(rows.get(id)));
      }
    }
    if (!ids.length) fresh.append(h("li", { className: "muted", "data-key": "none" }, "Nobody is waiting."));
    mergeChildren(this.requests, fresh);
    for (const li of this.requests.querySelectorAll(":scope > li.decided"))
      li.style.minHeight = `${this.decided.get(li.dataset.key).height}px`;
    document.body.dataset.requests = String(waiting);
  }

  requestRow(request) {
    return h(
      "li",
      { "data-key": String(request.id), className: "seat-request" },
      h("span", {}, request.name, request.seat === null ? "" : ` (asks for seat ${request.seat + 1})`),
      this.whoIs(request, this.departed),
      h(
        "button",
        {
          type: "button",
          "data-request": request.id,
          "data-decide": "approve",
          "aria-label": `Let in ${request.name}`,
        },
        "Let in",
      ),
      h(
        "button",
        {
          type: "button",
          "data-request": request.id,
          "data-decide": "decline",
          "aria-label": `Decline ${request.name}`,
        },
        "Decline",
      ),
    );
  }

  /**
   * A choice of who a requester is, when players have left tonight: someone new (a fresh ledger
   * account, whatever the name), or one of them coming back. A name proves nothing, so the
   * choice is the host's; an old seat link the requester showed picks its player beforehand.
   */
  whoIs(request, departed) {
    if (!departed.length) return null;
    const vouched = request.returning ? request.returning.player_id : "";
    return h(
      "select",
      { "data-who": request.id, "aria-label": `Who is ${request.name}?` },
      h("option", { value: "" }, "Someone new"),
      departed.map((player) =>
        h(
          "option",
          { value: player.player_id, selected: player.player_id === vouched },
          `${player.name} coming back${player.player_id === vouched ? " (their old link)" : ""}`,
        ),
      ),
    );
  }

  async onSeatButton(event) {
    const button = event.target.closest("button[data-seat]");
    if (!button) return;
    const seat = Number(button.dataset.seat);
    if (button.dataset.do === "rebuy" || button.dataset.do === "addon") {
      const what = button.dataset.do === "rebuy" ? "a rebuy" : "the add-on";
      await this.command(
        `/tournament/seats/${seat}/${button.dataset.do}`,
        "POST",
        undefined,
        `${button.dataset.name} has ${what}.`,
      );
    } else if (button.dataset.do === "remove") {
      await this.command(`/seats/${seat}`, "DELETE", undefined, `${button.dataset.name} leaves the table.`);
    } else {
      const answer = await this.command(`/seats/${seat}/link`, "POST", undefined, "New link made.");
      if (answer) {
        this.newLink.replaceChildren(
          h("p", {}, `${answer.name}'s new link (the old one no longer opens the seat):`),
          h("p", { className: "link" }, h("a", { href: answer.link }, answer.link)),
        );
      }
    }
  }

  /** The table or the hand changed (any frame): redraw what the console shows of them. The
   * stacks are the hand's as it goes (`hand`: the page's hand, with its lineup and view), not
   * those the seats brought to it, which the table's frame gives until the hand is over. */
  update(table, hand = null) {
    if (!table) return;
    this.table = table;
    this.handNumber = hand ? hand.number : null;
    this.live = new Map();
    // The hand's stacks while it is the table's hand in progress (the table's frame says so);
    // between hands the seats' own, which take in the chips approved meanwhile.
    if (hand && hand.lineup && hand.view && table.hand_in_progress === hand.number)
      hand.lineup.forEach((tableSeat, engine) => {
        const seatView = hand.view.seats[engine];
        if (seatView) this.live.set(tableSeat, seatView.stack);
      });
    if (this.stale()) this.message.textContent = "";
    const running = table.status === "running";
    // Once the night is over (ledger.js ends it) nothing resumes it: no button.
    const ended = table.status === "ended";
    const fresh = h(
      "div",
      {},
      h("p", { className: "console-state" }, ended ? "The night is over." : `The table is ${table.status}.`),
      // Why the running table deals no hand, and who can end the wait (the server says).
      table.stalled ? h("p", { className: "stalled", id: "console-stalled", role: "status" }, table.stalled) : "",
      ended
        ? ""
        : running
          ? h("button", { type: "button", "data-run": "pause", "data-done": "Paused." }, "Pause")
          : h(
              "button",
              { type: "button", "data-run": "start", "data-done": "Dealing." },
              table.status === "waiting" ? "Start dealing" : "Resume",
            ),
    );
    mergeChildren(this.status, fresh);
    // Nor anything that would play a hand: the server seats nobody once the night is over,
    // and games, stakes and clocks would govern hands that never come.
    for (const section of [this.seatSection, this.requestsSection, this.botsSection, this.rulesSection])
      section.hidden = ended;
    this.tournamentSection.hidden = !table.tournament || table.tournament.finished;
    this.drawSeats(table);
    this.drawMine(table);
    if (!this.formFilled) this.fillForm();
  }

  drawSeats(table) {
    const fresh = h("ul");
    if (!table.seats.length) fresh.append(h("li", { className: "muted", "data-key": "none" }, "No one is seated."));
    for (const seat of table.seats) {
      const what = seat.kind === "player" ? "" : ` (${BOT_WORDS[seat.kind] || seat.kind})`;
      const state = seat.sitting_out ? " · sitting out" : seat.leaving ? " · leaving" : "";
      // A player out of the tournament has no chips: their place, as the felt says it.
      const out = seatOut(table.tournament, seat.seat, seat.name);
      fresh.append(
        h(
          "li",
          { "data-key": `seat-${seat.seat}-${seat.name}`, className: "console-seat" },
          h("span", {}, `${seat.seat + 1}. ${seat.name}${what} · ${out ? out.shown : this.stackOf(seat)}${state}`),
          seat.kind === "player"
            ? h(
                "button",
                {
                  type: "button",
                  "data-seat": seat.seat,
                  "data-do": "link",
                  "aria-label": `New link for ${seat.name}`,
                },
                "New link",
              )
            : null,
          ...this.tournamentButtons(table, seat),
          h(
            "button",
            {
              type: "button",
              "data-seat": seat.seat,
              "data-do": "remove",
              "data-name": seat.name,
              "aria-label": `Remove ${seat.name}`,
            },
            "Remove",
          ),
        ),
      );
    }
    mergeChildren(this.seats, fresh);
  }

  /** A tournament's rebuy and add-on buttons for `seat`, where the server says they are
   * open and the player is still in (the server checks again, and says why if not). */
  tournamentButtons(table, seat) {
    const info = table.tournament;
    if (!info || info.finished) return [];
    const entry = info.places.find((place) => place.seat === seat.seat && place.name === seat.name);
    if (entry && entry.place !== null) return [];
    const buttons = [];
    if (info.rebuys_open && seat.stack <= table.settings.starting_chips)
      buttons.push(
        h(
          "button",
          {
            type: "button",
            "data-seat": seat.seat,
            "data-do": "rebuy",
            "data-name": seat.name,
            "aria-label": `Rebuy for ${seat.name}`,
          },
          "Rebuy",
        ),
      );
    if (info.addon_open && !(entry && entry.addon))
      buttons.push(
        h(
          "button",
          {
            type: "button",
            "data-seat": seat.seat,
            "data-do": "addon",
            "data-name": seat.name,
            "aria-label": `Add-on for ${seat.name}`,
          },
          "Add-on",
        ),
      );
    return buttons;
  }

  /** The deal calculator: each player's share by ICM and by a chip chop, and the buttons
   * that end the tournament with one of them once the players agree. */
  async workOutDeal() {
    const figures = await this.command("/tournament/deal", "GET", undefined, "The deal as the chips stand now:");
    if (!figures) return;
    const rows = figures.players.map((player) =>
      h(
        "tr",
        {},
        h("th", { scope: "row" }, player.name),
        h("td", {}, String(player.chips)),
        h("td", {}, `${player.icm_whole} (${player.icm.toFixed(2)})`),
        h("td", {}, `${player.chip_chop_whole} (${player.chip_chop.toFixed(2)})`),
      ),
    );
    const agree = (kind, text) =>
      h(
        "button",
        {
          type: "button",
          "data-deal": kind,
          onclick: () =>
            this.command("/tournament/deal", "POST", { kind }, "The deal is made: the tournament is over."),
        },
        text,
      );
    this.dealBox.replaceChildren(
      h("p", {}, `Prizes still to be paid: ${figures.prizes.join(", ")}`),
      h(
        "table",
        { className: "deal-table", id: "deal-table" },
        h(
          "thead",
          {},
          h("tr", {}, h("th", {}, "Player"), h("th", {}, "Chips"), h("th", {}, "ICM"), h("th", {}, "Chip chop")),
        ),
        h("tbody", {}, rows),
      ),
      h(
        "div",
        { className: "host-buttons" },
        agree("icm", "Agree the ICM deal"),
        agree("chip-chop", "Agree the chip chop"),
      ),
    );
  }

  /** A seat's chips now: in the hand being played, what it has left in it. */
  stackOf(seat) {
    return this.live && this.live.has(seat.seat) ? this.live.get(seat.seat) : seat.stack;
  }

  drawMine(table) {
    const mine = this.seated === null ? null : table.seats.find((seat) => seat.seat === this.seated);
    // The name the host gave as they made the table (the join page shows it), else "Host".
    const hostName = table.settings.host_name || "Host";
    // A seat under that name that this browser does not hold: most likely the host's own,
    // taken on another device or browser (which alone keeps its token).
    const elsewhere = mine
      ? null
      : table.seats.find((seat) => seat.name.trim().toLowerCase() === hostName.trim().toLowerCase());
    const key = mine ? `seated-${mine.seat}` : `unseated-${elsewhere ? elsewhere.seat : "none"}`;
    if (this.mine.dataset.key === key) return;
    this.mine.dataset.key = key;
    if (mine) {
      this.mine.replaceChildren(h("p", {}, `You play in seat ${mine.seat + 1} as ${mine.name}.`));
      return;
    }
    const name = h("input", {
      name: "host-name",
      id: "host-name",
      value: elsewhere ? "" : hostName,
      autocomplete: "nickname",
    });
    const form = h(
      "form",
      { className: "host-buttons", id: "host-seat-form" },
      labelled("Your name", name),
      h("button", { type: "submit", id: "take-seat" }, "Take a seat"),
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const answer = await this.command("/seat", "POST", { name: name.value }, "You are seated.");
      if (answer) this.onSeated(answer);
    });
    const note = elsewhere
      ? h(
          "p",
          { id: "host-seat-elsewhere" },
          `${elsewhere.name} sits in seat ${elsewhere.seat + 1}. If that is you, from another device or browser: ` +
            `open your seat there and choose "Another device" to bring it here, rather than sitting down twice.`,
        )
      : "";
    this.mine.replaceChildren(note, form);
  }

  rulesForm() {
    const form = h("form", { id: "rules-form", className: "rules-form", novalidate: true });
    this.gameRows = h("div", { id: "game-rows", className: "game-rows" });
    this.gameRows.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-drop]");
      if (button && this.gameRows.children.length > 1) button.closest(".game-row").remove();
    });
    this.limit = h(
      "select",
      { name: "limit", id: "rules-limit" },
      LIMITS.map((limit) => h("option", { value: limit }, limit.replace("-", " "))),
    );
    this.numbers = {};
    for (const [name, , min] of [...STAKES, ...CLOCKS]) {
      this.numbers[name] = h("input", { type: "number", name, id: `rules-${name}`, min, step: "any", required: true });
    }
    form.append(
      h("fieldset", {}, h("legend", {}, "Games (dealer's choice among them)"), this.gameRows),
      h(
        "button",
        { type: "button", id: "add-game", onclick: () => this.gameRows.append(this.gameRow({ game: "FTQ" })) },
        "Add a game",
      ),
      h(
        "fieldset",
        {},
        h("legend", {}, "Stakes"),
        labelled("Limit", this.limit),
        STAKES.map(([name, label]) => labelled(label, this.numbers[name])),
      ),
      h(
        "fieldset",
        {},
        h("legend", {}, "Clocks"),
        CLOCKS.map(([name, label]) => labelled(label, this.numbers[name])),
      ),
      h("button", { type: "submit", id: "apply-rules" }, "Change from the next hand"),
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const settings = this.table.settings;
      const body = {
        games: [...this.gameRows.querySelectorAll(".game-row")].map((row) => ({
          game: row.querySelector("select").value,
          house_rules: parseRules(row.querySelector("input").value),
        })),
        stakes: { ...settings.stakes, limit: this.limit.value },
      };
      for (const [name] of STAKES) body.stakes[name] = Number(this.numbers[name].value);
      for (const [name] of CLOCKS) body[name] = Number(this.numbers[name].value);
      const table = await this.command("/rules", "PUT", body, "Changed: it holds from the next hand.");
      if (table) {
        this.table = table;
        this.fillForm(true);
      }
    });
    return form;
  }

  /** A row of the games form: `entry` as the settings hold it, `code` the code the table
   * deals it under (the table's menu: BD5 or BD7, however the entry was written). */
  gameRow(entry, code = null) {
    const index = this.gameRows.children.length + 1;
    const select = h(
      "select",
      { name: `game-${index}`, "aria-label": `Game ${index}` },
      (this.games.length ? this.games : [{ name: entry.game, title: entry.game, codes: [] }]).flatMap((game) =>
        (game.codes.length ? game.codes : [game.name]).map((code) =>
          h("option", { value: code }, (game.names && game.names[code]) || game.title),
        ),
      ),
    );
    const wanted = String(code || entry.game).toUpperCase();
    const match = [...select.options].find((option) => option.value.toUpperCase() === wanted);
    if (match) select.value = match.value;
    const rules = h("input", {
      name: `rules-${index}`,
      value: rulesText(entry.house_rules),
      placeholder: "house rules, e.g. queens=all",
      "aria-label": `House rules of game ${index}`,
    });
    return h(
      "div",
      { className: "game-row" },
      select,
      rules,
      h("button", { type: "button", "data-drop": "yes", "aria-label": `Drop game ${index}` }, "Drop"),
    );
  }

  fillForm(force = false) {
    if (this.formFilled && !force) return;
    const settings = this.table.settings;
    this.formFilled = true;
    const menu = this.table.menu || [];
    this.gameRows.replaceChildren(
      ...settings.games.map((entry, index) => this.gameRow(entry, menu[index] ? menu[index].code : null)),
    );
    this.limit.value = settings.stakes.limit;
    for (const [name] of STAKES) this.numbers[name].value = settings.stakes[name];
    for (const [name] of CLOCKS) this.numbers[name].value = settings[name];
  }
}
