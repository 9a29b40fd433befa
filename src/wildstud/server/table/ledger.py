"""The ledger of a table: every chip bought in, won or lost and cashed out, whether it
balances, and the host's decisions on the players' requests for chips.

Every change of a seat's chips goes into the store as a
:class:`~wildstud.server.store.LedgerEntry` in the same transaction as the change itself, so
the ledger balances by construction: chips at the table (and in the pot of the hand in
progress) plus chips cashed out equal chips bought in, and each seat's entries add up to its
stack. A :class:`Ledger` reads it back for the REST API.
"""

from __future__ import annotations

import asyncio
import functools
from typing import TYPE_CHECKING, Any

from wildstud.server.errors import UnknownRequestError
from wildstud.server.night import BOUGHT, Night, tally
from wildstud.server.store import Changes
from wildstud.server.table.cashier import Limits
from wildstud.server.table.driver import TableStatus

if TYPE_CHECKING:
    from wildstud.server.table.table import Table

__all__ = ["Ledger"]


class Ledger:
    """A table's chip ledger, as the store keeps it."""

    def __init__(self, table: Table) -> None:
        self.table = table

    async def report(self) -> dict[str, Any]:
        """The chip ledger and whether it balances (the shape of
        :class:`~wildstud.server.schemas.LedgerReport`)."""
        table = self.table
        async with table.lock:
            entries = await table.store.call(table.store.ledger, table.id)
            seated = sum(seat.stack for seat in table.seats.values())
            accounts: dict[str, int] = {}
            for entry in entries:
                accounts[entry.player_id] = accounts.get(entry.player_id, 0) + entry.amount
            in_play = None
            hands_balance = True
            if table.live is not None:
                in_play = sum(table.live.hand.stacks) + table.live.hand.pot
                hands_balance = in_play == sum(table.live.setup.stacks)
            buy_ins = sum(entry.amount for entry in entries if entry.reason in BOUGHT)
            cash_outs = -sum(entry.amount for entry in entries if entry.reason == "cash-out")
            hands_net = sum(entry.amount for entry in entries if entry.reason == "hand")
            seats_balance = all(
                accounts.get(seat.player_id, 0) == seat.stack for seat in table.seats.values()
            )
            return {
                "entries": [
                    {
                        "player_id": entry.player_id,
                        "seat": entry.seat,
                        "name": entry.name,
                        "reason": entry.reason,
                        "amount": entry.amount,
                        "hand_number": entry.hand_number,
                    }
                    for entry in entries
                ],
                "buy_ins": buy_ins,
                "cash_outs": cash_outs,
                "hands_net": hands_net,
                "seated": seated,
                "in_play": in_play,
                "balanced": hands_net == 0
                and buy_ins - cash_outs + hands_net == seated
                and seats_balance
                and hands_balance,
            }

    async def night(self) -> Night:
        """The night's ledger and settle-up (:func:`wildstud.server.night.tally`): the ledger
        and the stacks are read under the lock, so both are of one moment."""
        table = self.table
        async with table.lock:
            entries = await table.store.call(table.store.ledger, table.id)
            seated = {seat.player_id: seat.stack for seat in table.seats.values()}
            number = None if table.live is None else table.live.number
            ended = table.status is TableStatus.ENDED
            house_result = table.settings.house_result
        # the settle-up's search may take a moment on a long night: off the event loop
        return await asyncio.to_thread(
            functools.partial(
                tally, entries, seated, number, ended=ended, house_result=house_result
            )
        )

    async def decide_rebuy(self, request_id: str, approve: bool) -> None:
        """The host approves or declines a player's request for chips; approved chips come at
        once between hands, else when the hand in progress ends
        (:mod:`wildstud.server.table.cashier`)."""
        table = self.table
        async with table.lock:
            request = table.cashier.request(request_id)
            if request is None:
                raise UnknownRequestError(f"no open request for chips {request_id!r} at this table")
            changes = Changes()
            if approve:
                seat = table.seats[request.seat]  # a seat's requests close when it is given up
                limits = Limits.of(table.settings)
                in_hand = table.live is not None
                table.cashier.approve(
                    request,
                    seat,
                    limits,
                    in_hand=in_hand,
                    changes=changes,
                    stack=table.stack_now(seat),
                )
            else:
                table.cashier.decline(request, changes)
            await table.writer.commit(changes)
            table.fanout.broadcast_table()
            table.changed.set()
