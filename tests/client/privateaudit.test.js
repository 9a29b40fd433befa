// The page's own audit of a private night record against the library's
// (tests/golden/private_night.json, written by tests/tools/private_nights.py from
// wildstud.history.private_night): the honest night is verified, and each cheat (a page that
// reordered otherwise than it says, a withheld secret, a server that put in a card, a secret
// that is not its key's, an unmasking whose proof fails) is named as `wildstud verify --night`
// names it: the same kind, hand, deal, party and sentence, in the same order.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { auditPrivateNight, auditsAgree, ownPart } from "../../src/wildstud/server/static/js/privateaudit.js";
import { describeAuditDisagreement } from "../../src/wildstud/server/static/js/words.js";
import { secretOf, unmask } from "../../src/wildstud/server/static/js/privatedeal.js";

const toHex = (bytes) => Buffer.from(bytes).toString("hex");
const fromHex = (text) => new Uint8Array(Buffer.from(text, "hex"));

const golden = JSON.parse(readFileSync(new URL("../golden/private_night.json", import.meta.url), "utf8"));
const cases = new Map(golden.cases.map((item) => [item.name, item]));
const copy = (data) => JSON.parse(JSON.stringify(data));
const honest = () => copy(cases.get("an honest night").record);
const named = async (record) => (await auditPrivateNight(record)).faults.map((item) => [item.party, item.kind]);

for (const { name, record, audit } of golden.cases) {
  test(`the page audits ${name} as the library does`, async () => {
    assert.deepEqual(await auditPrivateNight(record), audit);
  });
}

// The same nights as stored before batches (one proof a card): a record kept from then still
// audits as it did (tests/golden/private_night_per_card.json, kept as it was written).
const perCard = JSON.parse(readFileSync(new URL("../golden/private_night_per_card.json", import.meta.url), "utf8"));
for (const { name, record, audit } of perCard.cases) {
  test(`the page audits ${name}, stored one proof a card, as the library did`, async () => {
    assert.deepEqual(await auditPrivateNight(record), audit);
  });
}

test("a deal whose rows mix a page from before batches (one proof a card) and batches verifies", async () => {
  // Bob's first pass answered as a page whose script predates batches would have: each card
  // unmasked with its own proof, from the secret Bob published after the night.
  const record = honest();
  const { context, deal, rows } = record.deals[0];
  const secret = secretOf(fromHex(rows.find((row) => row.kind === "reveal" && row.party === 1).data.secret));
  const row = rows.find((each) => each.kind === "unmask" && each.party === 1);
  row.data = row.data.batch.map(([position, before]) => {
    const bound = new TextEncoder().encode(`${context}|deal ${deal}|position ${position}|party 1`);
    const step = unmask(fromHex(before), secret, bound);
    return [position, ...[step.before, step.after, step.challenge, step.response].map(toHex)];
  });
  assert.deepEqual(await named(record), []);
  row.data[0][4] = row.data[1][4]; // one card's proof now another's: refused, naming Bob
  assert.deepEqual(await named(record), [["Bob", "refused"]]);
});

test("a batch row with one card of another party's making is refused, naming whose it was", async () => {
  const record = honest();
  const rows = record.deals[0].rows;
  const [first, second] = rows.filter((row) => row.kind === "unmask" && row.party === 0);
  first.data.batch[0][2] = second.data.batch[0][2]; // an after that is no unmasking of its before
  assert.deepEqual(await named(record), [[rows[0].data[0][0], "refused"]]);
});

test("every cheat of the golden nights is named, and the honest night is verified", () => {
  assert.equal(cases.get("an honest night").audit.verified, true);
  const kinds = golden.cases.flatMap((item) => item.audit.faults.map((fault) => fault.kind));
  assert.deepEqual([...new Set(kinds)].sort(), [
    "key",
    "refused",
    "reordered",
    "substituted",
    "unmasked",
    "unpublished",
  ]);
});

test("a show whose proof fails is refused, naming the page that showed", async () => {
  const record = honest();
  const show = record.deals[0].rows.find((row) => row.kind === "show");
  [show.data.challenge, show.data.response] = [show.data.response, show.data.challenge];
  assert.deepEqual(await named(record), [[record.deals[0].rows[0].data[show.party][0], "refused"]]);
});

test("a deck that is not 52 different points is refused, naming whose it was", async () => {
  const record = honest();
  const deck = record.deals[0].rows.find((row) => row.kind === "deck" && row.party === 1);
  deck.data[1] = deck.data[0];
  assert.deepEqual(await named(record), [["Bob", "refused"]]);
});

test("a published order that is no order of the deck is named", async () => {
  const record = honest();
  const reveal = record.deals[0].rows.find((row) => row.kind === "reveal" && row.party === 0);
  reveal.data.order[0] = reveal.data.order[1];
  assert.deepEqual(await named(record), [["Ann", "order"]]);
});

test("a secret of zero is refused, as libsodium reads it (its top bit cleared)", async () => {
  for (const zero of ["00".repeat(32), `${"00".repeat(31)}80`]) {
    const record = honest();
    const reveal = record.deals[0].rows.find((row) => row.kind === "reveal" && row.party === 2);
    reveal.data.secret = zero;
    assert.deepEqual(await named(record), [["server", "refused"]]);
  }
});

test("a record the library cannot read is refused with the library's sentence", async () => {
  await assert.rejects(auditPrivateNight({ format: "wildstud-night/1" }), /format 'wildstud-private-night\/1'/);
  const bad = { format: "wildstud-private-night/1", table: "t", deals: [{ hand: 1 }] };
  await assert.rejects(auditPrivateNight(bad), /hand, deal and context/);
  const record = honest();
  record.deals[0].rows.shift();
  await assert.rejects(auditPrivateNight(record), /its rows start with its parties/);
});

test("the server's own audit agrees only when it names the same faults in as many deals", () => {
  const withheld = cases.get("a page that withheld its secret").audit;
  const frame = (audit) => ({ type: "private_audit", first: 1, last: 1, deals: audit.deals, faults: audit.faults });
  assert.equal(auditsAgree(frame(withheld), withheld), true);
  // A server that says every deal was honest where the record shows Ann withheld her secret.
  assert.equal(auditsAgree({ ...frame(withheld), faults: [] }, withheld), false);
  // ... or that blames Ann for a fault the record does not show, or counts another night.
  const honestAudit = cases.get("an honest night").audit;
  assert.equal(auditsAgree(frame(withheld), honestAudit), false);
  assert.equal(auditsAgree({ ...frame(honestAudit), deals: 2 }, honestAudit), false);
  assert.equal(
    describeAuditDisagreement(1, 0),
    "The server's own audit (every deal honest, 1 deal) does not match this check of the night record it offered: trust the check made in this browser, and tell the table.",
  );
  assert.match(describeAuditDisagreement(3, 2), /^The server's own audit \(2 faults in 3 deals\) does not match/);
});

test("it tells how far it has gone, hand by hand", async () => {
  const told = [];
  await auditPrivateNight(honest(), { onProgress: (at) => told.push(at), yields: false });
  assert.deepEqual(told, [
    { hand: 1, hands: 2 },
    { hand: 2, hands: 2 },
  ]);
});

// Ann's page held, for hand 1, the secret and order the honest night's record publishes for her.
const annHeld = (record) => {
  const reveal = record.deals[0].rows.find((row) => row.kind === "reveal" && row.party === 0);
  return [{ hand: 1, deal: 1, party: 0, secret: reveal.data.secret, order: [...reveal.data.order] }];
};
const rowOf = (record, kind, party) => record.deals[0].rows.find((row) => row.kind === kind && row.party === party);

test("the page finds its own key, secret and order in the honest record", () => {
  assert.deepEqual(ownPart(honest(), annHeld(honest())), []);
  // Its key written in capitals is the same key.
  const record = honest();
  rowOf(record, "key", 0).data = rowOf(record, "key", 0).data.toUpperCase();
  assert.deepEqual(ownPart(record, annHeld(honest())), []);
});

test("a record that does not hold the page's own key, secret or order names the hand", () => {
  const held = annHeld(honest());
  const changed = (change) => {
    const record = honest();
    change(record);
    return ownPart(record, held).map((item) => [item.hand, item.deal, item.what]);
  };
  // A server that rewrote the record: another key in Ann's place (Bob's, a point of the group).
  assert.deepEqual(
    changed((record) => (rowOf(record, "key", 0).data = rowOf(record, "key", 1).data)),
    [[1, 1, "key"]],
  );
  assert.deepEqual(
    changed((record) => (rowOf(record, "reveal", 0).data.secret = rowOf(record, "reveal", 1).data.secret)),
    [[1, 1, "secret"]],
  );
  assert.deepEqual(
    changed((record) => rowOf(record, "reveal", 0).data.order.reverse()),
    [[1, 1, "secret"]],
  );
  assert.deepEqual(
    changed((record) => (rowOf(record, "reveal", 0).data = null)),
    [[1, 1, "secret"]],
  );
  assert.deepEqual(
    changed((record) => record.deals.shift()),
    [[1, 1, "deal"]],
  );
  // A key or secret the record does not hold at all: the page's answer may never have come...
  const dropped = (record) => (record.deals[0].rows = record.deals[0].rows.filter((row) => row.party !== 0));
  assert.deepEqual(changed(dropped), []);
  // ... unless the server took its key: it asked the page to mask the deck.
  const record = honest();
  dropped(record);
  assert.deepEqual(
    ownPart(record, [{ ...held[0], taken: true }]).map((item) => [item.hand, item.deal, item.what]),
    [[1, 1, "key"]],
  );
  const [found] = ownPart(
    (() => {
      const record = honest();
      rowOf(record, "key", 0).data = rowOf(record, "key", 1).data;
      return record;
    })(),
    held,
  );
  assert.equal(found.text, "The night record does not hold the key this page used in hand 1: the server changed it");
});

test("a record rewritten whole passes the audit, but not the page that played in it", async () => {
  const { record, audit } = cases.get("a record rewritten whole by the server");
  assert.equal(audit.verified, true);
  const found = ownPart(record, annHeld(honest()));
  assert.deepEqual(
    found.map((item) => [item.hand, item.deal, item.what]),
    [[1, 1, "key"]],
  );
});
