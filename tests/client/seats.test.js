// The table redraws only what a frame changed (drawing.js, dom.js drawKeyed and drawChildren): over
// every frame of the recorded night a seat kept on the page looks exactly as one drawn afresh (a
// seat the frame changed is drawn again), and a frame builds the seats whose look it changed and no
// other (a seat it did not change is left alone). Then the changes that are easy to leave stale:
// the acting seat's highlight and clock, a countdown written into the clock, a wild mark when a
// queen falls in Follow the Queen, the chips a pot pushed, and a reconnection's whole hand again.

import { test } from "node:test";
import assert from "node:assert/strict";

import { html, installDocument } from "./fakedom.js";
import { recorded, states } from "./frames.js";
import { drawBanner, drawCentre, drawSeats, seatModels } from "../../src/wildstud/server/static/js/drawing.js";
import { reduce } from "../../src/wildstud/server/static/js/state.js";
import { drawKeyed, h } from "../../src/wildstud/server/static/js/dom.js";

const document = installDocument();

/** The felt's three parts, on the page (so kept from one drawing to the next) or not. */
function felt() {
  const banner = document.createElement("section");
  const seats = document.createElement("div");
  const centre = document.createElement("div");
  document.body.append(banner, seats, centre);
  return { banner, seats, centre };
}

const PARTS = new Set(["head", "figures", "cards", "foot"]);

/** Draw `state` as the table page does into `into`; returns the seats' keys built meanwhile (and
 * sets `draw.parts` to the kinds of the seats' parts built, sorted). */
function draw(into, state, { privateDeal = false } = {}) {
  document.count();
  const { hand, table, welcome } = state;
  const wild = drawBanner(into.banner, hand);
  drawSeats(into.seats, {
    hand,
    wild,
    table,
    total: table ? table.settings.seats : 6,
    mine: welcome && welcome.role === "seat" ? welcome.seat : null,
    privateDeal,
  });
  drawCentre(into.centre, hand, wild);
  // drawChildren draws the banner and the centre afresh into a bare element of their own tag.
  const bare = (tag) => document.made.some((element) => element.tagName === tag && !element.attributes.length);
  draw.banner = bare("SECTION");
  draw.centre = bare("DIV");
  draw.parts = document.made
    .map((element) => element.getAttribute("data-key"))
    .filter((key) => PARTS.has(key))
    .sort();
  return document.made
    .map((element) => element.getAttribute("data-key"))
    .filter((key) => key && key.startsWith("seat-"))
    .sort();
}

/** Each seat's element written out, by key. */
function seatsOf(container) {
  return new Map(container.children.map((seat) => [seat.getAttribute("data-key"), html(seat)]));
}

/** Each part of each seat written out, by the seat's key and the part's. */
function partsOf(container) {
  const parts = new Map();
  for (const seat of container.children)
    for (const part of seat.children)
      parts.set(`${seat.getAttribute("data-key")} ${part.getAttribute("data-key")}`, html(part));
  return parts;
}

for (const [connection, privateDeal] of [
  ["seat", false],
  ["spectator", false],
  ["seat", true],
]) {
  test(`over the recorded night (${connection}${privateDeal ? ", as a private deal" : ""}) the seats kept look as drawn afresh, and only the changed ones are built`, () => {
    const kept = felt();
    let before = new Map();
    let partsBefore = new Map();
    let bannerBefore = null;
    let centreBefore = null;
    let deal = null;
    let frames = 0;
    let spared = 0;
    let partsSpared = 0;
    for (const { state, frame } of states(recorded[connection])) {
      if (!state.table) continue;
      const built = draw(kept, state, { privateDeal });
      const { parts: partsBuilt, banner, centre } = draw;
      const fresh = felt();
      draw(fresh, state, { privateDeal });
      const now = seatsOf(fresh.seats);
      assert.deepEqual(seatsOf(kept.seats), now, `frame ${frames} (${frame.type}): a seat left stale`);
      assert.equal(html(kept.banner), html(fresh.banner), `frame ${frames}: the banner left stale`);
      assert.equal(html(kept.centre), html(fresh.centre), `frame ${frames}: the centre left stale`);
      // Each drawn again only when what it holds changed (the centre's cards also at a new deal).
      const inside = (element) => element.childNodes.map(html).join("");
      assert.equal(banner, inside(fresh.banner) !== bannerBefore, `frame ${frames}: the banner built`);
      const newDeal = state.hand && `${state.hand.number}|${state.hand.view.deal}` !== deal;
      assert.equal(centre, newDeal || inside(fresh.centre) !== centreBefore, `frame ${frames}: the centre built`);
      bannerBefore = inside(fresh.banner);
      centreBefore = inside(fresh.centre);
      // A new hand or deal draws every seat once (a card's proof mark belongs to its deal).
      const nextDeal = state.hand ? `${state.hand.number}|${state.hand.view.deal}` : null;
      const changed = [...now.keys()].filter((key) => nextDeal !== deal || before.get(key) !== now.get(key)).sort();
      assert.deepEqual(built, changed, `frame ${frames} (${frame.type}): seats built`);
      // And in those seats, the parts that changed: a bet is not a reason to build the cards. (A
      // new deal draws the parts that hold cards: their proof marks belong to the deal.)
      const parts = partsOf(fresh.seats);
      const partsChanged = [...parts.keys()]
        .filter((key) => (nextDeal !== deal && /cards|foot/.test(key)) || partsBefore.get(key) !== parts.get(key))
        .map((key) => key.split(" ")[1])
        .sort();
      assert.deepEqual(partsBuilt, partsChanged, `frame ${frames} (${frame.type}): parts built`);
      partsSpared += parts.size - partsBuilt.length;
      spared += now.size - built.length;
      for (const part of Object.values(fresh)) part.remove();
      before = now;
      partsBefore = parts;
      deal = nextDeal;
      frames += 1;
    }
    assert.ok(frames > 100, `${frames} frames drawn`);
    assert.ok(spared > 100, `only ${spared} seats left alone over the night`);
    assert.ok(partsSpared > 4 * spared, `only ${partsSpared} parts left alone over the night`);
  });
}

/** The recorded spectator's states, and the index of the first whose frame passes `find`. */
function recordedStates(find) {
  const all = states(recorded.spectator);
  const at = all.findIndex(({ frame }) => find(frame));
  assert.ok(at > 0, "no such frame in the recording");
  return { all, at };
}

test("the acting seat's highlight and clock move with the turn, and a countdown written in stays", () => {
  const acted = (frame) => frame.type === "update" && frame.view.phase === "player" && frame.events.length === 1;
  const { all, at } = recordedStates(acted);
  const kept = felt();
  draw(kept, all[at - 1].state);
  const hand = all[at - 1].state.hand;
  const seatOf = (state) => `seat-${state.hand.lineup[state.hand.view.to_act]}`;
  const key = seatOf(all[at - 1].state);
  const clock = kept.seats.querySelector(".clock");
  assert.equal(clock.parentNode.parentNode.getAttribute("data-key"), key);
  clock.textContent = "12 s"; // the page's ticker (table.js tick)
  // A clock frame (the host gave more time) changes no seat: the countdown is the ticker's.
  const more = { type: "clock", clock: { ...hand.clock, clock: 45 } };
  const { state: longer } = reduce(all[at - 1].state, more, 1000);
  assert.deepEqual(draw(kept, longer), []);
  assert.equal(kept.seats.querySelector(".clock"), clock);
  assert.equal(clock.textContent, "12 s");
  // The player acts: their seat and the next one are drawn again, the highlight moves.
  const next = all[at].state;
  const built = draw(kept, next);
  assert.ok(built.includes(key) && built.includes(seatOf(next)), `built ${built}`);
  const acting = kept.seats.querySelectorAll(".to-act");
  assert.deepEqual(
    acting.map((seat) => seat.getAttribute("data-key")),
    [seatOf(next)],
  );
  assert.equal(kept.seats.querySelectorAll(".clock").length, 1);
});

test("a queen that changes Follow the Queen's wild rank redraws the seats holding the old and new wild cards", () => {
  const { all, at } = recordedStates(
    (frame) =>
      frame.type === "update" &&
      frame.view.game === "Follow the Queen" &&
      frame.events.some((event) => event.type === "wilds_changed"),
  );
  const kept = felt();
  draw(kept, all[at - 1].state);
  // A seat holding a card that turns wild: the frame marks it, on whichever seat it lies.
  const state = all[at].state;
  const wild = new Set(state.hand.view.wild);
  draw(kept, state);
  const marked = kept.seats.querySelectorAll(".wild").map((card) => card.dataset.card);
  const held = state.hand.view.seats.flatMap((seat) => seat.cards.map((item) => item.card)).filter(Boolean);
  assert.deepEqual(marked.sort(), held.filter((code) => wild.has(code)).sort());
  // Drawn once more from a view where nothing is wild: every mark goes, and seats with none stay.
  const plain = { ...state.hand, view: { ...state.hand.view, wild: [], events: state.hand.view.events } };
  const withMarks = kept.seats
    .querySelectorAll(".seat")
    .filter((seat) => seat.querySelector(".wild"))
    .map((seat) => seat.getAttribute("data-key"));
  const built = draw(kept, { ...state, hand: plain });
  assert.deepEqual(built, withMarks.sort());
  assert.equal(kept.seats.querySelectorAll(".wild").length, 0);
});

test("a pot pushed to its winner redraws the seats whose chips it changed", () => {
  const { all, at } = recordedStates(
    (frame) => frame.type === "update" && frame.events.some((event) => event.type === "awarded"),
  );
  const kept = felt();
  const before = all[at - 1].state;
  draw(kept, before);
  const state = all[at].state;
  const built = draw(kept, state);
  const moved = state.hand.view.seats
    .map((seat, engine) => [seat.stack !== before.hand.view.seats[engine].stack, engine])
    .filter(([changed]) => changed)
    .map(([, engine]) => `seat-${state.hand.lineup[engine]}`);
  assert.ok(moved.length > 0);
  for (const key of moved) assert.ok(built.includes(key), `${key} not drawn again`);
  for (const [engine, seat] of state.hand.view.seats.entries()) {
    const drawn = kept.seats.children.find((child) => child.dataset.engine === String(engine));
    assert.equal(drawn.querySelector(".stack").textContent, `${seat.stack} chips`);
  }
  assert.match(html(kept.centre), /Pot of \d+ to /);
});

test("a hand mucked at the showdown says mucked, a hand given up in the betting says folded", () => {
  const { all, at } = recordedStates(
    (frame) => frame.type === "update" && frame.events.some((event) => event.type === "mucked"),
  );
  const state = all[at].state;
  const kept = felt();
  draw(kept, state);
  const events = state.hand.view.events;
  const mucked = new Set(events.filter((event) => event.type === "mucked").map((event) => event.seat));
  const folded = new Set(
    events.filter((event) => event.type === "acted" && event.kind === "fold").map((event) => event.seat),
  );
  assert.ok(mucked.size > 0);
  for (const [engine, seat] of state.hand.view.seats.entries()) {
    if (!seat.folded) continue;
    const drawn = kept.seats.children.find((child) => child.dataset.engine === String(engine));
    const said = drawn.querySelector(".state-folded").textContent;
    assert.equal(said, mucked.has(engine) ? "mucked" : "folded", `engine seat ${engine}`);
    if (folded.has(engine)) assert.equal(said, "folded");
  }
});

test("a reconnection's whole hand draws nothing that has not changed, and all that has", () => {
  const { all, at } = recordedStates((frame) => frame.type === "update" && frame.view.phase === "player");
  const kept = felt();
  const state = all[at].state;
  draw(kept, state);
  const hand = state.hand;
  const whole = { type: "hand", number: hand.number, names: hand.names, lineup: hand.lineup, you: hand.you };
  const again = reduce(state, { ...whole, view: hand.view, clock: hand.clock }, 2000).state;
  assert.notEqual(again.hand, state.hand);
  assert.deepEqual(draw(kept, again), []);
  // Missed meanwhile: a seat folded and another's chips moved.
  const seats = hand.view.seats.map((seat, engine) =>
    engine === 1 ? { ...seat, folded: true } : engine === 2 ? { ...seat, stack: seat.stack - 7 } : seat,
  );
  const missed = reduce(state, { ...whole, view: { ...hand.view, seats }, clock: hand.clock }, 3000).state;
  assert.deepEqual(draw(kept, missed), [`seat-${hand.lineup[1]}`, `seat-${hand.lineup[2]}`].sort());
  const fresh = felt();
  draw(fresh, missed);
  assert.deepEqual(seatsOf(kept.seats), seatsOf(fresh.seats));
});

test("a seat's element, focus and all, stays the same element when it is drawn again", () => {
  const { all, at } = recordedStates((frame) => frame.type === "update" && frame.view.phase === "player");
  const kept = felt();
  draw(kept, all[at - 1].state);
  const elements = new Map(kept.seats.children.map((seat) => [seat.getAttribute("data-key"), seat]));
  draw(kept, all[at].state);
  for (const seat of kept.seats.children) assert.equal(elements.get(seat.getAttribute("data-key")), seat);
});

test("a list keyed by place (the hand log's last 60 lines) builds only the lines a frame added", () => {
  const log = document.createElement("ol");
  document.body.append(log);
  const show = (lines, from) =>
    drawKeyed(
      log,
      lines.map((line, index) => ({
        key: `line-${from + index}`,
        drawn: line,
        draw: () => h("li", { "data-key": `line-${from + index}` }, line),
      })),
    );
  const all = Array.from({ length: 63 }, (_, index) => `event ${index}`);
  show(all.slice(0, 60), 0);
  const kept = log.children[5];
  document.count();
  show(all.slice(3, 63), 3);
  assert.deepEqual(
    document.made.map((element) => element.textContent),
    ["event 60", "event 61", "event 62"],
  );
  assert.deepEqual(
    log.children.map((line) => line.textContent),
    all.slice(3),
  );
  assert.equal(log.children[2], kept);
  // A line whose words changed at its place (a new hand's first line) is drawn again.
  document.count();
  show(["Hand 2 starts", ...all.slice(4, 63)], 3);
  assert.equal(document.made.length, 1);
  assert.equal(log.children[0].textContent, "Hand 2 starts");
});

test("a newcomer in a seat whose player left sees that player's last hand, not their own", () => {
  const all = states(recorded.seat);
  const state = all.find(({ frame }) => frame.type === "hand").state;
  const hand = state.hand;
  const mine = hand.lineup[hand.you];
  const you = (models) => models.filter((model) => model.head && model.head.you).map((model) => model.head.name);
  const options = { hand, wild: null, table: state.table, total: state.table.settings.seats, mine };
  assert.deepEqual(you(seatModels(options)), [hand.names[hand.you]]);
  // The same seat taken by someone not dealt in (the server's `you` is null for them): nobody
  // in the hand is "(you)", and the seat still anchors the felt at the bottom.
  const newcomer = seatModels({ ...options, hand: { ...hand, you: null } });
  assert.deepEqual(you(newcomer), []);
  const seat = newcomer.find((model) => model.index === mine);
  assert.equal(seat.label.startsWith(`${hand.names[hand.you]},`), true, seat.label);
  assert.match(seat.className, /at-\d+-0\b/);
  // The seat says it is theirs from the next hand, with the chips they sat down with; the
  // player dealt in, and every other seat, says nothing of the kind.
  const stack = state.table.seats.find((one) => one.seat === mine).stack;
  const said = `You sit here from the next hand · ${stack} chips`;
  assert.equal(seat.foot.newcomer, said);
  assert.match(seat.label, new RegExp(`${said}$`));
  for (const model of seatModels(options)) assert.equal(model.foot?.newcomer, undefined);
  const others = newcomer.filter((model) => model.index !== mine && !model.empty);
  assert.equal(others.length > 0, true);
  for (const model of others) assert.equal(model.foot?.newcomer, undefined);
  const felt = document.createElement("div");
  drawSeats(felt, { ...options, hand: { ...hand, you: null } });
  assert.equal(felt.querySelector(".seat-newcomer").textContent, said);
  // A newcomer who sits out is not dealt in from the next hand: the seat says it is theirs,
  // and "sitting out" once, as every seat of a player sitting out does.
  const out = {
    ...state.table,
    seats: state.table.seats.map((one) => (one.seat === mine ? { ...one, sitting_out: true } : one)),
  };
  const sat = seatModels({ ...options, table: out, hand: { ...hand, you: null } });
  const theirs = sat.find((model) => model.index === mine);
  assert.equal(theirs.foot.newcomer, `Your seat · ${stack} chips`);
  assert.equal(theirs.label.split("sitting out").length, 2, theirs.label);
});
