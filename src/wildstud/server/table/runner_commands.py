"""The commands of the hand runner's slice that its own pass asks (:mod:`.runner_due`) and
its slice carries out (:mod:`.runner_slice`): the dealer asked for the game, the table's
action for a player whose clock ran out or who leaves, a bot's choice, the clocks of the
showdown and the offer to run it twice opened (a bot's or a leaving player's answer first) and
run out, a run-out's street and a redeal dealt; and what a private deal's progress comes to for
the hand (its slice's follow-ups, :mod:`.private_progress`, :mod:`.private_answers`): the cards
a pass opened dealt, a hand shown by its rounds or mucked unshown, the hand void. Apart, so that
the pass's pure decision and the private deal's slice can name them as their follow-ups."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wildstud.betting import ActionKind
from wildstud.server.table.core import Command, Tick

if TYPE_CHECKING:
    from wildstud.cards import Card
    from wildstud.server.seating import Seat
    from wildstud.server.store import PrivateRound, SeatState
    from wildstud.server.table.hand_start import AtDeal
    from wildstud.server.table.live import LiveHand
    from wildstud.server.table.runner_steps import AtStep
    from wildstud.server.table.shuffle_requests import Open

__all__ = [
    "AskDealer",
    "BotActs",
    "ClockAnswer",
    "ClockOpen",
    "DealAgain",
    "DealHand",
    "DealOpened",
    "DealTick",
    "HostActs",
    "MuckHand",
    "OfferTimeUp",
    "RunOutStreet",
    "ShowHand",
    "ShowdownTimeUp",
    "TimeUp",
    "VoidHand",
]


@dataclass(frozen=True, slots=True)
class AskDealer(Command):
    """Table seat ``button`` is asked to choose the next hand's game among the menu's
    ``entries`` (``games``: each as the choosing frame lists it), with ``seconds`` to choose."""

    button: int
    entries: tuple[int, ...]
    games: tuple[Mapping[str, Any], ...]
    seconds: float


@dataclass(frozen=True, slots=True)
class TimeUp(Command):
    """The turn's clock of ``seat`` (``engine``: its seat in the hand) ran out: the table acts
    for its player (made from the table when the runner's tick finds the clock due)."""

    seat: Seat
    engine: int


@dataclass(frozen=True, slots=True)
class BotActs(Command):
    """The bot at ``seat`` (``engine``: its seat in the hand) chose ``kind`` (of ``amount``
    chips where it takes one) for its turn: made by the runner's pass once the bot's delay is
    over and its choice made (an equity bot's on a thread)."""

    seat: Seat
    engine: int
    kind: ActionKind
    amount: int | None


@dataclass(frozen=True, slots=True)
class HostActs(Command):
    """The player at ``seat`` (``engine``: its seat in the hand) is leaving the table and it is
    their turn: the table acts for them at once, as the clock would (:func:`auto_action`)."""

    seat: Seat
    engine: int


@dataclass(frozen=True, slots=True)
class ShowdownTimeUp(Command):
    """The showdown's muck clock ran out for ``seat`` (``engine``: its seat in the hand),
    still to show or muck: the clock chooses for its player (``seat`` ``None``: made whole
    from the table as its turn comes, :meth:`.driver.Driver.made`)."""

    seat: Seat | None
    engine: int


@dataclass(frozen=True, slots=True)
class OfferTimeUp(Command):
    """The offer to run it twice's clock ran out for ``seat`` (``engine``: its seat in the
    hand), still to answer: the clock answers no for its player (``seat`` ``None``: made
    whole as :class:`ShowdownTimeUp`'s is)."""

    seat: Seat | None
    engine: int


@dataclass(frozen=True, slots=True)
class RunOutStreet(Command):
    """The all-in run-out's pause is over: its next street is dealt, one change
    (:func:`.runner_steps.street`); ``at``, what the change reads of the table, is made whole
    as its turn comes (``None`` until then: :meth:`.driver.Driver.made`)."""

    at: AtStep | None = None


@dataclass(frozen=True, slots=True)
class ClockAnswer(Command):
    """As the showdown's clock (``showdown``), or the offer to run it twice's, opens, engine
    seat ``engine`` answers at once if its player is a bot or leaves the table: the engine's
    choice with the table's ``default``, or no, stored with the clock (of ``seconds``) in one
    change (:func:`.runner_steps.clock_answer`). Made whole as its turn comes (``made``,
    :meth:`.driver.Driver.made`): ``row``, its seat's row, and ``source`` (``bot``, ``host``),
    ``None`` for anyone else; ``at``, what the change reads of the table."""

    engine: int
    showdown: bool
    row: SeatState | None = None
    source: str | None = None
    seconds: float = 0.0
    default: str = "muck"
    at: AtStep | None = None
    made: bool = False


@dataclass(frozen=True, slots=True)
class ClockOpen(Command):
    """The showdown's clock (``showdown``), or the offer to run it twice's, of ``seconds``,
    opens for the seats still to answer once the bots and the leaving players have
    (:class:`ClockAnswer`): adopted with nothing stored, its frame the news, the runner woken
    at its deadline; what is due next when nobody is left to answer
    (:func:`.runner_steps.clock_open`; ``default``, the table's showdown default). Made whole
    as its turn comes (``made``)."""

    showdown: bool
    seconds: float = 0.0
    default: str = "muck"
    made: bool = False


@dataclass(frozen=True, slots=True)
class DealHand(Command):
    """The next hand is dealt, one change (:func:`.runner_steps.deal`, of the pure
    :func:`.hand_start.start_hand`): game ``entry`` (``None``: the default pick); ``chooser``,
    the row of the seat that chose it, with the number of its request (stored with the deal);
    ``chose``, the seat that chose it before the players' shuffle, whose round is over
    (``shuffled``: a round no hand is dealt from is forgotten). Made whole as its turn comes
    (:meth:`.driver.Driver.made`): ``at``, what the deal reads of the table, its players'
    shuffle's round among it; ``step``, what its change reads; ``drop``, whether a round over
    is forgotten when no hand is dealt; ``now``, when they were read."""

    entry: int | None = None
    chooser: SeatState | None = None
    chose: int | None = None
    shuffled: bool = False
    at: AtDeal | None = None
    step: AtStep | None = None
    drop: bool = False
    now: float = 0.0


@dataclass(frozen=True, slots=True)
class DealAgain(Command):
    """The redeal shown for ``redeal_pause`` seconds is dealt: deal ``deal`` of the hand in
    play, one change (:func:`.runner_steps.redealt`), once the players' shuffle has its deck.
    Made whole as its turn comes (:meth:`.driver.Driver.made`, ``made``): ``opening``, the
    players' shuffle's round of the deal, to be asked first (``None``: over, going on, or a
    private deal's); ``waits``, whether that round is going on; ``at``, what the change reads
    of the table, when neither (``None``: nothing is dealt now); ``opened``, whether this one
    follows its round asked."""

    deal: int
    at: AtStep | None = None
    opening: Open | None = None
    waits: bool = False
    opened: bool = False
    made: bool = False


@dataclass(frozen=True, slots=True)
class DealOpened(Command):
    """The cards a private deal's passes opened are dealt: the hand in play dealt on as far as
    the dealer goes, one change (:func:`.runner_steps.opened_dealt`); the private deal's
    slice's follow-up once its tick finds a pass over (:mod:`.private_progress`). ``at``, what
    the change reads of the table, is made whole as its turn comes (``None`` until then:
    :meth:`.driver.Driver.made`)."""

    at: AtStep | None = None


@dataclass(frozen=True, slots=True)
class ShowHand(Command):
    """Engine seat ``engine``'s hand is shown at a private deal's showdown: ``cards``, which
    its rounds opened, the hand's next action (``source``: ``player`` for a page's show,
    ``bot`` for the server's own), stored with ``rows``, the show's row of the rounds, in one
    change (:func:`.runner_steps.shown`); the private deal's slice's follow-up of the show
    (:mod:`.private_answers`, :mod:`.private_progress`). ``then``: that slice's own change
    with it (its rounds with the show taken, :class:`~.private_answers.Taken`), folded into
    the same change, adopted once it is stored. Made whole as its turn comes
    (:meth:`.driver.Driver.made`): ``row``, the seat's row; ``at``, what the change reads of
    the table."""

    engine: int
    cards: tuple[Card, ...]
    rows: tuple[PrivateRound, ...]
    source: str
    then: Command | None = None
    row: SeatState | None = None
    at: AtStep | None = None


@dataclass(frozen=True, slots=True)
class MuckHand(Command):
    """Engine seat ``engine``'s page did not show its hand at a private deal's showdown in
    time: it is mucked unshown, the clock's choice, one change (:func:`.runner_steps.mucked`);
    ``then``, the private deal's own change with it (its clock of the show, when this look
    started it), and ``row`` and ``at`` made whole as :class:`ShowHand`'s are, with
    ``default``, the table's showdown default (the showdown frame says it)."""

    engine: int
    then: Command | None = None
    row: SeatState | None = None
    default: str = "muck"
    at: AtStep | None = None


@dataclass(frozen=True, slots=True)
class VoidHand(Command):
    """The hand in play is void (house rule ``private_misdeal``) for the reason ``why`` (who
    did not answer a private deal's rounds in time): it ends with every stack as it was
    before it, one change (:func:`.runner_steps.voided`); ``then``, the private deal's own
    change with it (the deal forgotten), and ``at`` made whole as :class:`ShowHand`'s is."""

    why: str
    then: Command | None = None
    at: AtStep | None = None


@dataclass(frozen=True, slots=True)
class DealTick(Tick):
    """The slice's :class:`~.core.Tick`, made from the table as its turn comes: ``live``, the
    hand in play as stored (``None``: none); ``pages``, each table seat whose player's page can
    be a party to a deal starting now (a player's, connected, not leaving), with its name;
    ``seconds``, the clock of each answer (the table's ``shuffle_seconds``); ``table``, the
    table's id (every proof is bound to it); ``playing``, whether the table plays now (a
    clock runs only then)."""

    live: LiveHand | None = None
    pages: Mapping[int, str] = field(default_factory=dict)
    seconds: float = 0.0
    table: str = ""
    playing: bool = True
    idle: Command | None = None
    """For a tick the runner's pass asks (its follow-up, made whole from the table as its turn
    comes, :meth:`.private.PrivateDeal.made`): how the pass goes on when the deal has nothing
    to do now (its reply ``None``: the rest is the runner's), the pass's tick again from what
    it read (:meth:`.runner_due.RunnerTick.again`)."""
    moved: Command | None = None
    """For a tick the runner's pass asks: what follows once the deal moved the hand on (its
    reply 0.0: the runner's change it asked, a pass opened), what is due next
    (:class:`~.runner_due.Onward`). A deal that waits (its reply, how long) asks nothing of
    the runner: its own clock, and its change adopted, wake the table."""
