// The page's audit of a night record against the library's (tests/golden/night_audit.json,
// written by tests/tools/nights.py from wildstud.history.night_audit): an honest night is
// verified deal by deal, and each cheat (a seed chosen after the commitments, a card from the
// wrong position, a player dealt in without a value, a value that opens nothing) is named as
// `wildstud verify --night` names it: the same kind, hand, deal, sentence and person.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { auditNight } from "../../src/wildstud/server/static/js/nightaudit.js";
import { deckRoot } from "../../src/wildstud/server/static/js/proofs.js";
import { CARDS, deckSalts, fromHex } from "../../src/wildstud/server/static/js/jointshuffle.js";

const golden = JSON.parse(readFileSync(new URL("../golden/night_audit.json", import.meta.url), "utf8"));
const cases = new Map(golden.cases.map((item) => [item.name, item]));
const copy = (data) => JSON.parse(JSON.stringify(data));

for (const { name, record, audit } of golden.cases) {
  test(`the page audits ${name} as the library does`, async () => {
    assert.deepEqual(await auditNight(record), audit);
  });
}

test("every cheat of the golden nights is named, and the honest night is verified", () => {
  assert.equal(cases.get("an honest night").audit.verified, true);
  const named = golden.cases.filter((item) => !item.audit.verified).map((item) => item.audit.faults[0].kind);
  assert.deepEqual(named.sort(), ["card", "left-out", "seed", "value"]);
});

test("a record whose seed is not revealed yet: the night is not over", async () => {
  const record = { ...copy(cases.get("an honest night").record), seed: null };
  const found = await auditNight(record);
  assert.equal(found.verified, false);
  assert.deepEqual(
    found.faults.map((item) => item.kind),
    ["seed-hidden"],
  );
});

test("a root of another deck, and a record carrying another root, are named", async () => {
  const record = copy(cases.get("an honest night").record);
  record.hands[0].deals[0].root = "ab".repeat(32);
  const found = await auditNight(record);
  assert.deepEqual(
    found.faults.map((item) => [item.kind, item.hand, item.deal, item.names]),
    [
      ["root", 1, 1, "the server"],
      ["root", 1, 1, "the server"],
    ],
  );
  assert.match(found.faults[0].text, /the published root is not the deck made from the night seed/);
  assert.match(found.faults[1].text, /carries another root than the one published/);
});

test("a card listed at another position than the deck's is named with both cards", async () => {
  const record = copy(cases.get("an honest night").record);
  const dealt = record.hands[1].deals[0].dealt;
  [dealt[2].card, dealt[3].card] = [dealt[3].card, dealt[2].card];
  const found = await auditNight(record);
  assert.deepEqual(
    found.faults.map((item) => [item.kind, item.hand, item.deal]),
    [
      ["card", 2, 1],
      ["card", 2, 1],
    ],
  );
  assert.match(found.faults[0].text, /\(position 3\): a card was dealt out of order or substituted$/);
});

test("the deck's root is the library's for a deck in the library's order", async () => {
  // SealedDeck(1, DECK, deck_salts(bytes(32), 1)).commitment.root, from wildstud.commitment
  const library = "5d3374881e4e5e204f473162a7eab835926df7b09b4ad0f7264e0ed063f9fc51";
  const seed = fromHex("00".repeat(32));
  assert.equal(await deckRoot(CARDS, await deckSalts(seed, 1)), library);
  await assert.rejects(deckRoot(CARDS.slice(1), await deckSalts(seed, 1)), RangeError);
});
