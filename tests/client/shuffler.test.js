// The page's part in the players' shuffle (static/js/shuffler.js): it says it takes part on a
// seat's welcome only, commits to a fresh value of its own for each deal as the library computes
// the commitment, reveals that same value when asked (and nothing for a deal it never committed
// to), and says so if the server's night commitment changes.

import { test } from "node:test";
import assert from "node:assert/strict";

import { PageShuffle } from "../../src/wildstud/server/static/js/shuffler.js";
import { fromHex, opens } from "../../src/wildstud/server/static/js/jointshuffle.js";

const NIGHT = "ab".repeat(32);

function page() {
  const sent = [];
  const changed = [];
  const shuffle = new PageShuffle({ send: (frame) => sent.push(frame), onNightChanged: (...two) => changed.push(two) });
  return { shuffle, sent, changed };
}

test("a seat's page says it takes part; a spectator's does not", () => {
  const seat = page();
  assert.equal(seat.shuffle.onFrame({ type: "welcome", role: "seat", seat: 2 }), false);
  assert.deepEqual(seat.sent, [{ type: "shuffler" }]);
  const watcher = page();
  watcher.shuffle.onFrame({ type: "welcome", role: "spectator", seat: null });
  assert.deepEqual(watcher.sent, []);
  assert.equal(watcher.shuffle.onFrame({ type: "table" }), false);
});

test("it commits to a value of its own, then reveals the value that opens the commitment", async () => {
  const { shuffle, sent, changed } = page();
  const ask = { type: "shuffle", hand: 7, deal: 2, seat: 3, night: NIGHT, seconds: 4 };
  await shuffle.answer({ ...ask, step: "commit" });
  await shuffle.answer({ ...ask, step: "commit" }); // asked again after a reconnection: the same
  assert.equal(sent.length, 2);
  assert.deepEqual(sent[0], sent[1]);
  const [commit] = sent;
  assert.deepEqual(Object.keys(commit).sort(), ["commitment", "deal", "hand", "type"]);
  assert.match(commit.commitment, /^[0-9a-f]{64}$/);
  await shuffle.answer({ ...ask, step: "reveal" });
  const reveal = sent[2];
  assert.equal(reveal.type, "reveal");
  assert.match(reveal.value, /^[0-9a-f]{64}$/);
  assert.ok(await opens(commit.commitment, fromHex(reveal.value), 7, 2, 3));
  assert.ok(!(await opens(commit.commitment, fromHex(reveal.value), 7, 2, 4)));
  assert.deepEqual(changed, []);
  // A deal it never committed to: no value to reveal, so it reveals none.
  await shuffle.answer({ ...ask, deal: 3, step: "reveal" });
  assert.equal(sent.length, 3);
  // Another deal, another value.
  await shuffle.answer({ ...ask, deal: 3, step: "commit" });
  assert.notEqual(sent[3].commitment, commit.commitment);
});

test("a night commitment that changes is told", async () => {
  const { shuffle, changed } = page();
  const ask = { type: "shuffle", step: "commit", hand: 1, deal: 1, seat: 0, seconds: 4 };
  await shuffle.answer({ ...ask, night: NIGHT });
  await shuffle.answer({ ...ask, hand: 2, night: "cd".repeat(32) });
  assert.deepEqual(changed, [[NIGHT, "cd".repeat(32)]]);
});
