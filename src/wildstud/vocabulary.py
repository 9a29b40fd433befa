"""The one JSON vocabulary of wildstud: the shapes every command's ``--json`` and every JSON
method of the library share.

Every command prints one JSON object, described by a JSON Schema in the package
(:mod:`wildstud.schemas`, one file a command; ``docs/json.md`` explains them), and the
library's own methods give the same objects: :meth:`Ruling.to_json
<wildstud.history.ruling.Ruling.to_json>` is what ``wildstud judge --json`` prints,
:meth:`Odds.to_dict <wildstud.odds.equity.Odds.to_dict>` what ``wildstud odds --json`` prints,
:meth:`Study.summary <wildstud.odds.study.Study.summary>` ``study``'s and :meth:`ArenaResult.to_dict
<wildstud.arena.ArenaResult.to_dict>` ``arena``'s, all in plain Python values (``json.dumps``
takes them as they are). They share one vocabulary, built here and nowhere else:

- a player is ``"p1"``, ``"p2"``… (counted from 1 from the dealer's left, as records write
  them), and data about each player is an object keyed by that label; ``players`` is always
  the list of the labels of the players dealt in, ``p1`` first;
- a card is ``"As"``, ``"Td"`` (``"??"`` where nobody knows it);
- a hand's category is the name of the :class:`~wildstud.hands.Category` member
  (``"FIVE_OF_A_KIND"``);
- a probability, or any estimate, is ``{"value": v, "low": l, "high": h}``: the figure and
  its 95% interval, which always holds the figure (the interval is the figure itself where it
  is exact);
- a command that plays a game echoes ``"game"`` (its code), ``"title"`` and
  ``"house_rules"``: every house rule in force, defaults included.

>>> estimate(0.25, (0.2, 0.3))
{'value': 0.25, 'low': 0.2, 'high': 0.3}
>>> from wildstud.games import find_game
>>> echo = game_echo(find_game("FTQ").rules({"queens": "all"}))
>>> echo["game"], echo["title"], echo["house_rules"]["queens"]
('FTQ', 'Follow the Queen', 'all')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wildstud.hands.encoding import Category, slot_of
from wildstud.history.ruling import wild_names
from wildstud.seats import seat_label

# Every command's output is built here, and the compiled odds and arena bring NumPy and Numba:
# a ruling or a replay should not import them only to be annotated.
if TYPE_CHECKING:
    from wildstud.arena import ArenaResult, Standing
    from wildstud.cards import Card
    from wildstud.fast.enumeration import CategoryCounts
    from wildstud.games import Rules
    from wildstud.history import HandRecord, ProvenRecord
    from wildstud.history.night_audit import NightAudit
    from wildstud.history.private_night import PrivateAudit
    from wildstud.history.ruling import Ruling
    from wildstud.odds.equity import Odds, SeatOdds
    from wildstud.odds.study import Study

__all__ = [
    "Json",
    "arena_json",
    "by_player",
    "card",
    "cards",
    "estimate",
    "game_echo",
    "hands_json",
    "judge_json",
    "night_json",
    "odds_json",
    "player",
    "players",
    "private_night_json",
    "seat_odds_json",
    "standing_json",
    "study_json",
    "tables_json",
    "verify_json",
]

Json = dict[str, Any]
"""One JSON object, as a command prints it."""


def player(seat: int | None) -> str | None:
    """A seat's label (``None`` stays ``None``: a card in the centre belongs to no one).

    >>> player(0), player(None)
    ('p1', None)
    """
    return None if seat is None else seat_label(seat)


def players(count: int) -> list[str]:
    """The ``players`` of every command: the labels of ``count`` players, ``p1`` first.

    >>> players(3)
    ['p1', 'p2', 'p3']
    """
    return [seat_label(seat) for seat in range(count)]


def by_player(values: Sequence[Any] | Mapping[int, Any]) -> Json:
    """Per-seat values as an object keyed by player label, in seat order.

    >>> by_player([5, 0]), by_player({2: "x"})
    ({'p1': 5, 'p2': 0}, {'p3': 'x'})
    """
    items = values.items() if isinstance(values, Mapping) else enumerate(values)
    return {seat_label(seat): value for seat, value in sorted(items)}


def card(value: Card | None) -> str:
    """A card as text, ``"??"`` where it is unknown.

    >>> from wildstud.cards import parse_card
    >>> card(parse_card("Th")), card(None)
    ('Th', '??')
    """
    return "??" if value is None else str(value)


def cards(values: Iterable[Card | None]) -> list[str]:
    """Cards as text, in order."""
    return [card(value) for value in values]


def estimate(value: float, interval: tuple[float, float] | None = None) -> Json:
    """A figure and its 95% interval (``interval`` left out: the figure is exact), as plain
    floats whatever number types they came as.

    >>> import numpy as np
    >>> estimate(np.float64(0.5))
    {'value': 0.5, 'low': 0.5, 'high': 0.5}
    """
    low, high = (value, value) if interval is None else interval
    return {"value": float(value), "low": float(low), "high": float(high)}


def game_echo(rules: Rules) -> Json:
    """The game and every house rule in force (defaults included), as each command that plays
    a game starts its object."""
    return {
        "game": rules.code,
        "title": rules.title,
        "house_rules": rules.options.to_mapping(),
    }


def hands_json(outputs: list[Json], many: bool) -> Json:
    """The object for one hand's record, or, for a file of ``many`` (a ``.phhs`` file), every
    hand's under ``"hands"``, numbered from 1.

    >>> hands_json([{"code": "FTQ"}], many=False)
    {'code': 'FTQ'}
    >>> hands_json([{"code": "FTQ"}, {"code": "F7S"}], many=True)["hands"][1]
    {'hand': 2, 'code': 'F7S'}
    """
    if not many:
        return outputs[0]
    return {"hands": [{"hand": number, **data} for number, data in enumerate(outputs, 1)]}


def odds_json(result: Odds) -> Json:
    """``wildstud odds --json`` (schema ``odds.schema.json``), and :meth:`Odds.to_dict
    <wildstud.odds.equity.Odds.to_dict>`."""
    from wildstud.odds.simulate import GameSpec  # the odds have imported it already

    situation = result.situation
    rules = situation.rules
    split = GameSpec.of(rules).split
    return {
        **game_echo(rules),
        "players": players(situation.players),
        "street": rules.streets[situation.street].name if situation.street >= 0 else None,
        "exact": result.exact,
        "deals": int(result.deals),
        "seed": result.seed,
        "seconds": float(result.seconds),
        "split_pot": split,
        "seats": {seat_label(seat.seat): seat_odds_json(seat, split) for seat in result.seats},
    }


def seat_odds_json(seat: SeatOdds, split: bool) -> Json:
    """One live seat's chances, as ``odds --json`` gives them under ``seats``: the special
    half is ``None`` where the pot is not ``split``."""
    return {
        "pot_share": estimate(seat.equity, seat.equity_interval),
        "wins": estimate(seat.win, seat.win_interval),
        "ties": estimate(seat.tie, seat.tie_interval),
        "special_half": estimate(seat.special, seat.special_interval) if split else None,
    }


def judge_json(ruling: Ruling) -> Json:
    """``wildstud judge --json`` (schema ``judge.schema.json``): everything the ruling shows,
    and :meth:`Ruling.to_json <wildstud.history.ruling.Ruling.to_json>`."""
    labels = ruling.players
    hands: Json = {}
    for hand in ruling.hands:
        value = hand.value
        hands[labels[hand.seat]] = {
            "cards": cards(hand.cards),
            "wild": wild_names(hand.wild),
            "category": None if value is None else value.category.name,
            "description": None if value is None else value.describe(),
            "best_five": [] if value is None else [str(played.card) for played in value.best_five],
            "wild_cards_as": []
            if value is None
            else [
                {"card": str(played.wild), "as": str(played.card)}
                for played in value.best_five
                if played.wild is not None
            ],
            "shown": hand.shown,
        }
    pots = []
    for pot in ruling.pots:
        shares: Json = {}
        for seat, chips, _ in pot.shares:
            shares[labels[seat]] = shares.get(labels[seat], 0) + chips
        awards = [
            {"player": labels[seat], "chips": chips, "part": part.value}
            for seat, chips, part in pot.shares
        ]
        pots.append({"amount": pot.amount, "shares": shares, "awards": awards})
    return {
        **game_echo(ruling.replay.hand.rules),
        "players": list(labels),
        "names": None if ruling.names is None else dict(zip(labels, ruling.names, strict=True)),
        "wild_timeline": [
            {
                "deal": entry.deal,
                "card": str(entry.card),
                "player": player(entry.seat),
                "wild": wild_names(entry.wild),
                "reason": entry.reason,
            }
            for entry in ruling.timeline
        ],
        "final_wild": {labels[hand.seat]: wild_names(hand.wild) for hand in ruling.hands},
        "hands": hands,
        "pots": pots,
        "payouts": dict(zip(labels, ruling.payouts, strict=True)),
        "stacks_after": dict(zip(labels, ruling.stacks, strict=True)),
        "redeals": len(ruling.redeals),
        "redeal_reasons": list(ruling.redeals),
        "mucked": [labels[seat] for seat in ruling.mucked],
        "not_shown": [note.to_json() for note in ruling.replay.unshown],
        "filled_in": list(ruling.filled),
        "complete": ruling.complete,
        "stopped_early": ruling.stopped,
    }


def _best_first(five_of_a_kind_top: bool) -> list[Category]:
    return sorted(Category, key=lambda c: slot_of(c, five_of_a_kind_top), reverse=True)


def study_json(result: Study, report: str | None = None) -> Json:
    """``wildstud study --json`` (schema ``study.schema.json``): categories best first;
    :meth:`Study.summary <wildstud.odds.study.Study.summary>` without a ``report``."""
    counts = result.counts
    top = bool(result.rules.options.to_mapping().get("five_of_a_kind_top", True))
    five = Category.FIVE_OF_A_KIND

    def rate(successes: float, trials: float | None = None) -> Json:
        value, low, high = result.rate(float(successes), trials)
        return estimate(value, (low, high))

    changes = sum(index * int(count) for index, count in enumerate(counts.changes))
    return {
        **game_echo(result.rules),
        "players": players(result.players),
        "deals": int(result.deals),
        "seed": result.seed,
        "seconds": float(result.seconds),
        "winning_category": {
            category.name: rate(counts.winner_category[category]) for category in _best_first(top)
        },
        "five_of_a_kind_wins": rate(counts.winner_category[five]),
        "five_of_a_kind_per_hand": rate(counts.hand_category[five], counts.hands),
        "mean_wild_changes": changes / result.deals,
        "wild_cards_held": {
            str(held): rate(count, counts.hands) for held, count in enumerate(counts.wilds_held)
        },
        "redealt": rate(result.deals - int(counts.redeals[0])),
        "ties": rate(counts.ties),
        "special_half_paid": rate(counts.special),
        "both_halves_to_one": rate(counts.scoops),
        "natural_winners": rate(counts.natural_winners),
        "report": report,
    }


def tables_json(table: CategoryCounts) -> Json:
    """``wildstud tables --json`` (schema ``tables.schema.json``): categories best first."""
    order = _best_first(table.five_of_a_kind_top)
    return {
        "cards": table.cards,
        "wild": table.wild_names(),
        "total": table.total,
        "counts": {category.name: table[category] for category in order},
        "shares": {category.name: table.share(category) for category in order},
        "house_rules": {
            "five_of_a_kind_top": table.five_of_a_kind_top,
            "double_ace_flush": table.double_ace_flush,
        },
    }


def arena_json(result: ArenaResult) -> Json:
    """``wildstud arena --json`` (schema ``arena.schema.json``): standings best first; and
    :meth:`ArenaResult.to_dict <wildstud.arena.ArenaResult.to_dict>`."""
    from wildstud.odds.simulate import resolve_rules  # the arena has imported it

    return {
        "games": list(result.games),
        "house_rules": {
            code: resolve_rules(code, result.options).options.to_mapping()
            for code in dict.fromkeys(result.games)
        },
        "hands": result.hands,
        "rounds": result.rounds,
        "seed": result.seed,
        "stack": result.stack,
        "seconds": float(result.seconds),
        "standings": [standing_json(standing) for standing in result.standings],
    }


def standing_json(standing: Standing) -> Json:
    """One player's result in an arena, as ``arena --json`` gives it under ``standings``."""
    low, high = standing.interval
    return {
        "name": standing.name,
        "bot": standing.bot,
        "hands": int(standing.hands),
        "chips": int(standing.chips),
        "per_100": estimate(standing.per_hundred, standing.interval),
        "stderr_per_100": float(standing.stderr),
        "verdict": "wins" if low > 0 else "loses" if high < 0 else "unclear",
    }


def night_json(audit: NightAudit) -> Json:
    """``wildstud verify --night --json`` (schema ``verify.schema.json``, its night shape)."""
    return {
        "night": True,
        "table": audit.table,
        "verified": audit.verified,
        "deals": [
            {
                "hand": item.hand,
                "deal": item.deal,
                "root": item.root,
                "made_from": list(item.made_from),
                "left_out": list(item.left_out),
            }
            for item in audit.deals
        ],
        "faults": [
            {
                "kind": fault.kind.value,
                "hand": fault.hand,
                "deal": fault.deal,
                "text": fault.text,
                "names": fault.names,
            }
            for fault in audit.faults
        ],
    }


def private_night_json(audit: PrivateAudit) -> Json:
    """``wildstud verify --night --json`` of a private night record (``verify.schema.json``,
    its private night shape)."""
    return {
        "night": True,
        "private": True,
        "table": audit.table,
        "verified": audit.verified,
        "deals": audit.deals,
        "words": audit.words,
        "faults": [fault.to_data() for fault in audit.faults],
    }


def verify_json(record: HandRecord, proven: ProvenRecord) -> Json:
    """``wildstud verify --json`` (schema ``verify.schema.json``)."""
    return {
        "game": record.variant,
        "verified": proven.committed,
        "commitments": [item.to_data() for item in proven.commitments],
        "proven": [
            {
                "deal": item.deal,
                "position": item.position,
                "card": str(item.card),
                "player": player(item.player),
                "up": item.up,
            }
            for item in proven.cards
        ],
    }
