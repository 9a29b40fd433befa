// A club's standings as the page shows them: the season chosen (or every night), each member's
// net, nights, hands, biggest pot and luck, and per game how they played; the nets night by night
// drawn as an SVG chart (no outside service), and the downloads. The host also sets seasons and
// imports past nights from a ledger's CSV. The server counts every figure
// (/api/clubs/…/standings): the page only draws them.

import { api, base } from "./api.js";
import { h } from "./dom.js";
import { field } from "./home.js";
import { signed } from "./clubbook.js";

const SVG = "http://www.w3.org/2000/svg";
const GUEST_COLOUR = "#767676";
const SOURCE_WORDS = { played: "played here", pokernow: "imported from PokerNow", sheet: "imported from a sheet" };

/** An SVG element from a tag, attributes and children (strings become text). */
function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) element.setAttribute(name, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Each member's running total after each night: { member: [0, after night 1, …] }. */
export function runningNets(answer) {
  const totals = {};
  for (const standing of answer.standings) totals[standing.member] = [0];
  for (const night of answer.nights) {
    for (const line of Object.values(totals)) line.push(line[line.length - 1]);
    for (const [member, net] of Object.entries(night.nets)) {
      const line = totals[member];
      if (line) line[line.length - 1] += net;
    }
  }
  return totals;
}

/** Round numbers for an axis from `low` to `high` (about five of them, 0 among them). */
export function ticks(low, high) {
  const span = Math.max(high - low, 1);
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw);
  const found = [];
  // From the round number at or under `low` up to the first at or over `high`.
  for (let value = Math.floor(low / step) * step; ; value += step) {
    found.push(value);
    if (value >= high) break;
  }
  return found;
}

function colourOf(standing) {
  return standing.colour || GUEST_COLOUR;
}

/** The running nets as a line chart: one line a member in their colour, the nights across. */
function netChart(answer) {
  const lines = runningNets(answer);
  const values = Object.values(lines).flat();
  const axis = ticks(Math.min(0, ...values), Math.max(0, ...values));
  const low = axis[0];
  const high = axis[axis.length - 1];
  const width = 640;
  const height = 40 + Math.max(220, 15 * answer.standings.length);
  const left = 56;
  const right = 110;
  const top = 14;
  const bottom = 34;
  const count = answer.nights.length;
  const x = (index) => left + (index * (width - left - right)) / Math.max(count, 1);
  const y = (value) => top + ((high - value) * (height - top - bottom)) / Math.max(high - low, 1);
  const grid = axis.map((value) =>
    svg(
      "g",
      {},
      svg("line", {
        x1: left,
        x2: width - right,
        y1: y(value),
        y2: y(value),
        class: value === 0 ? "chart-zero" : "chart-grid",
      }),
      svg("text", { x: left - 6, y: y(value) + 4, "text-anchor": "end", class: "chart-label" }, signed(value)),
    ),
  );
  const nights = answer.nights.map((night, index) =>
    svg(
      "text",
      { x: x(index + 1), y: height - bottom + 16, "text-anchor": "middle", class: "chart-label" },
      night.number ? `#${night.number}` : night.date.slice(5),
    ),
  );
  // Each name at the end of its line, pushed down where it would sit on the one above.
  const labelAt = {};
  let lowest = -Infinity;
  const ends = answer.standings.map((standing) => [standing.member, y(lines[standing.member].at(-1)) + 4]);
  for (const [member, at] of ends.sort((a, b) => a[1] - b[1])) {
    lowest = Math.max(at, lowest + 15);
    labelAt[member] = lowest;
  }
  const drawn = answer.standings.map((standing) => {
    const line = lines[standing.member];
    const points = line.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
    return svg(
      "g",
      { "data-member": standing.member },
      svg("polyline", { points, fill: "none", stroke: colourOf(standing), "stroke-width": 3 }),
      line.map((value, index) => svg("circle", { cx: x(index), cy: y(value), r: 3.5, fill: colourOf(standing) })),
      svg(
        "text",
        { x: width - right + 8, y: labelAt[standing.member], class: "chart-name" },
        `${standing.name} ${signed(line.at(-1))}`,
      ),
    );
  });
  const summary = answer.standings.map((standing) => `${standing.name} ${signed(standing.net)}`).join(", ");
  return svg(
    "svg",
    {
      viewBox: `0 0 ${width} ${height}`,
      class: "net-chart",
      role: "img",
      "aria-labelledby": "net-chart-title",
    },
    svg("title", { id: "net-chart-title" }, `Each member's total, night by night: ${summary}`),
    grid,
    nights,
    drawn,
  );
}

/** Net and luck side by side, a pair of bars a member: was it the cards or the play? */
function luckChart(answer) {
  const values = answer.standings.flatMap((standing) => [standing.net, standing.luck]);
  const axis = ticks(Math.min(0, ...values), Math.max(0, ...values));
  const low = axis[0];
  const high = axis[axis.length - 1];
  const row = 34;
  const left = 110;
  const width = 640;
  const height = 30 + row * answer.standings.length;
  const x = (value) => left + ((value - low) * (width - left - 20)) / Math.max(high - low, 1);
  const bar = (value, offset, kind, colour) =>
    svg("rect", {
      x: Math.min(x(0), x(value)),
      y: offset,
      width: Math.max(Math.abs(x(value) - x(0)), 1),
      height: 11,
      fill: colour,
      class: kind,
    });
  const rows = answer.standings.map((standing, index) => {
    const top = 8 + index * row;
    return svg(
      "g",
      { "data-member": standing.member },
      svg("text", { x: left - 8, y: top + 16, "text-anchor": "end", class: "chart-name" }, standing.name),
      bar(standing.net, top + 2, "chart-net", colourOf(standing)),
      bar(standing.luck, top + 15, "chart-luck", "#9a9a9a"),
    );
  });
  const scale = axis.map((value) =>
    svg(
      "text",
      { x: x(value), y: height - 4, "text-anchor": "middle", class: "chart-label" },
      signed(Math.round(value)),
    ),
  );
  const summary = answer.standings
    .map((standing) => `${standing.name}: net ${signed(standing.net)}, luck ${signed(Math.round(standing.luck))}`)
    .join("; ");
  return svg(
    "svg",
    { viewBox: `0 0 ${width} ${height}`, class: "luck-chart", role: "img", "aria-labelledby": "luck-chart-title" },
    svg("title", { id: "luck-chart-title" }, `Net (coloured) and luck (grey) of each member: ${summary}`),
    svg("line", { x1: x(0), x2: x(0), y1: 0, y2: height - 16, class: "chart-zero" }),
    rows,
    scale,
  );
}

function percent(part, whole) {
  return whole ? `${Math.round((100 * part) / whole)}%` : "–";
}

function totalsTable(answer) {
  const cell = (value) => h("td", {}, String(value));
  return h(
    "div",
    { className: "table-scroll", role: "region", "aria-label": "Each member's figures", tabindex: 0 },
    h(
      "table",
      { className: "book-balances standings-table" },
      h("caption", {}, "Standings"),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          ["Member", "Net", "Nights", "Hands", "Biggest pot", "Luck"].map((title) => h("th", { scope: "col" }, title)),
        ),
      ),
      h(
        "tbody",
        {},
        answer.standings.map((standing) =>
          h(
            "tr",
            { dataset: { member: standing.member } },
            h("th", { scope: "row" }, standing.name),
            cell(signed(standing.net)),
            cell(standing.nights),
            cell(standing.hands),
            cell(standing.biggest_pot),
            cell(signed(Math.round(standing.luck))),
          ),
        ),
      ),
    ),
  );
}

function gamesTable(answer) {
  const cell = (value) => h("td", {}, String(value));
  const rows = answer.standings.flatMap((standing) =>
    standing.games.map((game) =>
      h(
        "tr",
        { dataset: { member: standing.member, game: game.game } },
        h("th", { scope: "row" }, standing.name),
        h("td", {}, game.title),
        cell(game.hands),
        cell(percent(game.voluntary, game.hands)),
        cell(`${game.showdowns_won} of ${game.showdowns}`),
        cell(game.wilds_at_showdown),
      ),
    ),
  );
  if (!rows.length) return null;
  return h(
    "div",
    { className: "table-scroll", role: "region", "aria-label": "Each game", tabindex: 0 },
    h(
      "table",
      { className: "book-balances games-table" },
      h("caption", {}, "Each game"),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          ["Member", "Game", "Hands", "Chips in by choice", "Showdowns won", "Wilds shown"].map((title) =>
            h("th", { scope: "col" }, title),
          ),
        ),
      ),
      h("tbody", {}, rows),
    ),
  );
}

function downloads(path, season) {
  const query = season ? `?season=${encodeURIComponent(season)}` : "";
  const link = (href, text) => h("a", { href: `${base}/api${path}/${href}`, download: "" }, text);
  return h(
    "p",
    { className: "downloads" },
    "Download the standings: ",
    link(`standings.csv${query}`, "CSV"),
    " · ",
    link(`standings.json${query}`, "JSON"),
    ". Every night: ",
    link("nights.csv", "CSV"),
    " · ",
    link("nights.json", "JSON"),
    " · ",
    link("nights.phhs", "hands (PHH)"),
    ".",
  );
}

function seasonForm(hostToken, refresh) {
  const status = h("p", { role: "status", className: "muted" });
  const name = h("input", { name: "season-name", required: true, maxlength: 60 });
  const starts = h("input", { type: "date", name: "season-starts", required: true });
  const ends = h("input", { type: "date", name: "season-ends", required: true });
  const form = h(
    "form",
    { className: "create season-form", "aria-label": "A new season" },
    h("h3", {}, "A new season"),
    field("Name", name),
    field("From", starts),
    field("To (included)", ends),
    h("button", { type: "submit" }, "Set the season"),
    status,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    document.body.dataset.club = "loading"; // busy until drawn again (club.js acting)
    try {
      const made = await api(`/clubs/host/${hostToken}/seasons`, {
        method: "POST",
        body: { name: name.value, starts: starts.value, ends: ends.value },
      });
      await refresh(made.id);
    } catch (error) {
      status.textContent = error.message;
      document.body.dataset.club = "ready";
    }
  });
  return form;
}

function importForm(hostToken, refresh) {
  const status = h("p", { role: "status", className: "muted", id: "import-status" });
  const file = h("input", { type: "file", name: "ledger", accept: ".csv,text/csv", required: true });
  const date = h("input", { type: "date", name: "ledger-date" });
  const cents = h("input", { type: "checkbox", name: "ledger-cents" });
  const form = h(
    "form",
    { className: "create import-form", "aria-label": "Import a past night" },
    h("h3", {}, "Import a past night"),
    field(
      "A ledger (CSV)",
      file,
      "PokerNow's ledger download, or a sheet with the columns name, bought in, cashed out. Names of members are theirs; other names become guests.",
    ),
    field("The night's date (optional)", date, "Otherwise the date the ledger gives, or today."),
    h(
      "p",
      {},
      h("label", { className: "check" }, cents, " Its amounts are in dollars and cents (the book counts cents)"),
    ),
    h("button", { type: "submit" }, "Import"),
    status,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = file.files[0];
    if (!chosen) return;
    document.body.dataset.club = "loading"; // busy until drawn again (club.js acting)
    try {
      const body = { csv: await chosen.text(), scale: cents.checked ? 100 : 1 };
      if (date.value) body.date = date.value;
      await api(`/clubs/host/${hostToken}/imports`, { method: "POST", body });
      await refresh();
    } catch (error) {
      status.setAttribute("role", "alert");
      status.textContent = error.message;
      document.body.dataset.club = "ready";
    }
  });
  return form;
}

function nightsList(answer) {
  if (!answer.nights.length) return null;
  return h(
    "p",
    { className: "muted season-nights" },
    `${answer.nights.length} night${answer.nights.length === 1 ? "" : "s"}: `,
    answer.nights
      .map(
        (night) => `${night.number ? `#${night.number}` : "a night"} on ${night.date} (${SOURCE_WORDS[night.source]})`,
      )
      .join(", "),
    ".",
  );
}

/** The standings section. `path` is the club's API path for this page ("/clubs/member/…" or
 * "/clubs/host/…"); `season` the season shown (null: every night); `choose(season)` shows
 * another and `refresh(season)` redraws the page. */
export function standingsSection(club, answer, { path, season, hostToken, choose, refresh }) {
  const picker = h(
    "select",
    { name: "season", id: "season-choice" },
    h("option", { value: "" }, "Every night"),
    club.seasons.map((item) =>
      h("option", { value: item.id, selected: item.id === season }, `${item.name} (${item.starts} to ${item.ends})`),
    ),
  );
  picker.addEventListener("change", () => choose(picker.value || null));
  const empty = !answer.standings.length;
  return h(
    "section",
    { className: "club-standings", "aria-labelledby": "standings-title" },
    h("h2", { id: "standings-title" }, "Standings"),
    field("Season", picker),
    nightsList(answer),
    empty
      ? h("p", { className: "muted" }, "No night in this season yet.")
      : [
          h("figure", {}, netChart(answer), h("figcaption", {}, "Each member's total, night by night")),
          totalsTable(answer),
          h("figure", {}, luckChart(answer), h("figcaption", {}, "Net (coloured) and luck (grey)")),
          gamesTable(answer),
        ],
    downloads(path, season),
    hostToken ? [seasonForm(hostToken, refresh), importForm(hostToken, refresh)] : null,
  );
}
