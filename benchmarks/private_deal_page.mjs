// The page's CPU for one private-deal hand (benchmarks/private_deal.py runs it; private deal v2):
// the operations one page does in a hand, counted by the Python side from a whole hand played by
// the rounds, done here with the page's own module (static/js/privatedeal.js) and timed with the
// process's CPU clock. Input (argv[2], JSON): {"masks": d, "keys": n, "batches": [sizes], "checks":
// [sizes], "opens": k, "rounds": r}: `masks` the deals the page is a party to (each: its key's
// proof of knowledge, and its turn at the deck), `keys` the other parties' proofs it checks, each
// batch of shares the page gives and each of another party's it checks by its number of cards
// (one proof a batch; a show with nothing to show, 0, has none), and its own cards opened; output
// (stdout, JSON): the CPU seconds of each kind of operation, per hand.

import {
  CARDS,
  cardPoint,
  checkKey,
  checkShares,
  jointKey,
  newSecret,
  openDeck,
  openOwn,
  proveKey,
  shareBatch,
  shuffleTurn,
} from "../src/wildstud/server/static/js/privatedeal.js";

const counts = JSON.parse(process.argv[2]); // checks_all is the Python side's
const rounds = counts.rounds ?? 5;
const context = new TextEncoder().encode("table t|hand 1|deal 1");
const bound = new TextEncoder().encode("table t|hand 1|deal 1|unmask 0|party 0");
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

const order = [...Array(52).keys()].sort(() => Math.random() - 0.5);
const totals = { cardPoints: 0, keys: 0, masks: 0, unmaskings: 0, checks: 0, opens: 0 };
for (let round = 0; round < rounds; round++) {
  const mine = newSecret();
  const other = newSecret();
  const joint = jointKey([mine.key, other.key]);
  const dealt = shuffleTurn(openDeck(), other, order, joint, context); // what the page is handed
  const c1 = (j) => dealt[j][0];
  // others' batches to check, each of its size
  const sized = (sizes) => sizes.filter((size) => size > 0);
  const batches = sized(counts.checks).map((size, i) => shareBatch(cards(size, i).map(c1), other, bound));
  const proof = proveKey(other, context, 1);
  const others = dealt.map(([point]) => shareBatch([point], other, bound).shares); // for its own cards
  totals.cardPoints += timed(() => CARDS.map(cardPoint)); // once a page: the 52 card points
  totals.keys += timed(() => {
    for (let i = 0; i < counts.masks; i++) proveKey(mine, context, 0);
    for (let i = 0; i < (counts.keys ?? 0); i++) {
      if (!checkKey(other.key, proof, context, 1)) throw new Error("a key's proof failed");
    }
  });
  totals.masks += timed(() => {
    for (let i = 0; i < counts.masks; i++) shuffleTurn(dealt, mine, order, joint, context);
  });
  totals.unmaskings += timed(() => {
    sized(counts.batches).forEach((size, i) => shareBatch(cards(size, i).map(c1), mine, bound));
  });
  totals.checks += timed(() => {
    for (const batch of batches) {
      if (!checkShares(batch, other.key, bound)) throw new Error("a proof failed");
    }
  });
  totals.opens += timed(() => {
    for (let i = 0; i < counts.opens; i++) openOwn(dealt[i % 52], others[i % 52], mine);
  });
}
const perHand = Object.fromEntries(Object.entries(totals).map(([kind, seconds]) => [kind, seconds / rounds]));
process.stdout.write(JSON.stringify(perHand));
