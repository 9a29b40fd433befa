// The page's half of benchmarks/private_batch.py: per card, an unmasking with its own proof
// (privatedeal.js `unmask`, today's) against a batch's share (`unmaskBatch` of 1, 3, 7, 15
// points), and each one's check, in the process's CPU time. Input (argv[2], JSON): {"sizes":
// [...], "cards": n}; output (stdout, JSON): milliseconds a card, by kind and size.

import {
  cardPoint,
  checkBatch,
  checkUnmasking,
  maskAndShuffle,
  newSecret,
  unmask,
  unmaskBatch,
} from "../src/wildstud/server/static/js/privatedeal.js";

const { sizes, cards } = JSON.parse(process.argv[2]);
const NAMES = [];
for (const rank of "23456789TJQKA") for (const suit of "cdhs") NAMES.push(rank + suit);
const context = new TextEncoder().encode("table t|hand 1|deal 1|pass 0|party 0");
const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e3; // milliseconds
};

const secret = newSecret();
const masked = maskAndShuffle(NAMES.map(cardPoint), newSecret(), [...Array(52).keys()]);
const points = (count, from) => Array.from({ length: count }, (_, i) => masked[(from + i) % 52]);

function perCard(work, total) {
  work(); // once before the clock: the JIT's first compilation
  const start = cpu();
  work();
  return (cpu() - start) / total;
}

const result = { single: {}, batch: {} };
const steps = points(cards, 0).map((point) => unmask(point, secret, context));
result.single.unmask = perCard(() => points(cards, 0).forEach((point) => unmask(point, secret, context)), cards);
result.single.check = perCard(() => steps.forEach((step) => checkUnmasking(step, secret.key, context)), cards);
for (const size of sizes) {
  const rounds = Math.max(1, Math.round(cards / size));
  const batches = Array.from({ length: rounds }, (_, i) => unmaskBatch(points(size, i), secret, context));
  result.batch[size] = {
    unmask: perCard(() => {
      for (let i = 0; i < rounds; i++) unmaskBatch(points(size, i), secret, context);
    }, rounds * size),
    check: perCard(() => {
      for (const batch of batches) if (!checkBatch(batch, secret.key, context)) throw new Error("fails");
    }, rounds * size),
  };
}
process.stdout.write(JSON.stringify(result));
