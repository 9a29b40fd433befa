"""An independent differential of PHH records with pokerkit, on the mix of hands real records hold.

Both ways, seven-card stud (``F7S``), fixed limit, with everything the ``pokerkit`` preset's
narrow road leaves out: two to eight players (eight can run out of cards), stacks below the
ante, the ante trimmed or not (``ante_trimming_status``), shows and mucks played by hand (some
shows partial, some in another order than dealt, mucks while an all-in hand waits for its last
cards), folds when checking was free, ties (one hand in four is dealt so that several players
hold the same ranks) and odd chips (an odd ante).

- pokerkit → wildstud: pokerkit plays random hands and writes them; wildstud reads each with
  ``preset="pokerkit"`` (leniently: what the specification only tolerates passes with a warning)
  and replays it to pokerkit's finishing stacks.
- wildstud → pokerkit: wildstud deals random hands under the preset's rules and writes them;
  pokerkit's ``HandHistory`` replays each to the record's finishing stacks.

A hand that ends on other stacks, or that either side refuses, is a difference; each is put in
a class by :func:`classify`. From the repository root::

    .venv/bin/python -m tests.tools.pokerkit_mix --hands 2000
"""

from __future__ import annotations

import argparse
import random
import re
import warnings
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from pokerkit import Automation, Card, FixedLimitSevenCardStud, HandHistory, Mode, State

from wildstud.betting import ActionKind
from wildstud.cards import Deck
from wildstud.deal import Hand, Phase, Stage, stack_deck
from wildstud.errors import WildstudError
from wildstud.history import Replay, read_record, record_from_hand, replay, write_record
from wildstud.history.notation import ShowMuck
from wildstud.history.presets import preset_rules

ANTE, BRING_IN, SMALL_BET, BIG_BET = 3, 5, 10, 20
STACKS = (4, 9, 15, 27, 40, 61, 90, 150)
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
RANKS = "23456789TJQKA"
SUITS = "cdhs"


@dataclass
class Tally:
    """Hands compared one way, those that agreed, and each difference by class."""

    hands: int = 0
    agreed: int = 0
    classes: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    features: Counter[str] = field(default_factory=Counter)
    crashes: Counter[str] = field(default_factory=Counter)
    """Hands that pokerkit could not play or read at all (not compared), by its error."""

    @property
    def rate(self) -> float:
        return self.agreed / self.hands if self.hands else 1.0

    def differ(self, kind: str, record: str) -> None:
        self.classes[kind] += 1
        known = self.examples.get(kind)
        if known is None or len(record) < len(known):
            self.examples[kind] = record


def table(rng: random.Random) -> list[int]:
    """Two to eight players (eight in one hand in five); in one hand in six one stack is
    short of the ante."""
    players = 8 if rng.random() < 0.2 else rng.randint(2, 7)
    stacks = [rng.choice(STACKS) + rng.randint(0, 3) for _ in range(players)]
    if rng.random() < 1 / 6:
        stacks[rng.randrange(players)] = rng.randint(1, ANTE - 1)
    return stacks


def tie_cards(players: int, rng: random.Random) -> list[list[str]]:
    """Seven cards for each of the first (up to four) players with the same ranks, suits
    rotated so that nobody holds a flush: their hands tie wherever they meet at the showdown."""
    ranks = rng.sample(RANKS, 7)
    tied = min(players, rng.randint(2, 4))
    suits = rng.sample(SUITS, 4)
    return [[ranks[k] + suits[(i + k) % 4] for k in range(7)] for i in range(tied)]


# --- pokerkit writes, wildstud reads -----------------------------------------------------------


def pokerkit_game(trimming: bool) -> FixedLimitSevenCardStud:
    return FixedLimitSevenCardStud(
        AUTOMATIONS, trimming, ANTE, BRING_IN, SMALL_BET, BIG_BET, mode=Mode.CASH_GAME
    )


def _pick(state: State, rng: random.Random, wanted: str | None = None) -> Card | str:
    if wanted is not None:
        wanted_card = next(iter(Card.parse(wanted)))
        if wanted_card in state.deck_cards:
            return wanted
    cards = sorted(state.deck_cards, key=repr) or sorted(state.reserved_cards, key=repr)
    return rng.choice(cards)


def _show(state: State, rng: random.Random, tally: Tally, gave_up: set[int]) -> None:
    """A show or a muck by hand: a full show (sometimes in another order), a muck, or a show
    with some cards kept hidden (``??``). As at a table, a hand that alone can still win a pot
    (the others in it gave up) is shown."""
    seat = state.showdown_index
    assert seat is not None
    cards = list(state.hole_cards[seat])
    rivals = [
        [other for other in pot.player_indices if other != seat and other not in gave_up]
        for pot in state.pots
        if seat in pot.player_indices
    ]
    roll = rng.random() if all(rivals) else 1.0
    if roll < 0.35:
        gave_up.add(seat)
    if roll < 0.25:
        tally.features["muck"] += 1
        if state.street is not state.streets[-1]:
            tally.features["muck before the last cards"] += 1
        state.show_or_muck_hole_cards(False)
    elif roll < 0.35 and len(cards) > 2:
        tally.features["partial show"] += 1
        hidden = rng.sample(range(len(cards)), rng.randint(1, len(cards) - 1))
        state.show_or_muck_hole_cards(
            "".join("??" if i in hidden else repr(card) for i, card in enumerate(cards))
        )
    elif roll < 0.45:
        tally.features["show in another order"] += 1
        rng.shuffle(cards)
        state.show_or_muck_hole_cards("".join(map(repr, cards)))
    else:
        state.show_or_muck_hole_cards(True)


def pokerkit_hand(rng: random.Random, tally: Tally) -> tuple[str, tuple[int, ...]]:
    chips = table(rng)
    trimming = rng.random() < 0.5
    game = pokerkit_game(trimming)
    state = game(chips, len(chips))
    plan = tie_cards(len(chips), rng) if rng.random() < 0.25 else []
    if plan:
        tally.features["tie dealt"] += 1
    if len(chips) == 8:
        tally.features["eight players"] += 1
    if min(chips) < ANTE:
        tally.features["stack short of the ante"] += 1
    got = [0] * len(chips)
    gave_up: set[int] = set()  # mucked, or shown with cards hidden
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while state.status:
            if state.can_burn_card():
                state.burn_card(_pick(state, rng))
            elif state.can_deal_hole():
                seat = state.hole_dealee_index
                assert seat is not None
                wanted = plan[seat][got[seat]] if seat < len(plan) else None
                state.deal_hole(_pick(state, rng, wanted))
                got[seat] += 1
            elif state.can_show_or_muck_hole_cards():
                _show(state, rng, tally, gave_up)
            else:
                _act(state, rng, tally)
    text = HandHistory.from_game_state(game, state).dumps()
    return text, tuple(state.stacks)


def _act(state: State, rng: random.Random, tally: Tally) -> None:
    seat = state.actor_index
    assert seat is not None
    moves: list[Callable[[], object]] = []
    if state.can_post_bring_in():
        moves.append(state.post_bring_in)
    if state.can_check_or_call():
        moves += [state.check_or_call] * 2
    if state.can_complete_bet_or_raise_to():
        moves.append(state.complete_bet_or_raise_to)
    if state.can_fold():
        if state.bets[seat] < max(state.bets):
            moves.append(state.fold)
        elif rng.random() < 0.03:
            tally.features["free fold"] += 1
            moves = [state.fold]
    rng.choice(moves)()


def pokerkit_to_wildstud(hands: int, seed: int = 0) -> Tally:
    tally = Tally()
    rng = random.Random(seed)
    while tally.hands < hands:
        try:
            text, finish = pokerkit_hand(rng, tally)
        except (AssertionError, ValueError, IndexError) as error:
            tally.crashes[f"pokerkit crashes: {type(error).__name__} {_gist(str(error))}"] += 1
            continue
        tally.hands += 1
        try:
            played = replay(read_record(text, preset="pokerkit", lenient=True), lenient=True)
        except WildstudError as error:
            tally.differ(f"wildstud refuses: {_gist(str(error))}", text)
            continue
        if not played.complete:
            tally.differ(f"wildstud stops: {_gist(played.stopped or '')}", text)
        elif played.hand.stacks != finish:
            theirs = f"# pokerkit {list(finish)}, wildstud {list(played.hand.stacks)}"
            why = _why_stacks_differ(played, finish)
            if why == "different stacks" and played.hand.stacks == _pokerkit_replays(text):
                why = "pokerkit's own record replays in pokerkit to other stacks than it played"
            tally.differ(why, f"{text}{theirs}\n")
        else:
            tally.agreed += 1
    return tally


# --- wildstud writes, pokerkit reads -----------------------------------------------------------


def wildstud_hand(rng: random.Random, tally: Tally) -> Hand:
    chips = table(rng)
    options: dict[str, object] = {
        "ante": ANTE,
        "bring_in": BRING_IN,
        "small_bet": SMALL_BET,
        "big_bet": BIG_BET,
        **preset_rules("pokerkit", "F7S"),
        "ante_trimming": rng.random() < 0.5,
    }
    plan = tie_cards(len(chips), rng) if rng.random() < 0.25 else []
    if plan:
        tally.features["tie dealt"] += 1
        deck = _tie_deck(plan, len(chips), rng)
    else:
        deck = Deck(seed=rng.getrandbits(63))
    hand = Hand("F7S", chips, options, deck=deck)
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            choices: list[tuple[ActionKind, int | None]] = []
            for option in hand.legal_actions():
                if option.amounts:
                    choices += [(option.kind, amount) for amount in option.amounts]
                else:
                    choices.append((option.kind, None))
            kind, amount = rng.choice(choices)
            hand.act(kind, amount)
        elif hand.stage is Stage.SHOWDOWN and (mucks := _may_muck(hand)) and rng.random() < 0.3:
            tally.features["muck"] += 1
            hand.muck(rng.choice(mucks))
        else:
            hand.step()
    return hand


def _may_muck(hand: Hand) -> list[int]:
    """The live hands that may muck as at a table: each pot they could win has another."""
    pots = hand.pots()
    return [
        seat
        for seat in hand.live
        if all(len(pot.eligible & set(hand.live)) > 1 for pot in pots if seat in pot.eligible)
    ]


def _tie_deck(plan: list[list[str]], players: int, rng: random.Random) -> Deck:
    """A stacked deck that deals the planned cards to the first players (card by card, round
    the table, as long as all are in) and random cards to the rest."""
    pool = [rank + suit for rank in RANKS for suit in SUITS]
    used = {card for cards in plan for card in cards}
    rest = [card for card in pool if card not in used]
    rng.shuffle(rest)
    order: list[str] = []
    for k in range(7):
        for seat in range(players):
            if seat < len(plan):
                order.append(plan[seat][k])
            elif rest:
                order.append(rest.pop())
    return stack_deck(" ".join(order + rest))


def wildstud_to_pokerkit(hands: int, seed: int = 0) -> Tally:
    tally = Tally()
    rng = random.Random(seed)
    for _ in range(hands):
        hand = wildstud_hand(rng, tally)
        record = record_from_hand(hand, reveal="all")
        text = write_record(record)
        tally.hands += 1
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                *_, last = HandHistory.loads(text)
        except Exception as error:  # pokerkit raises whatever it raises
            tally.differ(f"pokerkit crashes: {_gist(f'{type(error).__name__}: {error}')}", text)
            continue
        if tuple(last.stacks) != record.finishing_stacks:
            tally.differ("different stacks", text)
        else:
            tally.agreed += 1
    return tally


def _pokerkit_replays(text: str) -> tuple[int, ...] | None:
    """The stacks pokerkit's ``HandHistory`` replays a record to (``None`` if it cannot)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            *_, last = HandHistory.loads(text)
    except Exception:  # pokerkit raises whatever it raises
        return None
    return tuple(last.stacks)


def _why_stacks_differ(played: Replay, finish: tuple[int, ...]) -> str:
    """The class of a hand that ends on other stacks: pokerkit's known faults first."""
    if sum(finish) != sum(played.record.starting_stacks):
        return "pokerkit loses chips: a pot that only mucked or unshown hands could win"
    final = [s for s in played.record.actions if isinstance(s, ShowMuck) and s.cards]
    if any(sum(1 for card in show.cards or () if card) >= 5 < len(show.cards or ())
           and None in (show.cards or ()) for show in final):  # fmt: skip
        return "pokerkit ranks a hand shown with cards hidden on the five or more it shows"
    return "different stacks"


def _gist(message: str) -> str:
    """A message without its numbers and names, to put like errors in one class."""
    message = re.sub(r"`[^`]*`", "`…`", message)
    message = re.sub(r"([2-9TJQKA][cdhs]|\?\?)+", "<cards>", message)
    return re.sub(r"\bp?\d+", "#", message)[:140]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--examples", action="store_true")
    args = parser.parse_args()
    for name, run in (("pokerkit -> wildstud", pokerkit_to_wildstud),
                      ("wildstud -> pokerkit", wildstud_to_pokerkit)):  # fmt: skip
        tally = run(args.hands, args.seed)
        print(f"{name}: {tally.agreed}/{tally.hands} agree ({tally.rate:.2%})")
        print(f"  features: {dict(tally.features)}")
        print(f"  not compared: {dict(tally.crashes)}")
        for kind, count in tally.classes.most_common():
            print(f"  {count:5d}  {kind}")
            if args.examples:
                print("\n".join("        " + line for line in tally.examples[kind].splitlines()))


if __name__ == "__main__":
    main()
