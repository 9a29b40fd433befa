"""PHH both ways with pokerkit, for plain seven-card stud (``F7S``).

wildstud deals random hands with random legal actions under the ``pokerkit`` preset and writes
them; pokerkit's ``HandHistory`` loads each record and replays it to the record's finishing
stacks. pokerkit plays random hands with random legal actions and writes them; wildstud reads
each with ``preset="pokerkit"`` and replays it to pokerkit's final stacks. Both ways the hands
also travel together as one ``.phhs`` file.

The preset makes the rules the same (no open pair, the cap heads-up too, pokerkit's short all-in
rule and odd chip, an all-in low card's bring-in to its left: docs/house-rules.md, "wildstud and
pokerkit"). The random players bet and raise all in, short of a full bet too (each test counts
them), and the ante and the stacks may be odd; ties are too rare in random hands for the odd
chips, so a stacked three-way tie with a side pot travels both ways too. Seeded; 1,000 hands
each way, about 5 s of one core each way, three fifths of it in pokerkit (the acceptance asks
for 1,000 hands: fewer would let a rare spot, a side pot or a cap reached heads-up, go unseen).
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable

import pytest
from pokerkit import Automation, FixedLimitSevenCardStud, HandHistory, Mode, State

from wildstud.betting import ActionKind
from wildstud.bots import CallingBot, play_out
from wildstud.cards import Deck
from wildstud.deal import Acted, Hand, Phase, stack_deck
from wildstud.history import (
    judge,
    read_record,
    read_records,
    record_from_hand,
    replay,
    write_record,
    write_records,
)
from wildstud.history.presets import preset_rules

HANDS = 1000
STAKES = {"ante": 1, "bring_in": 3, "small_bet": 10, "big_bet": 20}


def stacks(rng: random.Random) -> list[int]:
    """Two to seven players (eight can run out of cards), short stacks to deep ones."""
    players = rng.randint(2, 7)
    return [
        2 * rng.choice((3, 6, 10, 20, 40, 80, 150)) + rng.randint(0, 19) for _ in range(players)
    ]


# p1, p2 and p3 each make a nine-high straight; p4 (two pair) is all in for 1 after its ante, on
# third street. The main pot, 8 chips, and the side pot, 6, go to the three straights: 14
# chips, 4 each and 2 odd chips, which pokerkit (and `odd_chip` `dealer-left`) gives to p1.
TIE = "2c 2d 2h Tc 3d 3h 3s Jc 5c 5d 5h Kh 6d 6h 6s Ah 7h 7s 7c 4c 8s 8c 8d 4d 9c 9d 9s Ad"
TIE_STACKS = [100, 100, 100, 2]
TIE_FINISH = (102, 100, 100, 0)


# --- wildstud writes, pokerkit replays ---------------------------------------------------------


WAGERS = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)


def wildstud_hand(rng: random.Random) -> Hand:
    options = {**STAKES, **preset_rules("pokerkit", "F7S")}
    hand = Hand("F7S", stacks(rng), options, deck=Deck(seed=rng.getrandbits(63)))
    while hand.phase is not Phase.OVER:
        if hand.phase is not Phase.PLAYER:
            hand.step()
            continue
        choices: list[tuple[ActionKind, int | None]] = []
        for option in hand.legal_actions():
            if option.kind in WAGERS:
                # Each size the option allows, an all-in short of a full one included.
                choices += [(option.kind, amount) for amount in option.amounts or ()]
            else:
                choices.append((option.kind, None))
        kind, amount = rng.choice(choices)
        hand.act(kind, amount)
    return hand


def all_in_wagers(hand: Hand) -> int:
    """The bets, completions and raises of ``hand`` that put a player all in."""
    return sum(
        1
        for event in hand.events
        if isinstance(event, Acted) and event.all_in and event.kind in WAGERS
    )


def pokerkit_stacks(text: str) -> tuple[int, ...]:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pokerkit warns of anything it had to let pass
        *_, last = HandHistory.loads(text)
    return tuple(last.stacks)


@pytest.mark.slow
def test_wildstud_records_replay_in_pokerkit_to_the_same_stacks() -> None:
    rng = random.Random(14)
    records = []
    all_ins = 0
    for _ in range(HANDS):
        hand = wildstud_hand(rng)
        all_ins += all_in_wagers(hand)
        record = record_from_hand(hand, reveal="all")
        assert record.finishing_stacks is not None
        assert pokerkit_stacks(write_record(record)) == record.finishing_stacks
        records.append(record)
    assert all_ins > 100  # the hands reach the short all-in rule (the count of this seed)
    # The same hands as one .phhs file, for pokerkit's reader of many hands.
    loaded = list(HandHistory.loads_all(write_records(records[:50])))
    assert [tuple(list(history)[-1].stacks) for history in loaded] == [
        record.finishing_stacks for record in records[:50]
    ]


# --- pokerkit writes, wildstud replays ---------------------------------------------------------


GAME = FixedLimitSevenCardStud(
    (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    ),
    False,
    STAKES["ante"],
    STAKES["bring_in"],
    STAKES["small_bet"],
    STAKES["big_bet"],
    mode=Mode.CASH_GAME,
)


def pokerkit_hand(rng: random.Random) -> State:
    chips = stacks(rng)
    state = GAME(chips, len(chips))
    while state.status:
        # The dealer's cards come from the seeded random generator, not pokerkit's shuffle.
        if state.can_burn_card():
            state.burn_card(rng.choice(sorted(state.deck_cards, key=repr)))
            continue
        if state.can_deal_hole():
            state.deal_hole((rng.choice(sorted(state.deck_cards, key=repr)),))
            continue
        player = state.actor_index
        assert player is not None
        moves: list[Callable[[], object]] = []
        if state.can_post_bring_in():
            moves.append(state.post_bring_in)
        if state.can_check_or_call():
            moves.append(state.check_or_call)
        if state.bets[player] < max(state.bets) and state.can_fold():
            moves.append(state.fold)  # a fold only when facing a bet: no tolerance needed
        if state.can_complete_bet_or_raise_to():  # all in, short of a full one too
            moves.append(state.complete_bet_or_raise_to)
        rng.choice(moves)()
    return state


@pytest.mark.slow
def test_pokerkit_records_replay_in_wildstud_to_the_same_stacks() -> None:
    rng = random.Random(15)
    texts = []
    all_ins = 0
    for _ in range(HANDS):
        state = pokerkit_hand(rng)
        text = HandHistory.from_game_state(GAME, state).dumps()
        played = replay(read_record(text, preset="pokerkit"))
        assert played.complete, played.stopped
        assert played.hand.stacks == tuple(state.stacks), text
        all_ins += all_in_wagers(played.hand)
        texts.append((text, tuple(state.stacks)))
    assert all_ins > 100
    # A .phhs file of pokerkit's, read as many hands.
    many = HandHistory.dumps_all(HandHistory.loads(text) for text, _ in texts[:50])
    records = read_records(many, preset="pokerkit")
    assert [judge(record).stacks for record in records] == [final for _, final in texts[:50]]


def test_a_tie_with_odd_chips_replays_both_ways() -> None:
    options = {**STAKES, **preset_rules("pokerkit", "F7S")}
    hand = Hand("F7S", TIE_STACKS, options, deck=stack_deck(TIE))
    play_out(hand, CallingBot())
    assert hand.stacks == TIE_FINISH
    assert pokerkit_stacks(write_record(record_from_hand(hand, reveal="all"))) == TIE_FINISH
    state = GAME(TIE_STACKS, len(TIE_STACKS))
    cards = TIE.split()
    while state.status:
        if state.can_burn_card():
            state.burn_card("??")
        elif state.can_deal_hole():
            state.deal_hole(cards.pop(0))
        elif state.can_post_bring_in():
            state.post_bring_in()
        else:
            state.check_or_call()
    assert tuple(state.stacks) == TIE_FINISH
    text = HandHistory.from_game_state(GAME, state).dumps()
    assert replay(read_record(text, preset="pokerkit")).hand.stacks == TIE_FINISH
    # wildstud's own rule gives the odd chips to the 9s and the 9d.
    own = {key: value for key, value in options.items() if key != "odd_chip"}
    mine = Hand("F7S", TIE_STACKS, own, deck=stack_deck(TIE))
    play_out(mine, CallingBot())
    assert mine.stacks == (100, 101, 101, 0)


def test_without_the_preset_wildstud_plays_its_own_rules() -> None:
    # Heads-up, pokerkit caps the raises at a bet and three raises; wildstud by default does
    # not, and the preset makes it cap them too.
    hand = Hand("F7S", [200, 200], STAKES, deck=Deck(seed=3))
    capped = Hand("F7S", [200, 200], {**STAKES, "cap_heads_up": True}, deck=Deck(seed=3))
    for table in (hand, capped):
        table.run()
        table.act(ActionKind.BRING_IN)
        table.act(ActionKind.COMPLETE)
        for _ in range(3):
            table.act(ActionKind.RAISE)
    assert ActionKind.RAISE in {option.kind for option in hand.legal_actions()}
    assert ActionKind.RAISE not in {option.kind for option in capped.legal_actions()}


def test_a_record_that_sets_its_own_house_rules_keeps_them_under_the_preset() -> None:
    text = write_record(record_from_hand(wildstud_hand(random.Random(1)), reveal="all"))
    assert read_record(text).house_rules["cap_heads_up"] is True  # written with the hand
    bare = [line for line in text.splitlines() if not line.startswith("_house_rules")]
    own = "\n".join(bare).replace("actions = [", "_house_rules = { open_pair = true }\nactions = [")
    rules = read_record(own, preset="pokerkit").house_rules
    assert rules["open_pair"] is True
    assert rules["cap_heads_up"] is True


def test_an_unknown_preset_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown preset 'holdem'"):
        read_record(
            write_record(record_from_hand(wildstud_hand(random.Random(2)))), preset="holdem"
        )


def test_a_pokerkit_record_with_a_fold_when_checking_was_free_reads_leniently() -> None:
    # pokerkit's cash-game mode lets a player fold with nothing to call (with a warning); the
    # PHH reader may tolerate it, and wildstud does when reading leniently.
    state = GAME([200, 200], 2)
    for card in ("As", "Ah", "9c", "Ks", "Kh", "3c"):
        state.deal_hole(card)
    state.post_bring_in()
    state.check_or_call()
    state.burn_card("Qd")
    state.deal_hole("2d")
    state.deal_hole("5d")
    with pytest.warns(UserWarning, match="no reason for this player to fold"):
        state.fold()
    text = HandHistory.from_game_state(GAME, state).dumps()
    with pytest.raises(ValueError, match="folds with nothing to call"):
        replay(read_record(text, preset="pokerkit"))
    lenient = replay(read_record(text, preset="pokerkit"), lenient=True)
    assert lenient.hand.stacks == tuple(state.stacks)
    assert [warning.kind.value for warning in lenient.warnings if warning.kind] == ["free-fold"]


def test_the_pokerkit_preset_is_refused_for_a_wild_game_in_one_line() -> None:
    # pokerkit plays no wild game: only seven-card stud records replay in it.
    text = write_record(record_from_hand(Hand("FTQ", [50, 50], deck=Deck(seed=5))))
    with pytest.raises(ValueError, match=r"^The pokerkit preset is for seven-card stud \(F7S\)"):
        read_record(text, preset="pokerkit")
    with pytest.raises(ValueError, match="Follow the Queen is a wild game"):
        preset_rules("pokerkit", "FTQ")
