"""The night's ledger: each player's buy-ins, cash-outs, chips at the table and net, and the
settle-up that squares them.

The chip ledger of a table (:class:`~wildstud.server.store.LedgerEntry` rows) holds an account
for each person at the table tonight (a player who leaves and comes back keeps theirs when
recognised by their old seat token or the host's word, never by a name:
:mod:`wildstud.server.accounts`). Its entries, by
``reason`` (:data:`REASONS`): a ``buy-in`` when a seat is taken, a ``rebuy`` (of an empty
stack) or ``top-up`` (of one that still holds chips) that the host approved, a ``hand``'s
result when a hand ends and a ``cash-out`` when the player leaves. :func:`tally` sums it by
account into a :class:`Night`: a player's ``buy_ins`` are every chip bought (buy-ins, rebuys and
top-ups), and their net is ``chips + cash_outs - buy_ins``, where ``chips`` are the chips in
front of the seat now (none once the player has left). Chips move between players only through
hands, so the nets add up to zero and the settle-up (:func:`wildstud.settlement.settle`) says
who pays whom.

Bots are the house, not players who pay: their accounts (entries marked ``house``) never
appear in the settle-up. The :class:`Night` shows them apart, as the house's line, and the
people's nets, which add up to minus the house's, are squared by
:func:`wildstud.settlement.square_with_house`: the host chose when creating the table whether
the house's result is shared among the people or left aside (``house_result``). Each person's
``share`` is what that changes of their net, and ``settles`` the figure the payments square.

A hand in progress is not counted until it ends: the figures stand as the hand started, with
each seat in it at its stack before the hand, so the night is balanced even mid-hand, and
``hand_in_progress`` gives the number of the hand they leave out.

The REST API serves it (:mod:`wildstud.server.api`) as ``GET /api/tables/{id}/night`` (JSON:
the players, the transfers and whether they are proven the fewest) and
``GET /api/tables/{id}/night.csv`` (the transfers, as :func:`transfers_csv` writes them).

Ann bought in for 100 and left with 135; Bob is still at the table with 65 of his 100:

>>> entries = [
...     LedgerEntry("a", 0, "Ann", "buy-in", 100), LedgerEntry("b", 1, "Bob", "buy-in", 100),
...     LedgerEntry("a", 0, "Ann", "hand", 35, 1), LedgerEntry("b", 1, "Bob", "hand", -35, 1),
...     LedgerEntry("a", 0, "Ann", "cash-out", -135),
... ]
>>> night = tally(entries, {"b": 65})
>>> [(player.name, player.seat, player.chips, player.net) for player in night.players]
[('Ann', None, 0, 35), ('Bob', 1, 65, -35)]
>>> print(*night.settlement.transfers, sep="\\n")
Bob (b) pays Ann (a) 35
>>> night.balanced, night.settlement is not None and night.settlement.minimal
(True, True)
>>> transfers_csv(night).splitlines()
['payer,payee,amount,payer_id,payee_id', 'Bob,Ann,35,b,a']
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from wildstud.server.store import LedgerEntry
from wildstud.settlement import HouseResult, Settlement, settle, square_with_house

__all__ = [
    "BOUGHT",
    "CSV_HEADER",
    "REASONS",
    "REBUY_REASONS",
    "Night",
    "NightPlayer",
    "PlayerKey",
    "report",
    "tally",
    "transfers_csv",
]

REASONS = ("buy-in", "rebuy", "top-up", "hand", "cash-out")
"""Every reason a ledger entry may have (see the module's notes)."""
REBUY_REASONS = ("rebuy", "top-up")
"""The reasons of chips bought after the buy-in, with the host's approval."""
BOUGHT = ("buy-in", *REBUY_REASONS)
"""The reasons of chips bought: a player's ``buy_ins`` sum them."""

CSV_HEADER = ("payer", "payee", "amount", "payer_id", "payee_id")
"""The columns of :func:`transfers_csv`: one row per payment, names first, then the ledger
accounts (one per person at the table tonight)."""

# A leading =, +, - or @ (or a tab or carriage return) makes a spreadsheet read a cell as a
# formula; a player's name must never run as one (OWASP's "CSV injection").
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True, slots=True, order=True)
class PlayerKey:
    """A ledger account as the settle-up knows it, ordered by name (ignoring case), then id.

    >>> print(PlayerKey("ann", "Ann", "a1"))
    Ann (a1)
    """

    order: str
    name: str
    player_id: str

    def __str__(self) -> str:
        return f"{self.name} ({self.player_id})"


@dataclass(frozen=True, slots=True)
class NightPlayer:
    """One ledger account's night: chips bought in, cashed out and in front of the seat."""

    player_id: str
    name: str
    seat: int | None
    """The seat the player sits at, or ``None`` once they have left."""
    buy_ins: int
    """Every chip bought: the buy-ins, rebuys and top-ups."""
    cash_outs: int
    chips: int
    rebuys: int = 0
    """How many rebuys and top-ups the account had."""
    share: int = 0
    """What the house's result changes of a person's net before the settle-up (see the
    module's notes); always 0 for a bot."""

    @property
    def net(self) -> int:
        """Chips up (positive) or down for the night: ``chips + cash_outs - buy_ins``."""
        return self.chips + self.cash_outs - self.buy_ins

    @property
    def settles(self) -> int:
        """What the settle-up squares for this person: the net and the share of the house's."""
        return self.net + self.share


@dataclass(frozen=True, slots=True)
class Night:
    """A table's night: every person's figures, ordered by name, the house's (the bots'), and
    the settle-up among the people."""

    players: tuple[NightPlayer, ...]
    """The people, never a bot."""
    settlement: Settlement[PlayerKey] | None
    """The fewest payments that square the people's nets with the house's result; ``None`` if
    the nets do not add up to zero (a ledger out of balance, which only a bug can make)."""
    hand_in_progress: int | None
    balanced: bool
    """Whether the ledger agrees with the table: every account adds up to the chips in front
    of its seat (nothing once it has left), and chips at the table plus chips cashed out equal
    chips bought in."""
    ended: bool = False
    """The host ended the night: once no hand is in progress these figures are final."""
    house: tuple[NightPlayer, ...] = ()
    """The bots' accounts, ordered by name: the house's line."""
    house_result: HouseResult = "shared"
    """Whether the house's result is shared among the people or left aside."""

    @property
    def accounts(self) -> tuple[NightPlayer, ...]:
        """Every account: the people's, then the house's."""
        return self.players + self.house

    @property
    def buy_ins(self) -> int:
        """Every chip bought in tonight, the house's included."""
        return sum(player.buy_ins for player in self.accounts)

    @property
    def cash_outs(self) -> int:
        """Every chip cashed out tonight, the house's included."""
        return sum(player.cash_outs for player in self.accounts)

    @property
    def chips(self) -> int:
        """Every chip at the table now (as the hand in progress started), the house's included."""
        return sum(player.chips for player in self.accounts)

    @property
    def house_net(self) -> int:
        """The house's result: what the bots won (positive) or lost tonight."""
        return sum(player.net for player in self.house)


def tally(
    entries: Iterable[LedgerEntry],
    seated: Mapping[str, int],
    hand_in_progress: int | None = None,
    *,
    ended: bool = False,
    house_result: HouseResult = "shared",
) -> Night:
    """The night from a table's ledger ``entries`` and the chips in front of each seat,
    ``seated`` (by the seat's ledger account, ``player_id``), before any hand in progress
    (whose number is ``hand_in_progress``).

    An entry of a reason not in :data:`REASONS` is a ledger this code does not know how to
    read, and raises :class:`ValueError` rather than mislead.

    A player who rebought, left, and came back under the same name is one account:

    >>> night = tally([
    ...     LedgerEntry("a", 0, "Ann", "buy-in", 100), LedgerEntry("b", 1, "Bob", "buy-in", 100),
    ...     LedgerEntry("a", 0, "Ann", "hand", -100, 1), LedgerEntry("b", 1, "Bob", "hand", 100, 1),
    ...     LedgerEntry("a", 0, "Ann", "rebuy", 50), LedgerEntry("a", 0, "Ann", "cash-out", -50),
    ...     LedgerEntry("a", 2, "Ann", "buy-in", 100)], {"a": 100, "b": 200})
    >>> [(p.name, p.seat, p.buy_ins, p.rebuys, p.cash_outs, p.net) for p in night.players]
    [('Ann', 2, 250, 1, 50, -100), ('Bob', 1, 100, 0, 0, 100)]

    A bot is the house: Bob won 30 from Ann and 20 from Robo; shared, the house's loss of 20
    costs each person 10, so Ann pays Bob 40; left aside, she pays him the 30 she lost:

    >>> entries = [
    ...     LedgerEntry("a", 0, "Ann", "hand", -30, 1), LedgerEntry("b", 1, "Bob", "hand", 50, 1),
    ...     LedgerEntry("r", 2, "Robo", "hand", -20, 1, house=True)]
    >>> night = tally(entries, {"a": -30, "b": 50, "r": -20})
    >>> [p.name for p in night.players], [p.name for p in night.house], night.house_net
    (['Ann', 'Bob'], ['Robo'], -20)
    >>> print(*night.settlement.transfers, night.balanced)
    Ann (a) pays Bob (b) 40 True
    >>> print(*tally(entries, {"a": -30, "b": 50, "r": -20}, house_result="aside")
    ...       .settlement.transfers)
    Ann (a) pays Bob (b) 30
    """
    names: dict[str, str] = {}
    seats: dict[str, int] = {}
    sums: dict[str, dict[str, int]] = {}
    counts: dict[str, int] = {}
    houses: set[str] = set()
    for entry in entries:
        if entry.reason not in REASONS:
            raise ValueError(f"ledger entry of an unknown reason: {entry.reason!r}")
        names[entry.player_id] = entry.name
        seats[entry.player_id] = entry.seat
        if entry.house:
            houses.add(entry.player_id)
        account = sums.setdefault(entry.player_id, dict.fromkeys(REASONS, 0))
        account[entry.reason] += entry.amount
        if entry.reason in REBUY_REASONS:
            counts[entry.player_id] = counts.get(entry.player_id, 0) + 1
    players = []
    balanced = set(seated) <= set(sums)
    for player_id, account in sums.items():
        chips = seated.get(player_id, 0)
        players.append(
            NightPlayer(
                player_id=player_id,
                name=names[player_id],
                seat=seats[player_id] if player_id in seated else None,
                buy_ins=sum(account[reason] for reason in BOUGHT),
                cash_outs=-account["cash-out"],
                chips=chips,
                rebuys=counts.get(player_id, 0),
            )
        )
        balanced = balanced and sum(account.values()) == chips
    players.sort(key=lambda player: (player.name.casefold(), player.name, player.player_id))
    house = tuple(player for player in players if player.player_id in houses)
    people = [player for player in players if player.player_id not in houses]
    house_net = sum(player.net for player in house)
    settlement = None
    if sum(player.net for player in people) + house_net == 0:
        nets = {_key(player): player.net for player in people}
        squared = square_with_house(nets, house_net, house_result)
        people = [replace(player, share=squared[_key(player)] - player.net) for player in people]
        settlement = settle(squared)
    balanced = balanced and settlement is not None
    return Night(tuple(people), settlement, hand_in_progress, balanced, ended, house, house_result)


def report(table_id: str, night: Night) -> dict[str, Any]:
    """The night as JSON values, shaped as :class:`~wildstud.server.schemas.NightReport`.

    >>> figures = report("t1", tally([LedgerEntry("a", 0, "Ann", "buy-in", 100)], {"a": 100}))
    >>> figures["players"][0]["chips"], figures["transfers"], figures["balanced"]
    (100, [], True)
    """
    settlement = night.settlement
    return {
        "table_id": table_id,
        "players": [_player(player) for player in night.players],
        "house": {
            "bots": [_player(player) for player in night.house],
            "buy_ins": sum(player.buy_ins for player in night.house),
            "cash_outs": sum(player.cash_outs for player in night.house),
            "chips": sum(player.chips for player in night.house),
            "net": night.house_net,
            "result": night.house_result,
        },
        "transfers": [
            {
                "payer": transfer.payer.name,
                "payer_id": transfer.payer.player_id,
                "payee": transfer.payee.name,
                "payee_id": transfer.payee.player_id,
                "amount": transfer.amount,
            }
            for transfer in (settlement.transfers if settlement is not None else ())
        ],
        "minimal": settlement is not None and settlement.minimal,
        "method": "exact" if settlement is None else settlement.method,
        "hand_in_progress": night.hand_in_progress,
        "buy_ins": night.buy_ins,
        "cash_outs": night.cash_outs,
        "chips": night.chips,
        "balanced": night.balanced,
        "ended": night.ended,
    }


def transfers_csv(night: Night) -> str:
    """The settle-up as CSV text (RFC 4180: comma-separated, CRLF line ends, quoted where a
    cell needs it): a header (:data:`CSV_HEADER`), then one row per payment, in the settle-up's
    order (none if the ledger is out of balance), and, where bots played, a last row for the
    house: ``house``, what the people did with its result (``shared`` or ``aside``), and that
    result (the bots' net; nobody pays or is paid it). A name that a spreadsheet would take for
    a formula gets a leading apostrophe, so that it shows as text.

    >>> key = PlayerKey("=x", "=HYPERLINK(0)", "h")
    >>> from wildstud.settlement import Transfer
    >>> lines = Settlement((Transfer(key, PlayerKey("ann", "Ann", "a"), 5),), True, "exact")
    >>> transfers_csv(Night((), lines, None, True)).splitlines()
    ['payer,payee,amount,payer_id,payee_id', "'=HYPERLINK(0),Ann,5,h,a"]
    >>> robo = NightPlayer("r", "Robo", 2, buy_ins=100, cash_outs=0, chips=80)
    >>> transfers_csv(Night((), lines, None, True, house=(robo,), house_result="aside")
    ... ).splitlines()[-1]
    'house,aside,-20,,'
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_HEADER)
    for transfer in night.settlement.transfers if night.settlement is not None else ():
        writer.writerow(
            (
                _cell(transfer.payer.name),
                _cell(transfer.payee.name),
                transfer.amount,
                transfer.payer.player_id,
                transfer.payee.player_id,
            )
        )
    if night.house:
        writer.writerow(("house", night.house_result, night.house_net, "", ""))
    return out.getvalue()


def _player(player: NightPlayer) -> dict[str, Any]:
    return {
        "player_id": player.player_id,
        "name": player.name,
        "seat": player.seat,
        "buy_ins": player.buy_ins,
        "rebuys": player.rebuys,
        "cash_outs": player.cash_outs,
        "chips": player.chips,
        "net": player.net,
        "share": player.share,
        "settles": player.settles,
    }


def _key(player: NightPlayer) -> PlayerKey:
    return PlayerKey(player.name.casefold(), player.name, player.player_id)


def _cell(text: str) -> str:
    return "'" + text if text.startswith(_FORMULA_START) else text
