// The night's ledger, always in the page: each player's buy-ins, cash-outs, chips at the table
// and net, with the balance; the requests for chips waiting for the host (with the host's
// approve and decline); a seat's own request for chips; and once the host ends the night, the
// settle-up ("Bob pays Ann 35") with its CSV and JSON. The bots are the house: their figures
// are one line of their own, never a payment, and the night says what the people do with the
// house's result (shared among them, or left aside). The figures come from the server
// (GET /api/tables/{id}/night), fetched again whenever a table frame shows a change that can
// move them (nightKey: a hand's end, a seat taken or left, chips bought or cashed out, the
// night's status; never a hand's start, a bet or a clock), and each player's luck (luck.js) once
// more whenever a hand ends; nothing here works a figure out for itself. The ledger is drawn
// again only when something it shows changed (drawnFrom).

import { api, base } from "./api.js";
import { h, mergeChildren } from "./dom.js";
import { leaveWords } from "./tourneyclock.js";
import { fetchLuck, luckSection } from "./luck.js";
import { nightAuditSection, progressWords, watchNight } from "./nightcheck.js";
import { drawnFrom, nightKey } from "./ledgerkey.js";
import { describeHoldsAll, describeLedgerUnread } from "./words.js";

const REFETCH_MS = 150;
// A fetch of the night that failed is tried again after 5 s, then 10, 20 and 40, then each
// minute: a server restarting comes back within seconds, one that is down is not hammered.
const RETRY_MS = [5000, 10000, 20000, 40000, 60000];

export class LedgerPanel {
  /**
   * `send(frame, words)` sends a seat's request over the table's socket (the action panel's
   * send, which shows the server's answer); `hostToken` is set on the host's page only.
   */
  constructor({ send, hostToken = null, seatToken = null, beforeLeave = async () => {} }) {
    this.send = send;
    this.beforeLeave = beforeLeave; // what the page does before its player leaves
    this.hostToken = hostToken;
    this.seatToken = seatToken;
    this.leaving = false;
    this.table = null;
    this.seat = null;
    this.night = null;
    this.luck = null;
    this.luckKey = null;
    this.audit = null; // a private table's audit as the server says it (its private_audit frame)
    this.key = null; // the night's key (nightKey) of the latest table frame
    this.current = false; // whether this.night was read since that key last changed
    // The hand the figures shown leave out, as they stand ("Hand N counts once it ends").
    this.counting = null;
    this.nightText = null; // this.night as the server sent it, to tell a changed one
    this.drawn = null; // what the ledger was last drawn from (drawnFrom)
    this.asked = 0; // fetches of the night asked, and the latest of them answered
    this.answered = 0;
    this.message = "";
    this.unread = ""; // why the night's figures could not be read, and when they are tried again
    this.failures = 0; // fetches of the night that failed since the last one answered
    this.confirming = false;
    this.rebuyError = "";
    this.timer = null;
    this.element = h("section", { id: "ledger", className: "ledger", "aria-labelledby": "ledger-title" });
    this.element.addEventListener("click", (event) => this.onClick(event));
    this.element.addEventListener("submit", (event) => this.onSubmit(event));
  }

  /** A table frame arrived: fetch the night again if its figures may have moved, and redraw
   * if anything the ledger shows changed. */
  update(table, welcome) {
    this.table = table;
    this.seat = welcome && welcome.role === "seat" ? welcome.seat : null;
    const key = nightKey(table);
    if (key !== this.key) {
      this.key = key;
      this.current = false;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.refresh(), REFETCH_MS);
    } else if (this.current) {
      // Nothing that moves a figure happened since they were read: a hand begun since stands
      // where they do, and they leave it out as the server would.
      this.counting = table.hand_in_progress ?? null;
    }
    this.redraw();
  }

  /** A private table's audit as the server says it (its `private_audit` frame): the page
   * checks the night record itself, and says where the two disagree. */
  privateAudit(frame) {
    this.audit = frame;
    this.render();
  }

  async refresh() {
    if (!this.table) return;
    const key = this.key;
    const order = ++this.asked;
    try {
      const night = await api(`/tables/${this.table.id}/night`);
      if (order < this.answered) return; // a later fetch answered first: its figures stand
      this.answered = order;
      const text = JSON.stringify(night);
      if (text !== this.nightText) [this.night, this.nightText] = [night, text];
      this.counting = night.hand_in_progress ?? null;
      this.current = this.key === key; // else a later frame's fetch is on its way
      [this.unread, this.failures] = ["", 0];
    } catch (error) {
      if (order < this.answered) return; // a later fetch answered: the figures are current
      const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)];
      this.failures += 1;
      this.unread = describeLedgerUnread(error.message, wait / 1000);
      // Nothing else may fetch again (a quiet table sends no frame that moves the figures).
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.refresh(), wait);
    }
    this.redraw();
    // Luck moves only when a hand ends; a hand's figures take the server a moment the first
    // time, so they come after the ledger's.
    const luckKey = `${this.table.hands_dealt}:${this.table.hand_in_progress}`;
    if (luckKey !== this.luckKey) {
      this.luckKey = luckKey;
      this.luck = (await fetchLuck(this.table.id)) || this.luck;
      this.render();
    }
  }

  async host(path) {
    try {
      await api(`/host/${this.hostToken}${path}`, { method: "POST" });
      this.message = "";
    } catch (error) {
      this.message = error.message;
    }
    this.render();
  }

  onClick(event) {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    const { action, request } = button.dataset;
    if (action === "approve" || action === "decline") this.host(`/rebuys/${request}/${action}`);
    else if (action === "end") {
      this.confirming = true;
      this.render();
      this.element.querySelector("button[data-action='end-yes']")?.focus();
    } else if (action === "end-no") {
      this.confirming = false;
      this.render();
    } else if (action === "end-yes") {
      this.confirming = false;
      this.host("/end");
    } else if (action === "leave" || action === "leave-no") {
      this.leaving = action === "leave";
      this.render();
      if (this.leaving) this.element.querySelector("button[data-action='leave-yes']")?.focus();
    } else if (action === "leave-yes") {
      this.leaving = false;
      this.leave();
    }
  }

  async leave() {
    try {
      await this.beforeLeave(); // a private table's secrets of the hands over (privaterounds.js)
      await api(`/seat/${this.seatToken}/leave`, { method: "POST" });
      this.message =
        "You are leaving the table: your chips are cashed out (at the end of the hand, if you are in one).";
    } catch (error) {
      this.message = error.message;
    }
    this.render();
  }

  /** The server's answer to a request of this page (socket.js): a refused request for chips is
   * said next to the rebuy field. */
  settled(outcome, request, frame) {
    if (request.type !== "rebuy") return;
    this.rebuyError = outcome === "refused" ? frame.message : "";
    this.render();
  }

  onSubmit(event) {
    event.preventDefault();
    const input = this.element.querySelector("#rebuy-amount");
    const amount = Number(input.value);
    this.rebuyError = "";
    if (!Number.isInteger(amount) || amount < 1) {
      this.rebuyError = "Ask for a whole number of chips, 1 or more.";
    } else if (this.send({ type: "rebuy", amount }, `request for ${amount} chips`)) {
      this.message = "";
      input.value = "";
    } else {
      this.message = "Not connected, or another request is waiting for its answer: try again.";
    }
    this.render();
  }

  /** Draw the ledger again if anything it shows from the table, the night or its message
   * changed since it was last drawn (a bet, a clock or a connection changes none of them). */
  redraw() {
    if (this.table && drawnFrom(this) !== this.drawn) this.render();
  }

  render() {
    if (!this.table) return;
    this.drawn = drawnFrom(this);
    const fresh = h("div", {}, ...this.draw());
    mergeChildren(this.element, fresh);
  }

  draw() {
    const table = this.table;
    const night = this.night;
    const ended = table.status === "ended";
    // A tournament's night is its money (the server's figures): buy-ins, rebuys and add-ons
    // paid in, and each prize once every place is paid.
    const tourney = Boolean(table.tournament);
    const title = tourney
      ? ended
        ? "The tournament is over: the settle-up"
        : "The tournament's money"
      : ended
        ? "The night is over: the settle-up"
        : "The night's ledger";
    const parts = [h("h2", { id: "ledger-title" }, title)];
    if (tourney)
      parts.push(
        h(
          "p",
          { className: "muted", "data-key": "tourney-money" },
          "In money: what each entrant paid in, and what they hold once every place is paid (until then, what they paid: the prize pool holds it). Rebuys and the add-on are the host's to give.",
        ),
      );
    if (ended && night) parts.push(this.drawSettleUp(night));
    // The buttons come first, the ones that lie still first of all: whatever a frame makes
    // appear or go above a button moves it, and a button that moves under a finger pressing it
    // loses the click (the release lands on what took its place, and the click on the ledger
    // itself). Leave and End the night change only when pressed; the figures, the hand they
    // leave out and the luck come and go with the hands, so they lie under every button.
    if (this.seat !== null && this.seatToken && !ended) parts.push(this.drawLeave());
    if (this.hostToken && !ended) parts.push(this.drawEnd());
    if (table.holds_all !== null && table.holds_all !== undefined && !ended && !tourney) {
      const holder = table.seats.find((seat) => seat.seat === table.holds_all);
      const reader = this.seat === table.holds_all ? "holder" : this.seat !== null ? "seated" : "watcher";
      parts.push(
        h(
          "p",
          { className: "holds-all", role: "status", "data-key": "holds-all" },
          describeHoldsAll(holder?.name, reader),
        ),
      );
    }
    if (this.seat !== null && !ended && !tourney) parts.push(this.drawAsk());
    parts.push(this.drawRequests());
    parts.push(h("p", { className: "ledger-message", role: "status", "data-key": "message" }, this.message));
    parts.push(h("p", { className: "ledger-unread", role: "status", "data-key": "unread" }, this.unread));
    if (night) parts.push(this.drawFigures(night));
    if (night && this.luck) parts.push(luckSection(this.luck, this.playerId(night)));
    return parts;
  }

  /** Whether the night and its last hand are over, as the latest table frame says (the
   * night's figures may be a frame behind): the night record is offered from then on. */
  over() {
    const table = this.table;
    return table.status === "ended" && (table.hand_in_progress === null || table.hand_in_progress === undefined);
  }

  /** The night's audit, checked in this browser once the night record is offered. */
  drawAudit(id) {
    const outcome = watchNight(id, () => this.render());
    const wasOpen = Boolean(this.element.querySelector(".night-audit-deals[open]"));
    return nightAuditSection(id, outcome, wasOpen);
  }

  /** A private table's audit once the night is over: the night record checked in this page
   * (nightcheck.js, privateaudit.js) once the server offers it (after its own audit of the last
   * hand), where the server's own audit says otherwise, and the record to check again offline. */
  drawPrivateAudit(id, base) {
    const outcome = this.over() ? watchNight(id, () => this.render()) : undefined;
    return h(
      "div",
      { className: "downloads night-record private-audit", "data-key": "private-audit" },
      outcome === undefined
        ? h(
            "p",
            { role: "status" },
            progressWords(id) ??
              "Every player's page and the server are publishing their secrets for the night's audit…",
          )
        : nightAuditSection(id, outcome, false, false, this.audit),
      h(
        "p",
        {},
        h(
          "a",
          { href: `${base}/api/tables/${id}/night-record`, download: `${id}-night-record.json`, id: "night-record" },
          "Download the night record",
        ),
        ": every deal's keys, masked decks, unmaskings and published secrets. Check it with ",
        h("code", {}, "wildstud verify --night FILE"),
        ".",
      ),
    );
  }

  /** This page's own ledger account: the seat's, or null on a spectator's or host's page. */
  playerId(night) {
    const me = this.seat === null ? null : night.players.find((player) => player.seat === this.seat);
    return me ? me.player_id : null;
  }

  drawFigures(night) {
    const rows = night.players.map((player) =>
      h(
        "tr",
        { "data-key": `player-${player.player_id}` },
        h("th", { scope: "row" }, player.name, player.seat === null ? h("small", {}, " (left)") : ""),
        h("td", {}, String(player.buy_ins), player.rebuys ? h("small", {}, ` (${rebuyWords(player.rebuys)})`) : ""),
        h("td", {}, String(player.cash_outs)),
        h("td", {}, String(player.chips)),
        h("td", { className: player.net > 0 ? "up" : player.net < 0 ? "down" : "" }, signed(player.net)),
      ),
    );
    const balance = night.balanced
      ? `Balanced: ${night.buy_ins} bought in = ${night.chips} at the table + ${night.cash_outs} cashed out.`
      : `Out of balance: ${night.buy_ins} bought in, ${night.chips} at the table, ${night.cash_outs} cashed out. Tell the host.`;
    return h(
      "div",
      { className: "ledger-figures", "data-key": "figures" },
      h(
        "table",
        { className: "ledger-table" },
        h("caption", { className: "visually-hidden" }, "Each player's chips tonight"),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, "Player"),
            h("th", { scope: "col" }, "Bought in"),
            h("th", { scope: "col" }, "Cashed out"),
            h("th", { scope: "col" }, "At the table"),
            h("th", { scope: "col" }, "Net"),
          ),
        ),
        h("tbody", {}, rows),
        h(
          "tfoot",
          {},
          night.house && night.house.bots.length ? houseRow(night.house) : "",
          h(
            "tr",
            {},
            h("th", { scope: "row" }, "Total"),
            h("td", {}, String(night.buy_ins)),
            h("td", {}, String(night.cash_outs)),
            h("td", {}, String(night.chips)),
            h("td", {}, "0"),
          ),
        ),
      ),
      h("p", { className: night.balanced ? "balance" : "balance off", "data-key": "balance" }, balance),
      // Kept between hands, empty and as high (app.css), so that the luck under it stays put;
      // gone once the night and its last hand are over: no hand is to come, and it was a blank
      // a line or two high between the settle-up's figures and the luck.
      this.over() && this.counting === null
        ? ""
        : h(
            "p",
            { className: "muted counting", "data-key": "in-progress" },
            this.counting !== null ? `Hand ${this.counting} counts once it ends: the figures stand as it began.` : "",
          ),
    );
  }

  drawRequests() {
    const requests = this.table.rebuys || [];
    if (!requests.length) return h("div", { "data-key": "requests", hidden: true });
    const items = requests.map((request) =>
      h(
        "li",
        { "data-key": `request-${request.id}` },
        `${request.name} asks for a ${request.kind} of ${request.amount}`,
        request.status === "approved" ? ": approved, it comes when this hand ends." : ": waiting for the host.",
        this.hostToken && request.status === "pending"
          ? h(
              "span",
              { className: "request-buttons" },
              " ",
              h(
                "button",
                {
                  type: "button",
                  "data-action": "approve",
                  "data-request": request.id,
                  "aria-label": `Approve ${request.name}'s ${request.kind} of ${request.amount}`,
                },
                "Approve",
              ),
              " ",
              h(
                "button",
                {
                  type: "button",
                  "data-action": "decline",
                  "data-request": request.id,
                  "aria-label": `Decline ${request.name}'s ${request.kind} of ${request.amount}`,
                },
                "Decline",
              ),
            )
          : "",
      ),
    );
    return h(
      "div",
      { "data-key": "requests", className: "requests" },
      h("h3", {}, "Requests for chips"),
      h("ul", {}, items),
    );
  }

  drawAsk() {
    const mine = this.table.seats.find((seat) => seat.seat === this.seat);
    const empty = mine && mine.stack === 0;
    const waiting = (this.table.rebuys || []).find((request) => request.seat === this.seat);
    if (waiting)
      return h(
        "p",
        { className: "rebuy", "data-key": "asked" },
        waiting.status === "approved"
          ? `Your ${waiting.kind} of ${waiting.amount} is approved: the chips come when this hand ends.`
          : `Your ${waiting.kind} of ${waiting.amount} is waiting for the host.`,
      );
    return h(
      "form",
      { className: "rebuy", "data-key": "ask", "aria-labelledby": "rebuy-label" },
      h(
        "label",
        { for: "rebuy-amount", id: "rebuy-label" },
        empty ? "Rebuy: chips to ask the host for" : "Top up: chips to ask the host for",
      ),
      " ",
      h("input", {
        id: "rebuy-amount",
        type: "number",
        min: 1,
        step: 1,
        inputmode: "numeric",
        required: true,
        "aria-describedby": "rebuy-error",
        "aria-invalid": this.rebuyError ? "true" : "false",
      }),
      " ",
      h("button", { type: "submit", id: "rebuy-ask" }, empty ? "Ask to rebuy" : "Ask to top up"),
      h("small", { className: "muted" }, " The chips come between hands, once the host approves."),
      h("p", { id: "rebuy-error", className: "invalid-message", role: "alert" }, this.rebuyError),
    );
  }

  drawLeave() {
    const mine = this.table.seats.find((seat) => seat.seat === this.seat);
    const [button, question] = leaveWords(this.table.tournament, this.seat, mine ? mine.name : null);
    if (!this.leaving)
      return h(
        "div",
        { className: "end-night", "data-key": "leave" },
        h("button", { type: "button", "data-action": "leave", id: "leave-table" }, button),
      );
    return h(
      "div",
      { className: "end-night", "data-key": "leave-confirm", role: "group", "aria-labelledby": "leave-question" },
      h("p", { id: "leave-question" }, question),
      h("button", { type: "button", "data-action": "leave-yes", id: "leave-yes" }, "Yes, leave"),
      " ",
      h("button", { type: "button", "data-action": "leave-no" }, "Stay"),
    );
  }

  drawEnd() {
    if (!this.confirming)
      return h(
        "div",
        { className: "end-night", "data-key": "end" },
        h("button", { type: "button", "data-action": "end", id: "end-night" }, "End the night"),
      );
    return h(
      "div",
      { className: "end-night", "data-key": "end-confirm", role: "group", "aria-labelledby": "end-question" },
      h("p", { id: "end-question" }, "End the night? The hand in progress plays out, then no more hands are dealt."),
      h("button", { type: "button", "data-action": "end-yes", id: "end-night-yes" }, "Yes, end the night"),
      " ",
      h("button", { type: "button", "data-action": "end-no" }, "Not yet"),
    );
  }

  drawSettleUp(night) {
    const id = this.table.id;
    const transfers = night.transfers.map((transfer, index) =>
      h(
        "li",
        { "data-key": `transfer-${index}` },
        h("strong", {}, transfer.payer),
        " pays ",
        h("strong", {}, transfer.payee),
        ` ${transfer.amount}`,
      ),
    );
    const provisional = this.counting !== null;
    const privateDeal = Boolean(this.table && this.table.settings && this.table.settings.deal === "private");
    return h(
      "div",
      { className: provisional ? "settle-up provisional" : "settle-up", id: "settle-up", "data-key": "settle-up" },
      provisional
        ? h(
            "p",
            { className: "provisional-note" },
            h("strong", {}, "Provisional: "),
            `the last hand (hand ${this.counting}) is being played out; these payments change once it ends.`,
          )
        : "",
      transfers.length
        ? h(
            "ol",
            { className: "transfers", "aria-label": provisional ? "Who pays whom, provisional" : "Who pays whom" },
            transfers,
          )
        : h("p", {}, "Nobody owes anybody anything."),
      night.house && night.house.bots.length ? h("p", { className: "house-note" }, houseWords(night)) : "",
      h(
        "p",
        { className: "muted" },
        night.minimal
          ? `${transfers.length} ${transfers.length === 1 ? "payment" : "payments"}, the fewest that square everyone.`
          : "These payments square everyone.",
      ),
      h(
        "p",
        { className: "downloads" },
        h(
          "a",
          { href: `${base}/api/tables/${id}/night.csv`, download: `${id}-night.csv`, id: "night-csv" },
          "Download CSV",
        ),
        " · ",
        h(
          "a",
          { href: `${base}/api/tables/${id}/night`, download: `${id}-night.json`, id: "night-json" },
          "Download JSON",
        ),
      ),
      // The night is over: the server reveals its night seed, and anyone can recompute every
      // deck of the night from it and the players' values (docs/security.md). At a private
      // table every party publishes its secrets instead, and the server's audit is said here.
      provisional
        ? ""
        : privateDeal
          ? this.drawPrivateAudit(id, base)
          : h(
              "p",
              { className: "downloads night-record" },
              h(
                "a",
                {
                  href: `${base}/api/tables/${id}/night-record`,
                  download: `${id}-night-record.json`,
                  id: "night-record",
                },
                "Download the night record",
              ),
              ": every deck of the night, the seed the server committed to and each player's value. Check it with ",
              h("code", {}, "wildstud verify --night FILE"),
              ".",
            ),
      // ... and this page checks it too, as soon as it is offered (nightcheck.js).
      provisional || privateDeal || !this.over() ? "" : this.drawAudit(id),
    );
  }
}

function houseRow(house) {
  const names = house.bots.map((bot) => bot.name).join(", ");
  return h(
    "tr",
    { className: "house", "data-key": "house" },
    h("th", { scope: "row" }, "The house", h("small", {}, ` (bots: ${names})`)),
    h("td", {}, String(house.buy_ins)),
    h("td", {}, String(house.cash_outs)),
    h("td", {}, String(house.chips)),
    h("td", { className: house.net > 0 ? "up" : house.net < 0 ? "down" : "" }, signed(house.net)),
  );
}

/** What the house (the bots) did tonight and what the people do with it, in a sentence. */
export function houseWords(night) {
  const house = night.house;
  const result = house.net > 0 ? `won ${house.net}` : house.net < 0 ? `lost ${-house.net}` : "neither won nor lost";
  const start = `The bots are the house and never pay or receive: they ${result} tonight`;
  if (!house.net) return `${start}.`;
  if (house.result === "aside")
    return `${start}, left aside: nobody pays it or is paid it, so the people who ${
      house.net < 0 ? "won it from the bots give it up" : "lost it to the bots owe it to nobody"
    }.`;
  const shares = night.players.map((player) => player.share);
  const low = Math.min(...shares);
  const high = Math.max(...shares);
  const each = low === high ? signed(low) : `${signed(low)} to ${signed(high)}`;
  // With no payment to make the shares have squared everyone; "in the payments above" would
  // point at none.
  const where = night.transfers.length ? "in the payments above" : "which squares everyone";
  if (night.players.length === 1)
    return `${start}, all of it ${night.players[0].name}'s, the only person at the table: ${each}, ${where}.`;
  return `${start}, shared among the people: ${each} each, ${where}.`;
}

function signed(net) {
  return net > 0 ? `+${net}` : String(net);
}

function rebuyWords(count) {
  return count === 1 ? "1 rebuy or top-up" : `${count} rebuys or top-ups`;
}
