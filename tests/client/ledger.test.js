// The ledger when the night's figures cannot be read (ledger.js): it says why and when it tries
// again, tries again by itself (a quiet table sends no frame that would fetch them), and once an
// answer comes the line is gone. And a seat's Leave, first under the title, stays the same
// element as hands begin and end and chips are asked for, and the line for the hand in play,
// kept empty between hands, goes once the night is over. The network is a stand-in `fetch`, the
// clock node's mock timers.

import { test } from "node:test";
import assert from "node:assert/strict";

import { installDocument } from "./fakedom.js";
import { recorded } from "./frames.js";

installDocument();
const { LedgerPanel } = await import("../../src/wildstud/server/static/js/ledger.js");

const table = recorded.seat.find((frame) => frame.type === "table").table;
const night = {
  players: [{ player_id: "a", name: "Ann", seat: 0, buy_ins: 1000, rebuys: 0, cash_outs: 0, chips: 1000, net: 0 }],
  buy_ins: 1000,
  cash_outs: 0,
  chips: 1000,
  balanced: true,
  house: null,
  transfers: [],
  hand_in_progress: null,
};

/** A stand-in for the network: the night's figures fail while `down`, the luck always does. */
function network() {
  const state = { down: true, asked: 0 };
  globalThis.fetch = async (url) => {
    const figures = String(url).endsWith("/night");
    if (figures) state.asked += 1;
    const ok = figures && !state.down;
    return {
      ok,
      status: ok ? 200 : 503,
      statusText: ok ? "OK" : "Service Unavailable",
      text: async () => JSON.stringify(ok ? night : { detail: "The server is restarting." }),
    };
  };
  return state;
}

/** Let the stand-in fetches and what follows them run. */
async function settle() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

test("a failed fetch of the night says when it tries again, tries, and its line goes at the next answer", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const net = network();
  const panel = new LedgerPanel({ send: () => true });
  panel.update(table, { role: "seat", seat: 0 });
  t.mock.timers.tick(150);
  await settle();
  assert.equal(net.asked, 1);
  assert.match(
    panel.element.textContent,
    /The ledger could not be read \(The server is restarting\): trying again in 5 seconds\./,
  );

  t.mock.timers.tick(5000); // still down: the next try is further off
  await settle();
  assert.equal(net.asked, 2);
  assert.match(panel.element.textContent, /trying again in 10 seconds\./);

  net.down = false;
  t.mock.timers.tick(10000);
  await settle();
  assert.equal(net.asked, 3);
  assert.doesNotMatch(panel.element.textContent, /could not be read/);
  assert.match(panel.element.textContent, /Balanced: 1000 bought in/);

  t.mock.timers.tick(60000); // read: nothing more is asked until a frame moves the figures
  await settle();
  assert.equal(net.asked, 3);
});

test("the line says the reason once, without its full stop, and a minute rather than 60 seconds", async () => {
  const { describeLedgerUnread } = await import("../../src/wildstud/server/static/js/words.js");
  assert.equal(
    describeLedgerUnread("Failed to fetch", 5),
    "The ledger could not be read (Failed to fetch): trying again in 5 seconds.",
  );
  assert.equal(
    describeLedgerUnread("The server is restarting.", 60),
    "The ledger could not be read (The server is restarting): trying again in a minute.",
  );
});

test("a seat's Leave lies first under the title and stays the same element as hands begin and end", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const net = network();
  net.down = false;
  const panel = new LedgerPanel({ send: () => true, seatToken: "s" });
  const seat = { role: "seat", seat: 0 };
  const keys = () => panel.element.children.map((node) => node.getAttribute("data-key"));
  panel.update({ ...table, status: "running" }, seat);
  t.mock.timers.tick(150);
  await settle();
  const leave = panel.element.querySelector("[data-key]");
  assert.equal(leave.getAttribute("data-key"), "leave");
  const between = keys();
  // A hand begins (its line under the figures says so), Ann asks for chips, the hand ends.
  let hands = 0;
  for (const rebuys of [[], [{ id: 1, seat: 0, name: "Ann", kind: "top-up", amount: 50, status: "pending" }], []]) {
    hands += 1;
    night.hand_in_progress = hands;
    panel.update({ ...table, status: "running", hands_dealt: hands, hand_in_progress: hands, rebuys }, seat);
    t.mock.timers.tick(150);
    await settle();
    assert.match(panel.element.textContent, new RegExp(`Hand ${hands} counts once it ends`));
    assert.equal(panel.element.querySelector("[data-key]"), leave);
    night.hand_in_progress = null;
    panel.update({ ...table, status: "running", hands_dealt: hands, hand_in_progress: null, rebuys }, seat);
    t.mock.timers.tick(150);
    await settle();
    assert.doesNotMatch(panel.element.textContent, /counts once it ends/);
    assert.equal(panel.element.querySelector("[data-key]"), leave);
  }
  // Between hands the line is there, empty, keeping its place (app.css gives it its height).
  assert.deepEqual(keys(), between);
  assert.deepEqual(between.slice(0, 2), [null, "leave"]);
});

test("the empty line for the hand in play goes once the night and its last hand are over", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const net = network();
  net.down = false;
  const panel = new LedgerPanel({ send: () => true });
  const seat = { role: "seat", seat: 0 };
  const line = () => panel.element.querySelector(".counting");
  const show = async (frame, playing) => {
    night.hand_in_progress = playing;
    panel.update({ ...table, ...frame, hand_in_progress: playing }, seat);
    t.mock.timers.tick(150);
    await settle();
  };
  await show({ status: "running", hands_dealt: 3 }, null);
  assert.equal(line()?.textContent, ""); // between hands: there, empty, as high
  // The host ends the night during hand 4: the settle-up waits for it, and the line says so.
  await show({ status: "ended", hands_dealt: 4 }, 4);
  assert.match(line()?.textContent ?? "", /Hand 4 counts once it ends/);
  // Hand 4 is over and no other will come: nothing keeps a place for one.
  await show({ status: "ended", hands_dealt: 4 }, null);
  assert.equal(line(), null);
  assert.match(panel.element.textContent, /The night is over: the settle-up/);
  night.hand_in_progress = null;
});

test("the line while one player holds every chip fits its reader: the holder is asked for nothing", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const net = network();
  net.down = false;
  const holder = table.seats[0];
  const line = async (welcome) => {
    const panel = new LedgerPanel({ send: () => true });
    panel.update({ ...table, status: "running", holds_all: holder.seat }, welcome);
    t.mock.timers.tick(150);
    await settle();
    return panel.element.querySelector(".holds-all").textContent;
  };
  const own = await line({ role: "seat", seat: holder.seat });
  assert.match(own, /^You hold every chip at the table\./);
  assert.doesNotMatch(own, /ask for chips/);
  const other = await line({ role: "seat", seat: holder.seat + 1 });
  assert.match(other, new RegExp(`^${holder.name} holds every chip at the table\\..*ask for chips below`));
  const watcher = await line({ role: "watch" });
  assert.match(watcher, new RegExp(`^${holder.name} holds every chip`));
  assert.doesNotMatch(watcher, /ask for chips/);
});
