"""A finished hand's odds at every street: the same figures as ``wildstud odds`` on the record cut
at that street, for random hands of every game; nothing unshown is known; the biggest swing."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wildstud.bots import CallingBot, RandomBot, play_out
from wildstud.cards import Deck
from wildstud.cli import app
from wildstud.cli import odds as odds_command
from wildstud.deal import DealStarted, Dealt, Hand
from wildstud.errors import SituationError
from wildstud.history import HandRecord, load, record_from_hand, write_record
from wildstud.history.notation import DealHole
from wildstud.history.replay import Replay, replay
from wildstud.odds.hindsight import finished_odds, hand_odds, replay_odds
from wildstud.seats import seat_label

DEALS = 4096
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAMES = ("FTQ", "SMBU", "BD7", "BD5", "the-bitch", "F7S")


def _finished(game: str, seed: int, players: int = 4) -> HandRecord:
    """A hand played to its end by bots, written as the table saw it (unshown cards ``??``)."""
    hand = Hand(game, [300] * players, deck=Deck(seed=seed))
    play_out(hand, RandomBot(seed=seed) if seed % 2 else CallingBot())
    return record_from_hand(hand, reveal="showdown")


def _cli_odds(record: HandRecord, exact: bool, tmp_path: Path) -> dict[str, float] | None:
    """``wildstud odds --record`` on ``record``; ``None`` where it cannot answer: a record that
    stops after the last card while a hand nobody showed is still in (the command fills in
    checks to the end of the record, and that hand would then have to be shown)."""
    assert odds_command.odds_command  # registered on import
    path = tmp_path / "cut.phh"
    path.write_text(write_record(record))
    how = ["--exact"] if exact else ["--deals", str(DEALS), "--seed", "0"]
    result = CliRunner().invoke(app, ["odds", "--record", str(path), *how, "--json"])
    if result.exit_code == 1 and "its cards must be known" in str(result.exception):
        return None
    assert result.exit_code == 0, result.output
    seats = json.loads(result.output)["seats"]
    return {player: seat["pot_share"]["value"] for player, seat in seats.items()}


def _shown_where_dealt(played: Replay) -> HandRecord:
    """The record with each card its shows revealed written where it was dealt, so that it can
    be cut before the showdown and still say what the showdown revealed."""
    events = played.hand.events
    actions = list(played.record.actions)
    for number, action in enumerate(actions, 1):
        if not isinstance(action, DealHole) or all(action.cards):
            continue
        spans = [step.events for step in played.steps_of(number)]
        deal = max(e.deal for e in events[: spans[0][0]] if isinstance(e, DealStarted))
        dealt = [
            e.card for start, stop in spans for e in events[start:stop] if isinstance(e, Dealt)
        ]
        cards = tuple(
            card if card is not None and (deal, card) not in played.unknown else None
            for card in dealt
        )
        actions[number - 1] = dataclasses.replace(action, cards=cards)
    return dataclasses.replace(played.record, actions=tuple(actions))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_each_streets_odds_are_wildstud_odds_on_the_record_cut_there(
    game: str, seed: int, tmp_path: Path
) -> None:
    record = _finished(game, seed)
    played = replay(record, fill_in=True)
    result = replay_odds(played, deals=DEALS)
    assert result.streets, "every hand has odds on its first street"
    revealed = _shown_where_dealt(played)
    compared = 0
    for street in result.streets:
        # The record up to the action that dealt the street's last card.
        last = max(
            number
            for number in (played.action_of(event) for event in range(street.event))
            if number is not None
        )
        cut = dataclasses.replace(
            revealed, actions=revealed.actions[:last], finishing_stacks=None, winnings=None
        )
        ours = {seat_label(seat.seat): seat.equity for seat in street.odds.seats}
        theirs = _cli_odds(cut, street.odds.exact, tmp_path)
        if theirs is None:
            assert street.complete
            assert set(street.odds.situation.live) - set(result.shown)
            continue
        compared += 1
        assert theirs == pytest.approx(ours, abs=1e-12)
    assert compared >= len(result.streets) - 1


@pytest.mark.parametrize("game", GAMES)
def test_the_shares_of_each_street_add_up_to_the_pot(game: str) -> None:
    result = hand_odds(_finished(game, 3), deals=DEALS)
    for street in result.streets:
        assert sum(seat.equity for seat in street.odds.seats) == pytest.approx(1.0)


def test_the_last_street_of_a_showdown_is_its_result() -> None:
    record = _finished("FTQ", 4)
    result = hand_odds(record, deals=DEALS)
    final = result.streets[-1]
    assert final.complete
    assert final.odds.exact
    won = {seat: amount for seat, amount in enumerate(record.winnings or ()) if amount}
    assert {seat.seat for seat in final.odds.seats if seat.equity > 0} == set(won)


def test_the_cards_nobody_showed_stay_unknown() -> None:
    record = _finished("FTQ", 5, players=6)  # random bots: some fold before the showdown
    result = hand_odds(record, deals=DEALS)
    unshown = set(range(6)) - set(result.shown)
    assert unshown
    first = result.streets[0].odds.situation
    # Third street: two cards down to each seat; an unshown seat's are unknown to everyone.
    assert first.unknown == 2 * len(unshown)
    assert {taken.seat for taken in first.prefix if taken.code < 0} == unshown


def test_the_biggest_swing_is_the_largest_change_of_a_shown_hand() -> None:
    result = hand_odds(_finished("SMBU", 2), deals=DEALS)
    assert result.swing is not None
    changes = [
        abs((after.share(seat) or 0) - (before.share(seat) or 0))
        for before, after in zip(result.streets, result.streets[1:], strict=False)
        if before.deal == after.deal
        for seat in result.shown
        if before.share(seat) is not None and after.share(seat) is not None
    ]
    assert abs(result.swing.change) == pytest.approx(max(changes))
    data = result.to_dict()
    assert data["swing"]["player"] == seat_label(result.swing.seat)


def test_a_redealt_deal_has_odds_up_to_the_card_that_stopped_it() -> None:
    result = hand_odds(load(EXAMPLES / "bitch-queen-of-spades-turns-up.phh"), deals=DEALS)
    assert {street.deal for street in result.streets} == {1, 2}
    for street in result.streets:
        assert not any(
            taken.up and str(taken.card) == "Qs" for taken in street.odds.situation.prefix
        )


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_hand_has_the_odds_of_its_record(game: str) -> None:
    # What a server works out from the hand it dealt is what anyone works out from the record
    # the table saw (seat 0 is p1: the dealer sits last).
    hand = Hand(game, [300] * 5, deck=Deck(seed=6))
    play_out(hand, RandomBot(seed=6))
    ours = finished_odds(hand, deals=DEALS)
    theirs = hand_odds(record_from_hand(hand, reveal="showdown"), deals=DEALS)
    assert ours.to_dict() == theirs.to_dict()  # (not the odds themselves: they hold a time)


def test_odds_in_hindsight_wait_for_the_end_of_the_hand() -> None:
    hand = Hand("FTQ", [300] * 3, deck=Deck(seed=1))
    hand.run()
    with pytest.raises(SituationError, match="finished hand"):
        finished_odds(hand)
