"""Who a player is: one ledger account per person at a table tonight, and how a player who left
is recognised when they sit down again.

A name is what a player calls themselves, not who they are: anyone can type "Ann". So a seat
taken through the join link opens a fresh account, whatever its name, unless the player shows
something only the departed player holds:

- the **seat token their device kept** (the ``returning`` field of the join request): the
  cash-out written as a player leaves carries its hash (:class:`~wildstud.server.store.
  LedgerEntry` ``token_hash``), and the same token brings them back to that account; or
- the **host's word**: approving a seat request (or seating someone from the console), the host
  may say "this is Ann coming back", naming the account of a player who has left.

A player whose host gave their seat a new link left with the new token; the old one brings
back nothing. An account of a player still seated is never given to anyone else.

>>> entries = [LedgerEntry("a1", 0, "Ann", "buy-in", 100),
...            LedgerEntry("a1", 0, "Ann", "cash-out", -100, token_hash="h1")]
>>> returning_account(entries, "h1", seated=[]), returning_account(entries, "h2", seated=[])
('a1', None)
>>> returning_account(entries, "h1", seated=["a1"]) is None
True
>>> [(player.player_id, player.name) for player in departed(entries, seated=[])]
[('a1', 'Ann')]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from wildstud.server.errors import SeatError
from wildstud.server.store import LedgerEntry

__all__ = ["Departed", "departed", "host_named_account", "returning_account", "vouched_account"]


@dataclass(frozen=True, slots=True)
class Departed:
    """A player who left the table tonight: their account and the name they left under."""

    player_id: str
    name: str
    seat: int


def returning_account(
    entries: Iterable[LedgerEntry], token_hash: str, seated: Iterable[str]
) -> str | None:
    """The account of the player who left with the seat token whose hash is ``token_hash``, if
    one did and is not seated again (``seated``: the accounts at the table now)."""
    taken = set(seated)
    found = None
    for entry in entries:
        if entry.reason == "cash-out" and entry.token_hash == token_hash:
            found = entry.player_id
    return None if found in taken else found


def vouched_account(entries: Iterable[LedgerEntry], token_hash: str, seated: Iterable[str]) -> str:
    """The account :func:`returning_account` finds; else
    :class:`~wildstud.server.errors.SeatError` (the message never repeats the token)."""
    account = returning_account(entries, token_hash, seated)
    if account is None:
        raise SeatError("this old seat link brings back no player who left this table tonight")
    return account


def departed(entries: Iterable[LedgerEntry], seated: Iterable[str]) -> list[Departed]:
    """The players who have left tonight and not come back, in the order they last left."""
    taken = set(seated)
    gone: dict[str, Departed] = {}
    for entry in entries:
        if entry.reason == "cash-out" and entry.player_id not in taken:
            gone.pop(entry.player_id, None)
            gone[entry.player_id] = Departed(entry.player_id, entry.name, entry.seat)
    return list(gone.values())


def host_named_account(
    entries: Iterable[LedgerEntry], player_id: str, seated: Iterable[str]
) -> str:
    """``player_id``, once checked to be the account of a player who has left tonight and is
    not seated again (the host's "this is Ann coming back"); else
    :class:`~wildstud.server.errors.SeatError`."""
    if any(player.player_id == player_id for player in departed(entries, seated)):
        return player_id
    raise SeatError("no player who left this table tonight has this account")
