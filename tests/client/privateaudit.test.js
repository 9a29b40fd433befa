// The page's own audit of a private night record (private deal v3) against the library's
// (tests/golden/private_night.json, written by tests/tools/private_nights.py from
// wildstud.history.private_night): the honest night is verified, and each cheat (a page that
// reordered otherwise than it says, a withheld secret, a server that put in a card, a secret
// that is not its key's, shares whose proof fails) is named as `wildstud verify --night` names
// it: the same kind, hand, deal, party and sentence, in the same order; a night of private deal
// v1 is refused with the library's sentence, naming its version.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { auditPrivateNight, auditsAgree, ownPart } from "../../src/wildstud/server/static/js/privateaudit.js";
import { describeAuditDisagreement, describeRecordChanged } from "../../src/wildstud/server/static/js/words.js";
import { deckDigest, newSecret, proveKey, shareBatch } from "../../src/wildstud/server/static/js/privatedeal.js";

const toHex = (bytes) => Buffer.from(bytes).toString("hex");
const fromHex = (text) => new Uint8Array(Buffer.from(text, "hex"));

const golden = JSON.parse(readFileSync(new URL("../golden/private_night.json", import.meta.url), "utf8"));
const cases = new Map(golden.cases.map((item) => [item.name, item]));
const copy = (data) => JSON.parse(JSON.stringify(data));
const honest = () => copy(cases.get("an honest night").record);
const rowOf = (record, kind, party) => record.deals[0].rows.find((row) => row.kind === kind && row.party === party);
const hexProof = (proof) => ({ challenge: toHex(proof.challenge), response: toHex(proof.response) });
const named = async (record) => (await auditPrivateNight(record)).faults.map((item) => [item.party, item.kind]);

for (const { name, record, audit } of golden.cases) {
  test(`the page audits ${name} as the library does`, async () => {
    assert.deepEqual(await auditPrivateNight(record), audit);
  });
}

// The same nights dealt under private deal v1 (tests/golden/private_night_per_card.json, kept as
// it was written): refused by their version, as the library refuses them, not audited as v3.
const v1 = JSON.parse(readFileSync(new URL("../golden/private_night_per_card.json", import.meta.url), "utf8"));

test("a night of private deal v1 is refused with the library's sentence, naming its version", async () => {
  const said = (message) => ({ message });
  for (const { record } of v1.cases) {
    await assert.rejects(
      auditPrivateNight(record),
      said(
        "this night was dealt under wildstud private deal v1 (format 'wildstud-private-night/1'): this wildstud" +
          " audits private deal v3 only ('wildstud-private-night/3'); audit it with the wildstud that dealt it",
      ),
    );
  }
  // A night of v2, whose proofs are bound to no seats, is refused the same way, naming v2.
  await assert.rejects(
    auditPrivateNight({ ...honest(), format: "wildstud-private-night/2" }),
    /dealt under wildstud private deal v2 \(format 'wildstud-private-night\/2'\)/,
  );
  // A record of v3's format holding a deal of v1 (its parties row a list, naming no version).
  const mixed = { ...copy(v1.cases[0].record), format: "wildstud-private-night/3" };
  await assert.rejects(
    auditPrivateNight(mixed),
    said(
      "hand 1, deal 1: this deal was dealt under wildstud private deal v1, which this wildstud no longer audits" +
        " (it audits v3 only)",
    ),
  );
  const unversioned = honest();
  delete unversioned.deals[0].rows[0].data.version;
  await assert.rejects(auditPrivateNight(unversioned), /private deal vNone, which this wildstud no longer audits/);
});

test("a batch row with one share of another card is refused, naming whose it was", async () => {
  const record = honest();
  const rows = record.deals[0].rows;
  const [first, second] = rows.filter((row) => row.kind === "unmask" && row.party === 0);
  first.data.batch[0][2] = second.data.batch[0][2]; // a share that is not of its point
  assert.deepEqual(await named(record), [[rows[0].data.parties[0][0], "refused"]]);
});

test("a key whose proof of knowledge fails, or made for another party, is refused, naming whose it was", async () => {
  const record = honest();
  const key = rowOf(record, "key", 1);
  [key.data.challenge, key.data.response] = [key.data.response, key.data.challenge];
  assert.deepEqual(await named(record), [["Bob", "refused"]]);
  // A rogue key (the last party's chosen to cancel the others') has no proof its party can make:
  // the best it has is a proof of a key it knows, which is not this one.
  const rogue = honest();
  const { context, deal } = rogue.deals[0];
  const mine = newSecret();
  const proof = proveKey(mine, new TextEncoder().encode(`${context}|deal ${deal}`), 2);
  rowOf(rogue, "key", 2).data = { key: rowOf(rogue, "key", 0).data.key, ...hexProof(proof) };
  assert.deepEqual(await named(rogue), [["server", "refused"]]);
  const moved = honest();
  rowOf(moved, "key", 2).data = { ...rowOf(moved, "key", 2).data, key: toHex(mine.key) };
  assert.deepEqual(await named(moved), [["server", "refused"]]);
});

test("shares that follow from a secret other than the key's are refused, whatever their proof", async () => {
  const record = honest();
  const { context, deal } = record.deals[0];
  const row = rowOf(record, "unmask", 1);
  const positions = row.data.batch.map(([position]) => position);
  const other = newSecret();
  const bound = new TextEncoder().encode(`${context}|deal ${deal}|unmask ${positions.join(",")}|party 1`);
  const made = shareBatch(
    row.data.batch.map(([, point]) => fromHex(point)),
    other,
    bound,
  );
  row.data = {
    batch: row.data.batch.map(([position, point], index) => [position, point, toHex(made.shares[index])]),
    ...hexProof(made),
  };
  assert.deepEqual(await named(record), [["Bob", "refused"]]);
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
  assert.deepEqual(await named(record), [[record.deals[0].rows[0].data.parties[show.party][0], "refused"]]);
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
  await assert.rejects(auditPrivateNight({ format: "wildstud-night/1" }), /format 'wildstud-private-night\/3'/);
  const bad = { format: "wildstud-private-night/3", table: "t", deals: [{ hand: 1 }] };
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

test("a show with nothing left to show carries no batch, and holds", async () => {
  const record = honest();
  const rows = record.deals[0].rows;
  const show = rows.find((row) => row.kind === "show");
  rows.splice(rows.indexOf(show) + 1, 0, {
    kind: "show",
    party: show.party,
    data: { seat: show.data.seat, batch: [] },
  });
  assert.deepEqual(await named(record), []);
  show.data = { seat: show.data.seat, batch: [] }; // its cards still to show: refused
  assert.deepEqual(await named(record), [[record.deals[0].rows[0].data.parties[show.party][0], "refused"]]);
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

test("the page finds its own key, secret and order in the honest record", () => {
  assert.deepEqual(ownPart(honest(), annHeld(honest())), []);
  // Its key written in capitals is the same key.
  const record = honest();
  rowOf(record, "key", 0).data.key = rowOf(record, "key", 0).data.key.toUpperCase();
  assert.deepEqual(ownPart(record, annHeld(honest())), []);
});

test("a record that deals the page a card it shared, or deals one elsewhere than it was told, says so", () => {
  // Ann (party 0, seat 0) shared places 0 and 1 (seats 1 and 2's) and the face-up 6 (seat 1's).
  const shared = [
    [0, "d1"],
    [1, "d2"],
    [6, "u1"],
  ];
  const held = [{ ...annHeld(honest())[0], shared }];
  assert.deepEqual(ownPart(honest(), held), []);
  const passOf = (record) => record.deals[0].rows.find((row) => row.kind === "pass").data;
  // The record deals place 1 to Ann's own seat face down: the server could open it.
  const asked = honest();
  passOf(asked)[1] = [1, 0, false];
  const [found] = ownPart(asked, held);
  assert.deepEqual([found.hand, found.what], [1, "asked"]);
  assert.match(found.text, /dealt you a face-down card it had asked this page to share/);
  assert.match(describeRecordChanged([1], [1]), /could see one of your face-down cards in hand 1/);
  // The record's dealt deck is not the one the server sent the page with its asks.
  const deckRow = (record) => record.deals[0].rows.filter((row) => row.kind === "deck").at(-1);
  const sentDeck = deckDigest(deckRow(honest()).data);
  assert.deepEqual(ownPart(honest(), [{ ...held[0], deck: sentDeck }]), []);
  const redealt = honest();
  deckRow(redealt).data = [...deckRow(redealt).data].reverse();
  assert.deepEqual(
    ownPart(redealt, [{ ...held[0], deck: sentDeck }]).map((item) => [item.what, item.text]),
    [["dealt", "The night record does not hold the deck this page was dealt from in hand 1: the server changed it"]],
  );
  // The record deals place 6 face up to seat 2, where the ask said seat 1.
  const told = honest();
  passOf(told)[6] = [6, 2, true];
  assert.deepEqual(
    ownPart(told, held).map((item) => item.what),
    ["told"],
  );
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
