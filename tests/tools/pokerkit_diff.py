"""A differential run of wildstud's betting against pokerkit's seven-card stud.

Both engines get the same table (stacks, ante, bring-in, bets, structure), the same cards to the
same seats and the same actions, and at every turn the seat to act and its legal actions (with
their amounts) are compared; at the end of each hand, the stacks. The wildstud side is Follow the
Queen with every queen at the bottom of the deck, so that no queen is ever dealt face up (at most
one, as a seventh-street hole card): with queens natural, nothing is wild and the game is plain
seven-card stud. The players act at random (seeded) among the actions both engines allow, so the
two stay in step even where they differ.

Where wildstud differs from pokerkit on purpose (docs/house-rules.md, "wildstud and pokerkit"),
the difference is configured away or recognised:

- ``open_pair`` is off (pokerkit's seven-card stud has no open-pair rule), except in one
  fixed-limit hand in five, where a difference in the bet or raise offered on fourth street with
  a pair showing is recognised as the open pair.
- ``all_in_low_card`` is ``next-seat-left``: pokerkit, like the TDA, gives the bring-in to the
  first player with chips to the left of an all-in low card (wildstud's default takes the next
  lowest upcard).
- ``completion_reraise`` is the default ``over-bring-in``, which is pokerkit's sizing.
- ``short_all_in`` is ``full-raise-only``: pokerkit counts only a raise as big as the street's
  largest as full (wildstud's default follows Robert's Rules' half-bet rule in fixed limit and
  sizes later raises from the last full bet), sizes the next raise from the all-in, and counts
  every wager towards the cap.
- ``odd_chip`` is ``dealer-left``: pokerkit gives the odd chips of a tie to the tied seat nearest
  the dealer's left (wildstud's default, one each by the highest card by suit).
- At most seven players: with eight, seven-card stud can run out of cards (the short stub:
  wildstud deals a community card, pokerkit recycles the folded and burned cards).
- Pokerkit gets no raise cap in pot and no limit, where wildstud (Robert's Rules) never caps.
- Spread limit is not compared: pokerkit has no such structure.
- A bring-in seat with no more than the bring-in behind may bring in or "complete" all in for
  the very same chips, in pokerkit and under ``full-raise-only`` (the completion is a wager: the
  next raise adds a full bet to it).
- Recognised, not configured (wildstud's default is what is exercised): the raise cap heads-up
  (pokerkit always stops at a bet and three raises; Robert's Rules and wildstud do not cap two
  players; ``cap_heads_up`` would configure it away).

Any other difference is a finding. From the repository root::

    .venv/bin/python -m tests.tools.pokerkit_diff --hands 20000
"""

from __future__ import annotations

import argparse
import random
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field

from pokerkit import (
    Automation,
    BettingStructure,
    Opening,
    StandardHighHand,
    State,
    Street,
)
from pokerkit import Deck as PokerkitDeck

from wildstud.betting import ActionKind, ActionOption
from wildstud.cards import DECK, Card, Deck, Rank, parse_card
from wildstud.deal import Hand, Phase
from wildstud.deal.events import Awarded, Dealt
from wildstud.games import find_game

LIMITS = ("fixed-limit", "pot-limit", "no-limit")
STACKS = (1, 2, 3, 4, 6, 8, 11, 15, 25, 40, 100)  # short ones: all-ins on every street
ANTE, BRING_IN, SMALL_BET, BIG_BET = 1, 2, 5, 10

# The dealer's work, except the hole cards: each seat gets from pokerkit what wildstud dealt it.
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
STRUCTURES = {
    "fixed-limit": BettingStructure.FIXED_LIMIT,
    "pot-limit": BettingStructure.POT_LIMIT,
    "no-limit": BettingStructure.NO_LIMIT,
}

Move = tuple[str, int, int]
"""A legal action as both engines can say it: ``("fold", 0, 0)``, ``("check", 0, 0)``,
``("call", to, to)``, ``("bring-in", to, to)`` or ``("raise", least to, most to)`` (a bet,
completion or raise)."""

AGGRESSIVE = (ActionKind.BET, ActionKind.COMPLETE, ActionKind.RAISE)


@dataclass
class Tally:
    """What a run found: hands played, turns compared, and the differences by kind; and how
    often it reached the two spots its house rules settle (``short_all_in``, ``odd_chip``)."""

    hands: int = 0
    turns: int = 0
    short_all_ins: int = 0
    """All-in bets or raises short of a full one in pokerkit's reckoning."""
    odd_chips: int = 0
    """Pots split among tied hands with odd chips."""
    documented: Counter[str] = field(default_factory=Counter)
    findings: list[str] = field(default_factory=list)


def pokerkit_state(limit: str, stacks: list[int], cap: int | None) -> State:
    """Pokerkit's seven-card stud at our stakes, with no burns and the hole cards dealt by hand."""
    fixed = limit == "fixed-limit"
    bets = (SMALL_BET, SMALL_BET, BIG_BET, BIG_BET, BIG_BET) if fixed else (SMALL_BET,) * 5
    deals = ((False, False, True), (True,), (True,), (True,), (False,))
    streets = tuple(
        Street(False, deal, 0, False, Opening.LOW_CARD if index == 0 else Opening.HIGH_HAND,
               bets[index], cap)
        for index, deal in enumerate(deals)
    )  # fmt: skip
    return State(
        AUTOMATIONS,
        PokerkitDeck.STANDARD,
        (StandardHighHand,),
        streets,
        STRUCTURES[limit],
        True,
        ANTE,
        0,
        BRING_IN,
        stacks,
        len(stacks),
    )


def deck_without_face_up_queens(rng: random.Random) -> list[Card]:
    """A shuffled pack with the four queens at the bottom: seven players use 49 cards at most,
    so a queen can only be the last, face-down card."""
    cards = [card for card in DECK if card.rank is not Rank.QUEEN]
    rng.shuffle(cards)
    return cards + [card for card in DECK if card.rank is Rank.QUEEN]


def wildstud_moves(options: tuple[ActionOption, ...]) -> dict[Move, ActionOption]:
    moves: dict[Move, ActionOption] = {}
    for option in options:
        kind = option.kind
        name = "raise" if kind in AGGRESSIVE else str(kind)
        moves[(name, option.min_amount, option.max_amount)] = option
    return moves


def full_raise_to(state: State) -> int:
    """The to-amount of a full bet, completion or raise in pokerkit's reckoning now."""
    street = state.street
    assert street is not None
    least = max(
        state.completion_betting_or_raising_amount, street.min_completion_betting_or_raising_amount
    )
    return least if state.completion_status else max(state.bets) + least


def pokerkit_moves(state: State) -> set[Move]:
    seat = state.actor_index
    assert seat is not None
    moves: set[Move] = set()
    if state.can_fold():
        moves.add(("fold", 0, 0))
    if state.can_post_bring_in():
        bring_in = state.effective_bring_in_amount
        assert bring_in is not None
        to = state.bets[seat] + bring_in
        moves.add(("bring-in", to, to))
    if state.can_check_or_call():
        owed = state.checking_or_calling_amount
        assert owed is not None
        to = state.bets[seat] + owed
        moves.add(("call", to, to) if owed else ("check", 0, 0))
    if state.can_complete_bet_or_raise_to():
        least = state.min_completion_betting_or_raising_to_amount
        most = state.max_completion_betting_or_raising_to_amount
        assert least is not None
        assert most is not None
        moves.add(("raise", least, most))
    return moves


class Differential:
    """One hand through both engines, turn by turn."""

    def __init__(
        self,
        limit: str,
        players: int,
        seed: int,
        *,
        cap: int | None = 3,
        open_pair: bool = False,
        stacks: list[int] | None = None,
        cards: list[str] | None = None,
        passive: bool = False,
        house: dict[str, object] | None = None,
    ) -> None:
        """``open_pair`` plays under wildstud's open-pair rule, and recognises it; ``stacks``
        and ``cards`` (the top of the deck) replace the seeded ones; ``passive`` players check,
        call or bring in wherever they may, instead of acting at random; ``house`` replaces
        house rules of the run's (to see a difference it configures away)."""
        self.rng = random.Random(seed)
        self.limit = limit
        seeded = [self.rng.choice(STACKS) for _ in range(players)]
        self.stacks = seeded if stacks is None else stacks
        self.open_pair = open_pair
        self.passive = passive
        table: dict[str, object] = {
            "limit": limit,
            "ante": ANTE,
            "bring_in": BRING_IN,
            "small_bet": SMALL_BET,
            "big_bet": BIG_BET,
            "raise_cap": "none" if cap is None else cap,
            "open_pair": open_pair,  # house rule `open_pair`: pokerkit has none
            "all_in_low_card": "next-seat-left",  # house rule `all_in_low_card`: pokerkit's (TDA)
            "short_all_in": "full-raise-only",  # house rule `short_all_in`: pokerkit's
            "odd_chip": "dealer-left",  # house rule `odd_chip`: pokerkit's
            **(house or {}),
        }
        deck = deck_without_face_up_queens(self.rng)
        if cards is not None:
            top = [parse_card(card) for card in cards]
            deck = top + [card for card in deck if card not in top]
        self.hand = Hand(find_game("FTQ").rules(table), self.stacks, deck=Deck.stacked(deck))
        # Pokerkit counts the bet with the raises, and caps whatever the number of players;
        # wildstud's cap binds only fixed and spread limit (Robert's Rules: big-bet is uncapped).
        capped = None if cap is None or limit != "fixed-limit" else cap + 1
        self.state = pokerkit_state(limit, list(self.stacks), capped)
        self.dealt: dict[int, deque[str]] = {seat: deque() for seat in range(players)}
        self.upcards: dict[int, list[Card]] = {seat: [] for seat in range(players)}
        self.seen = 0
        self.short_all_ins = 0

    def _deal(self) -> None:
        events = self.hand.events
        for event in events[self.seen :]:
            if isinstance(event, Dealt):
                assert event.card is not None
                self.dealt[event.seat].append(str(event.card))
                if event.up:
                    self.upcards[event.seat].append(event.card)
        self.seen = len(events)
        state = self.state
        while state.can_deal_hole():
            seat = state.hole_dealee_index
            assert seat is not None
            state.deal_hole(self.dealt[seat].popleft())

    def play(self, tally: Tally) -> None:
        hand, state = self.hand, self.state
        while True:
            hand.run()
            self._deal()
            if hand.phase is Phase.OVER:
                break
            tally.turns += 1
            ours = wildstud_moves(hand.legal_actions())
            theirs = pokerkit_moves(state) if state.actor_index is not None else set()
            if hand.to_act != state.actor_index:
                tally.findings.append(
                    self._where(f"seat to act {hand.to_act} vs {state.actor_index}")
                )
                return
            if set(ours) != theirs:
                why = self._documented(set(ours), theirs)
                if why is None:
                    tally.findings.append(self._where(f"{sorted(ours)} vs {sorted(theirs)}"))
                    return
                tally.documented[why] += 1
            self._act(ours, theirs)
        assert not state.status, self._where("pokerkit's hand is not over")
        tally.short_all_ins += self.short_all_ins
        shares: dict[int, set[int]] = {}
        for award in hand.events:
            if isinstance(award, Awarded):
                shares.setdefault(award.pot, set()).add(award.amount)
        tally.odd_chips += sum(1 for amounts in shares.values() if len(amounts) > 1)
        if list(hand.stacks) != list(state.stacks):
            tally.findings.append(self._where(f"stacks {hand.stacks} vs {state.stacks}"))

    def _act(self, ours: dict[Move, ActionOption], theirs: set[Move]) -> None:
        # The actions both engines allow, each with the amounts both accept (in fixed limit
        # with an open pair wildstud allows only some of the amounts between its least and most).
        both: list[tuple[Move, list[int]]] = []
        for move, option in ours.items():
            if move[0] != "raise":
                if move in theirs:
                    both.append((move, []))
                continue
            for other in theirs:
                if other[0] == "raise":
                    low, high = max(move[1], other[1]), min(move[2], other[2])
                    amounts = [a for a in range(low, high + 1) if self.hand.can_act(option.kind, a)]
                    if amounts:
                        both.append((move, amounts))
        mine, amounts = self.rng.choice(both)
        if self.passive:
            calm = [pair for pair in both if pair[0][0] in ("check", "call", "bring-in")]
            mine, amounts = calm[0] if calm else both[0]
        option = ours[mine]
        state = self.state
        if mine[0] == "raise":
            amount = self.rng.choice([amounts[0], amounts[-1], self.rng.choice(amounts)])
            seat = state.actor_index
            assert seat is not None
            if amount < full_raise_to(state) and amount == state.bets[seat] + state.stacks[seat]:
                self.short_all_ins += 1
            self.hand.act(option.kind, amount)
            state.complete_bet_or_raise_to(amount)
        elif mine[0] == "fold":
            self.hand.act(option.kind)
            state.fold()
        elif mine[0] == "bring-in":
            self.hand.act(option.kind)
            state.post_bring_in()
        else:
            self.hand.act(option.kind)
            state.check_or_call()

    def _documented(self, ours: set[Move], theirs: set[Move]) -> str | None:
        """The documented difference that explains these two sets of moves, if any."""
        if {m for m in ours if m[0] != "raise"} != {m for m in theirs if m[0] != "raise"}:
            return None
        if self.open_pair and self.hand.street == 1 and self._pair_showing():
            return "open pair"
        ours_raise = [m for m in ours if m[0] == "raise"]
        theirs_raise = [m for m in theirs if m[0] == "raise"]
        street = self.state.street
        cap = None if street is None else street.max_completion_betting_or_raising_count
        if (
            ours_raise
            and not theirs_raise
            and cap is not None
            and self.state.completion_betting_or_raising_count == cap
            and sum(1 for s in self.hand.live if self.hand.stacks[s] > 0) <= 2
        ):
            return "no cap heads-up"
        return None

    def _pair_showing(self) -> bool:
        return any(
            len({card.rank for card in self.upcards[seat]}) < len(self.upcards[seat])
            for seat in self.hand.live
        )

    def _where(self, what: str) -> str:
        return f"{self.limit} stacks {self.stacks}, after {len(self.hand.events)} events: {what}"


def run(hands: int, *, seed: int = 0, report: Callable[[str], None] | None = None) -> Tally:
    """Play ``hands`` seeded hands: the three structures in turn, two to seven players, one in
    seven with no raise cap, one fixed-limit hand in five under the open-pair rule."""
    tally = Tally()
    for index in range(hands):
        number = seed + index
        limit = LIMITS[number % len(LIMITS)]
        players = 2 + number // len(LIMITS) % 6
        cap = None if number % 7 == 0 else 3
        open_pair = limit == "fixed-limit" and number % 5 == 0
        found = len(tally.findings)
        Differential(limit, players, number, cap=cap, open_pair=open_pair).play(tally)
        tally.hands += 1
        if report is not None and len(tally.findings) > found:
            report(f"hand {number}: {tally.findings[-1]}")
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    seen: set[str] = set()

    def report(line: str) -> None:
        if line not in seen:
            seen.add(line)
            print(line)

    tally = run(args.hands, seed=args.seed, report=report)
    print(f"{tally.hands} hands, {tally.turns} turns compared")
    print(f"short all-ins: {tally.short_all_ins}, pots split with odd chips: {tally.odd_chips}")
    print(f"documented differences: {dict(tally.documented)}")
    print(f"other differences: {len(tally.findings)}")


if __name__ == "__main__":
    main()
