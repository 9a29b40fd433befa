"""A club's nights as records: the nights in its book with their dates, each night's hands
read back from the store, the season's standings counted from them, and the exports (the
standings as CSV and JSON; every night as CSV, JSON and PHH).

The figures are :func:`wildstud.standings.standings`' (nets from the book; hands, chips put in
of one's own will, showdowns, wild cards shown and the biggest pot from the hands' records,
replayed by the engine). The records are the public ones (:func:`~wildstud.server.history.
public_record`: the cards the showdown showed and no other hidden card), so no figure here
depends on a card nobody was shown. The luck is the night's luck (:mod:`wildstud.server.luck`,
the same odds), summed by book account.

A hand's players are the book's accounts (:func:`wildstud.server.clubs.results`: a member's id
for every ledger account they held that night, ``guest:<ledger account>`` for a guest); a bot is
``house:<its ledger account>`` and is left out of the standings, as the book leaves the house
out of the nights' results.

>>> from wildstud.server.store.clubs import BookStep, ClubNight
>>> import datetime
>>> played = ClubNight("t1", 1, datetime.datetime(2026, 11, 5, 20, tzinfo=datetime.UTC))
>>> steps = [BookStep(1, "night", "t1", None, None, False, {"nets": {"a": 5, "b": -5},
...                                                          "names": {"a": "Ann", "b": "Bob"}})]
>>> [(n.night, n.number, n.date.isoformat(), n.source) for n in booked_nights(steps, [played])]
[('t1', 1, '2026-11-05', 'played')]
"""

from __future__ import annotations

import csv
import dataclasses
import datetime
import io
from collections import OrderedDict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wildstud.book import Book
from wildstud.history import write_records
from wildstud.history.schema import HandRecord
from wildstud.server.clubs import GUEST
from wildstud.server.history import public_record
from wildstud.server.night import _cell
from wildstud.server.replayable import Replayable
from wildstud.server.store.clubs import BookStep, ClubNight
from wildstud.standings import HandPlay, MemberStats, SeasonNight, standings

__all__ = [
    "HOUSE",
    "PLAYS_KEPT",
    "BookedNight",
    "BookedPlays",
    "PlayedHand",
    "booked_nights",
    "nights_csv",
    "nights_data",
    "nights_phhs",
    "played_hand",
    "season_standings",
    "standings_csv",
]

HOUSE = "house:"
"""The prefix of a bot's account in a hand's record: the house, left out of the standings."""


@dataclass(frozen=True, slots=True)
class BookedNight:
    """A night in the club's book: its id (a table's, or an imported night's), its number in
    the club (``None`` for an imported one), its date, each account's result and name, and
    where it came from (``played`` at a table of the club, or imported: ``pokernow``,
    ``sheet``)."""

    night: str
    number: int | None
    date: datetime.date
    nets: Mapping[str, int]
    names: Mapping[str, str]
    source: str = "played"


def booked_nights(steps: Iterable[BookStep], club_nights: Iterable[ClubNight]) -> list[BookedNight]:
    """The nights of a book's stored ``steps``, in the book's order: a played night is dated
    by the day (UTC) its table was made, an imported night by the date given at its import."""
    made = {night.table_id: night for night in club_nights}
    found = []
    for step in steps:
        if step.kind != "night" or step.night is None or step.data is None:
            continue
        imported = step.data.get("imported")
        table = made.get(step.night)
        if imported is not None:
            date = datetime.date.fromisoformat(imported["date"])
            source = str(imported["source"])
        elif table is not None:
            date = table.created_at.astimezone(datetime.UTC).date()
            source = "played"
        else:  # a night the store no longer has a table for: it stays in the book, undated
            continue
        found.append(
            BookedNight(
                step.night,
                None if table is None else table.number,
                date,
                dict(step.data["nets"]),
                dict(step.data.get("names", {})),
                source,
            )
        )
    return found


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A finished hand of a club's night: its public record with the players' names (for the
    exports), the hand as the table saw it played with each seat's book account (for the
    standings), the game's name as the table called it, and each account's luck in it."""

    night: str
    number: int
    record: HandRecord | None
    """``None`` where it was not asked for: the standings need the hand's events only, and a
    public record (with each deal's commitment and proofs) costs six times the replay."""
    play: HandPlay
    title: str
    luck: Mapping[str, float] = field(default_factory=dict)


def played_hand(
    night: str,
    dealt: Replayable,
    seats: Mapping[str, str],
    people: Iterable[str],
    *,
    table_name: str,
    seat_count: int,
    record: bool = True,
) -> PlayedHand:
    """A finished hand replayed into its :class:`PlayedHand` (``seats``: the member of each
    ledger account members held that night; ``people``: the ledger accounts of the night's
    people, the rest being bots); a hand dealt privately from its rounds, its unshown
    face-down cards unknown. Worked off the event loop: it replays the hand."""
    stored = dealt.stored
    setup = stored.setup
    hand = dealt.hand()
    public = (
        public_record(setup, hand, table_name=table_name, seat_count=seat_count, book=dealt.book())
        if record
        else None
    )
    humans = set(people)
    accounts = []
    for seat in range(len(setup.lineup)):
        player = setup.player_ids[seat] if setup.player_ids else f"seat-{setup.lineup[seat]}"
        if player in seats:
            accounts.append(seats[player])
        elif player in humans:
            accounts.append(GUEST + player)
        else:
            accounts.append(HOUSE + player)
    title = str((stored.summary or {}).get("title", setup.game))
    # The spectator's events: the standings read only what everyone at the table saw.
    play = HandPlay.of_events(hand.rules.code, accounts, hand.view(None).events)
    return PlayedHand(night, setup.number, public, play, title)


PLAYS_KEPT = 20_000
"""Hands of booked nights kept, as the standings count them, between reads (a few hundred
bytes each)."""


class BookedPlays:
    """The hands of booked nights, as the standings count them, kept between reads: a night
    in the book is over, so its hands and who held each seat never change, and a season's
    standings read again need not replay them (300 hands took 0.6 to 0.8 s a read). The
    nights read least lately are forgotten first, beyond ``hands_kept`` hands in all.

    >>> def hands(night: str) -> list[PlayedHand]:
    ...     return [PlayedHand(night, n, None, HandPlay("FTQ", (), ()), "FTQ") for n in (1, 2)]
    >>> kept = BookedPlays(hands_kept=3)
    >>> kept.keep("t1", hands("t1")); kept.keep("t2", hands("t2"))
    >>> kept.get("t1"), [hand.number for hand in kept.get("t2") or ()]
    (None, [1, 2])
    """

    def __init__(self, *, hands_kept: int = PLAYS_KEPT) -> None:
        self.hands_kept = hands_kept
        self._nights: OrderedDict[str, tuple[PlayedHand, ...]] = OrderedDict()
        self._held = 0

    def get(self, night: str) -> tuple[PlayedHand, ...] | None:
        """The hands kept of ``night``, if they are."""
        found = self._nights.get(night)
        if found is not None:
            self._nights.move_to_end(night)
        return found

    def keep(self, night: str, hands: Iterable[PlayedHand]) -> None:
        """Keep ``night``'s hands (a booked night's: they never change)."""
        kept = tuple(hands)
        self._held += len(kept) - len(self._nights.pop(night, ()))
        self._nights[night] = kept
        while self._held > self.hands_kept and self._nights:
            self._held -= len(self._nights.popitem(last=False)[1])


def season_standings(
    nights: Sequence[BookedNight],
    hands: Mapping[str, Sequence[PlayedHand]],
    tournaments: Collection[str] = (),
) -> dict[str, MemberStats]:
    """Each account's figures over ``nights`` (``hands``: each played night's hands), best net
    first; the house is left out. The nights named in ``tournaments`` were played for
    tournament chips: their hands count, their pots and luck do not (see
    :class:`~wildstud.standings.SeasonNight`)."""
    season = [
        SeasonNight(
            night.night,
            night.date,
            night.nets,
            tuple(hand.play for hand in hands.get(night.night, ())),
            chips_are_money=night.night not in tournaments,
        )
        for night in nights
    ]
    luck: dict[str, float] = {}
    for night in nights:
        if night.night in tournaments:
            continue
        for hand in hands.get(night.night, ()):
            for account, chips in hand.luck.items():
                luck[account] = luck.get(account, 0.0) + chips
    table = standings(season, deals=0)
    return {
        account: dataclasses.replace(stats, luck=luck.get(account, 0.0))
        for account, stats in table.items()
        if not account.startswith(HOUSE)
    }


STANDINGS_HEADER = (
    "member_id", "name", "game", "net", "nights", "hands", "biggest_pot", "luck",
    "voluntary", "voluntary_rate", "showdowns", "showdowns_won", "wilds_at_showdown",
)  # fmt: skip
NIGHTS_HEADER = ("night", "number", "date", "source", "member_id", "name", "net")


def standings_csv(
    table: Mapping[str, MemberStats], names: Mapping[str, str], titles: Mapping[str, str]
) -> str:
    """The standings as CSV (RFC 4180): a row of each member's totals (``game`` empty), then
    a row per game they played (the season's figures empty). A name that a spreadsheet would
    take for a formula starts with an apostrophe.

    >>> stats = MemberStats("m1", net=5, nights=1)
    >>> standings_csv({"m1": stats}, {"m1": "=Ann"}, {}).splitlines()[1]
    "m1,'=Ann,,5,1,0,0,0.0,,,,,"
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(STANDINGS_HEADER)
    for account, stats in table.items():
        name = _cell(names.get(account, account))
        writer.writerow((account, name, "", stats.net, stats.nights, stats.hands,
                         stats.biggest_pot, f"{stats.luck:.1f}", "", "", "", "", ""))  # fmt: skip
        for game, figures in sorted(stats.games.items()):
            writer.writerow((
                account, name, _cell(titles.get(game, game)), "", "", figures.hands, "", "",
                figures.voluntary, f"{figures.voluntary_rate:.3f}", figures.showdowns,
                figures.showdowns_won, figures.wilds_at_showdown,
            ))  # fmt: skip
    return out.getvalue()


def nights_csv(nights: Iterable[BookedNight], names: Mapping[str, str]) -> str:
    """Every night as CSV (RFC 4180): one row an account a night, under :data:`NIGHTS_HEADER`
    (``number`` empty for an imported night; ``name`` as the account had it that night).

    >>> night = BookedNight("t1", 1, datetime.date(2026, 11, 5), {"a": 5, "b": -5}, {"a": "Ann"})
    >>> nights_csv([night], {"b": "Bob"}).splitlines()[1:]
    ['t1,1,2026-11-05,played,a,Ann,5', 't1,1,2026-11-05,played,b,Bob,-5']
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(NIGHTS_HEADER)
    for night in nights:
        for account, net in night.nets.items():
            name = night.names.get(account) or names.get(account, account)
            writer.writerow((night.night, night.number or "", night.date.isoformat(),
                             night.source, account, _cell(name), net))  # fmt: skip
    return out.getvalue()


def nights_data(
    nights: Iterable[BookedNight], book: Book, names: Mapping[str, str]
) -> list[dict[str, Any]]:
    """Every night as JSON-ready data: its id, number, date, source, each account's result and
    name, and the payments its settle-up made (where each stands now)."""
    made: dict[str, list[dict[str, Any]]] = {}
    for payment in book.payments:
        made.setdefault(payment.night, []).append({
            "number": payment.number,
            "payer": payment.payer,
            "payee": payment.payee,
            "payer_name": names.get(payment.payer, payment.payer),
            "payee_name": names.get(payment.payee, payment.payee),
            "amount": payment.amount,
            "status": payment.status.value,
            "replaced_by": payment.replaced_by,
        })  # fmt: skip
    replaced = {entry.night: list(entry.replaced) for entry in book.nights}
    return [
        {
            "night": night.night,
            "number": night.number,
            "date": night.date.isoformat(),
            "source": night.source,
            "results": [
                {
                    "member": account,
                    "name": night.names.get(account) or names.get(account, account),
                    "net": net,
                }
                for account, net in night.nets.items()
            ],
            "payments": made.get(night.night, []),
            "replaced": replaced.get(night.night, []),
        }
        for night in nights
    ]


def nights_phhs(hands: Iterable[PlayedHand]) -> str:
    """Every hand of the club's played nights as one ``.phhs`` file (PHH's file of many hands),
    night by night: the public records, with the players' names, the table's name and each
    deal's commitment and proofs."""
    return write_records(hand.record for hand in hands if hand.record is not None)
