"""The REST API's shapes of the night's money: a table's chip ledger, the night's report by
player with the settle-up's payments, and each player's luck (``/api/tables/{id}/ledger``,
``/night``, ``/luck``).

>>> NightTransfer(payer="Bo", payer_id="b", payee="Ann", payee_id="a", amount=0)
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for NightTransfer
...
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from wildstud.server.schemas.base import Chips, _Model

__all__ = [
    "LedgerLine",
    "LedgerReport",
    "NightHouse",
    "NightLuck",
    "NightPlayer",
    "NightReport",
    "NightTransfer",
    "PlayerLuck",
    "RecordOffer",
]


class LedgerLine(_Model):
    """One movement of chips."""

    player_id: str
    seat: int
    name: str
    reason: Literal["buy-in", "rebuy", "top-up", "hand", "cash-out"]
    amount: int
    hand_number: int | None


class LedgerReport(_Model):
    """A table's chip ledger and whether it balances: buy-ins less cash-outs equal the stacks in
    front of the seats (before the hand in progress), and every hand's results add up to zero."""

    entries: list[LedgerLine]
    buy_ins: int
    cash_outs: int
    hands_net: int
    seated: int
    in_play: Chips | None = Field(
        None, description="chips in the hand in progress (stacks behind plus the pot), if any"
    )
    balanced: bool


class NightPlayer(_Model):
    """One person's night: one ledger account per name at the table, kept when the player
    leaves and sits down again."""

    player_id: str = Field(description="the ledger account")
    name: str
    seat: int | None = Field(description="the seat the player sits at; null once they left")
    buy_ins: Chips = Field(description="every chip bought: the buy-in, rebuys and top-ups")
    rebuys: int = Field(0, ge=0, description="how many rebuys and top-ups were applied")
    cash_outs: Chips
    chips: Chips = Field(description="in front of the seat now (as the hand in progress began)")
    net: int = Field(description="chips + cash_outs - buy_ins: up (positive) or down")
    share: int = Field(
        0,
        description="what the house's result changes of the net before the settle-up (see"
        " house.result); 0 for a bot",
    )
    settles: int = Field(0, description="net + share: what the settle-up squares for a person")


class NightHouse(_Model):
    """The house: the bots, whose wins and losses no person pays or receives."""

    bots: list[NightPlayer] = Field(description="each bot's account, ordered by name")
    buy_ins: Chips
    cash_outs: Chips
    chips: Chips
    net: int = Field(description="the house's result: what the bots won (positive) or lost")
    result: Literal["shared", "aside"] = Field(
        description="shared: divided equally among the people; aside: the people who dealt"
        " with the house give it up in proportion to their nets (the table's house_result)"
    )


class NightTransfer(_Model):
    """One payment of the settle-up: the payer pays the payee ``amount`` chips."""

    payer: str
    payer_id: str
    payee: str
    payee_id: str
    amount: int = Field(gt=0)


class PlayerLuck(_Model):
    """One player's luck tonight."""

    player_id: str = Field(description="the ledger account (a bot's too)")
    name: str = Field(description="the name in the latest hand the player played")
    luck: float = Field(
        description="chips won less the pot share the player's hand had when the money went in,"
        " summed over the hands counted"
    )
    hands: int = Field(ge=1, description="the hands counted for this player")


class NightLuck(_Model):
    """Each player's luck tonight (``wildstud.odds.luck``): over the finished hands whose
    betting ended before their last cards with two hands or more shown, what each hand won
    against its chances when the money went in, as the table knew them once it was over."""

    table_id: str
    looked_at: int = Field(ge=0, description="the finished hands looked at")
    hands: list[int] = Field(description="the numbers of the hands counted, in order")
    players: list[PlayerLuck] = Field(
        description="each player of a counted hand, ordered by name (ignoring case), then id"
    )


class NightReport(_Model):
    """The night's ledger by player and the fewest payments that square it."""

    table_id: str
    players: list[NightPlayer] = Field(
        description="the people (never a bot), ordered by name (ignoring case), then id"
    )
    house: NightHouse = Field(description="the bots' line: never in the transfers")
    transfers: list[NightTransfer] = Field(description="ordered by payer, then payee")
    minimal: bool = Field(description="whether the transfers are proven the fewest there are")
    method: Literal["exact", "greedy"] = Field(
        description="an exact search, or (past 20 players not paired by opposite nets) the"
        " greedy rule: the largest debtor pays the largest creditor"
    )
    hand_in_progress: int | None = Field(
        description="the hand being played, if any: the figures stand as it began and it counts"
        " once it ends"
    )
    buy_ins: Chips
    cash_outs: Chips
    chips: Chips = Field(
        description="at the table now: chips + cash_outs = buy_ins (the house's included)"
    )
    balanced: bool = Field(
        description="every account adds up to its seat's chips and the nets add up to zero"
    )
    ended: bool = Field(
        False,
        description="the host ended the night: these are the final figures once no hand"
        " is in progress",
    )


class RecordOffer(_Model):
    """Whether the night record is offered now: what a page waiting for it asks, answered
    without an error while the answer is "not yet"."""

    offered: bool = Field(description="whether ``/night-record`` gives the record now")
    none: bool = Field(
        description="the table dealt no hand shuffled by its players: no record to wait for"
    )
    detail: str = Field(description="why it is not offered yet, or that it is")
