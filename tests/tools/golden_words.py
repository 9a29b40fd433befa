"""The golden wording table: what :mod:`wildstud.words` says for each kind of data the server
sends the web client, written to ``tests/golden/words.json`` for ``tests/client/words.test.js``.

Each row holds the data as the server frames it (:func:`~wildstud.server.messages.encode_event`
and the view's fields) and the English the command line makes of it; the client's ``words.js``
must make the same from the same data. Every kind of wild change, every wild rule, both kinds of
redeal, main and side pots, every category of hand and every kind of the host's change is here.
``scripts/golden-words`` rewrites the file; ``tests/test_golden_words.py`` holds the file to
this module.
"""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any

from wildstud import wilds
from wildstud.betting import ActionKind
from wildstud.cards import QUEEN_OF_SPADES, Card, Rank, parse_card, parse_cards
from wildstud.deal import Awarded, Redealt, Share, Shown, WildsChanged
from wildstud.hands import Category, describe_value, evaluate
from wildstud.server.console import notice_frame, settings_changes
from wildstud.server.messages import _RULE_KINDS, _wild_rule, encode_event, hand_name
from wildstud.server.schemas import GameEntry, StakesModel, TableSettings
from wildstud.server.store import Notice
from wildstud.wilds import (
    BabyDaddy,
    FaceUp,
    FollowTheQueen,
    NoWilds,
    QueenOfSpadesInHole,
    QueensRule,
    SmackMyBitchUp,
    Trigger,
    WildChange,
    WildRule,
    rank_cards,
)
from wildstud.words import (
    describe_audit_fault,
    describe_award,
    describe_beaten,
    describe_card_check,
    describe_chances,
    describe_change,
    describe_deal_audit,
    describe_hint,
    describe_night_audit,
    describe_night_changed,
    describe_private_audit,
    describe_private_fault,
    describe_redeal,
    describe_rule,
    describe_settings,
    describe_shuffle,
    describe_wild,
    describe_wild_now,
)

GOLDEN = Path(__file__).parents[1] / "golden" / "words.json"

AUDIT_FAULTS: list[dict[str, Any]] = [
    {"kind": "seed-hidden", "hand": None, "deal": None},
    {"kind": "seed", "hand": None, "deal": None},
    {"kind": "value", "hand": 3, "deal": 1, "player": "Bob"},
    {"kind": "root", "hand": 2, "deal": 2, "made_from": ["Ann", "Cy"]},
    {"kind": "root", "hand": 2, "deal": 1, "made_from": []},
    {"kind": "root", "hand": 2, "deal": 1},
    {"kind": "card", "hand": 1, "deal": 1, "card": "Qs", "deck_card": "2c", "position": 0},
    {"kind": "card", "hand": 5, "deal": 3, "card": "Th", "deck_card": "Ad", "position": 51},
    {"kind": "left-out", "hand": 2, "deal": 1, "player": "Cy"},
    {"kind": "record", "hand": 4, "deal": None, "detail": "the record cannot be read"},
]
"""Faults of the night's audit, as the page's audit (``nightaudit.js``) gives them to words.js."""


def _audit_fault(**fault: Any) -> dict[str, Any]:
    """A fault's row: its data as the page holds it and the library's words for it."""
    cards = None
    if "card" in fault:
        cards = (parse_card(fault["card"]), parse_card(fault["deck_card"]))
    words = describe_audit_fault(
        fault["kind"],
        fault["hand"],
        fault["deal"],
        player=fault.get("player"),
        cards=cards,
        position=fault.get("position"),
        made_from=fault.get("made_from"),
        detail=fault.get("detail"),
    )
    return {"fault": fault, "words": words}


PRIVATE_FAULTS = [
    ("key", "server", 1),
    ("order", "Ann", 2),
    ("reordered", "Bob", 7),
    ("substituted", "server", 3),
    ("unmasked", "Cy", 4),
    ("refused", "Bob", 5),
    ("unpublished", "Ann", 6),
    ("unheard-of", "Ann", 8),
]
"""Faults of a private deal's audit (kind, whose, hand), as the ``private_audit`` frame gives
them to words.js."""

NAMES = ["Ann", "Bob", "Cy"]

NOTHING: frozenset[Card] = frozenset()
QUEENS = rank_cards(Rank.QUEEN)
KINGS = rank_cards(Rank.KING)
SEVENS = rank_cards(Rank.SEVEN)
QH = FaceUp(parse_card("Qh"), 0)

CHANGES = [
    WildChange(Trigger.QUEEN, parse_card("Qh"), 0, NOTHING, NOTHING),
    WildChange(Trigger.QUEEN, parse_card("Qd"), 1, NOTHING, SEVENS),
    WildChange(Trigger.QUEEN, parse_card("Qd"), 1, NOTHING, NOTHING, QH),
    WildChange(Trigger.QUEEN, parse_card("Qd"), 1, QUEENS, QUEENS),
    WildChange(Trigger.QUEEN, parse_card("Qd"), 1, QUEENS, NOTHING),
    WildChange(Trigger.QUEEN, parse_card("Qd"), 1, QUEENS, QUEENS | SEVENS),
    WildChange(Trigger.FOLLOWER, parse_card("7d"), 1, SEVENS, NOTHING, QH),
    WildChange(Trigger.FOLLOWER, parse_card("Td"), 2, QUEENS | rank_cards(Rank.TEN), QUEENS, QH),
    WildChange(Trigger.CENTRE, parse_card("7d"), None, SEVENS, NOTHING, QH),
    WildChange(Trigger.KING, parse_card("Ks"), 2, KINGS, QUEENS | SEVENS),
    WildChange(Trigger.QUEEN_RETURNS, parse_card("Qc"), 0, QUEENS, KINGS),
    WildChange(Trigger.NO_FOLLOWER, parse_card("Qc"), 2, NOTHING, SEVENS),
    WildChange(Trigger.NO_FOLLOWER, parse_card("Qc"), 2, QUEENS, QUEENS),
    WildChange(Trigger.NO_FOLLOWER, parse_card("Qc"), 2, NOTHING, NOTHING),
    WildChange(Trigger.NO_FOLLOWER, parse_card("Qd"), 1, NOTHING, NOTHING, QH),
    WildChange(Trigger.NO_FOLLOWER, parse_card("Qd"), 1, QUEENS, QUEENS, QH),
    WildChange(Trigger.LAST_CARD, parse_card("9s"), 1, NOTHING, NOTHING),
    WildChange(Trigger.LAST_CARD, parse_card("6c"), 5, NOTHING, NOTHING),  # a seat with no name
]

WILD_SETS = [
    NOTHING,
    KINGS,
    QUEENS | SEVENS,
    QUEENS | {parse_card("7s")},
    {QUEEN_OF_SPADES},
    {QUEEN_OF_SPADES, parse_card("2c")},
    {parse_card("Ah"), parse_card("Td"), parse_card("2c")},
    QUEENS | rank_cards(Rank.SIX) | rank_cards(Rank.TWO),
]

RULES: list[WildRule] = [
    NoWilds(),
    *(FollowTheQueen(queens) for queens in QueensRule),
    SmackMyBitchUp(),
    BabyDaddy(cards=5),
    BabyDaddy(cards=7),
    QueenOfSpadesInHole(),
]

HANDS = [
    ("Ac Ad Ah As Qs", "Q"),  # five of a kind
    ("As Ks Qs Js Ts", ""),  # royal flush
    ("9h 8h 7h 6h 5h", ""),
    ("Kc Kd Kh Ks 2c", ""),
    ("Ah Ad Ac Kd Kh", ""),
    ("6h 6d 6c 2d 2h", ""),
    ("Ah Kh 9h 4h 7s", "7"),  # a flush; under double-ace-flush below
    ("Jh 9h 6h 4h 2h", ""),
    ("5c 4d 3h 2s As", ""),  # the wheel
    ("Tc 9d 8h 7s 6c", ""),
    ("2c 2d 2h Ks Qc", ""),
    ("Ac Ad 7h 7s 2c", ""),
    ("9c 9d Ah Ks Qc", ""),
    ("Ac Kd 7h 5s 3c", ""),
    ("7c 5d 4h 3s 2c", ""),
]


CHANCES = [  # equity, win, tie, special, split
    (0.42, 0.38, 0.06, 0.0, False),
    (0.005, 0.0049, 0.0, 0.0, False),
    (1.0, 1.0, 0.0, 0.0, False),
    (0.3, 0.2, 0.0, 0.2, True),
    (0.125, 0.115, 0.021, 0.0, True),
]

HINTS = [  # kind, amount, why, equity, strength, line, price
    (ActionKind.RAISE, 20, "value", 0.7, 1.4, 1.25, 0.2),
    (ActionKind.BET, 10, "value", 0.55, 1.65, 1.35, 0.0),
    (ActionKind.COMPLETE, 5, "value", 0.8, 1.6, 1.35, 0.0),
    (ActionKind.BRING_IN, 2, "bring-in", 0.3, 0.9, 1.35, 0.0),
    (ActionKind.CHECK, None, "free", 0.36, 1.08, 1.25, 0.0),
    (ActionKind.CALL, 10, "price", 0.31, 0.62, 1.35, 0.25),
    (ActionKind.FOLD, None, "short", 0.08, 0.32, 1.5, 0.2143),
    (ActionKind.CALL, 7, "no-fold", 0.1, 0.2, 1.35, 0.3),
    (ActionKind.CALL, 10, "only", 0.5, 1.0, 1.35, 0.25),
]


def _codes(cards: AbstractSet[Card]) -> list[str]:
    return [str(card) for card in sorted(cards)]


def _event(change: WildChange) -> dict[str, Any]:
    queen = change.queen
    event = WildsChanged(
        change.card,
        change.seat,
        tuple(sorted(change.wild)),
        change.kind,
        tuple(sorted(change.was)),
        None if queen is None else queen.card,
        None if queen is None else queen.seat,
    )
    return encode_event(event)


def _hands() -> list[dict[str, Any]]:
    rows = []
    for cards, wild in HANDS:
        value = evaluate(cards, wild).value
        rows.append({"hand": hand_name(value), "words": describe_value(value)})
    aces = evaluate("Ah Kh 9h 4h 7h", "7", double_ace_flush=True).value
    rows.append({"hand": hand_name(aces), "words": describe_value(aces)})
    return rows


def _beaten(names: dict[int, str]) -> list[dict[str, Any]]:
    """The question to a losing hand after none, one, two and three winning hands are shown."""
    shown = []
    for seat, (cards, wild) in enumerate([HANDS[10], HANDS[5], HANDS[6]]):
        value = evaluate(cards, wild).value
        shown.append(Shown(seat, parse_cards(cards), (), value, True, bool(wild)))
    rows = []
    for count in range(4):
        first = shown[:count]
        rows.append(
            {
                "shown": [encode_event(event) for event in first],
                "words": describe_beaten([(event.seat, event.value) for event in first], names),
            }
        )
    return rows


def _settings() -> list[dict[str, Any]]:
    """A notice for every kind of change the host can make, as the frame carries it."""
    base = TableSettings(name="x", games=[GameEntry(game="FTQ")])
    updates: list[dict[str, Any]] = [
        {},  # a notice stored before notices held data: no changes
        {
            "games": [
                GameEntry(game="baby-daddy", house_rules={"cards": 5}),
                GameEntry(game="FTQ", house_rules={"queens": "all", "free_fold": False}),
                GameEntry(game="the-bitch"),
            ]
        },
        *(
            {"stakes": StakesModel(limit=limit, small_bet=10, big_bet=20, raise_cap=cap)}
            for limit, cap in (
                ("fixed-limit", 4),
                ("fixed-limit", None),
                ("spread-limit", 3),
                ("pot-limit", 3),
                ("no-limit", None),
            )
        ),
        {"action_clock": 20.0, "away_clock": 45.5, "time_bank": 90.0, "choice_clock": 15.0},
        {"bot_delay": 0.05, "hand_pause": 2.0, "redeal_pause": 4.0, "muck_clock": 7.0},
        {"runout_pause": 1.5, "rabbit_hunt": True},
        {"idle_minutes": 30, "absent_hands": 5, "starting_chips": 1_000_000},
        {"showdown_default": "show"},
        {"seat_requests": False},
        {"stakes": StakesModel(ante=2), "seat_requests": False},
    ]
    pairs = [(base, base.model_copy(update=update)) for update in updates]
    shown = base.model_copy(update={"showdown_default": "show"})
    pairs.append((shown, base))
    rows = []
    for old, new in pairs:
        changes = settings_changes(old, new)
        frame = notice_frame(Notice(3, "rules", changes))
        rows.append({"frame": frame, "words": describe_settings(changes)})
    return rows


def table() -> dict[str, Any]:
    """The golden table, as :data:`GOLDEN` holds it."""
    names = dict(enumerate(NAMES))
    pending = parse_card("Qh")
    return {
        "names": NAMES,
        "changes": [
            {"event": _event(change), "words": describe_change(change, names)} for change in CHANGES
        ],
        "wild": [{"wild": _codes(cards), "words": describe_wild(cards)} for cards in WILD_SETS],
        "wild_now": [
            {
                "wild": _codes(cards),
                "follow_pending": None if queen is None else str(queen),
                "follow_ends": ends,
                "words": describe_wild_now(cards, queen, last_face_up=ends),
            }
            for cards in (NOTHING, SEVENS, QUEENS | SEVENS)
            for queen, ends in ((None, False), (pending, False), (pending, True))
        ],
        "rules": [{"rule": _wild_rule(rule), "words": describe_rule(rule)} for rule in RULES],
        "redeals": [
            {
                "event": encode_event(Redealt(1, (0, 1, 2), 30, card, seat)),
                "words": describe_redeal(card, seat, names),
            }
            for card, seat in ((QUEEN_OF_SPADES, 1), (QUEEN_OF_SPADES, 4), (None, None))
        ],
        "shuffles": [
            {"made_from": made_from, "words": describe_shuffle(made_from)}
            for made_from in (["Ann", "Bob", "Cy"], ["Ann"], [], None)
        ],
        "card_checks": [
            {"ok": ok, "position": position, "words": describe_card_check(ok, position)}
            for ok, position in ((True, 0), (True, 51), (True, None), (False, 7))
        ],
        "night_changed": describe_night_changed(),
        "audit_faults": [_audit_fault(**fault) for fault in AUDIT_FAULTS],
        "deal_audits": [
            {
                "hand": hand,
                "deal": deal,
                "made_from": made_from,
                "left_out": left_out,
                "failed": failed,
                "words": describe_deal_audit(hand, deal, made_from, left_out, failed),
            }
            for hand, deal, made_from, left_out, failed in (
                (1, 1, ["Ann", "Bob", "Cy"], [], False),
                (2, 1, ["Ann", "Bob"], ["Cy"], False),
                (3, 2, ["Ann"], ["Bob", "Cy"], True),
                (4, 1, [], [], False),
            )
        ],
        "night_audits": [
            {
                "deals": deals,
                "kinds": kinds,
                "names": names,
                "alone": alone,
                "words": describe_night_audit(deals, kinds, names, alone),
            }
            for deals, kinds, names, alone in (
                (7, [], [], 0),
                (1, [], [], 0),
                (1, [], [], 1),
                (7, [], [], 2),
                (0, ["seed-hidden"], ["the server"], 0),
                (3, ["value"], ["Bob"], 1),
                (3, ["card", "card", "value"], ["the server", "Bob"], 0),
            )
        ],
        "private_faults": [
            {
                "kind": kind,
                "name": name,
                "hand": hand,
                "words": describe_private_fault(kind, name, hand),
            }
            for kind, name, hand in PRIVATE_FAULTS
        ],
        "private_audits": [
            {"deals": deals, "faults": faults, "words": describe_private_audit(deals, faults)}
            for deals, faults in ((41, 0), (1, 0), (3, 1), (7, 4))
        ],
        "awards": [
            {
                "event": encode_event(Awarded(pot, seat, amount, share, run)),
                "words": describe_award(pot, seat, amount, names, run),
            }
            for pot, seat, amount, share, run in (
                (0, 0, 40, Share.HIGH, 0),
                (0, 2, 15, Share.HOLE_CARD, 0),
                (1, 1, 7, Share.HIGH, 0),
                (2, 6, 3, Share.UNCONTESTED, 0),
                (0, 1, 7, Share.HIGH, 1),
                (1, 0, 3, Share.HIGH, 2),
            )
        ],
        "hands": _hands(),
        "beaten": _beaten(names),
        "chances": [
            {
                "chances": {"equity": e, "win": w, "tie": t, "special": s, "split": split},
                "words": describe_chances(e, w, t, s, split),
            }
            for e, w, t, s, split in CHANCES
        ],
        "hints": [
            {
                "hint": {
                    "kind": kind.value,
                    "amount": amount,
                    "why": why,
                    "equity": equity,
                    "strength": strength,
                    "line": line,
                    "price": price,
                },
                "words": describe_hint(
                    kind, amount, why, equity=equity, strength=strength, line=line, price=price
                ),
            }
            for kind, amount, why, equity, strength, line, price in HINTS
        ],
        "settings": _settings(),
    }


def engine_kinds() -> dict[str, set[str]]:
    """Every kind the table must cover, read from the engine's own lists rather than from the
    rows above (which a kind added to the engine and forgotten here would not fail): each
    trigger of a wild change, each wild rule :mod:`wildstud.wilds` offers as the server names
    it, each share of a pot and each category of hand, as the frames spell them."""
    offered = (getattr(wilds, name) for name in wilds.__all__)
    rules = {
        item
        for item in offered
        if isinstance(item, type) and issubclass(item, WildRule) and not inspect.isabstract(item)
    }
    return {
        "changes": {kind.value for kind in Trigger},
        "rules": {_RULE_KINDS[rule] for rule in rules},
        "shares": {share.value for share in Share},
        "categories": {category.name.lower().replace("_", "-") for category in Category},
    }


def text() -> str:
    """The table as the file holds it."""
    return json.dumps(table(), ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        GOLDEN.write_text(text(), encoding="utf-8")
    else:
        sys.stdout.write(text())
