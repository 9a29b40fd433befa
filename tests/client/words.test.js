// The client's words against the golden table that wildstud.words wrote
// (tests/golden/words.json, from tests/tools/golden_words.py): the same data, the same sentences.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  describeAuditFault,
  describeAward,
  describeBeaten,
  describeCardCheck,
  describeChances,
  describeChange,
  describeDealAudit,
  describeHand,
  describeHint,
  describeNightAudit,
  describePrivateAudit,
  describePrivateFault,
  describeNightChanged,
  describePrivateCard,
  describeRedeal,
  describeRule,
  describeSettings,
  describeShuffle,
  describeWild,
  describeWildNow,
} from "../../src/wildstud/server/static/js/words.js";

const golden = JSON.parse(readFileSync(new URL("../golden/words.json", import.meta.url), "utf8"));
const { names } = golden;

/** Each row's words as the client makes them, beside the library's. */
function compare(rows, make) {
  assert.ok(rows.length > 0, "the golden table has rows to compare");
  assert.deepEqual(
    rows.map(make),
    rows.map((row) => row.words),
  );
}

test("every kind of wild change reads as the library says it", () => {
  const kinds = new Set(golden.changes.map((row) => row.event.kind));
  assert.deepEqual([...kinds].sort(), [
    "centre",
    "follower",
    "king",
    "last-card",
    "no-follower",
    "queen",
    "queen-returns",
  ]);
  compare(golden.changes, (row) => describeChange(row.event, names));
});

test("a set of wild cards reads as the library says it", () => {
  compare(golden.wild, (row) => describeWild(row.wild));
});

test("the wild cards now, with a follow open or ended, read as the library says them", () => {
  compare(golden.wild_now, (row) => describeWildNow(row.wild, row.follow_pending, row.follow_ends));
});

test("every wild rule reads as the library says it", () => {
  compare(golden.rules, (row) => describeRule(row.rule));
});

test("a redeal, with a card or without, reads as the library says it", () => {
  compare(golden.redeals, (row) => describeRedeal(row.event, names));
});

test("which kind of deal, and each card's check, read as the library says them", () => {
  compare(golden.shuffles, (row) => describeShuffle(row.made_from));
  compare(golden.card_checks, (row) => describeCardCheck(row.ok, row.position));
  assert.equal(describeNightChanged(), golden.night_changed);
});

test("an award from the main pot or a side pot reads as the library says it", () => {
  compare(golden.awards, (row) => describeAward(row.event, names));
});

test("every kind of the host's change reads as the library says it", () => {
  compare(golden.settings, (row) => describeSettings(row.frame.changes));
});

test("every category of hand is named as the library names it", () => {
  compare(golden.hands, (row) => describeHand(row.hand));
});

test("the question to a losing hand names the winning hands shown first as the library does", () => {
  compare(golden.beaten, (row) => describeBeaten(row.shown, names));
});

test("a practice table's chances, split or not, read as the library says them", () => {
  compare(golden.chances, (row) => describeChances(row.chances));
});

test("every kind of the equity bot's hint reads as the library says it", () => {
  compare(golden.hints, (row) => describeHint(row.hint));
  assert.deepEqual(new Set(golden.hints.map((row) => row.hint.why)).size, 7);
});

test("every fault of the night's audit reads as the library says it", () => {
  const kinds = new Set(golden.audit_faults.map((row) => row.fault.kind));
  assert.deepEqual([...kinds].sort(), ["card", "left-out", "record", "root", "seed", "seed-hidden", "value"]);
  compare(golden.audit_faults, (row) => describeAuditFault(row.fault));
});

test("a deal's audit and the night's read as the library says them", () => {
  compare(golden.deal_audits, (row) => describeDealAudit(row.hand, row.deal, row.made_from, row.left_out, row.failed));
  compare(golden.night_audits, (row) => describeNightAudit(row.deals, row.kinds, row.names, row.alone));
  compare(golden.private_faults, (row) => describePrivateFault(row.kind, row.name, row.hand));
  compare(golden.private_audits, (row) => describePrivateAudit(row.deals, row.faults));
});

test("a private deal's card says who can see it (the page's own words: the server cannot know)", () => {
  assert.equal(describePrivateCard({ up: true, known: true }), "opened by every player's key");
  assert.equal(describePrivateCard({ known: true }), "only you can see this card");
  assert.equal(describePrivateCard({}), "only its owner can see this card");
  assert.equal(describePrivateCard({ shown: true, known: true }), "shown by its owner, with proof");
});
