// A hand turned up all in: each card it shows is checked from the position it was dealt from,
// the face-down cards in the order they were dealt (proofs.js), as the showdown's are.

import { test } from "node:test";
import assert from "node:assert/strict";

import { dealtPositions } from "../../src/wildstud/server/static/js/proofs.js";

test("the cards turned up take the positions their seats' face-down cards were dealt from", () => {
  const down = (seat) => ({ type: "dealt", seat, card: null, up: false });
  const events = [
    { type: "deal_started", deal: 1, seats: [0, 1] },
    down(0), // 0
    down(1), // 1
    down(0), // 2
    down(1), // 3
    { type: "dealt", seat: 0, card: "7d", up: true }, // 4
    { type: "dealt", seat: 1, card: "2c", up: true }, // 5
    { type: "turned_up", seat: 0, cards: ["As", "Ah"] },
    { type: "turned_up", seat: 1, cards: ["Kd", "Kc"] },
    { type: "dealt", seat: 0, card: "9h", up: true }, // 6
    { type: "dealt", seat: 1, card: "3s", up: true }, // 7
    down(0), // 8
    { type: "turned_up", seat: 0, cards: ["8s"] },
    down(1), // 9
    { type: "turned_up", seat: 1, cards: ["8h"] },
  ];
  const found = dealtPositions(events);
  assert.deepEqual(
    ["As", "Ah", "Kd", "Kc", "7d", "8s", "8h"].map((card) => found.get(`1:${card}`)),
    [0, 2, 1, 3, 4, 8, 9],
  );
});
