// The table: seats round an oval, cards in the order dealt, the wild-card banner, the pots, the
// clock, the action buttons and the dealer's picker, all redrawn from the server's frames.

import { h } from "./api.js";
import { TableSocket } from "./socket.js";
import { cardElement, pretty, toggleFourColour, fourColour } from "./cards.js";
import { wildState } from "./banner.js";
import { describeEvent } from "./events.js";
import { HistoryPanel } from "./history.js";

const KEYS = { f: "fold", k: "check", c: "call", i: "bring-in", o: "complete", b: "bet", r: "raise" };
const LABELS = {
  fold: "Fold", check: "Check", call: "Call", "bring-in": "Bring in", complete: "Complete",
  bet: "Bet", raise: "Raise to",
};

export function showTable(root, options) {
  const page = new TablePage(root, options);
  page.start();
  return page;
}

class TablePage {
  constructor(root, { socket, seatToken = null, host = null }) {
    this.root = root;
    this.seatToken = seatToken;
    this.state = { welcome: null, table: null, hand: null, choosing: null, clockAt: 0 };
    this.socket = new TableSocket(socket, (frame) => this.onFrame(frame), (status) => this.onStatus(status));
    this.actionsKey = null;
    this.pending = false;
    this.announceTimer = null;
    this.build(host);
  }

  start() {
    this.socket.connect();
    this.ticker = setInterval(() => this.tick(), 250);
    document.addEventListener("keydown", (event) => this.onKey(event));
  }

  build(host) {
    this.root.replaceChildren();
    this.el = {};
    const el = this.el;
    el.name = h("h1", { className: "table-name" }, "wildstud");
    el.game = h("p", { className: "game-line", id: "game-line" });
    el.status = h("p", { className: "status", role: "status", "aria-live": "polite" });
    el.four = h("button", { type: "button", "aria-pressed": String(fourColour()), onclick: () => {
      el.four.setAttribute("aria-pressed", String(toggleFourColour()));
    } }, "Four-colour deck");
    el.historyButton = h("button", { type: "button", "aria-expanded": "false", "aria-controls": "history", onclick: () => this.toggleHistory() }, "History");
    el.keysButton = h("button", { type: "button", "aria-expanded": "false", "aria-controls": "keys", onclick: () => {
      el.keys.hidden = !el.keys.hidden;
      el.keysButton.setAttribute("aria-expanded", String(!el.keys.hidden));
    } }, "Keys");
    el.keys = h("div", { id: "keys", className: "keys", hidden: true },
      h("p", {}, "Keyboard: ", ...Object.entries(KEYS).map(([key, action]) => h("span", {}, h("kbd", {}, key.toUpperCase()), ` ${action} `)),
        "; Enter in the amount field bets or raises that amount; Tab moves between cards, seats and buttons."));
    el.banner = h("section", { id: "banner", className: "banner", role: "status", "aria-live": "polite", "aria-label": "Wild cards" });
    el.announce = h("div", { id: "announce", className: "announce", role: "alert", hidden: true });
    el.felt = h("div", { className: "felt", id: "felt", role: "region", "aria-label": "The table" });
    el.centre = h("div", { className: "centre", id: "centre" });
    el.seats = h("div", { className: "seats", id: "seats" });
    el.felt.append(el.centre, el.seats);
    el.picker = h("section", { id: "picker", className: "picker", "aria-label": "Dealer's choice", hidden: true });
    el.actions = h("section", { id: "actions", className: "actions", "aria-label": "Your actions" });
    el.log = h("ol", { id: "log", className: "log", "aria-label": "What happened" });
    el.history = h("aside", { id: "history", className: "history", hidden: true, "aria-label": "Past hands" });
    el.host = h("div", { className: "host-panel" });
    if (host) el.host.append(host);
    this.root.append(
      h("header", { className: "bar" }, el.name, el.game, h("div", { className: "tools" }, el.four, el.historyButton, el.keysButton), el.status),
      el.keys, el.host, el.banner, el.announce, el.felt, el.picker, el.actions,
      h("details", { className: "log-box", open: true }, h("summary", {}, "Hand log"), el.log),
      el.history,
    );
    this.historyPanel = new HistoryPanel(el.history);
  }

  toggleHistory() {
    const el = this.el;
    el.history.hidden = !el.history.hidden;
    el.historyButton.setAttribute("aria-expanded", String(!el.history.hidden));
    if (!el.history.hidden && this.state.welcome) this.historyPanel.load(this.state.welcome.table_id);
  }

  onStatus(status) {
    this.connection = status;
    if (status === "refused") this.el.status.textContent = "This link is no longer valid.";
    else if (status !== "connected") this.el.status.textContent = status === "connecting" ? "Connecting…" : "Connection lost: reconnecting…";
    else this.el.status.textContent = "";
  }

  onFrame(frame) {
    const state = this.state;
    switch (frame.type) {
      case "welcome":
        state.welcome = frame;
        break;
      case "table":
        state.table = frame.table;
        break;
      case "choosing":
        state.choosing = frame;
        state.choosingAt = performance.now();
        break;
      case "hand": {
        const previous = state.hand;
        state.hand = { ...frame, view: { ...frame.view } };
        state.clockAt = performance.now();
        this.pending = false;
        if (!previous || previous.number !== frame.number) {
          this.el.announce.hidden = true;
          if (state.choosing) this.announce(`${this.nameAt(state.choosing.dealer)} chose ${frame.view.game}${this.ruleText(frame.view)}.`);
          state.choosing = null;
          this.historyPanel.stale();
        }
        break;
      }
      case "update": {
        const hand = state.hand;
        if (!hand || hand.number !== frame.number || hand.view.events.length !== frame.from) {
          return; // out of step: the next reconnect brings the whole hand again
        }
        const events = hand.view.events.concat(frame.events);
        hand.view = { ...frame.view, events };
        hand.clock = frame.clock;
        state.clockAt = performance.now();
        this.pending = false;
        for (const event of frame.events) {
          if (event.type === "called") this.announce(`${event.name}! ${pretty(event.card)} to ${hand.names[event.seat]}: every wild card is cancelled.`, 6000);
          if (event.type === "redealt") this.announce(describeEvent(event, hand.names), 6000);
        }
        if (hand.view.phase === "over") this.historyPanel.stale();
        break;
      }
      case "clock":
        if (state.hand) {
          state.hand.clock = frame.clock;
          state.clockAt = performance.now();
        }
        break;
      case "error":
        this.pending = false;
        this.el.status.textContent = frame.message;
        break;
      case "removed":
        this.el.status.textContent = frame.message;
        break;
      default:
        return;
    }
    this.render();
  }

  ruleText(view) {
    const entries = (this.state.table && this.state.table.settings.games) || [];
    const entry = entries.find((item) => view.code.startsWith(item.game.toUpperCase()) || item.game === view.code);
    const rules = entry && Object.entries(entry.house_rules || {});
    return rules && rules.length ? ` (${rules.map(([key, value]) => `${key.replaceAll("_", " ")}: ${value}`).join(", ")})` : "";
  }

  nameAt(tableSeat) {
    const table = this.state.table;
    const seat = table && table.seats.find((item) => item.seat === tableSeat);
    return seat ? seat.name : `Seat ${tableSeat + 1}`;
  }

  announce(text, millis = 4000) {
    const el = this.el.announce;
    el.textContent = text;
    el.hidden = false;
    clearTimeout(this.announceTimer);
    this.announceTimer = setTimeout(() => { el.hidden = true; }, millis);
  }

  mySeat() {
    const welcome = this.state.welcome;
    return welcome && welcome.role === "seat" ? welcome.seat : null;
  }

  render() {
    const { table, hand } = this.state;
    if (table) {
      this.el.name.textContent = table.name;
      document.title = `${table.name} · wildstud`;
    }
    this.renderGame();
    this.renderBanner();
    this.renderSeats();
    this.renderCentre();
    this.renderPicker();
    this.renderActions();
    this.renderLog();
    const body = document.body.dataset;
    body.hand = hand ? String(hand.number) : "";
    body.events = hand ? String(hand.view.events.length) : "0";
    body.phase = hand ? hand.view.phase : "";
    body.role = this.state.welcome ? this.state.welcome.role : "";
    document.dispatchEvent(new CustomEvent("wildstud:render"));
  }

  renderGame() {
    const { table, hand } = this.state;
    const parts = [];
    if (hand) {
      const view = hand.view;
      parts.push(`Hand ${hand.number}: ${view.game}`, view.options.limit.replace("-", " "));
      if (view.street) parts.push(view.street);
      if (view.deal > 1) parts.push(`deal ${view.deal}`);
    }
    if (table && table.status !== "running") parts.push(table.status === "waiting" ? "waiting for the host to start" : "paused");
    this.el.game.textContent = parts.join(" · ");
  }

  renderBanner() {
    const hand = this.state.hand;
    const banner = this.el.banner;
    if (!hand) {
      banner.replaceChildren(h("p", { className: "what" }, "No hand yet."));
      banner.dataset.wild = "";
      return;
    }
    const wild = wildState(hand.view, hand.names, hand.you);
    this.wild = wild;
    banner.dataset.wild = [...wild.everyone].sort().join(" ");
    banner.classList.toggle("called", Boolean(wild.called));
    const cards = [...wild.everyone].sort().map((code) => cardElement(code, { wild: true, small: true }));
    banner.replaceChildren(...[
      h("p", { className: "what" }, h("span", { className: "wild-icon", "aria-hidden": "true" }, "★ "), wild.what),
      wild.called ? h("p", { className: "called-line" }, wild.called) : null,
      ...wild.why.map((line) => h("p", { className: "why" }, line)),
      hand.view.centre ? h("p", { className: "why" }, `Centre card ${pretty(hand.view.centre)}: its rank is wild for everyone.`) : null,
      cards.length && cards.length <= 12 ? h("div", { className: "banner-cards", "aria-hidden": "true" }, cards) : null,
    ].filter(Boolean));
  }

  seatCount() {
    const table = this.state.table;
    return table ? table.settings.seats : 6;
  }

  renderSeats() {
    const { table, hand } = this.state;
    const container = this.el.seats;
    container.replaceChildren();
    const total = this.seatCount();
    const mine = this.mySeat();
    const anchor = mine === null ? 0 : mine;
    const inHand = new Map();
    if (hand) hand.lineup.forEach((tableSeat, engine) => inHand.set(tableSeat, engine));
    const tableSeats = new Map((table ? table.seats : []).map((seat) => [seat.seat, seat]));
    const shown = new Map();
    const won = new Map();
    if (hand) {
      for (const event of hand.view.events) {
        if (event.type === "shown") shown.set(event.seat, event);
        if (event.type === "awarded") won.set(event.seat, (won.get(event.seat) || 0) + event.amount);
      }
    }
    const clock = hand && hand.clock;
    for (let index = 0; index < total; index += 1) {
      const position = (index - anchor + total) % total;
      const angle = Math.PI / 2 + (2 * Math.PI * position) / total;
      const style = `--x:${(50 + 34 * Math.cos(angle)).toFixed(2)}%;--y:${(50 + 40 * Math.sin(angle)).toFixed(2)}%`;
      const info = tableSeats.get(index);
      const engine = inHand.get(index);
      if (!info && engine === undefined) {
        container.append(h("div", { className: "seat empty", style, "data-seat": index }, h("span", { className: "name" }, `Seat ${index + 1}: empty`)));
        continue;
      }
      const view = hand && engine !== undefined ? hand.view.seats[engine] : null;
      const name = engine !== undefined ? hand.names[engine] : info.name;
      const toAct = Boolean(hand && view && hand.view.to_act === engine && hand.view.phase === "player");
      const classes = ["seat"];
      if (index === mine) classes.push("you");
      if (toAct) classes.push("to-act");
      if (view && view.folded) classes.push("folded");
      if (!view) classes.push("waiting");
      const labelParts = [name, index === mine ? "(you)" : ""];
      const head = h("div", { className: "seat-head" }, h("span", { className: "name" }, name, index === mine ? " (you)" : ""));
      if (hand && engine === hand.view.dealer) {
        head.append(h("span", { className: "dealer-button", title: "dealer", "aria-label": "dealer" }, "D"));
        labelParts.push("dealer");
      }
      if (info && info.kind !== "player") head.append(h("span", { className: "bot-tag" }, "bot"));
      if (info && !info.connected && info.kind === "player") head.append(h("span", { className: "away-tag" }, "away"));
      const stack = view ? view.stack : info.stack;
      const lines = [head, h("div", { className: "stack" }, `${stack} chips`)];
      labelParts.push(`${stack} chips`);
      if (view && view.bet) lines.push(h("div", { className: "bet" }, `bet ${view.bet}`));
      if (view && view.folded) lines.push(h("div", { className: "state" }, "folded"));
      if (view && view.all_in) lines.push(h("div", { className: "state" }, "all in"));
      if (info && info.sitting_out) lines.push(h("div", { className: "state" }, "sitting out"));
      if (view && this.wild && this.wild.babyDaddy) {
        const rank = this.wild.seatRank.get(engine);
        if (rank) {
          const text = `wild here: ${rankWord(rank)}`;
          lines.push(h("div", { className: "seat-wild", "data-rank": rank }, "★ ", text));
          labelParts.push(text);
        }
      }
      if (view) {
        const showdown = shown.get(engine);
        const best = new Map();
        if (showdown && showdown.best_five) {
          for (const item of showdown.best_five) best.set(item.card, item.as ? item.as.join("") : null);
        }
        const cards = h("div", { className: "cards", role: "list", "aria-label": `${name}'s cards` });
        view.cards.forEach((held) => {
          const code = held.card;
          const card = cardElement(code, {
            wild: this.wild ? this.wild.isWild(engine, code) : false,
            hole: Boolean(code) && !held.up,
            best: Boolean(code) && best.has(code),
            standsFor: code ? best.get(code) : null,
          });
          card.setAttribute("role", "listitem");
          card.tabIndex = 0;
          card.dataset.up = String(held.up);
          cards.append(card);
        });
        lines.push(cards);
        if (showdown) lines.push(h("div", { className: "result" }, showdown.description, showdown.natural ? " (natural)" : ""));
        if (won.has(engine)) lines.push(h("div", { className: "won" }, `wins ${won.get(engine)}`));
      }
      if (toAct && clock) lines.push(h("div", { className: "clock", "aria-live": "off" }));
      container.append(h("div", {
        className: classes.join(" "), style, "data-seat": index, "data-engine": engine ?? "",
        role: "group", "aria-label": labelParts.filter(Boolean).join(", "),
      }, lines));
    }
    this.tick();
  }

  renderCentre() {
    const hand = this.state.hand;
    const centre = this.el.centre;
    centre.replaceChildren();
    if (!hand) return;
    const view = hand.view;
    const pots = view.pots.length ? view.pots : [{ amount: view.pot, eligible: [] }];
    const potList = h("ul", { className: "pots", "aria-label": "Pots" });
    const awards = new Map();
    for (const event of view.events) {
      if (event.type === "awarded") {
        const list = awards.get(event.pot) || [];
        list.push(`${hand.names[event.seat]} ${event.amount}${event.share === "hole-card" ? " (Q♠ half)" : ""}`);
        awards.set(event.pot, list);
      }
    }
    pots.forEach((pot, index) => {
      potList.append(h("li", {}, `${index === 0 ? "Pot" : `Side pot ${index}`}: ${pot.amount}`));
    });
    for (const [pot, shares] of awards) {
      potList.append(h("li", { className: "shares" }, `${pot === 0 ? "Main pot" : `Side pot ${pot}`} to ${shares.join(", ")}`));
    }
    centre.append(potList);
    if (view.centre) centre.append(h("div", { className: "centre-card" }, "Centre: ", cardElement(view.centre, { wild: this.wild.everyone.has(view.centre) })));
    if (view.community) centre.append(h("div", { className: "centre-card" }, "Community: ", cardElement(view.community, { wild: this.wild.everyone.has(view.community) })));
  }

  renderPicker() {
    const choosing = this.state.choosing;
    const picker = this.el.picker;
    if (!choosing) {
      picker.hidden = true;
      picker.replaceChildren();
      this.pickerKey = null;
      return;
    }
    const key = JSON.stringify(choosing);
    if (this.pickerKey === key) return;
    this.pickerKey = key;
    picker.hidden = false;
    if (choosing.dealer !== this.mySeat()) {
      picker.replaceChildren(h("p", {}, `${this.nameAt(choosing.dealer)} is choosing the next game…`));
      return;
    }
    const buttons = choosing.entries.map((entry) => {
      const rules = Object.entries(entry.house_rules || {});
      return h("button", {
        type: "button", className: "pick", "data-entry": entry.index, "data-code": entry.code,
        onclick: () => {
          this.socket.request({ type: "choose", entry: entry.index });
          picker.replaceChildren(h("p", {}, `You chose ${entry.title}.`));
        },
      }, h("strong", {}, entry.title), ` (${entry.code})`,
      rules.length ? h("small", {}, rules.map(([name, value]) => `${name.replaceAll("_", " ")}: ${value}`).join(", ")) : h("small", {}, "standard rules"));
    });
    picker.replaceChildren(h("h2", {}, "Your deal: pick the game"), h("div", { className: "pick-list" }, buttons));
    buttons[0].focus();
  }

  legal() {
    const hand = this.state.hand;
    if (!hand || hand.you === null || hand.view.phase !== "player" || hand.view.to_act !== hand.you) return [];
    return hand.view.legal_actions;
  }

  renderActions() {
    const legal = this.legal();
    const hand = this.state.hand;
    const key = JSON.stringify([legal, hand && hand.number, hand && hand.view.events.length, this.pending]);
    if (key === this.actionsKey) return;
    this.actionsKey = key;
    const actions = this.el.actions;
    actions.dataset.turn = legal.length && !this.pending ? "yes" : "no";
    if (!legal.length) {
      actions.replaceChildren(this.mySeat() === null ? h("p", { className: "muted" }, "Watching.") : h("p", { className: "muted" }, hand && hand.view.phase === "player" ? "Waiting for the others…" : ""));
      return;
    }
    const sized = legal.find((option) => ["bet", "raise", "complete"].includes(option.action) && option.max > option.min);
    let amountInput = null;
    let slider = null;
    const children = [];
    if (sized) {
      const call = legal.find((option) => option.action === "call");
      const pot = hand.view.pot + (call ? call.min : 0);
      slider = h("input", { type: "range", min: sized.min, max: sized.max, value: sized.min, step: 1, "aria-label": "Amount (slider)" });
      amountInput = h("input", { type: "number", min: sized.min, max: sized.max, value: sized.min, id: "amount", "aria-label": `Amount to ${sized.action}, ${sized.min} to ${sized.max}` });
      const sync = (value) => {
        slider.value = value;
        amountInput.value = value;
        actions.querySelectorAll("button[data-sized]").forEach((button) => {
          button.querySelector(".amount").textContent = ` ${value}`;
        });
      };
      slider.addEventListener("input", () => sync(slider.value));
      amountInput.addEventListener("input", () => slider.value = amountInput.value);
      amountInput.addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          this.act(sized.action, Number(amountInput.value), sized);
        }
      });
      const presets = h("div", { className: "presets" },
        [["min", sized.min], ["½ pot", Math.floor(pot / 2)], ["pot", pot], ["max", sized.max]]
          .filter(([, value]) => value >= sized.min && value <= sized.max)
          .map(([label, value]) => h("button", { type: "button", onclick: () => sync(value) }, label)));
      children.push(h("div", { className: "amount-box" }, h("label", { for: "amount" }, "Amount"), slider, amountInput, presets));
    }
    const shortcut = Object.fromEntries(Object.entries(KEYS).map(([letter, action]) => [action, letter.toUpperCase()]));
    const buttons = legal.map((option) => {
      const isSized = sized && option === sized;
      const amount = ["fold", "check"].includes(option.action) ? "" : ` ${option.min}`;
      return h("button", {
        type: "button", className: `act act-${option.action}`, "data-action": option.action,
        "data-sized": isSized ? "1" : null, "aria-keyshortcuts": shortcut[option.action],
        disabled: this.pending,
        onclick: () => this.act(option.action, isSized ? Number(amountInput.value) : option.min, option),
      }, LABELS[option.action], h("span", { className: "amount" }, amount), h("kbd", { "aria-hidden": "true" }, shortcut[option.action]));
    });
    children.push(h("div", { className: "buttons" }, buttons));
    actions.replaceChildren(h("h2", { className: "your-turn" }, "Your turn"), ...children);
    if (!actions.contains(document.activeElement)) buttons[0].focus({ preventScroll: true });
  }

  act(action, amount, option) {
    if (this.pending) return;
    const frame = { type: "act", action };
    if (["bet", "raise", "complete"].includes(action)) {
      const value = Math.max(option.min, Math.min(option.max, Math.round(amount)));
      frame.amount = value;
    }
    if (this.socket.request(frame)) {
      this.pending = true;
      this.renderActions();
    }
  }

  onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
    const action = KEYS[event.key.toLowerCase()];
    if (!action) return;
    const legal = this.legal();
    let option = legal.find((item) => item.action === action);
    if (!option && action === "call") option = legal.find((item) => item.action === "check");
    if (!option) return;
    event.preventDefault();
    const input = this.el.actions.querySelector("#amount");
    const sized = this.el.actions.querySelector(`button[data-action="${option.action}"][data-sized]`);
    this.act(option.action, sized && input ? Number(input.value) : option.min, option);
  }

  tick() {
    const hand = this.state.hand;
    const element = this.el.seats.querySelector(".to-act .clock");
    if (this.state.choosing) {
      const left = Math.max(0, this.state.choosing.seconds - (performance.now() - this.state.choosingAt) / 1000);
      const line = this.el.picker.querySelector(".left") || this.el.picker.appendChild(h("p", { className: "left" }));
      line.textContent = `${Math.ceil(left)} s to choose`;
    }
    if (!hand || !element || !hand.clock) return;
    const clock = hand.clock;
    if (!clock.running || clock.clock === null) {
      element.textContent = "clock stopped";
      return;
    }
    const elapsed = (performance.now() - this.state.clockAt) / 1000;
    const left = Math.max(0, clock.clock - elapsed);
    const bank = left > 0 ? clock.bank : Math.max(0, clock.bank - (elapsed - clock.clock));
    element.textContent = left > 0 ? `⏱ ${Math.ceil(left)} s` : `⏱ time bank ${Math.ceil(bank)} s`;
    element.classList.toggle("low", left < 6);
  }

  renderLog() {
    const hand = this.state.hand;
    const log = this.el.log;
    if (!hand) {
      log.replaceChildren();
      return;
    }
    const lines = hand.view.events.map((event) => describeEvent(event, hand.names)).filter(Boolean);
    const recent = lines.slice(-60);
    log.replaceChildren(...recent.map((line) => h("li", {}, line)));
    log.scrollTop = log.scrollHeight;
  }
}

const RANK_WORDS = { 2: "deuces", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights", 9: "nines", T: "tens", J: "jacks", Q: "queens", K: "kings", A: "aces" };
function rankWord(rank) {
  return RANK_WORDS[rank] || rank;
}
