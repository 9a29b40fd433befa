"""``wildstud replay``: step through a hand record street by street in the terminal.

>>> from typer.testing import CliRunner
>>> record = '''
... variant = "FTQ"
... antes = [1, 1]
... bring_in = 2
... small_bet = 5
... big_bet = 10
... starting_stacks = [50, 50]
... actions = ["d dh p1 AsAhQh", "d dh p2 9c9d7d", "p2 pb", "p1 cc"]
... '''
>>> result = CliRunner().invoke(app, ["replay", "-"], input=record, terminal_width=100)
>>> result.exit_code, "sevens are wild" in result.output, "p2 brings in 2" in result.output
(0, True, True)
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Annotated, Any

import typer
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from wildstud.betting import ActionKind
from wildstud.cards import Card
from wildstud.cli import app
from wildstud.cli.jsonout import emit
from wildstud.cli.judge import Lenient, Preset, RecordFile, each_hand, report_refused
from wildstud.deal import (
    Acted,
    Awarded,
    BettingOpened,
    Burned,
    Called,
    CentreCard,
    CommunityCard,
    DealStarted,
    Dealt,
    Gathered,
    HandEnded,
    HandStarted,
    Mucked,
    Paid,
    Payment,
    Redealt,
    Returned,
    RunStarted,
    Shown,
    StreetStarted,
    StubShuffled,
    TurnedUp,
    WildsChanged,
)
from wildstud.errors import RecordError
from wildstud.hands import describe_value
from wildstud.history.replay import Replay, StepKind, replay
from wildstud.seats import seat_label
from wildstud.vocabulary import game_echo, hands_json
from wildstud.wilds import NoWilds
from wildstud.words import (
    describe_action,
    describe_award,
    describe_change,
    describe_payment,
    describe_redeal,
    describe_wild,
)

__all__ = ["replay_command", "replay_json", "street_sections"]

_HELP = (
    "Step through a hand record street by street: the cards, the wild cards and why, the "
    "bets and the pot.\n\n"
    "FILE is a hand record in the PHH notation (docs/records.md), or a .phhs file of many "
    "hands (each replayed in turn); give - to read standard input. A record may stop "
    "anywhere, mid-betting included: it is replayed as far as it goes. Betting the record "
    "leaves out is filled in as wildstud judge does (checks, "
    "and a missing bring-in); a record that breaks the rules gets an error naming the "
    "action, with exit status 2. Every street is printed at once, unless --step is given "
    "and standard input is a terminal: then the replay waits for Enter after each street."
)
_EPILOG = (
    "With --json the replay is one JSON object (docs/json.md; schema replay.schema.json): the"
    " game and its house rules, then each street as the text shows it: every player's cards"
    " (up or down, ?? where unknown), who has folded, the centre, what happened in order"
    " (filled-in actions marked), the wild cards and the pot after it."
)


@app.command("replay", help=_HELP, epilog=_EPILOG)
def replay_command(
    source: RecordFile,
    step: Annotated[
        bool, typer.Option("--step", help="Wait for Enter after each street (on a terminal).")
    ] = False,
    lenient: Lenient = False,
    preset: Preset = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (described below).")
    ] = False,
) -> None:
    """Print a record's streets one after another (see ``_HELP``)."""
    if as_json and step:
        raise RecordError("--step waits between streets on a terminal: not with --json")
    done, many = each_hand(
        source,
        lambda record: replay(record, fill_in=True, lenient=lenient),
        lenient=lenient,
        preset=preset,
    )
    if as_json:
        outputs = [
            {"error": str(item)}
            if isinstance(item, RecordError)
            else replay_json(item, lenient=lenient)
            for item in done
        ]
        emit(hands_json(outputs, many))
        report_refused(done)
        return
    console = Console()
    wait = step and sys.stdin.isatty()
    for number, played in enumerate(done, 1):
        if many:
            console.rule(f"hand {number} of {len(done)}")
        if isinstance(played, RecordError):
            Console(stderr=True).print(f"refused: {played}", highlight=False)
            continue
        sections = street_sections(played)
        for index, section in enumerate(sections):
            console.print(section)
            if wait and (index < len(sections) - 1 or number < len(done)):
                console.input("[dim]Enter: next street[/]")
        for warning in played.warnings:
            console.print(Text(f"Let pass (lenient): {warning}", style="dim"))
    report_refused(done)


@dataclass(slots=True)
class _Section:
    title: str
    lines: list[Text] = field(default_factory=list)
    shows_cards: bool = True
    filled: list[bool] = field(default_factory=list)


class _Builder:
    """Walks the events of a replay and cuts them into one section per street."""

    def __init__(self, played: Replay) -> None:
        self.played = played
        self.hand = played.hand
        filled = [step for step in played.steps if step.kind is StepKind.FILLED]
        self.filled = {index for step in filled for index in range(*step.events)}
        self.sections: list[RenderableType] = []
        self.section: _Section | None = None
        self.deal = 0
        self.seats: tuple[int, ...] = ()
        self.cards: dict[int, list[tuple[Card | None, bool]]] = {}
        self.at_run_start: dict[int, list[tuple[Card | None, bool]]] = {}
        self.folded: set[int] = set()
        self.pot = 0
        self.wild = "nothing is wild"
        self.centre: list[str] = []
        self.centre_codes: list[str] = []
        self.data: list[dict[str, Any]] = []

    def label(self, seat: int) -> str:
        names = self.played.record.players
        return seat_label(seat) if names is None else f"{seat_label(seat)} ({names[seat]})"

    def say(self, text: str, style: str = "") -> None:
        if self.section is None:
            self.section = _Section("before the deal", shows_cards=False)
        self.section.lines.append(Text(text, style=style))
        self.section.filled.append(style == "dim" and text.endswith("(not in the record)"))

    def close(self) -> None:
        section = self.section
        self.section = None
        if section is None:
            return
        parts: list[RenderableType] = []
        if section.shows_cards and self.cards:
            table = Table(show_header=False, box=None, pad_edge=False)
            table.add_column("player")
            table.add_column("cards")
            for seat in self.seats:
                row = Text()
                for card, up in self.cards.get(seat, []):
                    text = "??" if card is None else card.pretty
                    row.append(text + " ", style="bold" if up else "dim")
                if seat in self.folded:
                    row.append("(folded)", style="dim italic")
                table.add_row(self.label(seat), row)
            parts.append(table)
            if self.centre:
                parts.append(Text("centre: " + " ".join(self.centre)))
        parts.extend(section.lines)
        # Where nothing can ever be wild (plain stud) the pot is all there is to say.
        never = isinstance(self.hand.rules.wild_rule, NoWilds)
        parts.append(
            Text(f"pot {self.pot}" if never else f"{self.wild}; pot {self.pot}", style="cyan")
        )
        self.data.append(self.section_json(section))
        self.sections.append(Panel(Group(*parts), title=section.title, title_align="left"))

    def section_json(self, section: _Section) -> dict[str, Any]:
        """The section as ``replay --json`` gives it (what the panel shows, as data)."""
        shown = section.shows_cards and bool(self.cards)
        return {
            "title": section.title,
            "deal": max(self.deal, 1),
            "cards": {
                seat_label(seat): [
                    {"card": "??" if card is None else str(card), "up": up}
                    for card, up in self.cards.get(seat, [])
                ]
                for seat in self.seats
            }
            if shown
            else None,
            "folded": [seat_label(seat) for seat in sorted(self.folded)] if shown else None,
            "centre": list(self.centre_codes) if shown else None,
            "lines": [
                {"text": line.plain, "filled_in": filled}
                for line, filled in zip(section.lines, section.filled, strict=True)
            ],
            "wild": self.wild,
            "pot": self.pot,
        }

    def card(self, card: Card | None) -> Card | None:
        return None if card is None or (self.deal, card) in self.played.unknown else card

    def add(self, index: int, event: object) -> None:
        name = self.label
        match event:
            case HandStarted(code=code, stacks=stacks):
                self.section = _Section(f"{self.hand.rules.title} ({code})", shows_cards=False)
                self.say("stacks: " + ", ".join(f"{name(s)} {c}" for s, c in enumerate(stacks)))
                rules = self.played.record.house_rules
                if rules:
                    self.say("house rules: " + ", ".join(f"{k} = {v}" for k, v in rules.items()))
            case DealStarted(deal=deal, seats=seats):
                if deal > 1:
                    self.close()
                    self.section = _Section(f"deal {deal}", shows_cards=False)
                    self.say("a new deal for " + ", ".join(map(name, seats)))
                self.deal, self.seats = deal, seats
                self.cards, self.folded, self.centre = {}, set(), []
                self.centre_codes = []
                self.wild = describe_wild(self.played.deals[deal - 1].initial)
            case Paid(seat=seat, amount=amount, kind=kind, card=card):
                self.pot += amount
                paid = describe_payment(kind, amount, card)
                self.say(f"{name(seat)} {paid}", "dim" if kind is Payment.ANTE else "")
            case StreetStarted(name=street):
                self.close()
                title = street if self.deal <= 1 else f"deal {self.deal}: {street}"
                self.section = _Section(title)
            case RunStarted(run=run):
                self.close()
                if run == 1:
                    self.at_run_start = {seat: list(held) for seat, held in self.cards.items()}
                else:  # run 2 is dealt to the hands as run 1 began
                    self.cards = {seat: list(held) for seat, held in self.at_run_start.items()}
                self.section = _Section(f"run {run} of 2")
                again = "dealt again to the hands as run 1 began" if run == 2 else "dealt"
                self.say(f"run it twice: the cards still to come are {again}, for half of each pot")
            case Burned():
                self.say("the dealer burns a card", "dim")
            case StubShuffled(cards=count, gathered=gathered):
                what = "burned cards" if gathered is Gathered.BURNED else "folded hands' cards"
                self.say(f"the stub is short: the {count} {what} go back into it", "dim")
            case Dealt(seat=seat, card=card, up=up):
                self.cards.setdefault(seat, []).append((self.card(card), up))
            case CentreCard(card=card) | CommunityCard(card=card):
                self.centre.append(card.pretty)
                self.centre_codes.append(str(card))
                what = "centre card" if isinstance(event, CentreCard) else "community card"
                self.say(f"{what}: {card.pretty}")
            case WildsChanged(wild=wild):
                self.wild = describe_wild(wild)
                self.say(describe_change(event.change), "yellow")
            case Called(name=called):
                self.say(f"{called}!", "bold yellow")
            case BettingOpened(first=first):
                self.say(f"{name(first)} acts first")
            case Acted(seat=seat, kind=kind, to_amount=to, added=added):
                self.pot += added
                if kind is ActionKind.FOLD:
                    self.folded.add(seat)
                text = f"{name(seat)} {describe_action(kind, to)}"
                if index in self.filled:
                    text += " (not in the record)"
                self.say(text, "dim" if index in self.filled else "")
            case TurnedUp(seat=seat, cards=cards):
                shown = " ".join(card.pretty for card in cards)
                self.say(f"all in: {name(seat)} turns up {shown}")
            case Returned(seat=seat, amount=amount):
                self.pot -= amount
                self.say(f"{amount} uncalled goes back to {name(seat)}")
            case Redealt(card=card, seat=seat, pot=pot):
                why = describe_redeal(card, seat)
                self.say(f"redeal: {why}; the cards are gathered, the pot of {pot} carries over")
            case Mucked(seat=seat) | Shown(seat=seat) | Awarded(seat=seat):
                if self.section is None or self.section.title != "showdown":
                    self.close()
                    self.section = _Section("showdown")
                if isinstance(event, Mucked):
                    self.folded.add(seat)
                    self.say(f"{name(seat)} mucks")
                elif isinstance(event, Shown):
                    self.say(f"{name(seat)} shows {describe_value(event.value)}")
                else:
                    assert isinstance(event, Awarded)
                    self.pot -= event.amount
                    won = describe_award(
                        event.pot, seat, event.amount, {seat: name(seat)}, event.run
                    )
                    self.say(f"{won} ({event.share})")
            case HandEnded(stacks=stacks):
                self.say("stacks: " + ", ".join(f"{name(s)} {c}" for s, c in enumerate(stacks)))


def _built(played: Replay) -> _Builder:
    builder = _Builder(played)
    for index, event in enumerate(played.hand.events):
        builder.add(index, event)
    if played.stopped is not None:
        builder.say(f"The record stops here: {played.stopped}.", "italic")
    builder.close()
    return builder


def street_sections(played: Replay) -> list[RenderableType]:
    """The replay as Rich panels, one per street (and one for the showdown)."""
    return _built(played).sections


def replay_json(played: Replay, *, lenient: bool = False) -> dict[str, Any]:
    """The replay as ``replay --json`` prints it (schema ``replay.schema.json``): with
    ``--lenient``, each tolerance the reading let pass, as ``judge --json`` gives them."""
    record = played.record
    labels = [seat_label(seat) for seat in range(record.player_count)]
    data: dict[str, Any] = {
        **game_echo(played.hand.rules),
        "players": labels,
        "names": None if record.players is None else dict(zip(labels, record.players, strict=True)),
        "stacks_before": dict(zip(labels, record.starting_stacks, strict=True)),
        "streets": _built(played).data,
        "stacks_after": dict(zip(labels, played.hand.stacks, strict=True)),
        "complete": played.complete,
        "stopped_early": played.stopped,
    }
    if lenient:
        data["warnings"] = [warning.to_json() for warning in played.warnings]
    return data
