"""A private deal's hand rebuilt from what the store keeps (its setup, its actions, its rounds'
rows; never a card in the clear), as a restart does: at every moment of a whole hand of every
game (The Bitch with a redeal), the rebuilt hand is the live one, event for event, and its
rounds resume where they stood."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.tools.private_play import CONTEXT, Night, choose
from tests.tools.twins import Twins
from wildstud.cards import Card
from wildstud.deal import Dealt, Phase, Stage
from wildstud.errors import RecordError
from wildstud.history import record_from_hand, write_record
from wildstud.odds.hindsight import finished_odds
from wildstud.server.history import export_phh
from wildstud.server.private_replay import private_views, rebuild_private
from wildstud.server.replay import SHOW
from wildstud.server.store import ActionRecord, HandSetup, PrivateRound


class RecordedNight(Night):
    """A :class:`Night` that keeps what the table stores (actions, rows) and the hand as it
    stood before each player's choice."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.actions: list[ActionRecord] = []
        self.moments: list[tuple[int, int, Any, tuple[int, ...]]] = []

    def _moment(self) -> None:
        hand = self.hand
        self.moments.append((len(self.rows), len(self.actions), tuple(hand.events), hand.stacks))

    def play(self) -> None:
        hand = self.hand
        while hand.phase is not Phase.OVER:
            if hand.phase is Phase.PLAYER:
                self._moment()
                seat = hand.to_act
                assert seat is not None
                kind = choose(hand, self.folder)
                hand.act(kind)
                self.actions.append(
                    ActionRecord(1, len(self.actions), seat, kind.value, None, "player", None)
                )
                continue
            chance = hand.chance()
            fresh = not self.deals or self.rounds.deal != hand.deal_number
            if fresh and (chance is None or chance.kind is not Stage.REDEAL):
                self.start_deal()
            if hand.cards_due() and self.dealer.position >= sum(
                len(slots) for slots in self.rounds.passes
            ):
                self.pass_due()
            if hand.to_show_or_muck:
                self._moment()
                seat = hand.to_show_or_muck[0]
                self.show(seat)
                self.actions.append(
                    ActionRecord(1, len(self.actions), seat, SHOW, None, "player", None)
                )
                continue
            hand.step()
        self._moment()


GAMES: list[tuple[str, dict[str, object], int, int]] = [
    ("FTQ", {}, 4, 3),
    ("SMBU", {}, 4, 4),
    ("BD5", {}, 3, 2),
    ("BD7", {}, 4, 3),
]


def _setup(night: Night) -> HandSetup:
    names = tuple(f"p{seat}" for seat in range(night.players))
    return HandSetup(
        1,
        0,
        night.game,
        {"ante": 1, "free_fold": True, **night.options},
        tuple(range(night.players)),
        names,
        0,
        (200,) * night.players,
    )


def _stored(night: Night) -> list[PrivateRound]:
    return [
        PrivateRound(1, seq, row.deal, row.kind, row.party, row.data)
        for seq, row in enumerate(night.rows)
    ]


def _check_every_moment(night: RecordedNight) -> None:
    setup = _setup(night)
    stored = _stored(night)
    assert len(night.moments) > 3
    for rows, actions, events, stacks in night.moments:
        hand, deals = rebuild_private(setup, CONTEXT, stored[:rows], night.actions[:actions])
        assert tuple(hand.events) == events
        assert hand.stacks == stacks
        for deal, rounds in deals.items():
            live = night.deals[deal - 1]
            if rows == len(stored):
                assert rounds.shares == live.shares
    final, _ = rebuild_private(setup, CONTEXT, stored, night.actions)
    assert final.phase is Phase.OVER
    assert final.stacks == night.hand.stacks


@pytest.mark.parametrize(("game", "options", "players", "pages"), GAMES)
def test_a_private_hand_rebuilds_at_every_moment(
    game: str, options: dict[str, object], players: int, pages: int
) -> None:
    night = RecordedNight(game, options, players, pages, folder=1)
    night.play()
    _check_every_moment(night)


def test_the_bitch_rebuilds_across_its_redeal() -> None:
    stacked = [Card(code) for code in ("2c", "3c", "4c", "5c", "6c", "7c", "Qs", "8d", "9d")]
    night = RecordedNight("BITCH", {}, 3, 2, stacked=stacked, rng=random.Random(5))
    night.play()
    assert len(night.deals) >= 2
    _check_every_moment(night)


def test_a_restart_in_the_middle_of_a_pass_resumes_it() -> None:
    night = RecordedNight("FTQ", {}, 3, 3)
    night.play()
    stored = _stored(night)
    # The rows up to the second pass's first shares: the pass is open, its cards not dealt.
    passes = [seq for seq, row in enumerate(night.rows) if row.kind == "pass"]
    cut = passes[1] + 2
    # The actions before it: those taken before the first choice after it was opened.
    actions = next(acted for rows, acted, _, _ in night.moments if rows > passes[1])
    hand, deals = rebuild_private(_setup(night), CONTEXT, stored[:cut], night.actions[:actions])
    rounds = deals[1]
    assert rounds.stage == "pass"
    # One party had given its shares (the server: the night takes them last first); the pages
    # are still waited for, every one at once.
    assert night.rows[passes[1] + 1].party == 3
    assert rounds.waiting() == (0, 1, 2)
    assert hand.phase is Phase.DEALER
    assert hand.cards_due()  # the street waits for its pass


def test_a_show_whose_cards_the_rows_do_not_hold_is_refused() -> None:
    night = RecordedNight("FTQ", {}, 3, 3)
    night.play()
    shows = [seq for seq, row in enumerate(night.rows) if row.kind == "show"]
    assert shows
    stored = _stored(night)
    with pytest.raises(RecordError, match="without its cards"):
        rebuild_private(_setup(night), CONTEXT, stored[: shows[0]], night.actions)


# -- a finished hand replayed ----------------------------------------------------------------


@pytest.mark.parametrize(("code", "options"), [("FTQ", {}), ("BD5", {}), ("BITCH", {})])
@pytest.mark.parametrize("seed", [5, 8])
def test_a_finished_private_hand_has_the_record_and_odds_of_the_same_hand_known(
    code: str, options: dict[str, object], seed: int
) -> None:
    """The same deal played known and private, some hands folded or mucked: the private one's
    record and odds are the known one's as the table saw it (its unshown cards ``??`` and
    unknown), from nothing the server did not know."""
    twins = Twins(code, options, [100] * 4, seed)
    twins.play(random.Random(seed), passive=0.6, muck=0.5)
    private, known = twins.private, twins.known
    assert write_record(record_from_hand(private)) == write_record(record_from_hand(known))
    figures = finished_odds(private, deals=1024).to_dict()
    assert figures == finished_odds(known, deals=1024).to_dict()


def test_a_finished_private_hand_is_replayed_step_by_step_with_unshown_cards_face_down() -> None:
    night = RecordedNight("FTQ", {}, 4, 3, folder=1)
    night.play()
    setup, stored = _setup(night), _stored(night)
    views = private_views(setup, CONTEXT, stored, night.actions)
    assert views[-1].phase is Phase.OVER
    assert views[-1].events == night.hand.view(None).events
    folded = {
        card
        for (deal, position), card in night.opened.items()
        if night.rounds.owners[position] == 1
    }
    assert len(folded) == 2  # seat 1 folded on third street: its two hole cards
    for view in views:
        named = {card.card for seat in view.seats for card in seat.cards}
        named |= {event.card for event in view.events if isinstance(event, Dealt)}
        assert not named & folded
    # A seat's own replay does not name its cards: the server never knew them.
    own = private_views(setup, CONTEXT, stored, night.actions, viewer=1)
    assert not {card.card for card in own[-1].seats[1].cards} & folded
    hand, _ = rebuild_private(setup, CONTEXT, stored, night.actions)
    record = export_phh(setup, hand, table_name="t", seat_count=4)
    assert "????" in record
    assert not {str(card) for card in folded} & set(re.findall(r"[2-9TJQKA][cdhs]", record))
