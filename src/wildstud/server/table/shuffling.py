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

A page's part in the round (its word that it takes part, its commitment, its value) is a command
of the shuffle's slice, checked by a pure function of the shuffle's state and stored before that
state is adopted (:mod:`.shuffle_requests`); the round's progress (its start, its step, its end),
the night seed and the decks are the hand runner's, here, under the table's lock.
"""

from __future__ import annotations

import functools
import logging
import time
from typing import TYPE_CHECKING

from wildstud.joint_shuffle import (
    deck_order,
    deck_salts,
    hand_seed,
    new_secret,
    night_commitment,
)
from wildstud.server.replay import Shuffled
from wildstud.server.store import Changes, ShuffleNight, ShuffleValue
from wildstud.server.table.fanout import dumps
from wildstud.server.table.shuffle_requests import Round, ShuffleState

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from wildstud.server.table.table import Table

__all__ = ["Shuffling"]

log = logging.getLogger("wildstud.server")


class Shuffling:
    """A table's night seed, its players' shuffle in progress, and the values each deal of the
    hand in progress was made from."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.state = ShuffleState()
        """The shuffle's slice's state (:mod:`.shuffle_requests`: the night seed, the round in
        progress, the pages that take part), a frozen value replaced once each change is
        stored: by the slice's commands (:meth:`adopt`), and by the round's progress here."""
        self.values: dict[tuple[int, int], dict[int, bytes]] = {}
        """The values each (hand, deal) of the hand in progress was (or is to be) made from."""
        self.done: dict[tuple[int, int], Round] = {}
        """The rounds over of the hand in progress (and of the next, before it is dealt)."""
        self.resumable: set[tuple[int, int]] = set()
        """The redeals of the hand in progress whose rounds a restart found stored: if the hand
        still waits for one, its round resumes (:meth:`before`) rather than dealing from what
        had come in by then."""
        self.latency: list[float] = []
        """How long each round took, from its start to its last value (seconds), the latest
        last: what the shuffle adds before a deal (kept for the last 100)."""

    def __repr__(self) -> str:
        return f"Shuffling(table={self.table.id!r}, round={self.round is not None})"

    def adopt(self, state: ShuffleState) -> None:
        """Take ``state``, the slice's, once the change that made it is stored."""
        self.state = state

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
        the game a dealer's choice picked for it; the values of the hand in progress make its
        decks, a redeal's drawn as the hand replays, and a redeal the hand still waits for
        resumes its round too (:meth:`before`)."""
        self.state = ShuffleState(night)
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
        for (number, deal), found in rounds.items():
            if number == dealt + 1 and deal == 1:
                self._resume(found)
            else:
                self.values[(number, deal)] = found.values()
                self.done[(number, deal)] = found
                if number == dealt and deal > 1:
                    self.resumable.add((number, deal))

    def _resume(self, found: Round) -> Round:
        """Go on with a round the store kept: at its reveal if any page had committed (one
        that had not may not commit once values may have been seen), its clock afresh."""
        now = time.monotonic()
        resumed = found.but(
            step="reveal" if found.commitments else "commit",
            deadline=now + self.seconds,
            started=now,
        )
        self.state = self.state.but(round=resumed)
        return resumed

    def resumes(self, number: int, deal: int) -> bool:
        """Whether the round of deal ``deal`` (a redeal) of hand ``number`` was going on when
        the table stopped: the restored hand waits for it (a redeal whose round had not begun
        is dealt as the hand is restored, as before the players shuffled)."""
        return (number, deal) in self.resumable

    # -- the decks -----------------------------------------------------------------------------

    def shuffle_for(self, number: int) -> Callable[[int], Shuffled] | None:
        """Where hand ``number``'s decks come from (see :class:`~wildstud.server.replay.DeckBook`):
        the night seed and each deal's values; ``None`` before the night has a seed."""
        night = self.night
        if night is None or number < night.first_hand:
            return None
        return functools.partial(self._deck, bytes.fromhex(night.seed), number)

    def _deck(self, seed: bytes, number: int, deal: int) -> Shuffled:
        keyed = hand_seed(seed, number)
        values = self.values.get((number, deal), {})
        order = deck_order(keyed, number, deal, values)
        return Shuffled(order, deck_salts(keyed, deal), self.made_from(number, deal))

    def made_from(self, number: int, deal: int) -> tuple[str, ...]:
        """The players whose values deal ``deal`` of hand ``number`` is made from, by seat."""
        found = self.done.get((number, deal))
        values = self.values.get((number, deal), {})
        if found is None:
            return ()
        return tuple(found.asked[seat] for seat in sorted(values) if seat in found.asked)

    def night_changes(self, number: int) -> Changes:
        """The night seed drawn now, if the night has none, to store before hand ``number``
        (the first it shuffles); nothing if it has one."""
        if self.night is not None:
            return Changes()
        seed = new_secret()
        night = ShuffleNight(seed.hex(), night_commitment(seed), number)
        return Changes(night_seed=night)

    def forget_hand(self, number: int) -> None:
        """Hand ``number`` is over: its values are in the store, for the night record."""
        for key in [key for key in self.values if key[0] <= number]:
            del self.values[key]
            self.done.pop(key, None)
        self.resumable = {key for key in self.resumable if key[0] > number}

    def dropped(self, number: int, deal: int) -> Changes:
        """No hand was dealt after the round of (``number``, ``deal``) after all (too few
        players left): it is forgotten, its rows deleted, and the next try is a fresh round."""
        self.values.pop((number, deal), None)
        self.done.pop((number, deal), None)
        return Changes(shuffle_dropped=[(number, deal)])

    # -- the round -----------------------------------------------------------------------------

    def askable(self, seats: Iterable[int]) -> dict[int, str]:
        """The seats among ``seats`` to ask for a value: a player's, connected, whose page takes
        part; with their names."""
        asked = {}
        kept = dict(self.state.pages)
        for index in seats:
            seat = self.table.seats.get(index)
            if seat is None or seat.bot is not None:
                continue
            # The pages of connections closed since are forgotten (nothing stores them).
            pages = kept.get(index, frozenset()) & seat.clients
            kept[index] = pages
            if pages:
                asked[index] = seat.name
        self.state = self.state.but(pages=kept)
        return asked

    async def before(
        self,
        number: int,
        deal: int,
        seats: Iterable[int],
        entry: int | None = None,
        chooser: int | None = None,
    ) -> float | None:
        """Before deal ``deal`` of hand ``number`` to ``seats``: ``None`` when it may be dealt
        (its round is over, or nobody is to be asked), else how long until the round moves on
        (starting it if it has not started). The night seed is drawn and stored first."""
        changes = self.night_changes(number)
        if changes:
            await self.table.driver.commit(changes)
            self.state = self.state.but(night=changes.night_seed)
            self.table.fanout.broadcast_table()
        found = self.round
        if found is None and (number, deal) in self.resumable:
            # A redeal whose round a restart interrupted: it goes on where it was.
            self.resumable.discard((number, deal))
            del self.values[(number, deal)]
            found = self._resume(self.done.pop((number, deal)))
            self._ask(found)
            return self.progress(time.monotonic())
        if found is None or (found.hand, found.deal) != (number, deal):
            if (number, deal) in self.values:
                return None  # its round is over
            asked = self.askable(seats)
            if not asked:
                self.values[(number, deal)] = {}
                return None
            now = time.monotonic()
            found = Round(
                number, deal, asked, now + self.seconds, entry=entry, chooser=chooser, started=now
            )
            await self.table.driver.commit(Changes(shuffle=[found.part(i) for i in asked]))
            self.state = self.state.but(round=found)
            self._ask(found)
            return self.seconds
        return self.progress(time.monotonic())

    def progress(self, now: float) -> float | None:
        """Move the round on if its step is done or its time is up: ``None`` once it is over
        (its values kept for the deal), else how long until it moves on."""
        found = self.round
        assert found is not None
        if found.step == "commit":
            if not found.everyone_committed() and now < found.deadline:
                return found.deadline - now
            # Nothing stores the step: a restart resumes a round at its reveal once any page
            # has committed.
            found = found.but(step="reveal", deadline=now + self.seconds)
            self.state = self.state.but(round=found)
            self._ask(found)
        if found.commitments and not found.everyone_revealed() and now < found.deadline:
            return found.deadline - now
        self.values[(found.hand, found.deal)] = found.values()
        self.done[(found.hand, found.deal)] = found
        self.state = self.state.but(round=None)
        for seat in sorted(set(found.revealed) - set(found.values())):
            log.warning(
                "table %s: seat %d's value for hand %d, deal %d does not open its commitment",
                self.table.id,
                seat,
                found.hand,
                found.deal,
            )
        self.latency = [*self.latency[-99:], now - found.started]
        return None

    def left_out(self, number: int, deal: int) -> set[int]:
        """The seats asked for deal ``deal`` of hand ``number`` whose page gave no value that
        opens its commitment (at a hand's first deal, they sit the hand out)."""
        found = self.done.get((number, deal))
        return set() if found is None else found.left_out()

    def _ask(self, found: Round) -> None:
        """Send the round's step to each page asked (at the reveal, those that committed)."""
        state = self.state
        now = time.monotonic()
        seats = found.asked if found.step == "commit" else found.commitments
        for seat in seats:
            held = self.table.seats.get(seat)
            present = () if held is None else held.clients
            for client in state.pages.get(seat, ()):
                if found.step == "reveal" and not state.revealer(found, seat, client, present):
                    continue  # another device of the seat: its value opens nothing
                client.send(dumps(state.frame(found, seat, now)))
