// The night's audit in the page (issue 26): once the host has ended the night, the server's
// night record (GET /api/tables/{id}/night-record) is checked here, in the browser, as
// src/wildstud/history/night_audit.py checks it for `wildstud verify --night`: the night seed
// opens its commitment; every page's value opens its commitment; every deck is the shuffle of
// the hand's seed over the values the record says made it; each deal's root is that deck's
// (salts from the hand's seed); the hand's record carries that root; and each card the record
// lists as dealt sits at the position it was dealt from, and went to nobody left out. No rule of
// the games is worked out here: the positions come from the record's `dealt` lists (the library
// holds those to the hand's record, which it replays). The faults come in the library's order,
// in its words (words.js), each with whom it names: tests/golden/night_audit.json, written by
// the library, holds the two audits together (tests/client/nightaudit.test.js).

import { deckOrder, deckSalts, fromHex, handSeed, nightCommitment, opens } from "./jointshuffle.js";
import { deckRoot } from "./proofs.js";
import { describeAuditFault } from "./words.js";

const SERVER = "the server";
const HEX64 = /^[0-9a-f]{64}$/;

function fault(kind, hand, deal, details = {}) {
  const names = kind === "value" ? details.player : SERVER;
  return { kind, hand, deal, text: describeAuditFault({ kind, hand, deal, ...details }), names };
}

/** The roots a hand's record carries, by deal: its `_commitments` lines. */
function carriedRoots(record) {
  const roots = new Map();
  const found = /\{\s*deal\s*=\s*(\d+)\s*,\s*root\s*=\s*"([0-9a-f]{64})"\s*\}/g;
  for (const [, deal, root] of String(record).matchAll(found)) roots.set(Number(deal), root);
  return roots;
}

async function auditDeal(seed, hand, inputs, faults) {
  const values = new Map();
  const madeFrom = [];
  for (const item of inputs.contributions) {
    if (item.value === null || item.value === undefined) continue;
    const value = HEX64.test(item.value) ? fromHex(item.value) : null;
    if (value && (await opens(item.commitment, value, hand.number, inputs.deal, item.seat))) {
      values.set(item.seat, value);
      madeFrom.push(item.player);
    } else {
      faults.push(fault("value", hand.number, inputs.deal, { player: item.player }));
    }
  }
  const leftOut = inputs.contributions.map((item) => item.player).filter((name) => !madeFrom.includes(name));
  const audited = { hand: hand.number, deal: inputs.deal, root: inputs.root, made_from: madeFrom, left_out: leftOut };
  const keyed = await handSeed(seed, hand.number);
  const deck = await deckOrder(keyed, hand.number, inputs.deal, values);
  const root = await deckRoot(deck, await deckSalts(keyed, inputs.deal));
  if (root !== inputs.root) faults.push(fault("root", hand.number, inputs.deal, { made_from: madeFrom }));
  return { audited, deck, leftOut: new Set(leftOut) };
}

async function auditHand(seed, hand, deals, faults) {
  const made = new Map();
  for (const inputs of hand.deals) {
    const { audited, deck, leftOut } = await auditDeal(seed, hand, inputs, faults);
    deals.push(audited);
    made.set(inputs.deal, { deck, leftOut });
  }
  const carried = carriedRoots(hand.record);
  for (const inputs of hand.deals) {
    if (carried.get(inputs.deal) !== inputs.root) faults.push(fault("root", hand.number, inputs.deal));
  }
  for (const inputs of hand.deals) {
    const { deck, leftOut } = made.get(inputs.deal);
    const named = new Set();
    for (const { position, card, player } of inputs.dealt || []) {
      if (deck[position] !== card) {
        faults.push(fault("card", hand.number, inputs.deal, { card, deck_card: deck[position] ?? null, position }));
      }
      if (player !== null && leftOut.has(player) && !named.has(player)) {
        named.add(player);
        faults.push(fault("left-out", hand.number, inputs.deal, { player }));
      }
    }
  }
}

/**
 * The audit of a night record (its JSON, as the server gives it): `{table, verified, deals,
 * faults}`, as `wildstud verify --night FILE --json` says it (each fault with `names`: whom it
 * names). A record without its seed (the night not over) has one fault, "seed-hidden".
 */
export async function auditNight(record) {
  const faults = [];
  const deals = [];
  if (record.seed === null || record.seed === undefined || !HEX64.test(record.seed)) {
    return { night: true, table: record.table, verified: false, deals, faults: [fault("seed-hidden", null, null)] };
  }
  const seed = fromHex(record.seed);
  if ((await nightCommitment(seed)) !== record.commitment) faults.push(fault("seed", null, null));
  for (const hand of record.hands) await auditHand(seed, hand, deals, faults);
  return { night: true, table: record.table, verified: faults.length === 0, deals, faults };
}
