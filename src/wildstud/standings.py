"""A club's season: who is up, and friends' statistics from every hand they played.

A season is the nights between two dates. Each night brings its results (each member's net in
the book's unit) and its hand records (PHH, with the players' names). :func:`standings` gives,
for each member: the season's net, the nights and hands played, the biggest pot won, and for
each game: hands played, how often they put chips in of their own will (a call, completion,
bet or raise; antes and the forced bring-in do not count), showdowns reached and won, and the
wild cards their hands held at the showdown; and their luck, the chips won at showdowns that
were all in before the last cards less what their chances were worth when the money went in.
Everything is counted from the records by replaying them with the engine, so the figures follow
the rules as played.

>>> from wildstud.bots import CallingBot, play_out
>>> from wildstud.deal import Hand, stack_deck
>>> from wildstud.history.export import record_from_hand
>>> import dataclasses, datetime
>>> hand = Hand("FTQ", [100, 100], deck=stack_deck("As 2c Ad 3c Ah 4c Ks 5d Kd 6h Kh 7c 9s 8c"))
>>> play_out(hand, CallingBot())
>>> record = dataclasses.replace(record_from_hand(hand), players=("Ann", "Bob"))
>>> night = SeasonNight("n1", datetime.date(2026, 11, 5), {"Ann": 12, "Bob": -12}, (record,))
>>> ann = standings([night])["Ann"]
>>> ann.net, ann.hands, ann.games["FTQ"].showdowns_won
(12, 1, 1)
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from wildstud.betting import ActionKind
from wildstud.deal import Acted, Awarded, Event, Mucked, Shown
from wildstud.history.replay import replay
from wildstud.history.schema import HandRecord
from wildstud.odds.hindsight import DEALS
from wildstud.odds.luck import record_luck

__all__ = [
    "GameStats",
    "HandPlay",
    "MemberStats",
    "SeasonNight",
    "in_season",
    "standings",
    "to_csv",
    "to_data",
]

_VOLUNTARY = frozenset({ActionKind.CALL, ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE})
_COUNTED = (Acted, Mucked, Shown, Awarded)
"""The kinds of event the standings read."""


@dataclass(frozen=True, slots=True)
class HandPlay:
    """A hand as the standings count it: its game's code, who held each of its seats, and its
    events as anyone at the table saw them (the actions, the hands shown, the pots awarded).

    A record is replayed into one (:meth:`of_record`); a server that keeps the hands it dealt
    gives their events as dealt, which a record may not carry whole (a house rule that shows
    the last hand when the others muck is not in the PHH notation, so its replay takes the pot
    unshown)."""

    variant: str
    players: tuple[str, ...]
    events: tuple[Event, ...]

    @classmethod
    def of_record(cls, record: HandRecord) -> HandPlay:
        """The hand a record describes, replayed by the engine (its ``players`` by seat)."""
        return cls.of_events(
            record.variant, tuple(record.players or ()), replay(record).hand.events
        )

    @classmethod
    def of_events(cls, variant: str, players: Sequence[str], events: Iterable[Event]) -> HandPlay:
        """A hand's play from all its events, of which it keeps only those the standings count
        (the actions, the hands shown or mucked, the pots awarded): a season's hands are kept
        between reads, a tenth of their size.

        >>> from wildstud.deal import Awarded, Dealt, Share
        >>> won = Awarded(0, 0, 5, Share.HIGH)
        >>> play = HandPlay.of_events("FTQ", ["Ann"], [Dealt(0, None, False, 0), won])
        >>> [type(event).__name__ for event in play.events]
        ['Awarded']
        """
        return cls(variant, tuple(players), tuple(e for e in events if isinstance(e, _COUNTED)))


@dataclass(frozen=True, slots=True)
class SeasonNight:
    """One night of the season: its id, date, each member's net and its hands: records
    (their ``players`` field names who sat where) or hands as played.

    A tournament's hands are played for tournament chips, which are not money (the night's
    money is its buy-ins and prizes, in ``nets``): they count among the hands and the games'
    figures, never in the biggest pot or the luck, which are counted in money.

    >>> SeasonNight("t1", datetime.date(2026, 11, 5), {"Ann": 5}).chips_are_money
    True
    """

    night: str
    date: datetime.date
    nets: Mapping[str, int]
    hands: Sequence[HandRecord | HandPlay] = ()
    chips_are_money: bool = True
    """``False`` for a tournament's night."""


@dataclass(frozen=True, slots=True)
class GameStats:
    """A member's figures in one game."""

    hands: int = 0
    voluntary: int = 0
    """Hands in which they put chips in of their own will."""
    showdowns: int = 0
    """Showdowns they reached: their hand shown there, or given up (mucked) unshown."""
    showdowns_won: int = 0
    """Showdowns at which they won a pot or a share of one."""
    wilds_at_showdown: int = 0
    """Wild cards their hands held when shown down."""

    @property
    def voluntary_rate(self) -> float:
        """The share of their hands in which they put chips in of their own will."""
        return self.voluntary / self.hands if self.hands else 0.0


@dataclass(frozen=True, slots=True)
class MemberStats:
    """A member's season."""

    member: str
    net: int = 0
    nights: int = 0
    hands: int = 0
    biggest_pot: int = 0
    """The most they took from one hand's pots."""
    luck: float = 0.0
    """Chips won at showdowns that were all in before the last cards, less what their chances
    were worth when the money went in (:mod:`wildstud.odds.luck`)."""
    games: Mapping[str, GameStats] = field(default_factory=dict)


def in_season(
    nights: Iterable[SeasonNight], start: datetime.date, end: datetime.date
) -> list[SeasonNight]:
    """The nights from ``start`` to ``end``, both included, in date order."""
    return sorted((n for n in nights if start <= n.date <= end), key=lambda n: (n.date, n.night))


def _played(hand: HandRecord | HandPlay, deals: int) -> dict[str, dict[str, float]]:
    """What each named player of one hand did in it, and their luck (of a record, with
    ``deals`` simulated for the odds; none at 0)."""
    play = hand if isinstance(hand, HandPlay) else HandPlay.of_record(hand)
    names = play.players
    found = {
        name: {"voluntary": 0.0, "shown": 0.0, "won": 0.0, "wilds": 0.0, "taken": 0.0, "luck": 0.0}
        for name in names
    }
    luck = record_luck(hand, deals=deals) if deals and isinstance(hand, HandRecord) else None
    for seat, chips in (luck.luck if luck is not None else {}).items():
        if seat < len(names):
            found[names[seat]]["luck"] = chips

    def mark(seat: int, key: str, amount: int = 1) -> None:
        if seat < len(names):
            found[names[seat]][key] += amount

    for event in play.events:
        if isinstance(event, Acted) and event.kind in _VOLUNTARY and event.seat < len(names):
            found[names[event.seat]]["voluntary"] = 1  # once a hand
        elif isinstance(event, Mucked):
            mark(event.seat, "shown")  # reached the showdown, and gave the hand up there
        elif isinstance(event, Shown):
            mark(event.seat, "shown")
            mark(event.seat, "wilds", sum(card in event.wild for card in event.cards))
        elif isinstance(event, Awarded):
            mark(event.seat, "taken", event.amount)
    shown = {event.seat for event in play.events if isinstance(event, Shown)}
    for seat in {event.seat for event in play.events if isinstance(event, Awarded)} & shown:
        mark(seat, "won")
    return found


def standings(nights: Iterable[SeasonNight], *, deals: int = DEALS) -> dict[str, MemberStats]:
    """Each member's season from ``nights`` (see the module), best net first; the odds behind
    the luck simulate ``deals`` deals where they are not counted exactly (0: no luck)."""
    members: dict[str, MemberStats] = {}

    def of(name: str) -> MemberStats:
        return members.setdefault(name, MemberStats(name))

    for night in nights:
        present = set(night.nets)
        for record in night.hands:
            present |= set(record.players or ())
        for name in present:
            stats = of(name)
            members[name] = replace(
                stats, net=stats.net + night.nets.get(name, 0), nights=stats.nights + 1
            )
        for record in night.hands:
            played = _played(record, deals if night.chips_are_money else 0)
            for name, did in played.items():
                money = night.chips_are_money
                stats = of(name)
                game = stats.games.get(record.variant, GameStats())
                game = GameStats(
                    hands=game.hands + 1,
                    voluntary=game.voluntary + int(did["voluntary"]),
                    showdowns=game.showdowns + int(did["shown"]),
                    showdowns_won=game.showdowns_won + int(did["won"]),
                    wilds_at_showdown=game.wilds_at_showdown + int(did["wilds"]),
                )
                members[name] = replace(
                    stats,
                    hands=stats.hands + 1,
                    biggest_pot=max(stats.biggest_pot, int(did["taken"]) if money else 0),
                    luck=stats.luck + (did["luck"] if money else 0.0),
                    games={**stats.games, record.variant: game},
                )
    return dict(sorted(members.items(), key=lambda item: (-item[1].net, item[0])))


def to_csv(table: Mapping[str, MemberStats]) -> str:
    """The standings as CSV: one row a member and game (``game`` empty on the member's totals).

    >>> print(to_csv({"Ann": MemberStats("Ann", net=5, nights=1)}).strip())
    member,game,net,nights,hands,biggest_pot,luck,voluntary,showdowns,showdowns_won,wilds_at_showdown
    Ann,,5,1,0,0,0.0,,,,
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([
        "member", "game", "net", "nights", "hands", "biggest_pot", "luck", "voluntary",
        "showdowns", "showdowns_won", "wilds_at_showdown",
    ])  # fmt: skip
    for name, stats in table.items():
        writer.writerow([name, "", stats.net, stats.nights, stats.hands, stats.biggest_pot,
                         f"{stats.luck:.1f}", "", "", "", ""])  # fmt: skip
        for game, figures in sorted(stats.games.items()):
            writer.writerow([name, game, "", "", figures.hands, "", "", figures.voluntary,
                             figures.showdowns, figures.showdowns_won,
                             figures.wilds_at_showdown])  # fmt: skip
    return out.getvalue()


def to_data(table: Mapping[str, MemberStats]) -> list[dict[str, Any]]:
    """The standings as JSON-ready data, one object a member."""
    return [
        {
            "member": name,
            "net": stats.net,
            "nights": stats.nights,
            "hands": stats.hands,
            "biggest_pot": stats.biggest_pot,
            "luck": round(stats.luck, 1),
            "games": {
                game: {
                    "hands": figures.hands,
                    "voluntary": figures.voluntary,
                    "showdowns": figures.showdowns,
                    "showdowns_won": figures.showdowns_won,
                    "wilds_at_showdown": figures.wilds_at_showdown,
                }
                for game, figures in sorted(stats.games.items())
            },
        }
        for name, stats in table.items()
    ]
