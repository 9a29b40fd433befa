// The page's CPU for one private-deal hand (benchmarks/private_deal.py runs it): the operations
// one page does in a hand, counted by the Python side from a whole hand played by the rounds,
// done here with the page's own module (static/js/privatedeal.js) and timed with the process's
// CPU clock. Input (argv[2], JSON): {"masks": 1, "batches": [sizes], "checks": [sizes], "opens":
// k, "rounds": r}, each batch the page unmasks and each it checks by its number of cards (one
// proof a batch); output (stdout, JSON): the CPU seconds of each kind of operation, per hand.

import {
  cardPoint,
  checkBatch,
  maskAndShuffle,
  newSecret,
  openOwn,
  unmaskBatch,
} from "../src/wildstud/server/static/js/privatedeal.js";

const counts = JSON.parse(process.argv[2]); // checks_all is the Python side's
const rounds = counts.rounds ?? 5;
const CARDS = [];
for (const rank of "23456789TJQKA") for (const suit of "cdhs") CARDS.push(rank + suit);
const context = new TextEncoder().encode("table t|hand 1|deal 1|unmask 0|party 0");
const cards = (size, from) => Array.from({ length: size }, (_, i) => (from + i) % 52);

const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

function timed(work) {
  const start = cpu();
  work();
  return cpu() - start;
}

const deck = CARDS.map(cardPoint);
const order = [...Array(52).keys()].sort(() => Math.random() - 0.5);
const totals = { cardPoints: 0, masks: 0, unmaskings: 0, checks: 0, opens: 0 };
for (let round = 0; round < rounds; round++) {
  const mine = newSecret();
  const other = newSecret();
  const masked = maskAndShuffle(deck, other, order); // what the page is handed
  // others' batches to check, each of its size
  const batches = counts.checks.map((size, i) =>
    unmaskBatch(
      cards(size, i).map((j) => masked[j]),
      other,
      context,
    ),
  );
  const own = maskAndShuffle(deck, mine, order); // its own cards, masked by itself alone
  totals.cardPoints += timed(() => CARDS.map(cardPoint)); // once a page: the 52 card points
  totals.masks += timed(() => {
    for (let i = 0; i < counts.masks; i++) maskAndShuffle(masked, mine, order);
  });
  totals.unmaskings += timed(() => {
    counts.batches.forEach((size, i) =>
      unmaskBatch(
        cards(size, i).map((j) => masked[j]),
        mine,
        context,
      ),
    );
  });
  totals.checks += timed(() => {
    for (const batch of batches) {
      if (!checkBatch(batch, other.key, context)) throw new Error("a proof failed");
    }
  });
  totals.opens += timed(() => {
    for (let i = 0; i < counts.opens; i++) openOwn(own[i % 52], mine, CARDS);
  });
}
const perHand = Object.fromEntries(Object.entries(totals).map(([kind, seconds]) => [kind, seconds / rounds]));
process.stdout.write(JSON.stringify(perHand));
