"""A sit-and-go at one table, as a value: the clock of its levels, its entrants and their places.

A table whose settings hold a ``tournament`` (:class:`~.tourney_schemas.TournamentSettings`)
runs one. Its :class:`Tourney` is a frozen value the table's driver replaces as things happen,
and stores with every change that moves it (migration 0016):

- **The clock.** The schedule's items (levels and breaks) follow one another. A level in minutes
  ends when its time is up, a level in hands once that many hands have been dealt in it, a break
  when its minutes are up; the clock runs only while the table is running (a pause by the host
  stops it, and so does a restart: time the table stood still is nobody's). A new level's stakes
  apply from the next hand dealt, never to a hand in progress; no hand is dealt on a break; the
  last level lasts until the end.
- **Entrants.** Every player and bot who sits down is an entrant and pays the buy-in; the table
  takes newcomers through ``late_levels`` (late registration). Through ``rebuy_levels`` a player
  whose stack is at most the starting chips may rebuy (the host takes the money and gives the
  chips); the add-on, once per player, through ``addon_levels``.
- **Knock-outs.** A player whose stack is empty when a hand ends is out, unless rebuys are still
  open to them: then they may rebuy before the next hand is dealt, and are out when it is dealt
  without them (or at once when fewer than two players have chips). So players go out in the
  order they busted, and those who busted in one hand finish by their stacks as it began
  (:func:`wildstud.tournament.finishing_order`; equal stacks share the places they cover, and
  their prizes).
- **The prizes.** The pool is every buy-in, rebuy and add-on; it is paid by the payout table
  (:func:`wildstud.tournament.payouts`) once one player holds every chip, or as the last players
  agree (a deal: ICM or a chip chop, :func:`wildstud.tournament.deal`).

>>> from wildstud.tournament import Level
>>> schedule = (Level(1, 2, 5, 10, minutes=None, hands=2), Level(2, 3, 10, 20, minutes=10))
>>> state = Tourney().started(0.0)
>>> state, level = state.dealt(0.0, schedule)
>>> state, level = state.dealt(1.0, schedule)
>>> level.small_bet, state.level_number(schedule)
(5, 1)
>>> state, level = state.dealt(2.0, schedule)  # two hands dealt: the next level's stakes
>>> level.small_bet, state.level_number(schedule)
(10, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from wildstud.tournament import (
    Break,
    Level,
    Schedule,
    TournamentError,
    deal,
    payouts,
)

__all__ = ["Entry", "Tourney", "prizes_of"]


@dataclass(frozen=True, slots=True)
class Entry:
    """An entrant: their account (the ledger's ``player_id``), seat and name, what they
    bought, and once they bust or go out, when and where."""

    player_id: str
    seat: int
    name: str
    rebuys: int = 0
    addon: bool = False
    busted: tuple[int, int] | None = None
    """``(hand number, stack as it began)`` of the hand that emptied their stack, while they
    may still rebuy (and kept once they are out: it orders them)."""
    place: int | None = None
    tied: int = 1
    """How many players share ``place`` (and the places after it)."""
    prize: int | None = None
    """Set once the tournament is over (or the deal is made)."""
    pending: int = 0
    """Chips bought during a hand the entrant is in: they come when it ends."""
    house: bool = False
    """A bot: the house's entry (its money is the house's, as at a cash table)."""

    def paid(self, buy_in: int, rebuy_price: int, addon_price: int) -> int:
        """What this entrant paid in."""
        return buy_in + self.rebuys * rebuy_price + (addon_price if self.addon else 0)


def prizes_of(pool: int, entrants: int, table: Mapping[int, Sequence[int]]) -> list[int]:
    """The prize of each place paid (an empty list before two entrants).

    >>> prizes_of(120, 6, {2: (65, 35)}), prizes_of(20, 1, {2: (100,)})
    ([78, 42], [])
    """
    return payouts(pool, entrants, table) if entrants >= 2 else []


def _share(prizes: Sequence[int], place: int, count: int) -> list[int]:
    """The prizes of ``count`` players tied at ``place``: the places they cover, shared
    equally, what does not divide one each to the first."""
    total = sum(
        prizes[index] for index in range(place - 1, place - 1 + count) if index < len(prizes)
    )
    shares = [total // count] * count
    for index in range(total - sum(shares)):
        shares[index] += 1
    return shares


@dataclass(frozen=True, slots=True)
class Tourney:
    """The state of a table's tournament (see the module's notes)."""

    index: int = 0
    """The schedule's item (level or break) playing now."""
    elapsed: float = 0.0
    """Seconds of the item gone by, as of ``since``."""
    since: float | None = None
    """The moment (``time.monotonic``) the clock has run from; ``None``: stopped."""
    hands: int = 0
    """Hands dealt in the current level."""
    entries: tuple[Entry, ...] = ()
    finished: bool = False
    deal: str | None = None
    """The deal that ended it, if the last players made one (``icm`` or ``chip-chop``)."""

    # -- the clock -----------------------------------------------------------------------------

    def started(self, now: float) -> Tourney:
        """The clock running from ``now`` (the table runs)."""
        return self if self.since is not None else replace(self, since=now)

    def stopped(self, now: float) -> Tourney:
        """The clock stopped at ``now`` (a pause; the time gone by is kept)."""
        if self.since is None:
            return self
        return replace(self, elapsed=self.elapsed + now - self.since, since=None)

    def banked(self, now: float) -> Tourney:
        """The same clock with the time gone by counted into ``elapsed`` as of ``now``."""
        if self.since is None:
            return self
        return replace(self, elapsed=self.elapsed + now - self.since, since=now)

    def gone(self, now: float) -> float:
        """Seconds of the current item gone by at ``now``."""
        return self.elapsed + (0.0 if self.since is None else now - self.since)

    def rolled(self, now: float, schedule: Schedule, *, between_hands: bool) -> Tourney:
        """The clock at ``now``: past every item whose time is up (and, ``between_hands``,
        past a level whose hands have all been dealt)."""
        state = self.banked(now)
        while state.index < len(schedule) - 1:
            item = schedule[state.index]
            if isinstance(item, Level) and item.hands is not None:
                if not (between_hands and state.hands >= item.hands):
                    break
                over = 0.0
            else:
                length = 60.0 * (item.minutes or 0.0)
                if state.elapsed < length:
                    break
                over = state.elapsed - length
            state = replace(state, index=state.index + 1, elapsed=over, hands=0)
        return state

    def level(self, schedule: Schedule) -> Level:
        """The level playing now (on a break, the one after it)."""
        for item in schedule[self.index :]:
            if isinstance(item, Level):
                return item
        raise TournamentError("the schedule ends with a break")  # pragma: no cover - checked

    def next_level(self, schedule: Schedule) -> Level | None:
        """The level after the one playing now, if any."""
        current = self.level(schedule)
        later = [item for item in schedule[self.index :] if isinstance(item, Level)]
        return later[1] if len(later) > 1 and later[0] is current else None

    def on_break(self, schedule: Schedule) -> bool:
        """Whether the schedule stands at a break."""
        return isinstance(schedule[self.index], Break)

    def level_number(self, schedule: Schedule) -> int:
        """The level playing now, counting levels from 1 (on a break: the level before it)."""
        levels = sum(isinstance(item, Level) for item in schedule[: self.index + 1])
        return max(1, levels)

    def left(self, now: float, schedule: Schedule) -> tuple[float | None, int | None]:
        """Seconds and hands left in the current item (``None`` where it is not counted so,
        or for the last level)."""
        item = schedule[self.index]
        if self.index == len(schedule) - 1:
            return None, None
        if isinstance(item, Level) and item.hands is not None:
            return None, max(0, item.hands - self.hands)
        minutes = item.minutes or 0.0
        return max(0.0, 60.0 * minutes - self.gone(now)), None

    def dealt(self, now: float, schedule: Schedule) -> tuple[Tourney, Level]:
        """A hand is dealt at ``now``: the clock rolled on, the hand counted in its level,
        and the level whose stakes it plays. Players waiting with an empty stack go out when
        rebuys have closed."""
        state = self.rolled(now, schedule, between_hands=True)
        if state.on_break(schedule):
            raise TournamentError("no hand is dealt on a break")
        return replace(state, hands=state.hands + 1), state.level(schedule)

    # -- entrants ------------------------------------------------------------------------------

    def entry(self, player_id: str) -> Entry | None:
        """The entry of account ``player_id``, if they have entered."""
        for entry in self.entries:
            if entry.player_id == player_id:
                return entry
        return None

    def entered(self, player_id: str, seat: int, name: str, *, house: bool = False) -> Tourney:
        """``player_id`` enters (at ``seat`` as ``name``; ``house``: a bot); nothing changes
        if they have."""
        if self.entry(player_id) is not None:
            return self
        entry = Entry(player_id, seat, name, house=house)
        return replace(self, entries=(*self.entries, entry))

    def departed(self, player_id: str, hand: int) -> Tourney:
        """``player_id`` left the table (after hand ``hand``): out at once, below everyone
        still in."""
        entry = self.entry(player_id)
        if entry is None or entry.place is not None:
            return self
        return self.knocked_out([replace(entry, busted=(hand, 0))])

    def _with(self, entry: Entry) -> Tourney:
        entries = tuple(entry if old.player_id == entry.player_id else old for old in self.entries)
        return replace(self, entries=entries)

    def rebought(self, player_id: str, pending: int = 0) -> Tourney:
        """``player_id`` rebuys: they are no longer waiting to go out (``pending``: chips to
        come when the hand they are in ends)."""
        entry = self.entry(player_id)
        assert entry is not None
        more = entry.pending + pending
        return self._with(replace(entry, rebuys=entry.rebuys + 1, busted=None, pending=more))

    def added_on(self, player_id: str, pending: int = 0) -> Tourney:
        """``player_id`` takes the add-on (``pending``: as for :meth:`rebought`)."""
        entry = self.entry(player_id)
        assert entry is not None
        return self._with(replace(entry, addon=True, busted=None, pending=entry.pending + pending))

    def paid_out(self, player_id: str) -> Tourney:
        """``player_id``'s pending chips have come to their stack."""
        entry = self.entry(player_id)
        assert entry is not None
        return self._with(replace(entry, pending=0))

    @property
    def still_in(self) -> tuple[Entry, ...]:
        """The entrants without a place yet (those waiting to rebuy among them)."""
        return tuple(entry for entry in self.entries if entry.place is None)

    def hand_ended(
        self,
        number: int,
        starts: Mapping[str, int],
        stacks: Mapping[str, int],
        may_rebuy: Mapping[str, bool],
    ) -> Tourney:
        """Hand ``number`` ended: each entrant's stack as it began (``starts``, those dealt
        in) and as it is now (``stacks``, every entrant still in); those emptied bust, and go
        out unless ``may_rebuy`` says they may still rebuy (see the module's notes)."""
        state = self
        for entry in self.still_in:
            if entry.busted is None and stacks.get(entry.player_id, 0) == 0:
                busted = (number, starts.get(entry.player_id, 0))
                state = state._with(replace(entry, busted=busted))
        holding = [e for e in state.still_in if stacks.get(e.player_id, 0) > 0]
        waiting = [entry for entry in state.still_in if entry.busted is not None]
        # They go out together (the next hand's deal takes those who did not rebuy), so that
        # players out of one hand share their places whether they might have rebought or not.
        if len(holding) >= 2 and any(may_rebuy.get(e.player_id, False) for e in waiting):
            return state
        return state.knocked_out(waiting)

    def knocked_out(self, out: Sequence[Entry]) -> Tourney:
        """``out`` go out together, placed by when they busted (see the module's notes); the
        last one left wins."""
        if not out:
            return self
        state = self
        place = len(self.still_in)
        groups: dict[tuple[int, int], list[Entry]] = {}
        for entry in out:
            assert entry.busted is not None
            groups.setdefault(entry.busted, []).append(entry)
        # The earliest bust, and in one hand the smallest stack as it began, finishes lowest.
        for key in sorted(groups):
            group = groups[key]
            first = place - len(group) + 1
            for entry in group:
                state = state._with(replace(entry, place=first, tied=len(group)))
            place = first - 1
        left = state.still_in
        if len(left) == 1:
            state = state._with(replace(left[0], place=1, busted=None))
        return state

    def finish(self, pool: int, table: Mapping[int, Sequence[int]]) -> Tourney:
        """Every place is known: each entrant's prize (tied places share theirs)."""
        prizes = prizes_of(pool, len(self.entries), table)
        state = replace(self, finished=True)
        by_place: dict[int, list[Entry]] = {}
        for entry in self.entries:
            assert entry.place is not None
            by_place.setdefault(entry.place, []).append(entry)
        for place, group in by_place.items():
            group.sort(key=lambda entry: entry.name)
            for entry, prize in zip(group, _share(prizes, place, len(group)), strict=True):
                state = state._with(replace(entry, prize=prize))
        return state

    def dealt_out(
        self, kind: str, stacks: Mapping[str, int], pool: int, table: Mapping[int, Sequence[int]]
    ) -> Tourney:
        """The last players agree a deal of ``kind`` over the prizes still to be paid, with
        their chips ``stacks``: each gets their share, and their place by chips."""
        left = sorted(
            self.still_in, key=lambda entry: (-stacks.get(entry.player_id, 0), entry.name)
        )
        if len(left) < 2 or any(stacks.get(entry.player_id, 0) <= 0 for entry in left):
            raise TournamentError("a deal is made by two players or more, each with chips")
        prizes = prizes_of(pool, len(self.entries), table)
        owed = prizes[: len(left)] + [0] * max(0, len(left) - len(prizes))
        shares = deal([stacks[entry.player_id] for entry in left], owed, kind)  # type: ignore[arg-type]
        state = replace(self, finished=True, deal=kind)
        for place, (entry, share) in enumerate(zip(left, shares, strict=True), start=1):
            state = state._with(replace(entry, place=place, prize=share, busted=None))
        for entry in state.entries:
            if entry.prize is None:  # those out before the deal: their places' prizes
                assert entry.place is not None
                group = [e for e in state.entries if e.place == entry.place]
                group.sort(key=lambda e: e.name)
                shares_here = _share(prizes, entry.place, len(group))
                for member, prize in zip(group, shares_here, strict=True):
                    state = state._with(replace(member, prize=prize))
        return state

    # -- the store -----------------------------------------------------------------------------

    def to_json(self, now: float) -> dict[str, Any]:
        """The state as stored, its clock counted up to ``now`` (a restart resumes from it)."""
        state = self.banked(now)
        return {
            "index": state.index,
            "elapsed": round(state.elapsed, 3),
            "hands": state.hands,
            "entries": [
                {
                    "player_id": e.player_id,
                    "seat": e.seat,
                    "name": e.name,
                    "rebuys": e.rebuys,
                    "addon": e.addon,
                    "busted": None if e.busted is None else list(e.busted),
                    "place": e.place,
                    "tied": e.tied,
                    "prize": e.prize,
                    "pending": e.pending,
                    "house": e.house,
                }
                for e in state.entries
            ],
            "finished": state.finished,
            "deal": state.deal,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tourney:
        """The state as stored, its clock stopped (the table starts it as it runs).

        >>> Tourney.from_json(Tourney(index=2, elapsed=3.5, since=1.0).to_json(2.0)).elapsed
        4.5
        """
        entries = tuple(
            Entry(
                player_id=item["player_id"],
                seat=item["seat"],
                name=item["name"],
                rebuys=item["rebuys"],
                addon=item["addon"],
                busted=None if item["busted"] is None else (item["busted"][0], item["busted"][1]),
                place=item["place"],
                tied=item.get("tied", 1),
                prize=item["prize"],
                pending=item.get("pending", 0),
                house=item.get("house", False),
            )
            for item in data.get("entries", ())
        )
        return cls(
            index=int(data.get("index", 0)),
            elapsed=float(data.get("elapsed", 0.0)),
            hands=int(data.get("hands", 0)),
            entries=entries,
            finished=bool(data.get("finished", False)),
            deal=data.get("deal"),
        )
