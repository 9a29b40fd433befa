"""``wildstud tables``: exact category counts over every hand of five, six or seven cards.

>>> import json
>>> from typer.testing import CliRunner
>>> result = CliRunner().invoke(app, ["tables", "--cards", "5", "--wild", "2", "--json"])
>>> result.exit_code, json.loads(result.output)["counts"]["FIVE_OF_A_KIND"]
(0, 672)
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from math import comb
from typing import Annotated

import typer
from rich.console import Console, Group
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from wildstud.cards import Card, wild_cards
from wildstud.cli import app
from wildstud.cli.compiling import announce_compiling
from wildstud.cli.jsonout import emit
from wildstud.errors import HandSizeError, WildSpecError
from wildstud.fast import kernels
from wildstud.fast.enumeration import CategoryCounts, category_counts
from wildstud.games import find_game
from wildstud.hands.encoding import Category, slot_of
from wildstud.vocabulary import tables_json
from wildstud.wilds import NoWilds

__all__ = ["game_hand_size", "parse_hand_size", "render", "tables"]

HAND_SIZES = ("5", "6", "7")


def parse_hand_size(text: str) -> int:
    """The ``--cards`` value: 5, 6 or 7.

    >>> parse_hand_size("6")
    6
    >>> parse_hand_size("8")
    Traceback (most recent call last):
    ...
    wildstud.errors.HandSizeError: --cards must be 5, 6 or 7, not '8'
    """
    if text.strip() not in HAND_SIZES:
        raise HandSizeError(f"--cards must be 5, 6 or 7, not {text!r}")
    return int(text)


def game_hand_size(name: str) -> int:
    """The cards a hand of game ``name`` holds at the showdown, for a game whose wild cards do
    not depend on the deal (plain seven-card stud: none).

    >>> game_hand_size("F7S")
    7
    >>> game_hand_size("FTQ")
    Traceback (most recent call last):
    ...
    wildstud.errors.WildSpecError: Follow the Queen's wild cards depend on the deal: use --wild
    """
    rules = find_game(name).rules()
    if not isinstance(rules.wild_rule, NoWilds) or rules.redeal_card is not None:
        raise WildSpecError(f"{rules.title}'s wild cards depend on the deal: use --wild")
    return sum(len(street.cards) for street in rules.streets)


_HELP = (
    "Count every hand of 5, 6 or 7 cards from one deck by category, exactly: all C(52, cards)"
    " hands (133,784,560 of seven cards), each in the category of its best five cards with the"
    " wild cards given."
)
_EPILOG = (
    'With --json the output is one JSON object: {"cards": 7, "wild": ["2c", ...], "total": N,'
    ' "counts": {"FIVE_OF_A_KIND": n, ...}, "shares": {...}, "house_rules": {...}}. "wild" lists'
    " every wild card as text (rank, then suit letter; ten is T) in deck order: deuces first,"
    ' and clubs, diamonds, hearts, spades within a rank. "counts" and "shares" hold every'
    " category, best first (docs/json.md; schema tables.schema.json)."
)


@app.command("tables", help=_HELP, epilog=_EPILOG)
def tables(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help="A game with no wild cards (F7S): its hands, as they hold their cards.",
        ),
    ] = None,
    cards: Annotated[
        str | None,
        typer.Option("--cards", metavar="{5,6,7}", help="Cards in a hand: 5, 6 or 7 (7)."),
    ] = None,
    wild: Annotated[
        str | None,
        typer.Option(
            "--wild",
            metavar="SPEC",
            help="Wild cards: ranks ('2', 'Q,7': every card of the rank) and single cards"
            " ('Qs'), separated by commas. None by default.",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (described below).")
    ] = False,
    five_of_a_kind_top: Annotated[
        bool,
        typer.Option(
            "--five-of-a-kind-top/--five-of-a-kind-below",
            help="House rule: five of a kind ranks above a straight flush, or just below it"
            " (a hand that makes both then counts as a straight flush).",
        ),
    ] = True,
    double_ace_flush: Annotated[
        bool,
        typer.Option(
            "--double-ace-flush",
            help="House rule: wilds in a flush count as aces even if the ace is held. It"
            " orders flushes but moves no hand to another category.",
        ),
    ] = False,
) -> None:
    """Print the exact category counts over every hand of ``cards`` cards (see ``_HELP``)."""
    size = parse_hand_size(cards or "7")
    if game is not None and game_hand_size(game) != size:
        raise HandSizeError(f"a hand of {game} holds {game_hand_size(game)} cards, not {size}")
    if game is not None and wild:
        raise WildSpecError(f"{game} has no wild cards: leave out --wild")
    wild_set = wild_cards(wild)  # bad input stops here, before any progress is shown
    named = [token.upper() for token in re.split(r"[\s,]+", wild or "") if token]
    repeated = sorted({token for token in named if named.count(token) > 1})
    if repeated:
        names = ", ".join(repeated)
        raise WildSpecError(f"--wild names {names} twice: name each rank or card once")
    announce_compiling(kernels.count_categories)
    console = Console()
    if as_json or not sys.stdout.isatty():
        table = _count(size, wild_set, five_of_a_kind_top, double_ace_flush, None)
    else:
        with Progress(
            TextColumn("counting {task.total:,} hands"),
            BarColumn(),
            TaskProgressColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=True,
        ) as progress:
            task = progress.add_task("count", total=comb(52, size))
            table = _count(
                size,
                wild_set,
                five_of_a_kind_top,
                double_ace_flush,
                lambda hands: progress.advance(task, hands),
            )
    if as_json:
        emit(tables_json(table))
    else:
        console.print(render(table, None if game is None else find_game(game).rules().title))


def _count(
    size: int,
    wild: frozenset[Card],
    five_of_a_kind_top: bool,
    double_ace_flush: bool,
    on_progress: Callable[[int], None] | None,
) -> CategoryCounts:
    return category_counts(
        size,
        wild,
        five_of_a_kind_top=five_of_a_kind_top,
        double_ace_flush=double_ace_flush,
        on_progress=on_progress,
    )


def render(table: CategoryCounts, game: str | None = None) -> Group:
    """The counts as a heading (naming ``game`` where one was given) and a Rich table,
    categories from the best down, with their shares; five of a kind only where a card is wild
    (without one it cannot happen)."""
    wild = " ".join(table.wild_names()) or "none"
    text = f"{table.total:,} hands of {table.cards} cards, wild: {wild}"
    heading = Text(text if game is None else f"{game}: {text}", style="bold")
    rich_table = Table()
    rich_table.add_column("hand")
    rich_table.add_column("count", justify="right")
    rich_table.add_column("share", justify="right")
    order = sorted(Category, key=lambda c: slot_of(c, table.five_of_a_kind_top), reverse=True)
    for category in order:
        if category is Category.FIVE_OF_A_KIND and not table.wild:
            continue
        rich_table.add_row(
            category.label, f"{table[category]:,}", f"{100 * table.share(category):.4f}%"
        )
    return Group(heading, rich_table)
