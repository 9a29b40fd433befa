// Past hands: a list, any hand replayed move by move as the table showed it (replay.js), its
// PHH record to download and its shared link to make. At a seat (given its token) a hand
// replays from that seat: the server sends the seat's own hole cards and no one else's hidden
// card the showdown did not show. A shared link is always the spectator's view. Once the night
// is over, the night's audit (nightcheck.js) heads the list: every deck of the night checked here.

import { api, base } from "./api.js";
import { h } from "./dom.js";
import { nightAuditSection, watchNight } from "./nightcheck.js";
import { showReplay } from "./replay.js";

/** How long a refused list of hands waits before it is asked for again (ms). */
const LIST_RETRY_MS = 2000;

export class HistoryPanel {
  constructor(element, seatCount = () => 6, seatToken = null, ended = () => false) {
    this.element = element;
    this.ended = ended;
    this.auditBox = h("div", { className: "night-audit-box" });
    this.seatCount = seatCount;
    this.seatToken = seatToken;
    this.tableId = null;
    this.fresh = false;
  }

  /** Where a finished hand is read from: the seat's own view at a seat, else the table's. */
  handPath(number) {
    return this.seatToken
      ? `/seat/${encodeURIComponent(this.seatToken)}/hands/${number}`
      : `/tables/${this.tableId}/hands/${number}`;
  }

  stale(tableId = this.tableId) {
    this.fresh = false;
    if (!this.element.closest("[hidden]") && tableId) this.load(tableId);
  }

  async load(tableId) {
    this.tableId = tableId;
    if (this.fresh) return;
    this.fresh = true;
    let hands;
    try {
      hands = await api(`/tables/${tableId}/hands?limit=50`);
    } catch (error) {
      // Refused for now (too many reads from this address at once, a server restarting): the
      // list is asked for again in a moment while the panel is open (at a paused table no hand
      // ends to ask again), and when the panel is next opened or a hand ends.
      this.fresh = false;
      const passing = error.status === undefined || error.status === 429 || error.status >= 500;
      const said = passing ? `${error.message}: trying again in a moment…` : error.message;
      this.element.replaceChildren(h("h2", {}, "Past hands"), h("p", { role: "alert" }, said));
      if (passing) setTimeout(() => this.fresh || this.stale(), LIST_RETRY_MS);
      return;
    }
    const list = h(
      "ul",
      { className: "hand-list" },
      hands.map((hand) => {
        const net = hand.final_stacks.map((stack, index) => stack - hand.starting_stacks[index]);
        const summary = hand.players
          .map((name, index) => `${name} ${net[index] >= 0 ? "+" : ""}${net[index]}`)
          .join(", ");
        return h(
          "li",
          {},
          h(
            "button",
            { type: "button", "data-hand": hand.number, onclick: () => this.replay(hand.number) },
            `Hand ${hand.number}: ${hand.title}`,
          ),
          " ",
          h("span", { className: "muted" }, summary),
          " ",
          h(
            "a",
            { href: `${base}/api${this.handPath(hand.number)}/phh`, download: `${tableId}-${hand.number}.phh` },
            "PHH",
          ),
        );
      }),
    );
    // A replay in progress stays put when the list is refreshed after a hand ends, and keeps
    // its focus: taken out and put back, its focused button would lose it, and a keyboard
    // player's next Enter would go to the page instead of the replay.
    this.replayBox = this.replayBox || h("div", { className: "replay" });
    const focused = document.activeElement;
    this.drawAudit();
    this.element.replaceChildren(
      h("h2", {}, "Past hands"),
      this.auditBox,
      hands.length ? list : h("p", {}, "No finished hand yet."),
      this.replayBox,
    );
    if (focused && focused !== document.activeElement && this.replayBox.contains(focused)) {
      focused.focus({ preventScroll: true });
    }
  }

  /** The night's audit, once the night is over: checked once, then shown as it stands. */
  drawAudit() {
    if (!this.ended() || !this.tableId) {
      this.auditBox.replaceChildren();
      return;
    }
    const outcome = watchNight(this.tableId, () => this.drawAudit());
    const wasOpen = Boolean(this.auditBox.querySelector(".night-audit-deals[open]"));
    this.auditBox.replaceChildren(nightAuditSection(this.tableId, outcome, wasOpen, true));
  }

  async replay(number) {
    const table = encodeURIComponent(this.tableId);
    await showReplay(this.replayBox, {
      paths: {
        steps: `${this.handPath(number)}/steps`,
        phh: `${this.handPath(number)}/phh`,
        odds: `/tables/${table}/hands/${number}/odds`,
      },
      filename: () => `${this.tableId}-${number}.phh`,
      seatCount: () => this.seatCount(),
      share: () => api(`/tables/${table}/hands/${number}/share`, { method: "POST" }),
    });
  }
}
