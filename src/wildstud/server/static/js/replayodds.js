// The odds beside a replay: each hand's chance at every street, as the server's odds engine
// worked them out once the hand was over (GET /api/tables/{id}/hands/{n}/odds, or a shared
// hand's /api/shared/{token}/odds). Nothing here computes a chance: the page shows the figures
// it is given at the step where they stand.

import { api } from "./api.js";
import { h } from "./dom.js";

const percent = (share) => `${(100 * share).toFixed(share > 0 && share < 0.001 ? 2 : 1)}%`;

/** The hand's odds report, or null when the server could not give it. */
export async function fetchOdds(path) {
  try {
    return await api(path);
  } catch {
    return null;
  }
}

/** The street whose odds stand at a step that has shown `count` events (null before any). */
function streetAt(report, count) {
  let found = null;
  for (const street of report.streets) if (street.event <= count) found = street;
  return found;
}

function spread(seat) {
  const half = (seat.high - seat.low) / 2;
  return half > 0.0005 ? ` ±${(100 * half).toFixed(1)}` : "";
}

/** A panel that shows, at each step of a replay, the odds of the street it stands on, under a
 * heading of `level` (4: an h4). */
export function oddsPanel(level = 4) {
  const caption = h("p", { className: "odds-caption" }, "Working out the odds…");
  const rows = h("tbody");
  const head = h("thead");
  const table = h("table", { className: "replay-odds-table" }, head, rows);
  const swingLine = h("p", { className: "odds-swing" });
  const element = h(
    "section",
    { className: "replay-odds", "aria-label": "Each hand's chances at this street" },
    h(`h${level}`, {}, "Chances"),
    caption,
    table,
    swingLine,
  );
  let report;
  let lastCount = 0;

  const draw = (count) => {
    lastCount = count;
    if (report === undefined) return;
    table.hidden = true;
    swingLine.hidden = true;
    if (report === null) {
      caption.textContent = "The odds of this hand could not be worked out.";
      return;
    }
    const street = streetAt(report, count);
    if (street === null) {
      caption.textContent = "The chances show once the first cards are dealt.";
      return;
    }
    const how = street.exact ? "counted exactly" : `over ${street.deals.toLocaleString()} deals`;
    const deal = street.deal > 1 ? `, deal ${street.deal}` : "";
    const run = street.run ? ` of run ${street.run}` : "";
    caption.textContent = `At ${street.street}${run}${deal}, before the betting (${how}):`;
    head.replaceChildren(
      h(
        "tr",
        {},
        h("th", { scope: "col" }, "Player"),
        h("th", { scope: "col" }, "Pot share"),
        report.split_pot ? h("th", { scope: "col" }, "Queen's half") : null,
      ),
    );
    const swing = report.swing;
    const swung = swing && swing.to_event === street.event ? swing.seat : null;
    rows.replaceChildren(
      ...street.seats.map((seat) =>
        h(
          "tr",
          { className: seat.seat === swung ? "odds-swung" : undefined, dataset: { seat: String(seat.seat) } },
          h("th", { scope: "row" }, seat.shown ? seat.name : `${seat.name} (cards not shown)`),
          h("td", {}, `${percent(seat.pot_share)}${spread(seat)}`),
          report.split_pot ? h("td", {}, percent(seat.special_half)) : null,
        ),
      ),
    );
    table.hidden = false;
    if (swung !== null) {
      const points = Math.round(100 * swing.change);
      const sign = points > 0 ? "+" : "−";
      swingLine.textContent = `The biggest swing of the hand: ${swing.name}, ${sign}${Math.abs(points)} points since ${swing.from_street}.`;
      swingLine.hidden = false;
    }
  };

  const show = (given) => {
    report = given;
    draw(lastCount);
  };
  return { element, draw, show };
}
