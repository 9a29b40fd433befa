// The tournament's words on a player's page: the places' ordinals, and what a seat out of the
// tournament is told in place of its turn.

import { test } from "node:test";
import assert from "node:assert/strict";

import {
  leaveWords,
  ordinal,
  outOfTournament,
  placeLines,
  placeOf,
} from "../../src/wildstud/server/static/js/tourneyclock.js";
import { seatModels } from "../../src/wildstud/server/static/js/drawing.js";

const place = (seat, name, at, prize = 0) => ({ seat, name, place: at, prize, paid: 10, rebuys: 0, addon: false });

test("ordinals", () => {
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(ordinal), [
    "1st",
    "2nd",
    "3rd",
    "4th",
    "11th",
    "12th",
    "13th",
    "21st",
    "22nd",
    "23rd",
    "101st",
  ]);
});

test("a player out of the tournament is told the place, shared or not, and the prize", () => {
  const info = {
    finished: false,
    places: [
      place(0, "Robo", null),
      place(1, "Ann", null),
      place(2, "Bob", 3, 17),
      place(3, "Cid", 4),
      place(4, "Dee", 4),
    ],
  };
  assert.equal(
    outOfTournament(info, 2, "Bob"),
    "You are out of the tournament in 3rd place and win 17. Stay to watch the others play on.",
  );
  assert.equal(
    outOfTournament(info, 3, "Cid"),
    "You are out of the tournament, sharing 4th place. Stay to watch the others play on.",
  );
  // Still in, a spectator, a seat taken again by a late entrant, a cash table: nothing said.
  assert.equal(outOfTournament(info, 1, "Ann"), "");
  assert.equal(outOfTournament(info, null, ""), "");
  assert.equal(outOfTournament(info, 2, "Eve"), "");
  assert.equal(outOfTournament(null, 2, "Bob"), "");
  // Once it is over, the winner's page says nothing (the places say it); the others no "stay".
  const over = { finished: true, places: [place(0, "Robo", 1, 50), place(2, "Bob", 2)] };
  assert.equal(outOfTournament(over, 0, "Robo"), "");
  assert.equal(outOfTournament(over, 2, "Bob"), "You are out of the tournament in 2nd place.");
});

test("the places read one line a place, a shared place naming everyone in it with their share", () => {
  const places = [
    place(0, "Robo", null),
    place(4, "Dee", 3),
    place(1, "Ann", 1, 21),
    place(2, "Bob", 2, 5),
    place(3, "Cid", 2, 4),
    place(5, "Eve", 3),
  ];
  assert.deepEqual(placeLines(places), [
    { key: "place-1", text: "1st Ann wins 21" },
    { key: "place-2", text: "2nd, shared: Bob wins 5, Cid wins 4" },
    { key: "place-3", text: "3rd, shared: Dee, Eve" },
  ]);
  assert.deepEqual(placeLines([place(0, "Robo", null)]), []);
});

test("leaving says what it costs: cash out, out of the tournament at once, or only going", () => {
  const info = { finished: false, places: [place(0, "Ann", null), place(1, "Bob", 3), place(2, "Cid", null)] };
  assert.equal(placeOf(info, 1, "Bob").place, 3);
  assert.equal(placeOf(info, 0, "Ann"), null);
  assert.equal(placeOf(info, 1, "Eve"), null, "a late entrant at Bob's old seat plays on");
  assert.equal(placeOf(null, 1, "Bob"), null);
  assert.deepEqual(leaveWords(null, 0, "Ann")[0], "Leave the table and cash out");
  const [still, question] = leaveWords(info, 0, "Ann");
  assert.equal(still, "Leave the tournament");
  assert.match(question, /out at once, placed below everyone still in/);
  assert.deepEqual(leaveWords(info, 1, "Bob"), [
    "Leave the table",
    "Leave the table? You are out of the tournament already: your place stands.",
  ]);
});

test("a busted player's seat says the place, not 0 chips, on every page that draws the seats", () => {
  const tournament = {
    finished: false,
    places: [place(0, "Ann", null), place(1, "Bob", 5), place(2, "Cid", 3), place(3, "Dee", 3)],
  };
  const seat = (at, name, stack) => ({
    seat: at,
    name,
    stack,
    kind: "player",
    connected: true,
    sitting_out: false,
  });
  const table = {
    settings: { seats: 5 },
    tournament,
    seats: [seat(0, "Ann", 90), seat(1, "Bob", 0), seat(2, "Cid", 0), seat(3, "Dee", 0), seat(4, "Eve", 0)],
  };
  const models = seatModels({ hand: null, wild: null, table, total: 5, mine: 0 });
  const figures = models.map((model) => [model.figures.out, model.figures.stack]);
  assert.deepEqual(figures, [
    [null, 90],
    ["Out · 5th", 0],
    ["Out · 3rd, shared", 0],
    ["Out · 3rd, shared", 0],
    [null, 0], // a late entrant at a seat: no place of theirs
  ]);
  assert.equal(models[1].label, "Bob, out in 5th place");
  assert.equal(models[2].label, "Cid, out, sharing 3rd place");
  assert.match(models[1].className, /\bout\b/);
  assert.equal(models[0].label, "Ann (you), 90 chips");
  // The winner keeps the chips: all of them.
  const over = { ...table, tournament: { finished: true, places: [place(0, "Ann", 1, 50), place(1, "Bob", 2)] } };
  const [ann, bob] = seatModels({ hand: null, wild: null, table: over, total: 5, mine: 0 });
  assert.deepEqual([ann.figures.out, bob.figures.out], [null, "Out · 2nd"]);
});
