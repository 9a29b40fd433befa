"""The players' shuffle at the table: the night seed, and the round of commitments and reveals
before each deal (:mod:`wildstud.joint_shuffle` holds the arithmetic).

Before the first deal of the night the table draws a secret night seed (from :mod:`secrets`)
and stores it; only its commitment is ever sent (in every ``shuffle`` frame) until the night
ends. Before each deal (each redeal too) the table asks every seated, connected player whose
page takes part (it said ``shuffler`` on connecting) for a commitment to a fresh value of its
own, then, once all have committed or the table's ``shuffle_seconds`` have run out (default 8),
for the value, with as long again to answer. Each
commitment and value is stored as it arrives, so a restart resumes the round and the night
record (:mod:`wildstud.history.night_audit`) can be written. The deck is then
:func:`~wildstud.joint_shuffle.deck_order` over the hand's seed and every value that opens its
commitment, sealed with :func:`~wildstud.joint_shuffle.deck_salts`: the Merkle root and the
proofs are made as before, from a deck anyone can recompute once the seed is revealed.

House rules (``docs/house-rules.md``, "The players' shuffle"):

- a page that does not commit or reveal in time before a hand's first deal, or reveals a value
  that does not open its commitment, is left out of the deal: its player sits the hand out and
  posts nothing;
- at a redeal the hand's players stay in it (the hand's chips are in its pot): a page that does
  not answer in time adds nothing to that deck, as a bot or an away player adds nothing; a
  value that does not open its commitment is kept for the night record, which names it;
- bots, away players and pages without WebCrypto (served over plain http from another machine)
  add nothing: the committed night seed covers them.

The round is the shuffle's slice's (:mod:`.shuffle_requests`): its start (with the night seed),
asked by the hand runner as a command (:meth:`Shuffling.opening`), its step and its end (the
slice's ticks), and a page's part in it (its word that it takes part, its commitment, its
value), each a pure function of the shuffle's state, stored before that state is adopted. What
is left here is what today's code reads: the decks made from the rounds over, and the state a
restart loads.
"""

from __future__ import annotations

import functools
import logging
import time
from typing import TYPE_CHECKING, Any

from wildstud.joint_shuffle import (
    deck_order,
    deck_salts,
    hand_seed,
    new_secret,
    night_commitment,
)
from wildstud.server.replay import Shuffled
from wildstud.server.store import ShuffleNight, ShuffleValue
from wildstud.server.table.shuffle_requests import (
    NAME,
    Open,
    Round,
    RoundTick,
    ShuffleState,
    waits,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from wildstud.server.table.table import Table

__all__ = ["Shuffling"]

log = logging.getLogger("wildstud.server")


class Shuffling:
    """A table's players' shuffle as today's code reads it: the shuffle's slice's state, held
    here (:mod:`.shuffle_requests`), the commands the hand runner gives it, and the decks
    made from its rounds over."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.state = ShuffleState()
        """The shuffle's slice's state (:mod:`.shuffle_requests`: the night seed, the round in
        progress, the pages that take part, the rounds over), a frozen value replaced once each
        change is stored (:meth:`adopt`: a hand's end, which forgets its rounds, among them,
        :class:`~.core.ForgetHand`); a restart's (:meth:`load`) is set here."""

    def __repr__(self) -> str:
        return f"Shuffling(table={self.table.id!r}, round={self.round is not None})"

    def adopt(self, state: ShuffleState) -> None:
        """Take ``state``, the slice's, once the change that made it is stored (a value that
        opens nothing in a round just over is logged)."""
        found = self.state.round
        self.state = state
        if found is None or state.round is not None:
            return
        over = state.over.get((found.hand, found.deal))
        if over is None:
            return
        for seat in sorted(set(over.revealed) - set(over.values())):
            log.warning(
                "table %s: seat %d's value for hand %d, deal %d does not open its commitment",
                self.table.id,
                seat,
                over.hand,
                over.deal,
            )

    @property
    def night(self) -> ShuffleNight | None:
        """The night seed, once drawn and stored."""
        return self.state.night

    @property
    def round(self) -> Round | None:
        """The round in progress, if any."""
        return self.state.round

    @property
    def seconds(self) -> float:
        """How long the table waits for the pages' commitments, then for their values: the
        table's ``shuffle_seconds`` (a page answers within a round trip: the clock is for a
        page that went away, and long enough for a slow phone or a loaded machine, whose player
        would otherwise sit the hand out)."""
        return float(self.table.settings.shuffle_seconds)

    # -- restoring -----------------------------------------------------------------------------

    def load(self, night: ShuffleNight | None, parts: Iterable[ShuffleValue]) -> None:
        """What the store kept: the night seed, and the parts of the hand in progress and the
        next. A round whose hand has not been dealt resumes (at its reveal if any page had
        committed: a page that had not may not commit once values may have been seen), with
        the game a dealer's choice picked for it, its clock afresh; the values of the hand in
        progress make its decks, a redeal's drawn as the hand replays, and a redeal the hand
        still waits for resumes its round too (:class:`~.shuffle_requests.Open`)."""
        rounds: dict[tuple[int, int], Round] = {}
        for part in parts:
            key = (part.number, part.deal)
            found = rounds.get(key) or Round(part.number, part.deal, {}, 0.0)
            found = found.but(asked={**found.asked, part.seat: part.player})
            if part.entry is not None:
                found = found.but(entry=part.entry, chooser=part.chooser)
            if part.commitment is not None:
                found = found.but(commitments={**found.commitments, part.seat: part.commitment})
            if part.value is not None and part.commitment is not None:
                found = found.revealing(part.seat, part.value)
            rounds[key] = found
        dealt = self.table.hands_dealt
        now = time.monotonic()
        resumed = None
        over = {}
        resumable = set()
        for (number, deal), found in rounds.items():
            if number == dealt + 1 and deal == 1:
                resumed = found.but(
                    step="reveal" if found.commitments else "commit",
                    deadline=now + self.seconds,
                    started=now,
                )
            else:
                over[(number, deal)] = found
                if number == dealt and deal > 1:
                    resumable.add((number, deal))
        self.state = ShuffleState(night, resumed, over=over, resumable=frozenset(resumable))

    def resumes(self, number: int, deal: int) -> bool:
        """Whether the round of deal ``deal`` (a redeal) of hand ``number`` was going on when
        the table stopped: the restored hand waits for it (a redeal whose round had not begun
        is dealt as the hand is restored, as before the players shuffled)."""
        return (number, deal) in self.state.resumable

    # -- the decks -----------------------------------------------------------------------------

    def shuffle_for(
        self, number: int, night: ShuffleNight | None = None
    ) -> Callable[[int], Shuffled] | None:
        """Where hand ``number``'s decks come from (see :class:`~wildstud.server.replay.DeckBook`):
        the night seed (``night``, drawn with the hand's round and stored with its deal, when
        the night has none yet) and each deal's values; ``None`` without a seed."""
        night = self.night or night
        if night is None or number < night.first_hand:
            return None
        return functools.partial(self._deck, bytes.fromhex(night.seed), number)

    def _deck(self, seed: bytes, number: int, deal: int) -> Shuffled:
        keyed = hand_seed(seed, number)
        order = deck_order(keyed, number, deal, self.values(number, deal))
        return Shuffled(order, deck_salts(keyed, deal), self.made_from(number, deal))

    def values(self, number: int, deal: int) -> dict[int, bytes]:
        """The values deal ``deal`` of hand ``number`` is made from, by seat (none before its
        round is over)."""
        found = self.state.over.get((number, deal))
        return {} if found is None else found.values()

    def made_from(self, number: int, deal: int) -> tuple[str, ...]:
        """The players whose values deal ``deal`` of hand ``number`` is made from, by seat."""
        found = self.state.over.get((number, deal))
        if found is None:
            return ()
        values = found.values()
        return tuple(found.asked[seat] for seat in sorted(values) if seat in found.asked)

    # -- the round -----------------------------------------------------------------------------

    def over(self, number: int, deal: int) -> bool:
        """Whether the round of deal ``deal`` of hand ``number`` is over (its deal may be
        dealt)."""
        return (number, deal) in self.state.over

    def ready(self, number: int) -> Round | None:
        """The round of hand ``number``'s first deal, over, when the hand is still to be dealt
        from it (:meth:`over`, once the hand runner has dealt the hands before)."""
        return self.state.over.get((number, 1))

    def opening(
        self,
        number: int,
        deal: int,
        seats: Iterable[int],
        entry: int | None = None,
        chooser: int | None = None,
    ) -> Open | None:
        """The command that asks the shuffle's slice for the round of deal ``deal`` of hand
        ``number`` to ``seats`` (:class:`~.shuffle_requests.Open`, the night seed drawn with it
        when the night has none); ``None`` when that round is over or going on."""
        key = (number, deal)
        found = self.round
        if key in self.state.over and key not in self.state.resumable:
            return None
        if found is not None and (found.hand, found.deal) == key:
            return None
        table = self.table
        names = {
            index: seat.name
            for index in seats
            if (seat := table.seats.get(index)) is not None and seat.bot is None
        }
        night = None
        if self.night is None:
            seed = new_secret()
            night = ShuffleNight(seed.hex(), night_commitment(seed), number)
        return Open(number, deal, names, self.present(), self.seconds, entry, chooser, night)

    def waits(self, opening: Open) -> bool:
        """Whether the round ``opening`` asks for goes on once opened (see
        :func:`.shuffle_requests.waits`): else its deal is dealt at once."""
        return waits(self.state, opening)

    def present(self) -> dict[int, frozenset[Any]]:
        """Each seat's connections now."""
        return {index: frozenset(seat.clients) for index, seat in self.table.seats.items()}

    def tick(self) -> RoundTick:
        """The slice's tick, made from the table as its turn comes
        (:attr:`.actor.Slice.tick`)."""
        return RoundTick(NAME, self.present(), self.seconds)

    def left_out(self, number: int, deal: int) -> set[int]:
        """The seats asked for deal ``deal`` of hand ``number`` whose page gave no value that
        opens its commitment (at a hand's first deal, they sit the hand out)."""
        found = self.state.over.get((number, deal))
        return set() if found is None else found.left_out()
