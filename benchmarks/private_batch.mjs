// The page's half of benchmarks/private_batch.py (private deal v2), in the library's half's shape:
// per card, a batch's shares (privatedeal.js `shareBatch` of 1, 3, 7, 15 points, one proof a
// batch) and each batch's check (`checkShares`); a whole turn at the deck (`shuffleTurn`); and
// each, a key's proof of knowledge made and checked; in the process's CPU time. Input (argv[2],
// JSON): {"sizes": [...], "cards": n}; output (stdout, JSON): {"batch": {size: {"share",
// "check"}}, "turn", "key": {"prove", "check"}}, milliseconds.

import {
  checkKey,
  checkShares,
  jointKey,
  newSecret,
  openDeck,
  proveKey,
  shareBatch,
  shuffleTurn,
} from "../src/wildstud/server/static/js/privatedeal.js";

const { sizes, cards } = JSON.parse(process.argv[2]);
const context = new TextEncoder().encode("table t|hand 1|deal 1|unmask 0|party 0");
const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e3; // milliseconds
};

const secret = newSecret();
const other = newSecret();
const joint = jointKey([secret.key, other.key]);
const order = [...Array(52).keys()];
const deck = shuffleTurn(openDeck(), other, order, joint, context);
const points = (count, from) => Array.from({ length: count }, (_, i) => deck[(from + i) % 52][0]);

function per(work, total) {
  work(); // once before the clock: the JIT's first compilation
  const start = cpu();
  work();
  return (cpu() - start) / total;
}

const result = { batch: {} };
for (const size of sizes) {
  const rounds = Math.max(1, Math.round(cards / size));
  const batches = Array.from({ length: rounds }, (_, i) => shareBatch(points(size, i), secret, context));
  result.batch[size] = {
    share: per(() => {
      for (let i = 0; i < rounds; i++) shareBatch(points(size, i), secret, context);
    }, rounds * size),
    check: per(() => {
      for (const batch of batches) if (!checkShares(batch, secret.key, context)) throw new Error("fails");
    }, rounds * size),
  };
}
result.turn = per(() => shuffleTurn(deck, secret, order, joint, context), 1);
const proof = proveKey(secret, context, 0);
result.key = {
  // each timed over `cards` of them, as the library's are
  prove: per(() => {
    for (let i = 0; i < cards; i++) proveKey(secret, context, i);
  }, cards),
  check: per(() => {
    for (let i = 0; i < cards; i++) if (!checkKey(secret.key, proof, context, 0)) throw new Error("fails");
  }, cards),
};
process.stdout.write(JSON.stringify(result));
