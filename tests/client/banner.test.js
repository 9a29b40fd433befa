// What the banner says is wild, over every view in the recorded frames: the server's wild cards
// and nothing else, said in the library's words (words.js, held to the golden table).

import { test } from "node:test";
import assert from "node:assert/strict";

import { currentDeal, wildState } from "../../src/wildstud/server/static/js/banner.js";
import { describeRule, describeWildNow } from "../../src/wildstud/server/static/js/words.js";
import { handsByNumber, recorded, states } from "./frames.js";

/** Every hand state the page drew from, on both connections. */
function views() {
  return ["seat", "spectator"].flatMap((who) =>
    states(recorded[who])
      .filter(({ frame, state }) => (frame.type === "hand" || frame.type === "update") && state.hand)
      .map(({ state }) => state.hand),
  );
}

test("the cards wild for everyone are the view's, and the rule is said from its data", () => {
  const seen = new Set();
  for (const hand of views()) {
    const wild = wildState(hand.view, hand.names, hand.you);
    assert.deepEqual([...wild.everyone].sort(), [...hand.view.wild].sort());
    assert.equal(wild.rule, describeRule(hand.view.wild_rule));
    assert.equal(typeof hand.view.wilds_possible, "boolean");
    assert.equal(wild.never, !hand.view.wilds_possible);
    if (!wild.perSeat) {
      const said = describeWildNow(hand.view.wild, hand.view.follow_pending, hand.view.follow_ends);
      assert.equal(wild.what, said[0].toUpperCase() + said.slice(1));
    }
    seen.add(hand.view.wild_rule.kind);
  }
  assert.ok(seen.size >= 3, `several games recorded: ${[...seen]}`);
});

test("nothing is ever wild in this game only where the server says so (wilds_possible)", () => {
  // No recorded game is plain stud: the server's figure is turned here, the rule left as sent,
  // so that the banner is seen to read the figure and not the rule.
  const hand = views()[0];
  const plain = { ...hand.view, wilds_possible: false, wild: [] };
  assert.equal(wildState(plain, hand.names, hand.you).never, true);
  const ruled = { ...hand.view, wild_rule: { kind: "no-wilds", queens: null, cards: null } };
  assert.equal(wildState(ruled, hand.names, hand.you).never, false);
});

test("a card is wild at a seat only where the server's data says so", () => {
  for (const hand of views()) {
    const { view } = hand;
    const wild = wildState(view, hand.names, hand.you);
    const own = new Map((view.wild_ranks || []).map((entry) => [entry.seat, new Set(entry.wild)]));
    const shown = new Map(
      currentDeal(view.events)
        .filter((event) => event.type === "shown")
        .map((event) => [event.seat, new Set(event.wild)]),
    );
    for (const seat of view.seats) {
      for (const held of seat.cards) {
        if (!held.card) continue;
        const mine = hand.you === seat.seat && (view.own_wild || []).includes(held.card);
        const expected = shown.has(seat.seat)
          ? view.wild.includes(held.card) || shown.get(seat.seat).has(held.card) || mine
          : view.wild.includes(held.card) || mine || Boolean(own.get(seat.seat)?.has(held.card));
        assert.equal(wild.isWild(seat.seat, held.card), expected, `${held.card} at seat ${seat.seat}`);
      }
    }
  }
});

test("a Baby Daddy seat's own wild rank is named from the server's list", () => {
  const baby = [...handsByNumber(recorded.seat).values()].filter((hand) => hand.view.wild_rule.kind === "baby-daddy");
  assert.ok(baby.length > 0, "a hand of Who Da Baby Daddy Is was recorded");
  for (const hand of baby) {
    const wild = wildState(hand.view, hand.names, hand.you);
    for (const entry of hand.view.wild_ranks) assert.equal(wild.seatRank.get(entry.seat), entry.rank);
  }
});
