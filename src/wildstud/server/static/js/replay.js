// A finished hand replayed move by move as it was seen, with each hand's chances at every
// street beside it and its PHH record to download: the history's replay (history.js) and a
// shared hand's page (shared.js) alike. The cards the hand showed are checked here against each
// deal's commitment (the Merkle root the server sent before the deal's first card) and the
// position each was dealt from (proofs.js), and marked as proven.

import { api, base } from "./api.js";
import { h } from "./dom.js";
import { cardName, pretty } from "./cards.js";
import { icon } from "./icons.js";
import { describeEvent } from "./events.js";
import { drawBanner, drawCentre, drawSeats } from "./drawing.js";
import { fetchOdds, oddsPanel } from "./replayodds.js";
import { canCheck, checkCards, failures, markCards } from "./proofs.js";
import { describeShuffle } from "./words.js";

/** Each card the hand shows, checked against its deal's root and the position it was dealt
 * from (proofs.js); null where the browser has no WebCrypto (a page served over plain http
 * from another machine). */
async function checkProofs(record, events) {
  return canCheck() ? checkCards(record.commitments, record.proofs, events) : null;
}

/** Who got each card the events show, by "deal:card": an engine seat, or null (the centre). */
function holders(events) {
  const found = new Map();
  let deal = 1;
  for (const event of events) {
    if (event.type === "deal_started") deal = event.deal;
    else if (event.type === "dealt" && event.card) found.set(`${deal}:${event.card}`, event.seat);
    else if ((event.type === "centre_card" || event.type === "community_card") && event.card)
      found.set(`${deal}:${event.card}`, null);
    else if (event.type === "shown") {
      // Hole cards first seen at the showdown (a community card in a shown hand stays the centre's).
      for (const card of event.cards) if (!found.has(`${deal}:${card}`)) found.set(`${deal}:${card}`, event.seat);
    }
  }
  return found;
}

function provenSection(record, events, results, level) {
  const section = h("section", { className: "proven-cards", "aria-label": "Proven cards" });
  if (!record.commitments.length) {
    const none = record.private
      ? "This hand was dealt privately: no deck was ever known, so it has no deck proofs. Each card was checked as it was opened, and the night's audit checks every party."
      : "This hand was dealt before deck commitments: it has no proofs.";
    section.append(h("p", { className: "muted" }, none));
    return section;
  }
  const failed = results ? failures(results, pretty) : [];
  const status =
    results === null
      ? "This browser cannot check the proofs here (WebCrypto needs https or this computer); download the PHH record and run wildstud verify."
      : failed.length
        ? `A card fails its check: ${failed.join(" ")} That card is not the one the deck was committed to.`
        : `All ${record.proofs.length} proofs hold: each card shown is the one the deck was committed to before the deal, dealt from its committed position (checked in this browser). Folded and mucked cards were never opened.`;
  section.append(
    h(`h${level}`, {}, "Proven cards"),
    h("p", { className: failed.length ? "proof-failed" : "proof-status" }, status),
    // Which kind of deal made each deck: the players' shuffle names whose values made it.
    ...record.commitments.map((item) =>
      h(
        "p",
        { className: "deal-kind" },
        `${record.commitments.length > 1 ? `Deal ${item.deal}` : "The deck"}: ${describeShuffle(item.made_from)}.`,
      ),
    ),
  );
  const seats = holders(events);
  const rows = new Map();
  for (const proof of record.proofs) {
    const key = `${proof.deal}:${proof.card}`;
    const seat = seats.has(key) ? seats.get(key) : null;
    const who = seat === null ? "centre" : record.names[seat];
    const row = `${proof.deal}:${who}`;
    if (!rows.has(row)) rows.set(row, { deal: proof.deal, who, cards: [] });
    const ok = results ? Boolean(results.get(key) && results.get(key).ok) : null;
    const mark = ok === null ? "?" : icon(ok ? "check" : "cross");
    const label = `${cardName(proof.card)}, ${ok === null ? "proof not checked here" : ok ? "proven" : "proof fails"}`;
    rows
      .get(row)
      .cards.push(
        h(
          "span",
          { className: `proof ${ok === false ? "proof-bad" : ""}`, role: "img", "aria-label": label, title: label },
          pretty(proof.card),
          h("span", { className: "proof-mark", "aria-hidden": "true" }, mark),
        ),
      );
  }
  const list = h("ul", { className: "proof-list" });
  for (const { deal, who, cards } of rows.values()) {
    const head = record.commitments.length > 1 ? `deal ${deal}, ${who}: ` : `${who}: `;
    list.append(h("li", {}, head, ...cards.flatMap((card) => [card, " "])));
  }
  section.append(list);
  return section;
}

/**
 * Replay a finished hand in `box`, step by step as it was seen, with the odds beside it and its
 * PHH record to download. `source.paths` holds the API paths of its `steps`, `odds` and `phh`;
 * `source.filename(record)` names the download and `source.seatCount(record)` the seats to draw
 * (`record`: the steps); `source.share`, where given, asks the server for the hand's shared
 * link (a promise of it); `source.heading` is the heading's element ("h3" by default);
 * `source.noSpoilers` keeps the proven cards back until the last step.
 */
export async function showReplay(box, source) {
  const record = await api(source.paths.steps);
  const frames = record.steps;
  const events = frames.flatMap((frame) => frame.events);
  const counts = [];
  frames.reduce((total, frame) => {
    counts.push(total + frame.events.length);
    return total + frame.events.length;
  }, 0);
  const last = frames.length - 1;
  const title = frames[0].view.game;
  const you = record.you ?? null;
  const from = you === null ? "as the table saw it" : `from your seat (${record.names[you]})`;
  const heading = h(source.heading || "h3", { tabIndex: -1 }, `Hand ${record.number}: ${title}, ${from}`);
  const shareLine = h("p", { className: "share-line", "aria-live": "polite" });
  const stepLine = h("p", { className: "step", "aria-live": "polite" });
  const banner = h("section", { className: "banner replay-banner", "aria-label": "Wild cards at this step" });
  const centre = h("div", { className: "centre" });
  const seats = h("div", { className: "seats" });
  const felt = h(
    "div",
    { className: "felt replay-felt", role: "region", "aria-label": "The table at this step" },
    centre,
    seats,
  );
  const log = h("ol", { className: "log replay-log", "aria-label": "What happened so far" });
  // The replay's own sections sit one level under its heading.
  const level = Number((source.heading || "h3").slice(1)) + 1;
  const odds = oddsPanel(level);
  let step = 0;
  const go = (to) => {
    step = Math.max(0, Math.min(last, to));
    draw();
  };
  const buttons = {
    start: h("button", { type: "button", "data-step": "start", onclick: () => go(0) }, "« Start"),
    back: h(
      "button",
      { type: "button", "data-step": "back", "aria-keyshortcuts": "ArrowLeft", onclick: () => go(step - 1) },
      icon("back"),
      " Back",
    ),
    next: h(
      "button",
      { type: "button", "data-step": "next", "aria-keyshortcuts": "ArrowRight", onclick: () => go(step + 1) },
      "Next ",
      icon("next"),
    ),
    end: h("button", { type: "button", "data-step": "end", onclick: () => go(last) }, "End »"),
  };
  const controls = h(
    "div",
    { className: "replay-controls", role: "group", "aria-label": "Replay controls" },
    Object.values(buttons),
    h("a", { href: `${base}/api${source.paths.phh}`, download: source.filename(record) }, "Download PHH"),
    source.share ? shareButton(source.share, shareLine) : "",
  );
  // Without spoilers (a shared hand), the proven cards, the showdown's among them, wait until
  // the replay has reached its last step once.
  let reachedEnd = !source.noSpoilers;
  const draw = () => {
    const view = { ...frames[step].view, events: events.slice(0, counts[step]) };
    const hand = { number: record.number, names: record.names, lineup: record.lineup, you, clock: null, view };
    const added = frames[step].events.map((event) => describeEvent(event, record.names)).filter(Boolean);
    const where = [view.street, view.deal > 1 ? `deal ${view.deal}` : null].filter(Boolean).join(", ");
    stepLine.textContent = `Step ${step + 1} of ${frames.length}${where ? ` (${where})` : ""}: ${added.join(" ") || "…"}`;
    const wild = drawBanner(banner, hand);
    const mine = you === null ? null : record.lineup[you];
    drawSeats(seats, { hand, wild, total: source.seatCount(record), mine, showEmpty: false });
    drawCentre(centre, hand, wild);
    markCards(felt, view.deal || 1, results, "proven");
    odds.draw(counts[step]);
    const lines = view.events.map((event) => describeEvent(event, record.names)).filter(Boolean);
    log.start = Math.max(1, lines.length - 7);
    log.replaceChildren(...lines.slice(-8).map((line) => h("li", {}, line)));
    buttons.start.disabled = step === 0;
    buttons.back.disabled = step === 0;
    buttons.next.disabled = step === last;
    buttons.end.disabled = step === last;
    box.dataset.step = String(step);
    reachedEnd = reachedEnd || step === last;
    proven.hidden = !reachedEnd;
    if (box.contains(document.activeElement) && document.activeElement.disabled) {
      (step === last ? buttons.back : buttons.next).focus({ preventScroll: true });
    }
  };
  const results = await checkProofs(record, events);
  const proven = provenSection(record, events, results, level);
  box.replaceChildren(heading, controls, shareLine, stepLine, banner, felt, odds.element, log, proven);
  fetchOdds(source.paths.odds).then(odds.show);
  box.onkeydown = (event) => {
    if (event.key === "ArrowRight") go(step + 1);
    else if (event.key === "ArrowLeft") go(step - 1);
    else return;
    event.preventDefault();
  };
  draw();
  buttons.next.focus({ preventScroll: true });
}

/** The button that asks for the hand's shared link and writes it in `line`. */
function shareButton(share, line) {
  return h(
    "button",
    {
      type: "button",
      "data-share": "",
      onclick: async () => {
        line.replaceChildren("Asking for a link…");
        try {
          const { link } = await share();
          line.replaceChildren(
            h(
              "label",
              {},
              "Anyone with this link can replay this hand as a spectator saw it, and nothing else: ",
              h("input", { className: "share-link", type: "url", readonly: true, value: link }),
            ),
          );
          line.querySelector("input").select();
        } catch (error) {
          line.replaceChildren(`No link could be made: ${error.message}`);
        }
      },
    },
    "Share this hand",
  );
}
