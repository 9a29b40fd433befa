"""``wildstud judge``: rule on a hand record (the wild cards, the hands, who wins what).

>>> import json
>>> from typer.testing import CliRunner
>>> record = '''
... variant = "BD5"
... antes = [1, 1]
... bring_in = 0
... small_bet = 5
... big_bet = 10
... starting_stacks = [20, 20]
... actions = ["d dh p1 9c9d", "d dh p2 AhKs", "d dh p1 2c", "d dh p2 3c", "d dh p1 4h",
...            "d dh p2 5d", "d dh p1 9s", "d dh p2 7h"]
... '''
>>> result = CliRunner().invoke(app, ["judge", "-", "--json"], input=record)
>>> ruling = json.loads(result.output)
>>> ruling["final_wild"], ruling["hands"]["p1"]["category"], ruling["payouts"]
({'p1': ['9'], 'p2': ['7']}, 'FOUR_OF_A_KIND', {'p1': 2, 'p2': 0})
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, TypeVar

import typer
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from wildstud.cards import Card
from wildstud.cli import app
from wildstud.cli.jsonout import emit
from wildstud.errors import RecordError, WildstudError
from wildstud.history.phh import holds_many, read_record, read_records, read_records_apart
from wildstud.history.ruling import Ruling, judge, wild_names
from wildstud.history.schema import HandRecord
from wildstud.vocabulary import hands_json, judge_json
from wildstud.wilds import NoWilds
from wildstud.words import describe_wild

__all__ = [
    "each_hand",
    "judge_command",
    "read_bytes",
    "read_source",
    "render_ruling",
    "report_refused",
    "ruling_json",
]

_HELP = (
    "Rule on a hand record: the wild cards, each hand's best five cards, who wins what.\n\n"
    "FILE is a hand record in the PHH notation, a small TOML file (docs/records.md "
    "describes it), or a .phhs file of many hands (one ruling each); give - to read it "
    "from standard input. The record is played through "
    "the rules card by card, and the ruling shows the wild cards after each face-up card "
    "and why, the wild cards that count in each hand still in, each hand's best five "
    "cards (a wild card shown as the card it stands for), who wins what from each pot, "
    "and any redeal.\n\n"
    "The record may stop anywhere, mid-betting included: it is ruled on as it stands. "
    "It may leave things out. Betting left out counts as checks (a missing "
    "bring-in is posted, since it is forced), but a player facing a bet must have their "
    "call, raise or fold written: the judge never assumes a call. The hidden cards of "
    "players who folded may be ??. A record that breaks the rules (a card dealt twice, a "
    "wrong number of cards on a street, cards dealt after the queen of spades stopped the "
    "deal, an action out of turn, a bet the limits forbid) gets an error naming the "
    "action by its position, and exit status 2.\n\n"
    "Example: Follow the Queen, heads-up, cards only (no bring-in, so nobody need "
    "call):\n\n\b\n"  # \b: Click prints the record below as it is, not rewrapped
) + textwrap.indent(
    """\
variant = "FTQ"
antes = [1, 1]
bring_in = 0
small_bet = 5
big_bet = 10
starting_stacks = [100, 100]
actions = [
  "d dh p1 AsAcQh",
  "d dh p2 9d9h7c  # follows the queen: sevens are wild",
  "d dh p1 4h", "d dh p2 Jd",
  "d dh p1 5s", "d dh p2 2c",
  "d dh p1 7s", "d dh p2 Kd",
  "d dh p1 9c", "d dh p2 3s",
]
""",
    "  ",
)

_EPILOG = (
    "With --json the ruling is one JSON object (docs/json.md describes every field; the schema"
    " is judge.schema.json in the package). For the record above, abridged (queens are not wild"
    ' in the basic game, so only the sevens that follow the queen are): {"game": "FTQ",'
    ' "title": "Follow the Queen", "house_rules": {"queens": "natural", ...}, "players": ["p1",'
    ' "p2"], "names": null, "wild_timeline": [{"deal": 1, "card": "Qh", "player": "p1", "wild":'
    ' [], "reason": "Q♥ to p1: the next face-up card will be wild"}, {"deal": 1, "card": "7c",'
    ' "player": "p2", "wild": ["7"], "reason": "Q♥ to p1, then 7♣ to p2: sevens are wild"},'
    ' ...], "final_wild": {"p1": ["7"], "p2": ["7"]}, "hands": {"p1": {"cards": ["As", ...],'
    ' "wild": ["7"], "category": "THREE_OF_A_KIND", "description": "three aces", "best_five":'
    ' ["As", "Ac", "Ah", "Qh", "9c"], "wild_cards_as": [{"card": "7s", "as": "Ah"}], "shown":'
    ' true}, ...}, "pots": [{"amount": 2, "shares": {"p1": 2}, "awards": [{"player": "p1",'
    ' "chips": 2, "part": "high"}]}], "payouts": {"p1": 2, "p2": 0}, "stacks_after": {"p1":'
    ' 101, "p2": 99}, "redeals": 0, "redeal_reasons": [], "mucked": [], "filled_in": ["p2 and'
    ' p1 check on third street", ...], "complete": true, "stopped_early": null}. The timeline'
    ' lists every face-up card ("player" is null for a card in the centre, "reason" null when'
    ' the card changed nothing). Wild cards are ranks where the whole rank is wild ("Q", "7",'
    ' "T" for tens), else single cards ("Qs"). "final_wild" and "hands" cover the players still'
    ' in; "category" and "description" are null while a card is unknown. Each award says which'
    " part of the pot it is: high, hole-card (The Bitch's special half) or uncontested. A record"
    " that stops before the end of the hand is ruled on as it stands: its pots have no awards"
    ' yet, and "stopped_early" says where and why.'
)


RecordFile = Annotated[
    str, typer.Argument(metavar="FILE", help="The hand record (PHH, TOML); - for stdin.")
]
"""The record argument of the commands that read one (judge, replay, verify)."""


Lenient = Annotated[
    bool,
    typer.Option(
        "--lenient",
        help="Let pass what the PHH specification tolerates, each with a warning naming its"
        " place: a field neither PHH's nor your own (ignored), a fold when checking was free"
        " (it stands, and the last player's check after it changes nothing). A hand shown with"
        " cards hidden (??) is no tolerance: in either reading it is not shown and wins nothing.",
    ),
]
"""The ``--lenient`` flag of the commands that read records (judge, replay, odds)."""

Preset = Annotated[
    str | None,
    typer.Option(
        "--preset",
        metavar="NAME",
        help="Read the record under another program's rules where it gives no house rules of"
        " its own: pokerkit (no open pair, the raise cap heads-up too, an all-in low card's"
        " bring-in to its left). docs/house-rules.md lists what each preset sets.",
    ),
]
"""The ``--preset`` option of the commands that read records (judge, replay, odds)."""


def read_bytes(source: str) -> bytes:
    """The bytes of ``source``: a file's path, or ``-`` for standard input."""
    try:
        return sys.stdin.buffer.read() if source == "-" else Path(source).read_bytes()
    except OSError as error:
        raise RecordError(f"cannot read {source}: {error.strerror or error}") from None


def read_source(source: str, *, lenient: bool = False, preset: str | None = None) -> HandRecord:
    """The record in ``source``: a file's path, or ``-`` for standard input; one hand."""
    data = read_bytes(source)
    if holds_many(data):
        count = len(read_records(data, lenient=lenient, preset=preset))
        raise RecordError(
            f"{source} holds {count} hands (a .phhs file): this command takes one hand"
            " (judge and replay take every hand of a .phhs file)"
        )
    return read_record(data, lenient=lenient, preset=preset)


T = TypeVar("T")


def each_hand(
    source: str,
    work: Callable[[HandRecord], T],
    *,
    lenient: bool = False,
    preset: str | None = None,
) -> tuple[list[T | RecordError], bool]:
    """``work`` done on each hand in ``source``, and whether it is a file of many (``.phhs``).

    In a file of many, a hand that cannot be read, or that ``work`` refuses, is its error
    (naming the hand) in its place, and the other hands are still done; one hand alone is
    refused as it is."""
    data = read_bytes(source)
    if not holds_many(data):
        return [work(read_record(data, lenient=lenient, preset=preset))], False
    done: list[T | RecordError] = []
    for number, record in enumerate(read_records_apart(data, lenient=lenient, preset=preset), 1):
        if isinstance(record, RecordError):
            done.append(record)
            continue
        try:
            done.append(work(record))
        except WildstudError as error:
            done.append(RecordError(f"hand [{number}]: {error}"))
    return done, True


def report_refused(done: Sequence[object]) -> None:
    """Exit with status 1 after the hands of a file of many, if any was refused, saying how
    many (each refusal was reported in its place)."""
    refused = sum(1 for item in done if isinstance(item, RecordError))
    if refused:
        Console(stderr=True).print(
            f"{refused} of {len(done)} hands refused (each said where and why above)",
            highlight=False,
        )
        raise typer.Exit(1)


def ruling_json(
    ruling: Ruling, *, lenient: bool = False, strict: bool = False
) -> dict[str, object]:
    """The ruling as ``--json`` prints it: with ``--lenient`` the warnings, with ``--strict``
    the record's own figures checked against the ruling."""
    data = judge_json(ruling)
    if lenient:
        data["warnings"] = [warning.to_json() for warning in ruling.warnings]
    if strict:
        data["checks"] = [check.to_json() for check in ruling.checks]
        data["checks_agree"] = all(check.agrees for check in ruling.checks)
    return data


@app.command("judge", help=_HELP, epilog=_EPILOG)
def judge_command(
    source: RecordFile,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (described below).")
    ] = False,
    lenient: Lenient = False,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="Check the record's own finishing_stacks and winnings against the ruling:"
            " exit status 1 when they differ (or the record stops before the hand ends).",
        ),
    ] = False,
    preset: Preset = None,
) -> None:
    """Rule on a hand record (see ``_HELP``)."""
    done, many = each_hand(
        source, lambda record: judge(record, lenient=lenient), lenient=lenient, preset=preset
    )
    rulings = [ruling for ruling in done if not isinstance(ruling, RecordError)]
    if as_json:
        outputs = [
            {"error": str(item)}
            if isinstance(item, RecordError)
            else ruling_json(item, lenient=lenient, strict=strict)
            for item in done
        ]
        emit(hands_json(outputs, many))
    else:
        console = Console()
        for number, item in enumerate(done, 1):
            if many:
                console.rule(f"hand {number} of {len(done)}")
            if isinstance(item, RecordError):
                Console(stderr=True).print(f"refused: {item}", highlight=False)
            else:
                console.print(render_ruling(item, strict=strict))
    report_refused(done)
    if strict and not all(check.agrees for ruling in rulings for check in ruling.checks):
        raise typer.Exit(1)


def _cards(cards: tuple[Card | None, ...]) -> str:
    return " ".join("??" if card is None else card.pretty for card in cards)


def render_ruling(ruling: Ruling, *, strict: bool = False) -> RenderableType:
    """The ruling as Rich text: the game, the wild cards card by card, the hands, the pots."""
    record = ruling.replay.record
    parts: list[RenderableType] = []
    rules = ", ".join(f"{key} = {value}" for key, value in record.house_rules.items())
    head = Text(f"{ruling.title} ({ruling.code}), {record.player_count} players", style="bold")
    if rules:
        head.append(f"; house rules: {rules}", style="none")
    parts.append(head)
    for number, reason in enumerate(ruling.redeals, 1):
        parts.append(Text(f"Redeal {number}: {reason}; the pot carries to a new deal."))

    # A game in which nothing can be wild (plain stud) shows no wild cards, card by card or held.
    wilds = not isinstance(ruling.replay.hand.rules.wild_rule, NoWilds)
    timeline = Table(title="Wild cards, face-up card by face-up card", title_justify="left")
    deals = bool(ruling.redeals)
    for column in ("deal", "card", "to", "wild after it", "why")[0 if deals else 1 :]:
        timeline.add_column(column)
    for entry in ruling.timeline:
        timeline.add_row(
            *([str(entry.deal)] if deals else []),
            entry.card.pretty,
            ruling.label(entry.seat),
            describe_wild(entry.wild),
            entry.reason or "",
        )
    if ruling.timeline and wilds:
        parts.append(timeline)

    hands = Table(title="Hands still in", title_justify="left")
    columns = ("player", "cards", "wild for it", "best five (* = wild)", "hand")
    for column in columns if wilds else ("player", "cards", "best five", "hand"):
        hands.add_column(column)
    for hand in ruling.hands:
        if hand.value is None:
            best, what = "", "unknown cards"
        else:
            best = " ".join(
                card.card.pretty + (f"*({card.wild.pretty})" if card.wild else "")
                for card in hand.value.best_five
            )
            what = hand.value.describe()
        held = [" ".join(wild_names(hand.wild)) or "none"] if wilds else []
        hands.add_row(_who(ruling, hand.seat), _cards(hand.cards), *held, best, what)
    parts.append(hands)

    pots = Table(title="Pots", title_justify="left")
    for column in ("pot", "chips", "won by"):
        pots.add_column(column)
    for index, pot in enumerate(ruling.pots):
        name = "main pot" if index == 0 else f"side pot {index}"
        shares = ", ".join(
            f"{ruling.players[seat]} {chips} ({share.value})" for seat, chips, share in pot.shares
        )
        pots.add_row(name, str(pot.amount), shares or "not yet decided")
    parts.append(pots)

    payouts = ", ".join(
        f"{player} {chips}" for player, chips in zip(ruling.players, ruling.payouts, strict=True)
    )
    stacks = ", ".join(
        f"{player} {chips}" for player, chips in zip(ruling.players, ruling.stacks, strict=True)
    )
    parts.append(Text(f"Payouts: {payouts}. Stacks after: {stacks}."))
    parts.extend(Text(note, style="dim") for note in _notes(ruling, strict=strict))
    return Group(*parts)


def _who(ruling: Ruling, seat: int) -> str:
    name = ruling.players[seat]
    return name if ruling.names is None else f"{name} ({ruling.names[seat]})"


def _notes(ruling: Ruling, *, strict: bool = False) -> list[str]:
    notes = []
    record = ruling.replay.record
    if ruling.stopped is not None:
        notes.append(
            f"The record stops before the hand ends ({ruling.stopped}): ruled as it stands."
        )
    # A hand shown with cards hidden is given up as mucked: its note says why, for it alone.
    partly = {(note.text or "").split(" ", 1)[0] for note in ruling.replay.unshown}
    notes.extend(f"Not shown: {note}." for note in ruling.replay.unshown)
    for seat in ruling.mucked:
        if ruling.players[seat] not in partly:
            notes.append(f"{ruling.players[seat]} mucked at the showdown and wins nothing.")
    if ruling.filled:
        notes.append("Not in the record, filled in: " + "; ".join(ruling.filled) + ".")
    notes.extend(f"Let pass (lenient): {warning}" for warning in ruling.warnings)
    if strict:
        notes.extend(check.describe() for check in ruling.checks)
        return notes
    claimed = record.finishing_stacks
    if claimed is not None and ruling.complete and tuple(claimed) != ruling.stacks:
        notes.append(
            f"The record's finishing stacks {list(claimed)} differ from the ruling's"
            f" {list(ruling.stacks)}."
        )
    return notes
