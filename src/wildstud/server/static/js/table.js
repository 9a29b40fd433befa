// The table: seats round an oval, cards in the order dealt, the wild-card banner, the pots, the
// clock, the action buttons and the dealer's picker, all redrawn from the server's frames. Each
// frame reduces into a new state (state.js); the page carries out what the frame asked for
// besides, then redraws the parts whose slice of the state is new. A redraw merges into what is
// on the page (dom.js), so focus stays where the player left it; the page never moves focus by
// itself.

import { TableSocket } from "./socket.js";
import { pretty, toggleFourColour, fourColour } from "./cards.js";
import { drawBanner, drawCentre, drawSeats } from "./drawing.js";
import { describeNightChanged, describeOwnCardAsked, describeServerLie } from "./words.js";
import { describeEvent } from "./events.js";
import { HistoryPanel } from "./history.js";
import { drawKeyed, followEnd, h, keepFocus } from "./dom.js";
import { unknownLink } from "./unknownlink.js";
import { choices } from "./actions.js";
import { ActionPanel, setText } from "./panel.js";
import { LedgerPanel } from "./ledger.js";
import { ChatPanel } from "./chat.js";
import { PageShuffle } from "./shuffler.js";
import { PagePrivate, auditWords, indexedStore, memoryStore, withOwnCards } from "./privaterounds.js";
import { Attention } from "./attention.js";
import { TurnPill } from "./turnpill.js";
import { Moment } from "./moment.js";
import { SeatControls } from "./seatcontrols.js";
import { ShowdownChoice } from "./showdown.js";
import { TwiceOffer } from "./twice.js";
import { PracticeHelp } from "./practice.js";
import { keepGoodbye, keptGoodbye, showGoodbye } from "./goodbye.js";
import { initialState, nameAt, reduce } from "./state.js";
import { LiveProofs } from "./proofs.js";
import { askRabbit, checkRabbit, rabbitPanel } from "./rabbit.js";
import { WakeLock } from "./awake.js";
import { deviceDialog } from "./devices.js";
import { askSeatPanel } from "./askseat.js";
import { outOfTournament, placeOf, TournamentClock } from "./tourneyclock.js";
import { choosingWords, idleWords, Picker, tickChoosing } from "./picker.js";
import { Narration, Toast } from "./announce.js";
import { KeyShortcuts } from "./keys.js";
import { holdDock } from "./dock.js";

export function showTable(root, options) {
  const page = new TablePage(root, options);
  page.start();
  return page;
}

class TablePage {
  constructor(root, { socket, seatToken = null, host = null, hostToken = null, watchToken = null }) {
    this.root = root;
    this.seatToken = seatToken;
    this.watchToken = watchToken;
    // A seat opens on another device from its own page; a spectator (not the host) may ask
    // for a seat from theirs.
    this.device = seatToken ? deviceDialog(seatToken) : null;
    this.asking = watchToken && !host ? askSeatPanel(watchToken) : null;
    this.state = initialState();
    this.socket = new TableSocket(socket, {
      onFrame: (frame, answered) => this.onFrame(frame, answered),
      onStatus: (status) => this.onStatus(status),
      onRequest: (outcome, request, frame) => {
        this.panel.settled(outcome, request, frame);
        this.ledger.settled(outcome, request, frame);
      },
    });
    this.panel = new ActionPanel(this.socket, () => this.choices());
    this.keys = new KeyShortcuts(this.panel, () => this.choices());
    this.ledger = new LedgerPanel({
      send: (frame, words) => this.panel.send(frame, words),
      hostToken,
      seatToken,
      // At a private table a player who leaves publishes the secrets of the hands over as they go.
      beforeLeave: async () => {
        const table = this.state.table;
        if (table && table.settings.deal === "private") await this.private.revealAll(table.id);
      },
    });
    this.chat = new ChatPanel({ send: (frame) => this.socket.send(frame), spectator: !seatToken, hostToken });
    this.shuffle = new PageShuffle({
      send: (frame) => this.socket.send(frame),
      onNightChanged: () => this.proofs.alert(describeNightChanged()),
    });
    // A private deal's rounds: each deal's secret kept in IndexedDB, so that a reload resumes;
    // the seat's own cards are drawn as the page opens them (the server's views cannot).
    this.private = new PagePrivate({
      send: (frame) => this.socket.send(frame),
      store: typeof indexedDB === "undefined" ? memoryStore() : indexedStore(),
      onCards: () => this.renderSeats(),
      // The player's other page (device or tab) plays this deal: its cards show there.
      onElsewhere: (hand) => this.proofs.playedElsewhere(hand),
      // The one way a server could see a face-down card: an ask for this seat's own card is
      // refused, and one that named another seat for it is caught as the card is handed over.
      seatOf: (hand) => (this.state.hand && this.state.hand.number === hand ? this.state.hand.you : null),
      onOwnCardAsked: (hand, place, told) => this.proofs.alert(describeOwnCardAsked(hand, told)),
      // Each point asked and card handed over is checked against the dealt deck itself.
      onServerLie: (hand, what) => this.proofs.alert(describeServerLie(hand, what)),
      // A hand's secret is never published while it is played; the audit is said at the table
      // (beside the kind of deal, and each fault as a warning) and in the settle-up.
      playing: () => (this.state.hand && this.state.hand.view.phase !== "over" ? this.state.hand.number : null),
      onAudit: (audit) => {
        this.proofs.sayAudit(auditWords(audit));
        this.ledger.privateAudit(audit); // the settle-up checks the night record itself
      },
    });
    this.attention = new Attention();
    this.moment = new Moment();
    this.seatControls = new SeatControls(this.panel);
    this.showdown = new ShowdownChoice(this.panel);
    this.twice = new TwiceOffer(this.panel);
    this.practice = new PracticeHelp();
    this.host = host;
    this.proofs = new LiveProofs(pretty);
    this.rabbitChecks = new Map(); // hand number: what the check of its rabbit found
    // A player's phone stays awake while they hold a seat at a night still going.
    this.awake = new WakeLock();
    this.build(host);
    this.narration = new Narration({
      region: this.el.speak,
      toast: this.toast,
      dealer: (text) => this.chat.dealer(text),
    });
  }

  start() {
    this.socket.connect();
    this.ticker = setInterval(() => this.tick(), 250);
    document.addEventListener("keydown", (event) => this.keys.onKey(event));
    // A toast up as the page scrolls is placed again, once a frame at most, for what now lies
    // under it: the host's console scrolled up under the table on a phone, the chat's lines.
    let placing = false;
    window.addEventListener(
      "scroll",
      () => {
        if (placing || !this.toast.due) return;
        placing = true;
        requestAnimationFrame(() => {
          placing = false;
          this.toast.place();
        });
      },
      { passive: true },
    );
  }

  build(host) {
    this.root.replaceChildren();
    this.el = {};
    const el = this.el;
    el.name = h("h1", { className: "table-name" }, "wildstud");
    el.game = h("p", { className: "game-line", id: "game-line" });
    // A tournament's level, clock, pool and places, on every page of the table.
    this.clock = new TournamentClock();
    // Why a running table deals no hand, and who can end the wait (the server's words).
    el.stalled = h("p", { className: "stalled", id: "stalled", role: "status", hidden: true });
    el.status = h("p", { className: "status", id: "connection", role: "status", "aria-live": "polite" });
    el.four = h(
      "button",
      {
        type: "button",
        "aria-pressed": String(fourColour()),
        onclick: () => {
          el.four.setAttribute("aria-pressed", String(toggleFourColour()));
        },
      },
      "Four-colour deck",
    );
    el.historyButton = h(
      "button",
      { type: "button", "aria-expanded": "false", "aria-controls": "history", onclick: () => this.toggleHistory() },
      "History",
    );
    // On a narrow screen the tools fold behind one button and open over the table (table.css).
    el.menuButton = h(
      "button",
      {
        type: "button",
        className: "menu-button",
        "aria-expanded": "false",
        "aria-controls": "tools",
        onclick: () => {
          const open = el.menuButton.getAttribute("aria-expanded") !== "true";
          el.menuButton.setAttribute("aria-expanded", String(open));
          el.menuButton.parentElement.classList.toggle("menu-open", open);
        },
      },
      "Menu",
    );
    // The banner is redrawn at every change, so it is not itself a live region: the changes
    // worth hearing (what happened, whose turn, what is wild, who won) go to el.speak, through
    // a Speaker that spaces them out (speech.js).
    el.banner = h("section", { id: "banner", className: "banner", "aria-label": "Wild cards" });
    el.speak = h("div", {
      id: "speak",
      className: "visually-hidden",
      role: "status",
      "aria-live": "polite",
      "aria-atomic": "true",
    });
    el.felt = h("div", { className: "felt", id: "felt", role: "region", "aria-label": "The table" });
    el.centre = h("div", { className: "centre", id: "centre" });
    el.seats = h("div", { className: "seats", id: "seats" });
    el.felt.append(el.centre, el.seats);
    this.picker = new Picker((frame, words) => this.panel.send(frame, words));
    el.actions = this.panel.element;
    // A scrolling list a keyboard user must reach to scroll: one tab stop.
    el.log = h("ol", { id: "log", className: "log", "aria-label": "What happened", tabindex: 0 });
    this.followLog = followEnd(el.log);
    el.history = h("aside", { id: "history", className: "history", hidden: true, "aria-label": "Past hands" });
    el.host = h("div", { className: "host-panel" });
    if (host) el.host.append(host.element || host);
    this.toast = new Toast({
      actions: el.actions,
      seats: el.seats,
      centre: el.centre,
      chat: this.chat.log,
      history: el.history,
      host: el.host,
    });
    el.confirm = this.panel.dialog;
    // The stage is the board, one screen high: nothing on it scrolls the page, and what it
    // cannot hold (the log, the chat, the ledger, the history) lies under it or beside it
    // (app.css), so opening any of those never moves the table.
    el.historyClose = h(
      "button",
      { type: "button", className: "panel-close", "aria-controls": "history", onclick: () => this.toggleHistory() },
      "Close the history",
    );
    el.historyBody = h("div", { className: "history-body" });
    el.history.append(el.historyClose, el.historyBody);
    // Escape closes the panel that lies over the table, as it would a dialog.
    el.history.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      this.toggleHistory();
    });
    // The seat's buttons: its actions, the dealer's pick, show or muck, run it twice.
    el.dock = h(
      "div",
      { className: "dock", id: "dock" },
      this.practice.element,
      this.picker.element,
      el.actions,
      this.showdown.element,
      this.twice.element,
    );
    this.turnPill = new TurnPill(el.dock);
    holdDock(el.actions, () => this.mySeat() !== null);
    this.root.classList.add("table-page");
    this.root.append(
      h(
        "div",
        { className: "stage", id: "stage" },
        h(
          "header",
          { className: "bar" },
          h("div", { className: "title" }, el.name, el.game),
          el.menuButton,
          h(
            "div",
            { className: "tools", id: "tools" },
            el.four,
            el.historyButton,
            this.device && this.device.button,
            this.asking && this.asking.button,
            this.keys.button,
            this.attention.soundButton,
            // A turn comes only to a seat: a spectator has none to be told of.
            this.seatToken && this.attention.notifyButton,
          ),
          el.status,
        ),
        this.clock.element,
        this.keys.element,
        el.banner,
        el.stalled,
        this.proofs.element,
        this.proofs.kind,
        el.speak,
        this.toast.element,
        el.felt,
        el.dock,
      ),
      this.turnPill.element,
      h(
        "div",
        { className: "extras", id: "extras" },
        this.asking && this.asking.element,
        this.seatControls.element,
        h(
          "div",
          { className: "logs" },
          h("details", { className: "log-box", open: true }, h("summary", {}, "Hand log"), el.log),
          this.chat.element,
        ),
        this.ledger.element,
      ),
      el.history,
      this.moment.element,
      el.confirm,
      this.device ? this.device.dialog : "",
      el.host, // last: beside the table on a wide screen, under it on a phone (hostpanel.js)
    );
    this.historyPanel = new HistoryPanel(
      el.historyBody,
      () => this.seatCount(),
      this.seatToken,
      () =>
        Boolean(
          this.state.table &&
          this.state.table.status === "ended" &&
          (this.state.table.hand_in_progress === null || this.state.table.hand_in_progress === undefined),
        ),
    );
  }

  toggleHistory() {
    const el = this.el;
    el.history.hidden = !el.history.hidden;
    el.historyButton.setAttribute("aria-expanded", String(!el.history.hidden));
    if (!el.history.hidden && this.state.welcome) this.historyPanel.load(this.state.welcome.table_id);
    // The panel lies over the table: the focus goes into it, and back to its button on closing.
    if (!el.history.hidden) el.historyClose.focus({ preventScroll: true });
    else (el.historyButton.checkVisibility() ? el.historyButton : el.menuButton).focus({ preventScroll: true });
    this.toast.place();
  }

  onStatus(status) {
    this.state = { ...this.state, connection: status };
    const text = {
      connecting: "Connecting…",
      reconnecting: "Reconnecting…",
      restarting: "The server is restarting: back in a moment…",
      refused: "This link is no longer valid.",
    };
    this.el.status.textContent = text[status] || "";
    document.body.dataset.connection = status;
    if (status === "refused") this.awake.want(false);
    // A seat link the server no longer knows: a page that says so, never a dead table.
    if (status === "refused" && this.seatToken && document.body.dataset.page !== "goodbye")
      showGoodbye(this.root, keptGoodbye(this.seatToken));
    // A watch link that never opened a table (cut short, mistyped): a page that says so and
    // what to do, as a wrong join link gets, not a bare felt. A page that was watching when its
    // link was replaced keeps its table and says the link is no longer valid.
    if (status === "refused" && this.watchToken && !this.state.table) {
      unknownLink(
        this.root,
        "This watch link opens no table",
        "It may have been cut short or mistyped when it was copied: open it again from the message the host sent. If it still opens nothing, ask the host for the link: they may have replaced it with a new one, or closed the table.",
      );
      return;
    }
    this.renderActions();
  }

  onFrame(frame, answered = false) {
    if (this.shuffle.onFrame(frame)) return;
    if (this.private.onFrame(frame)) return;
    if (this.chat.onFrame(frame)) return;
    if (frame.type === "practice") {
      // A practice table's help for this seat alone: its own panel, nothing else changes.
      this.practice.update(frame);
      const hand = this.state.hand;
      keepFocus(() => this.practice.render(hand ? hand.number : null, hand?.view.phase === "over"));
      return;
    }
    const before = this.state;
    const { state, effects } = reduce(before, frame, performance.now(), { answered });
    this.state = state;
    // The panels that keep their own state get their frames as they come.
    if (frame.type === "table") {
      this.ledger.update(state.table, state.welcome);
      this.proofs.privateDeal = state.table.settings.deal === "private";
      // A seat at a table that deals privately gets its arithmetic ready while nothing is dealt.
      if (this.proofs.privateDeal && this.seatToken) this.private.prepare();
    }
    // The night and its last hand just ended: the history panel checks the night record
    // (nightcheck.js), offered from then on.
    const ended = (table) =>
      Boolean(
        table && table.status === "ended" && (table.hand_in_progress === null || table.hand_in_progress === undefined),
      );
    if (frame.type === "table" && ended(state.table) && !ended(before.table) && state.welcome)
      this.historyPanel.stale(state.welcome.table_id);
    if (frame.type === "showdown") this.showdown.update(frame);
    if (frame.type === "run_twice") this.twice.update(frame);
    if (frame.type === "rabbit") this.checkRabbit(frame);
    for (const effect of effects) this.apply(effect);
    if (state.hand !== before.hand && (frame.type === "hand" || frame.type === "update")) {
      // Every card the frame shows is checked against its deal's commitment as it arrives.
      this.proofs.frame(frame, state.hand).then((changed) => changed && this.markProofs());
    }
    if (state === before && frame.type !== "showdown" && frame.type !== "run_twice") return;
    this.render(before);
  }

  /** What a frame asked for besides a new state (state.js). */
  apply(effect) {
    switch (effect.kind) {
      case "announce":
        this.toast.show(effect.text, effect.millis, effect.tone);
        break;
      case "hide-announce":
        this.toast.hide();
        break;
      case "dealer":
        this.chat.dealer(effect.text);
        break;
      case "moment":
        this.moment.show(effect.title, effect.text);
        break;
      case "sound":
        this.attention.play(effect.name);
        break;
      case "attention":
        this.attention.events(effect.events);
        break;
      case "history-stale":
        this.historyPanel.stale(this.state.welcome.table_id);
        break;
      case "error":
        // The panel shows an error at its next drawing, which no new state would bring.
        this.panel.showError(effect.message);
        keepFocus(() => this.renderActions());
        break;
      case "status":
        this.el.status.textContent = effect.text;
        break;
      case "goodbye":
        // The seat is given up: no reconnecting with its dead link; the goodbye page instead.
        // A spectator's link the host replaced has no seat to say goodbye to: only the words.
        this.socket.stopped = true;
        this.awake.want(false);
        if (!this.seatToken) {
          this.onStatus("refused");
          break;
        }
        keepGoodbye(this.seatToken, effect.frame);
        showGoodbye(this.root, effect.frame);
        break;
    }
  }

  nameAt(tableSeat) {
    return nameAt(this.state, tableSeat);
  }

  mySeat() {
    const welcome = this.state.welcome;
    return welcome && welcome.role === "seat" ? welcome.seat : null;
  }

  /** Redraws the parts whose slice of the state is not the one `before` held (all of them
   * without `before`); the panels and the spoken words look at every frame. */
  render(before = null) {
    const { table, hand } = this.state;
    const changed = (...slices) => !before || slices.some((slice) => before[slice] !== this.state[slice]);
    if (table) {
      this.el.name.textContent = table.name;
      const mine = this.legal().length ? `${hand.number}|${hand.view.events.length}` : null;
      this.attention.update(`${table.name} · wildstud`, mine, table.name);
      const picking = this.state.choosing && this.state.choosing.dealer === this.mySeat();
      this.turnPill.update(mine ? "Your turn" : picking ? "Pick the game" : "");
    }
    keepFocus(() => {
      if (changed("hand", "table")) this.renderGame();
      // Before the first hand too: an empty banner is only a stripe across the page, and it
      // says who is choosing the first game, as the felt does (choosingWords).
      const idle = !hand && changed("choosing", "table", "welcome");
      if (changed("hand") || idle || !this.el.banner.firstChild) this.renderBanner();
      if (changed("hand", "table", "welcome")) this.renderSeats();
      if (changed("hand", "table", "choosing", "welcome")) this.renderCentre();
      if (changed("choosing", "table", "welcome")) this.picker.render(this.state, this.mySeat());
      if (changed("hand", "welcome", "connection")) this.renderActions();
      if (changed("hand", "notices")) this.renderLog();
      this.renderSeatControls();
      this.showdown.render(this.mySeat(), hand ? hand.number : null, hand);
      this.twice.render(this.mySeat(), hand ? hand.number : null);
      this.practice.render(hand ? hand.number : null, hand?.view.phase === "over");
    });
    this.markProofs();
    const live = this.state.connection !== "refused" && (!table || table.status !== "ended");
    this.awake.want(this.mySeat() !== null && live);
    if (this.host && this.host.update && table) this.host.update(table, hand);
    this.narration.tell(hand, this.wild);
    const body = document.body.dataset;
    body.hand = hand ? String(hand.number) : "";
    body.events = hand ? String(hand.view.events.length) : "0";
    body.phase = hand ? hand.view.phase : "";
    body.role = this.state.welcome ? this.state.welcome.role : "";
    // A toast announced by the frame was placed before this render drew the seats: the
    // player's own cards may be where it stood.
    this.toast.place();
    document.dispatchEvent(new CustomEvent("wildstud:render"));
  }

  /** The cards on the felt marked with their proofs' checks (drawing a card drops its mark). */
  markProofs() {
    const hand = this.state.hand;
    if (hand) this.proofs.mark(this.el.felt, hand.number, hand.view.deal);
  }

  renderGame() {
    const { table, hand } = this.state;
    const parts = [];
    // What matters most first, where a narrow bar cuts the line's end: a table that does not
    // deal says why, then the game (a dealer's choice changes it each hand, and a phone's bar
    // cut "Hand 6: Who Da Baby Daddy Is · 7 car…" where the name said which game), the hand
    // and its street, then what stays the same all night.
    if (table && table.status !== "running")
      parts.push(
        { waiting: "waiting for the host to start", paused: "paused", ended: "the night is over" }[table.status],
      );
    if (table && table.holds_all !== null && table.holds_all !== undefined && table.status !== "ended")
      parts.push(`${this.nameAt(table.holds_all)} holds every chip: no hand until someone rebuys`);
    if (hand) {
      const view = hand.view;
      parts.push(view.game, `hand ${hand.number}`);
      if (view.street) parts.push(view.street);
      if (view.deal > 1) parts.push(`deal ${view.deal}`);
      parts.push(view.options.limit.replace("-", " "));
    }
    // The table's option for learning, said where the table says what it deals.
    if (table && table.settings.practice) parts.push("practice table");
    const text = parts.join(" · ");
    if (this.el.game.textContent !== text) {
      this.el.game.textContent = text;
      this.el.game.title = text; // the whole line, where the bar cuts it short
    }
    this.clock.update(table && table.tournament);
    const stalled = (table && table.stalled) || "";
    if (this.el.stalled.textContent !== stalled) this.el.stalled.textContent = stalled;
    this.el.stalled.hidden = !stalled;
  }

  renderBanner() {
    // Before the first hand, the banner agrees with the felt: who is choosing the first game.
    this.wild = drawBanner(this.el.banner, this.state.hand, choosingWords(this.state, this.mySeat()) || undefined);
  }

  seatCount() {
    const table = this.state.table;
    return table ? table.settings.seats : 6;
  }

  renderSeats() {
    const { table } = this.state;
    const hand = withOwnCards(this.state.hand, (...dealt) => this.private.opened(...dealt));
    const privateDeal = Boolean(table && table.settings.deal === "private");
    if (privateDeal) this.private.checkHand(this.state.hand); // a card at this seat it shared
    drawSeats(this.el.seats, {
      hand,
      wild: this.wild,
      table,
      total: this.seatCount(),
      mine: this.mySeat(),
      privateDeal,
    });
    this.tick();
  }

  renderCentre() {
    const { hand, table } = this.state;
    const rabbit = rabbitPanel(hand, {
      offer: Boolean(this.seatToken && table && table.settings.rabbit_hunt),
      ask: () => this.askRabbit(),
      checked: hand && hand.rabbit ? this.rabbitChecks.get(hand.number) : null,
    });
    const choosing = choosingWords(this.state, this.mySeat());
    if (choosing) {
      // The last hand is over and the next game is being chosen: the felt says so, every page.
      drawCentre(this.el.centre, null, null, null, { text: choosing, clock: true });
      tickChoosing(this.state, this.el.centre);
      return;
    }
    drawCentre(this.el.centre, hand, this.wild, rabbit, idleWords(this.state));
  }

  /** Ask for the rabbit of the hand just won by a fold; a refusal says why. */
  askRabbit() {
    const hand = this.state.hand;
    if (!hand) return;
    askRabbit(this.seatToken, hand.number).catch((error) => this.panel.showError(error.message));
  }

  /** Check a rabbit's proofs as it arrives, then show what the check found. */
  checkRabbit(frame) {
    const hand = this.state.hand;
    if (!hand || hand.number !== frame.number) return;
    this.rabbitChecks.delete(frame.number);
    checkRabbit(frame, hand.view.events).then((result) => {
      this.rabbitChecks.set(frame.number, result);
      this.renderCentre();
    });
  }

  legal() {
    const hand = this.state.hand;
    if (!hand || hand.you === null || hand.view.phase !== "player" || hand.view.to_act !== hand.you) return [];
    return hand.view.legal_actions;
  }

  /** This seat's choices now (empty when it is not its turn). */
  choices() {
    const hand = this.state.hand;
    const legal = this.legal();
    return legal.length ? choices(legal, hand.view) : [];
  }

  renderActions() {
    const { hand, connection } = this.state;
    const mine = this.mySeat();
    const table = this.state.table;
    const out = mine === null ? "" : outOfTournament(table && table.tournament, mine, this.nameAt(mine));
    let waiting = "";
    if (mine === null) waiting = "Watching.";
    else if (out) waiting = out;
    else if (hand && hand.view.phase === "player") waiting = "Waiting for the others…";
    const potRaise = hand ? hand.view.pot_raise_to : null;
    const began = this.panel.render({ hand, connection, waiting, potRaise });
    if (began) this.reveal();
  }

  /** The turn's controls brought into view, where no toast covers them; the focus stays put. */
  reveal() {
    if (!this.el.actions.closest(".stage")) this.el.actions.scrollIntoView({ block: "nearest" });
    this.toast.place();
  }

  tick() {
    this.showdown.tick();
    this.twice.tick();
    if (this.clock) this.clock.tick();
    const hand = this.state.hand;
    const element = this.el.seats.querySelector(".to-act .clock");
    this.picker.tick(this.state);
    tickChoosing(this.state, this.el.centre);
    if (!hand || !element || !hand.clock) return;
    const clock = hand.clock;
    if (!clock.running || clock.clock === null) {
      setText(element, "clock stopped");
      return;
    }
    const elapsed = (performance.now() - this.state.clockAt) / 1000;
    const left = Math.max(0, clock.clock - elapsed);
    const bank = left > 0 ? clock.bank : Math.max(0, clock.bank - (elapsed - clock.clock));
    // The clock's face is drawn by app.css (.clock::before): no emoji the page's font may lack.
    setText(element, left > 0 ? `${Math.ceil(left)} s` : `time bank ${Math.ceil(bank)} s`);
    element.classList.toggle("low", left < 6);
  }

  renderSeatControls() {
    const table = this.state.table;
    const mine = this.mySeat();
    const seat = table && mine !== null ? table.seats.find((item) => item.seat === mine) : null;
    // Once the night is over, or the player is out of the tournament, there is nothing to sit
    // out of or back in to.
    const out = table && placeOf(table.tournament, mine, this.nameAt(mine));
    this.seatControls.render(table && table.status !== "ended" && !out ? seat || null : null, table && table.settings);
  }

  renderLog() {
    const hand = this.state.hand;
    const log = this.el.log;
    const events = hand ? hand.view.events.map((event) => describeEvent(event, hand.names)).filter(Boolean) : [];
    // The host's changes: those that hold from this hand head its log, those for the next end it.
    const number = hand ? hand.number : 0;
    const notices = (when) => this.state.notices.filter((notice) => when(notice.hand)).map((notice) => notice.text);
    const lines = [
      ...notices((from) => from === number).map((text) => `From this hand: ${text}`),
      ...events,
      ...notices((from) => from > number).map((text) => `From the next hand: ${text}`),
    ];
    // Each line keyed by its place in the hand's log: a frame builds the lines it added, and the
    // window of the last 60 moves on without redrawing the lines that stay in it.
    const start = Math.max(0, lines.length - 60);
    drawKeyed(
      log,
      lines.slice(start).map((line, index) => {
        const key = `line-${start + index}`;
        return { key, drawn: line, draw: () => h("li", { "data-key": key }, line) };
      }),
    );
    this.followLog();
  }
}
