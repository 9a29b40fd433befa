"""Rulings: what a hand record comes to, as ``wildstud judge`` reports it.

:func:`judge` replays a record (filling in the betting it leaves out, see
:func:`~wildstud.history.replay.replay`) and returns a :class:`Ruling`: the wild cards after
each face-up card and why, the wild cards that count in each hand at the end, each live hand's
best five cards (what each wild card stands for), who wins what from each pot, and the redeals.
:meth:`Ruling.to_json` gives the form ``wildstud judge --json`` prints.

Wild cards are written as ranks (``"Q"``, ``"7"``, and ``"T"`` for tens) where every card of the
rank is wild, and as single cards (``"Qs"``) otherwise: ranks first, high to low, then cards.

>>> from wildstud.history.phh import read_record
>>> ruling = judge(read_record('''
... variant = "FTQ"
... antes = [1, 1]
... bring_in = 0
... small_bet = 5
... big_bet = 10
... starting_stacks = [50, 50]
... actions = ["d dh p1 AsAhQh", "d dh p2 9c9d7d", "d dh p1 2c", "d dh p2 3c", "d dh p1 Kc",
...            "d dh p2 4d", "d dh p1 Jc", "d dh p2 5h", "d dh p1 8s", "d dh p2 8h"]
... '''))
>>> [entry["reason"] for entry in ruling.to_json()["wild_timeline"][:2]]
['Q♥ to p1: the next face-up card will be wild', 'Q♥ to p1, then 7♦ to p2: sevens are wild']
>>> ruling.to_json()["hands"]["p2"]["best_five"], ruling.to_json()["payouts"]
(['9d', '9c', '9s', '8h', '5h'], {'p1': 0, 'p2': 2})
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from wildstud.betting import ActionKind
from wildstud.cards import Card, Rank
from wildstud.deal import (
    Acted,
    Called,
    CentreCard,
    DealStarted,
    Dealt,
    Hand,
    Mucked,
    Redealt,
    Share,
    Shown,
    WildsChanged,
)
from wildstud.hands import HandValue, evaluate
from wildstud.history.replay import Replay, StepKind, replay
from wildstud.history.schema import HandRecord
from wildstud.history.tolerance import RecordWarning
from wildstud.seats import seat_label
from wildstud.wilds import rank_cards
from wildstud.words import describe_change, describe_redeal

__all__ = [
    "FigureCheck",
    "HandRuling",
    "PotRuling",
    "Ruling",
    "WildEntry",
    "judge",
    "rule",
    "wild_names",
]


def wild_names(cards: Iterable[Card]) -> list[str]:
    """Wild cards as a ruling writes them: whole ranks by their letter, then single cards.

    >>> wild_names(rank_cards(Rank.QUEEN) | rank_cards(Rank.TEN) | {Card.of(51)})
    ['Q', 'T', 'As']
    """
    cards = frozenset(cards)
    ranks = [rank for rank in reversed(Rank) if rank_cards(rank) <= cards]
    singles = sorted((card for card in cards if card.rank not in ranks), reverse=True)
    return [rank.char for rank in ranks] + [str(card) for card in singles]


@dataclass(frozen=True, slots=True)
class WildEntry:
    """One face-up card and the wild cards (for every hand) after it, with why they changed
    (``None`` when the card changed nothing). ``seat`` is ``None`` for a card in the centre."""

    deal: int
    card: Card
    seat: int | None
    wild: frozenset[Card]
    reason: str | None


@dataclass(frozen=True, slots=True)
class HandRuling:
    """A hand still in at the end: its cards (``None`` for an unknown one), its wild cards and
    its value (``None`` while a card is unknown)."""

    seat: int
    cards: tuple[Card | None, ...]
    wild: frozenset[Card]
    value: HandValue | None
    shown: bool


@dataclass(frozen=True, slots=True)
class PotRuling:
    """A pot and who won what from it (nobody yet, when the record stops before the end)."""

    amount: int
    shares: tuple[tuple[int, int, Share], ...]
    """``(seat, chips, share)`` for each award, in the order the chips were pushed."""


@dataclass(frozen=True, slots=True)
class FigureCheck:
    """A record's own figure (``finishing_stacks`` or ``winnings``) against the ruling's.

    ``ruled`` is ``None`` when the record stops before the hand ends: then the record's figure
    cannot be its result, and it does not agree.

    >>> check = FigureCheck("winnings", (0, 12), (0, 12))
    >>> check.agrees, check.to_json()["ruled"]
    (True, [0, 12])
    """

    field: str
    claimed: tuple[int, ...]
    ruled: tuple[int, ...] | None

    @property
    def agrees(self) -> bool:
        """Whether the record's figure is the ruling's."""
        return self.ruled is not None and self.claimed == self.ruled

    def describe(self) -> str:
        """One sentence for the terminal."""
        if self.agrees:
            return f"The record's {self.field} {list(self.claimed)} agree with the ruling."
        if self.ruled is None:
            return (
                f"The record's {self.field} {list(self.claimed)} cannot be checked: the record"
                " stops before the hand ends."
            )
        return (
            f"The record's {self.field} {list(self.claimed)} differ from the ruling's"
            f" {list(self.ruled)}."
        )

    def to_json(self) -> dict[str, object]:
        """The check as ``wildstud judge --strict --json`` reports it."""
        return {
            "field": self.field,
            "claimed": list(self.claimed),
            "ruled": None if self.ruled is None else list(self.ruled),
            "agrees": self.agrees,
        }


@dataclass(frozen=True, slots=True)
class Ruling:
    """What a record comes to: see the module's description."""

    code: str
    title: str
    players: tuple[str, ...]
    """The players' labels, ``p1`` first."""
    names: tuple[str, ...] | None
    """The players' names, where the record gives them."""
    timeline: tuple[WildEntry, ...]
    hands: tuple[HandRuling, ...]
    pots: tuple[PotRuling, ...]
    payouts: tuple[int, ...]
    redeals: tuple[str, ...]
    """Why each redeal happened, in order."""
    mucked: tuple[int, ...]
    filled: tuple[str, ...]
    """The actions the record leaves out, as filled in (``p2 checks on fourth street``)."""
    stacks: tuple[int, ...]
    complete: bool
    stopped: str | None
    replay: Replay

    @property
    def warnings(self) -> tuple[RecordWarning, ...]:
        """What a lenient reading let pass, from reading the record and from its replay."""
        return self.replay.warnings

    @property
    def checks(self) -> tuple[FigureCheck, ...]:
        """The record's own ``finishing_stacks`` and ``winnings``, where it gives them, each
        against the ruling's stacks after the hand and chips won from the pots."""
        record = self.replay.record
        figures = (
            ("finishing_stacks", record.finishing_stacks, self.stacks),
            ("winnings", record.winnings, self.payouts),
        )
        return tuple(
            FigureCheck(name, tuple(claimed), ruled if self.complete else None)
            for name, claimed, ruled in figures
            if claimed is not None
        )

    def label(self, seat: int | None) -> str:
        """``p1``, ``p2``… for a seat; ``centre`` for ``None``."""
        return "centre" if seat is None else self.players[seat]

    def to_json(self) -> dict[str, Any]:
        """The ruling as ``wildstud judge --json`` prints it (``judge.schema.json``), in plain
        Python values."""
        from wildstud.vocabulary import judge_json  # it builds on this module

        return judge_json(self)


def judge(record: HandRecord, *, lenient: bool = False) -> Ruling:
    """Replay ``record``, filling in the betting it leaves out, and rule on it.

    A record that breaks the rules raises :class:`~wildstud.errors.RecordError` naming the
    action at fault; with ``lenient``, what the PHH specification tolerates passes with a
    warning instead (:mod:`wildstud.history.tolerance`, ``Ruling.warnings``). A record that
    stops anywhere, mid-betting included, is ruled on as it stands.
    """
    return rule(replay(record, fill_in=True, lenient=lenient))


def rule(played: Replay) -> Ruling:
    """The ruling on a replayed record."""
    hand = played.hand
    record = played.record
    count = record.player_count
    players = tuple(seat_label(seat) for seat in range(count))
    events = hand.events
    payouts = [0] * count
    for award in hand.awards:
        payouts[award.seat] += award.amount
    return Ruling(
        code=hand.rules.code,
        title=hand.rules.title,
        players=players,
        names=record.players,
        timeline=_timeline(played),
        hands=tuple(_hand_ruling(played, seat) for seat in hand.live),
        pots=_pots(hand),
        payouts=tuple(payouts),
        redeals=tuple(
            describe_redeal(event.card, event.seat)
            for event in events
            if isinstance(event, Redealt)
        ),
        mucked=tuple(event.seat for event in events if isinstance(event, Mucked)),
        filled=tuple(_filled(played)),
        stacks=hand.stacks,
        complete=played.complete,
        stopped=played.stopped,
        replay=played,
    )


def _timeline(played: Replay) -> tuple[WildEntry, ...]:
    """Every face-up card of every deal with the wild cards after it.

    The engine's wild timeline of each deal has a step for each face-up card, but for the card
    that stops the deal (The Bitch's queen of spades): that one gets the redeal as its reason,
    as does the last face-up card of a deal that ends for want of a queen. The reasons are the
    words of the deal's :class:`~wildstud.deal.WildsChanged` events. A king that makes
    the table call the game's name (Smack My Bitch Up) has the call added to its reason.
    """
    events = played.hand.events
    entries: list[WildEntry] = []
    deal = 0
    steps: list[WildEntry] = []
    for event in events:
        if isinstance(event, DealStarted):
            deal = event.deal
            wilds = played.deals[deal - 1]
            # The words come from the deal's events (below), which say what the dealer knew
            # and a rule's walk cannot: that a last face-up queen has no follower.
            steps = [
                WildEntry(deal, step.card, step.seat, step.wild, None) for step in wilds.timeline
            ]
            steps.reverse()
            continue
        if (isinstance(event, Dealt) and event.up) or isinstance(event, CentreCard):
            assert event.card is not None
            seat = event.seat if isinstance(event, Dealt) else None
            if steps and steps[-1].card == event.card:
                entries.append(steps.pop())
            else:
                before = entries[-1].wild if entries and entries[-1].deal == deal else frozenset()
                entries.append(WildEntry(deal, event.card, seat, before, None))
        elif isinstance(event, WildsChanged) and entries and entries[-1].card == event.card:
            _add_reason(entries, describe_change(event.change))
        elif isinstance(event, Redealt) and entries and entries[-1].deal == deal:
            why = describe_redeal(event.card, event.seat)
            _add_reason(entries, f"{why}: the deal stops and the cards are dealt again")
        elif isinstance(event, Called) and entries:
            _add_reason(entries, f'the table calls "{event.name}!"')
    return tuple(entries)


def _add_reason(entries: list[WildEntry], why: str) -> None:
    last = entries[-1]
    reason = why if last.reason is None else f"{last.reason}; {why}"
    entries[-1] = WildEntry(last.deal, last.card, last.seat, last.wild, reason)


def _hand_ruling(played: Replay, seat: int) -> HandRuling:
    hand = played.hand
    deal = hand.deal_number
    cards: list[Card | None] = [
        None if (deal, card) in played.unknown else card for card in hand.hand_of(seat)
    ]
    wild = hand.wilds.for_seat(seat)
    shown = any(isinstance(event, Shown) and event.seat == seat for event in hand.events)
    value = None
    known = [card for card in cards if card is not None]
    if known and len(known) == len(cards):
        options = hand.options
        value = evaluate(
            known,
            wild=wild,
            five_of_a_kind_top=options.five_of_a_kind_top,
            double_ace_flush=options.double_ace_flush,
        )
    return HandRuling(seat, tuple(cards), wild, value, shown)


def _pots(hand: Hand) -> tuple[PotRuling, ...]:
    if not hand.awards:
        return tuple(PotRuling(pot.amount, ()) for pot in hand.pots())
    amounts: dict[int, int] = {}
    shares: dict[int, list[tuple[int, int, Share]]] = {}
    for award in hand.awards:
        amounts[award.pot] = amounts.get(award.pot, 0) + award.amount
        shares.setdefault(award.pot, []).append((award.seat, award.amount, award.share))
    return tuple(PotRuling(amounts[pot], tuple(shares[pot])) for pot in sorted(amounts))


def _filled(played: Replay) -> Iterable[str]:
    """The filled-in actions, a sentence per kind of action per street."""
    hand = played.hand
    events = hand.events
    starts = [index for index, event in enumerate(events) if isinstance(event, DealStarted)]
    groups: dict[tuple[int, int, bool], list[int]] = {}
    for step in played.steps:
        if step.kind is not StepKind.FILLED:
            continue
        index = step.events[0]
        acted = events[index]
        assert isinstance(acted, Acted)
        deal = sum(1 for start in starts if start <= index)
        key = (deal, acted.street, acted.kind is ActionKind.BRING_IN)
        groups.setdefault(key, []).append(acted.seat)
    for (deal, street, bring_in), seats in groups.items():
        names = [seat_label(seat) for seat in seats]
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        what = "posts the bring-in" if bring_in else "checks" if len(names) == 1 else "check"
        where = hand.rules.streets[street].name
        yield f"{who} {what} on {where}" + (f" (deal {deal})" if deal > 1 else "")
