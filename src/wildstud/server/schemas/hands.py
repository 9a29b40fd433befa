"""The REST API's shapes of finished hands: the list of a table's hands, a hand's history with
its deals' commitments and the proofs of the cards it shows, its steps as a seat or a spectator
saw them, its odds at every street in hindsight, and its read-only shared link
(``/api/tables/{id}/hands``, ``/api/shared/{token}``).

>>> Commitment(deal=1, root="ab" * 32).made_from is None  # the server shuffled it alone
True
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wildstud.server.schemas.base import _Model

__all__ = [
    "CardProof",
    "Commitment",
    "HandHistory",
    "HandOdds",
    "HandStep",
    "HandSteps",
    "HandSummary",
    "OddsSwing",
    "SeatOddsInHindsight",
    "SharedLink",
    "StreetOddsInHindsight",
]


class HandSummary(_Model):
    """A finished hand in a table's list of hands."""

    number: int
    game: str
    title: str
    players: list[str]
    starting_stacks: list[int]
    final_stacks: list[int]


class Commitment(_Model):
    """A deal's commitment to the whole order of its deck: the root of a Merkle tree over every
    position's card and salt (``docs/records.md``)."""

    deal: int = Field(description="the deal's number in the hand, 1 for the first")
    root: str = Field(description="SHA-256 root, hexadecimal")
    made_from: list[str] | None = Field(
        default=None,
        description="the players whose values the players' shuffle made the deck from, with"
        " the server's night seed; null: the server shuffled it alone",
    )


class CardProof(_Model):
    """The proof of one card: its position in the deal's deck, its salt and the sibling hashes
    from its leaf up, which lead to the deal's root."""

    deal: int
    position: int = Field(description="0 for the top card")
    card: str
    salt: str = Field(description="32 bytes, hexadecimal")
    path: list[str] = Field(description="sibling hashes from the leaf up, hexadecimal")


class HandHistory(_Model):
    """A finished hand as a spectator saw it at the end: every card shown at the showdown,
    no hidden card of a hand that was not shown."""

    table_id: str
    number: int
    game: str
    title: str
    code: str
    house_rules: dict[str, str | int | bool]
    seats: list[int] = Field(description="the table seat of each player, p1 first")
    players: list[str]
    dealer: int
    starting_stacks: list[int]
    final_stacks: list[int]
    events: list[dict[str, Any]]
    commitments: list[Commitment] = Field(
        default=[], description="each deal's commitment to its deck (none before commitments)"
    )
    proofs: list[CardProof] = Field(
        default=[], description="the proof of every card the hand shows, against its deal's root"
    )
    notices: list[str] = Field(
        default=[], description="what the host changed from this hand on (stakes, games, clocks)"
    )
    void: str | None = Field(
        default=None,
        description="present when the hand was void (a private deal's misdeal, house rule"
        " private_misdeal): why; every stack is as it was before the hand",
    )


class SeatOddsInHindsight(_Model):
    """One hand's chances at one street, as the table knew them once the hand was over."""

    seat: int = Field(description="the engine seat (p1 is 0)")
    name: str
    pot_share: float = Field(description="its expected share of the pot, 0 to 1")
    low: float = Field(description="the 95% interval's low end (the share itself when exact)")
    high: float = Field(description="the 95% interval's high end")
    win: float = Field(description="how often it takes the high half (or the pot) alone")
    tie: float = Field(description="how often it shares the high half")
    special_half: float = Field(description="The Bitch: how often it takes the queen's half")
    shown: bool = Field(description="whether the showdown revealed this hand")


class StreetOddsInHindsight(_Model):
    """Every hand's chances once a street's cards are out, before anyone bets on them."""

    deal: int
    run: int = Field(0, description="a hand run twice: the run (1 or 2); 0: run once")
    street: str
    event: int = Field(
        description="how many of the hand's events lead up to these odds: a replay shows them"
        " from the step whose events reach that count"
    )
    exact: bool = Field(description="counted exactly, rather than simulated")
    deals: int = Field(description="the deals simulated or counted")
    seats: list[SeatOddsInHindsight]


class OddsSwing(_Model):
    """The largest change of a shown hand's pot share from one street to the next."""

    seat: int
    name: str
    from_event: int
    to_event: int
    from_street: str
    to_street: str
    change: float = Field(description="the pot share after, less the one before")


class HandOdds(_Model):
    """A finished hand's odds at every street (``docs/protocol.md``): the cards its showdown
    did not show count as unknown, so the odds reveal nothing the showdown did not."""

    number: int
    split_pot: bool = Field(description="whether the pot splits (The Bitch's queen's half)")
    streets: list[StreetOddsInHindsight]
    swing: OddsSwing | None


class SharedLink(_Model):
    """A finished hand's read-only link: its replay as a spectator saw it, its odds and its PHH
    record, and nothing else (not the table, its other hands or a seat)."""

    token: str = Field(description="opens /api/shared/{token}/steps, /odds and /phh only")
    link: str = Field(description="the page that replays the hand")


class HandStep(_Model):
    """One move of a finished hand: the events it added and the view after them (the view of
    a WebSocket ``update`` frame, without its events)."""

    events: list[dict[str, Any]]
    view: dict[str, Any]


class HandSteps(_Model):
    """A finished hand move by move, as a spectator saw it live, or as one seat saw it: hidden
    cards stay hidden until the showdown shows them, but for that seat's own."""

    table_id: str | None = Field(
        description="the table's id; null in a shared hand's steps, whose link opens no table"
    )
    number: int
    names: list[str] = Field(description="the players' names by engine seat (p1 first)")
    lineup: list[int] = Field(description="the table seat of each engine seat")
    starting_stacks: list[int]
    you: int | None = Field(
        default=None,
        description="the engine seat whose view the steps are (its own hidden cards shown), or"
        " null: the spectator's view",
    )
    steps: list[HandStep]
    commitments: list[Commitment] = Field(
        default=[], description="each deal's commitment to its deck (none before commitments)"
    )
    proofs: list[CardProof] = Field(
        default=[], description="the proof of every card the steps show, against its deal's root"
    )
    private: bool = Field(
        default=False,
        description="dealt privately: no deck was ever known, so no commitment and no proof; each"
        " card's unmaskings were checked as it was opened, and the night's audit checks them all",
    )
