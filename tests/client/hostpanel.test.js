// The host's console once the night is over (hostpanel.js): no hand is dealt again, so nothing
// in it offers to play one (a seat for the host, the requests to sit down, a bot, the games
// and stakes of hands to come); the seats and the links stay, to reach the settle-up.

import { test } from "node:test";
import assert from "node:assert/strict";

import { installDocument } from "./fakedom.js";
import { recorded } from "./frames.js";

installDocument();
const { HostConsole } = await import("../../src/wildstud/server/static/js/hostpanel.js");

const recordedTable = recorded.seat.find((frame) => frame.type === "table").table;
// No game rows: the stand-in document has no select's options to fill them with.
const table = { ...recordedTable, settings: { ...recordedTable.settings, games: [] } };
const links = { join: "j", watch: "w", felt: "f", host: "h" };

/** Whether the console's section titled `title` is shown. */
function shown(console, title) {
  // The stand-in document finds by class alone; a section's first child is its title.
  const section = console.element
    .querySelectorAll(".console-section")
    .find((node) => node.children[0]?.textContent === title);
  assert.ok(section, title);
  return !section.hidden;
}

test("once the night is over the console offers no seat, request, bot or game; before, it does", (t) => {
  // The requests are polled (a stand-in network that never answers, a clock that never runs).
  t.mock.timers.enable({ apis: ["setTimeout"] });
  globalThis.fetch = () => new Promise(() => {});
  const host = new HostConsole("t", { table: { ...table, status: "running" }, links }, { seated: null });
  const offers = ["Your seat", "Seat requests", "Bots", "Games, stakes and clocks"];
  for (const title of offers) assert.equal(shown(host, title), true, title);
  host.update({ ...table, status: "ended" });
  for (const title of offers) assert.equal(shown(host, title), false, title);
  assert.equal(shown(host, "Seats"), true);
  assert.equal(shown(host, "Links"), true);
});
