"""A seat's change in the hand in play, as the hand runner's slice stores it
(:mod:`.runner_steps`): an action, a choice to show or muck at the showdown, an answer to
the offer to run it twice, a hand shown by a private deal's rounds, each the hand's next action
record, with the seat's row; and the dealer's steps after any change (:func:`dealer_steps`).

Each is pure: a function of the runner's state and what it needs of the table (:class:`Move`:
the seat's row as it stands, who decided the change, the number of its request and the time
bank it leaves; :class:`AtPlay`: the pause of an all-in run-out, whether a private deal's
next cards wait), with no table, store or clock in it. The engine plays the change on a copy
of the hand (a change it refuses raises its error, and nothing is made), the dealer steps on
as far as the hand goes now (:func:`dealer_steps`), and the outcome is the runner's
state with the new hand (:meth:`.LiveHand.played`) and the seat's figures (who acted, who the
clock acted for: :func:`.runner.marked`), and the change's rows: the seat's row, the action's
record, the decks drawn; a private hand's action asks its deal to open the next street's pass
with it, if due (:class:`~.core.PassAhead`). A hand the change ends ends in the same change
(:func:`.hand_end.then_ended`); the actor folds the outcome into its change
(:meth:`.actor.Actor.fold_outcome`) and sends the outcome's news once it is stored: the hand's
frames (:class:`~.core.HandPlayed`), the showdown's or the offer's frame
(:func:`showdown_frame`, :func:`offer_frame`), and the table frame when the seats change.

>>> from wildstud.betting import ActionKind
>>> from wildstud.server.replay import DeckBook, start_hand
>>> from wildstud.server.store import HandSetup
>>> setup = HandSetup(1, 0, "FTQ", {}, (0, 2), ("Ann", "Bo"), 0, (100, 100), ("a", "b"))
>>> book = DeckBook()
>>> live = LiveHand(setup, book, start_hand(setup, book), 0)
>>> engine = live.hand.to_act
>>> row = SeatState(setup.lineup[engine], "a", "Ann", "player", None, 100, False, 0, 30.0, 4,
...                 False)
>>> state = RunnerState(0, 1, 0, live=live)
>>> kind = ActionKind.BRING_IN
>>> move = Move(row, engine, "player", seq=5, bank=12.5)
>>> outcome = act(state, move, kind, None, AtPlay(0.0), 10.0)
>>> outcome.state.live.actions, outcome.state.acted == {row.seat}, live.actions
(1, True, 0)
>>> (record,) = outcome.effect.request.actions
>>> record.kind, record.seq, outcome.effect.request.seats[0].time_bank
('bring-in', 5, 12.5)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from wildstud.deal import Phase, PrivateHand
from wildstud.server.frames import RunTwiceFrame, ShowdownFrame
from wildstud.server.replay import MUCK, RUN_ONCE, RUN_TWICE, SHOW, at_showdown, show_winners_first
from wildstud.server.store import ActionRecord, Changes, PrivateRound, SeatState
from wildstud.server.table.core import (
    Effect,
    Everyone,
    HandPlayed,
    News,
    Outcome,
    PassAhead,
    TableNews,
    Told,
)
from wildstud.server.table.live import LiveHand
from wildstud.server.table.runner import RunnerState, marked

if TYPE_CHECKING:
    from wildstud.betting import ActionKind
    from wildstud.cards import Card
    from wildstud.deal import Hand
    from wildstud.server.showdown import ShowdownChoice, TwiceOffer

__all__ = [
    "AtPlay",
    "Move",
    "act",
    "answer_twice",
    "dealer_steps",
    "dealt_on",
    "never",
    "numbered",
    "offer_frame",
    "offer_opened",
    "show_or_muck",
    "showdown_frame",
    "showdown_opened",
    "shown",
]


def never(hand: Hand) -> bool:
    """No deal waits for rounds outside a private deal (the ``waits`` of :func:`dealer_steps`)."""
    return False


def dealer_steps(
    live: LiveHand, hand: Hand, pause: float, now: float, waits: Callable[[Hand], bool] = never
) -> LiveHand:
    """The dealer's steps on ``hand`` (the copy of ``live``'s hand a change makes) as far as
    they go at ``now``: to a player's turn, a redeal, the showdown while a seat there still
    has to choose to show or muck (its winners shown first; then through it), the offer to
    run it twice while a seat is still to answer, the next cards of a private deal that
    ``waits`` says are not opened yet (:meth:`.private.PrivateDeal.waits`, asked of the hand
    as it stands at each step), or the next street of an all-in run-out (run 2's first street
    after run 1's showdown too), which waits ``pause`` seconds with the chances of the hands
    turned up on every page (the runner's :func:`.runner_steps.street` deals it then). Returns
    ``live`` with its run-out's pause as it stands at ``now`` (its hand the caller's to
    change: :meth:`.LiveHand.played`); a function of what it is given, which changes nothing
    but ``hand``.

    >>> from wildstud.server.replay import DeckBook, start_hand
    >>> from wildstud.server.store import HandSetup
    >>> setup = HandSetup(1, 0, "FTQ", {}, (0, 1), ("Ann", "Bo"), 0, (100, 100), ("a", "b"))
    >>> book = DeckBook()
    >>> live = LiveHand(setup, book, start_hand(setup, book), 0)
    >>> hand = live.hand.copy()
    >>> dealer_steps(live, hand, 3.0, 10.0) is live, hand.to_act is not None  # a turn: no step
    (True, True)
    """
    while hand.phase is Phase.DEALER and hand.redeal_pending is None:
        if waits(hand):
            break  # a private deal's next cards are not opened yet (.private)
        if hand.to_agree_run_twice:
            break  # the hands all in are asked to run it twice first (runner_due.offer_due)
        if at_showdown(hand):
            if hand.to_show_or_muck:
                # The winners are tabled first: the frame that asks the losers shows them.
                show_winners_first(hand)
                break
            hand.step()  # the showdown: in a hand run twice, run 1's starts run 2
            continue
        street = hand.run_out_street
        if street is not None and pause > 0:
            key = (hand.deal_number, hand.current_run, street)
            if live.run_out_stop != key:
                return live.paused(key, now + pause)
            if now < live.run_out_due:
                break
        hand.step()
    return live


@dataclass(frozen=True, slots=True)
class Move:
    """Who makes a change in the hand: the seat whose row is ``row`` (as it stands), its seat
    in the hand ``engine``; ``source``, who decided it (``player``, ``bot``, ``clock``,
    ``host``); ``seq``, the number of the player's request (``None``: nobody asked); ``bank``,
    the time bank the seat has left (``None``: not drawn on). Both are stored in its row."""

    row: SeatState
    engine: int
    source: str
    seq: int | None = None
    bank: float | None = None


AHEAD = (PassAhead(),)
"""A private hand's action's follow-up: the next street's pass opened with it, if due."""


@dataclass(frozen=True, slots=True)
class AtPlay:
    """What the dealer's steps after a change need of the table: the pause before each street
    of an all-in run-out (``runout_pause``) and whether a private deal's next cards are not
    opened yet (:func:`dealer_steps`)."""

    pause: float
    waits: Callable[[Hand], bool] = never


def act(
    state: RunnerState,
    move: Move,
    kind: ActionKind,
    amount: int | None,
    at: AtPlay,
    now: float,
) -> Outcome[RunnerState]:
    """``move``'s action ``kind`` (``amount``: a bet's or raise's size) in the hand in play at
    ``now`` (see the module's description): a clock's counts as the clock acting for the
    seat, a player's as the player acting."""
    live = _in_play(state)
    hand = live.hand.copy()  # the table's hand changes only once the change is stored
    hand.act(kind, amount, seat=move.engine)
    played = _played(state, live, hand, move, kind.value, amount, at, now, move.source == "clock")
    if isinstance(hand, PrivateHand) and hand.phase is Phase.DEALER:
        # The next street's pass opens in the same change, if it is due (the private deal's).
        return replace(played, follow=AHEAD)
    return played


def show_or_muck(
    state: RunnerState, move: Move, show: bool | None, default: bool, at: AtPlay, now: float
) -> Outcome[RunnerState]:
    """``move``'s choice at the showdown: show or muck (``None``: the engine's choice with the
    table's ``default``, ``True`` to show, for a bot, a clock or a leaving player). The reply
    is the engine seats still to choose once it is made (the showdown frame's); nothing when
    the seat has no choice left to make (``None`` only: a player's choice is checked first)."""
    live = _in_play(state)
    hand = live.hand.copy()
    if show is None:
        show = default
        if not hand.auto_show_or_muck([move.engine], show=show):  # chosen already, or shown
            return Outcome(state)
    else:
        hand.show_or_muck(move.engine, show)
    pending = hand.to_show_or_muck
    outcome = _played(state, live, hand, move, SHOW if show else MUCK, None, at, now)
    asked = showdown_frame(live, pending, state.showdown, "show" if default else "muck", now)
    news = (HandPlayed(odds=False), News(Everyone(), asked), *_ended(hand))
    if not pending:  # every seat has chosen: the muck clock is over
        outcome = replace(outcome, state=outcome.state.but(showdown=None))
    return replace(outcome, reply=pending, news=news)


def answer_twice(
    state: RunnerState, move: Move, agree: bool, at: AtPlay, now: float
) -> Outcome[RunnerState]:
    """``move``'s answer to the offer to run it twice: ``agree`` or not."""
    live = _in_play(state)
    hand = live.hand.copy()
    hand.agree_run_twice(move.engine, agree)
    outcome = _played(state, live, hand, move, RUN_TWICE if agree else RUN_ONCE, None, at, now)
    played = outcome.state.live
    assert played is not None
    # The offer's frame, its seats empty once it is settled; then the table's, when the
    # answer ends the hand (no pause in the run-out): the stacks the hand leaves.
    asked = News(Everyone(), offer_frame(played, state.offer, now))
    if not played.hand.to_agree_run_twice:  # settled: the offer's clock is over
        outcome = replace(outcome, state=outcome.state.but(offer=None))
    return replace(outcome, news=(HandPlayed(), asked, *_ended(played.hand)))


def showdown_opened(
    state: RunnerState, choice: ShowdownChoice, default: str, now: float
) -> Outcome[RunnerState]:
    """The showdown's muck clock ``choice`` opened in the hand in play at ``now``: the
    runner's state with it (nothing is stored: adopted at once), and its news, the showdown
    frame asking the seats still to choose (``default``: the table's); the state as it is when
    nobody is left to choose (the bots' choices ended the showdown)."""
    live = _in_play(state)
    asked = live.hand.to_show_or_muck  # worked out once: it ranks the hands
    if not asked:
        return Outcome(state)
    frame = showdown_frame(live, asked, choice, default, now)
    return Outcome(state.but(showdown=choice), news=(News(Everyone(), frame),))


def offer_opened(state: RunnerState, offer: TwiceOffer, now: float) -> Outcome[RunnerState]:
    """The offer to run it twice opened in the hand in play at ``now``, its clock ``offer``:
    the runner's state with it (nothing is stored: adopted at once), and its news, the offer's
    frame asking the seats still to answer; the state as it is when nobody is left to answer
    (a no settled it)."""
    live = _in_play(state)
    if not live.hand.to_agree_run_twice:
        return Outcome(state)
    frame = offer_frame(live, offer, now)
    return Outcome(state.but(offer=offer), news=(News(Everyone(), frame),))


def shown(
    state: RunnerState,
    move: Move,
    cards: tuple[Card, ...],
    rows: tuple[PrivateRound, ...],
    at: AtPlay,
    now: float,
) -> Outcome[RunnerState]:
    """``move``'s hand shown at a private deal's showdown: ``cards``, which its rounds opened,
    stored with ``rows``, the show's rows of the rounds (:mod:`.private`)."""
    live = _in_play(state)
    hand = live.hand.copy()
    assert isinstance(hand, PrivateHand), "a hand is shown by its rounds only in a private deal"
    hand.show(move.engine, cards)
    outcome = _played(state, live, hand, move, SHOW, None, at, now)
    assert outcome.effect is not None
    written = outcome.effect.request
    assert isinstance(written, Changes)
    written.private_rounds.extend(rows)
    return replace(outcome, news=_told(hand, odds=False))


def dealt_on(
    state: RunnerState, live: LiveHand, hand: Hand, at: AtPlay, now: float
) -> Outcome[RunnerState]:
    """``hand``, a copy of ``live``'s (the hand in play) after a step nobody chose (a redeal's
    gathering, which draws its deck), or as it stands (a run-out's street due, the cards a
    private deal's pass opened), dealt on as far as it goes at ``now``: the decks drawn are
    the change's rows, and no action is recorded."""
    played = dealer_steps(live, hand, at.pause, now, at.waits).played(hand, 0)
    changes = Changes(decks=live.decks())
    return Outcome(state.but(live=played), effect=Effect(changes), news=_told(hand))


def showdown_frame(
    live: LiveHand,
    seats: tuple[int, ...],
    choice: ShowdownChoice | None,
    default: str,
    now: float,
) -> dict[str, Any]:
    """The showdown frame of hand ``live``: the engine seats ``seats`` still to choose, the
    seconds its clock ``choice`` has left at ``now`` and the table's ``default``."""
    seconds = 0.0 if choice is None else max(0.0, choice.deadline - now)
    return ShowdownFrame(
        number=live.number,
        seats=[live.setup.lineup[engine] for engine in seats],
        seconds=round(seconds, 3),
        default="show" if default == "show" else "muck",
    ).frame()


def offer_frame(live: LiveHand, offer: TwiceOffer | None, now: float) -> dict[str, Any]:
    """The run-it-twice frame of hand ``live``: who is still to answer, who agreed, who
    declined (table seats), and the seconds its clock ``offer`` has left at ``now``."""
    seconds = 0.0 if offer is None else max(0.0, offer.deadline - now)
    lineup = live.setup.lineup
    answers = live.hand.run_twice_answers
    declined = [lineup[engine] for engine, agree in answers.items() if not agree]
    return RunTwiceFrame(
        number=live.number,
        seats=[lineup[engine] for engine in live.hand.to_agree_run_twice],
        agreed=sorted(lineup[engine] for engine, agree in answers.items() if agree),
        declined=declined[0] if declined else None,
        seconds=round(seconds, 3),
    ).frame()


def numbered(row: SeatState, seq: int | None, bank: float | None) -> SeatState:
    """``row`` with the number of the request a change carries out (``seq``) and the time bank
    it leaves (``bank``), each as it was when ``None``.

    >>> row = SeatState(2, "a", "Ann", "player", None, 100, False, 0, 30.0, 4, False)
    >>> new = numbered(row, 5, None)
    >>> (new.last_seq, new.time_bank, new.stack), row.last_seq
    ((5, 30.0, 100), 4)
    """
    # Made whole here, not by dataclasses.replace, which reads each field with a call of its
    # own: most actions carry a request's number (14 Python calls fewer each).
    return SeatState(
        row.seat,
        row.player_id,
        row.name,
        row.kind,
        row.token_hash,
        row.stack,
        row.sitting_out,
        row.missed_hands,
        row.time_bank if bank is None else bank,
        row.last_seq if seq is None else seq,
        row.leaving,
    )


def _told(hand: Hand, *, odds: bool = True, table: bool = False) -> tuple[Told, ...]:
    """The news of a change in ``hand`` (the copy it was played on): its new events, with the
    run-out's odds asked when ``odds``; then the table frame when ``table``, or when the
    change ends the hand (:func:`_ended`)."""
    played = PLAYED if odds else PLAYED_NO_ODDS
    return (played, TABLE) if table or hand.phase is Phase.OVER else (played,)


def _ended(hand: Hand) -> tuple[Told, ...]:
    """The table frame, when ``hand`` is over: the stacks the hand leaves."""
    return (TABLE,) if hand.phase is Phase.OVER else ()


PLAYED, PLAYED_NO_ODDS, TABLE = HandPlayed(), HandPlayed(odds=False), TableNews()
"""The news of a change in the hand, made once (a frozen value: every action tells them)."""


def _in_play(state: RunnerState) -> LiveHand:
    live = state.live
    assert live is not None, "a change in a hand is checked against the hand in play"
    return live


def _played(
    state: RunnerState,
    live: LiveHand,
    hand: Hand,
    move: Move,
    kind: str,
    amount: int | None,
    at: AtPlay,
    now: float,
    timed_out: bool = False,
) -> Outcome[RunnerState]:
    """``hand``, the copy of ``live``'s hand ``move``'s change of ``kind`` was played on, dealt
    on as far as it goes at ``now`` and stored as the hand's next action (``timed_out``: the
    clock acted for the seat). Its news is an action's (the other changes tell their own)."""
    played = dealer_steps(live, hand, at.pause, now, at.waits).played(hand, 1)
    record = ActionRecord(
        number=live.number,
        index=live.actions,
        seat=move.engine,
        kind=kind,
        amount=amount,
        source=move.source,
        seq=move.seq,
    )
    row = move.row
    if move.seq is not None or move.bank is not None:
        row = numbered(row, move.seq, move.bank)
    # The decks the dealer's steps drew (a redeal's) are stored with the change.
    changes = Changes(seats=[row], actions=[record], decks=live.decks())
    new = marked(
        state.but(live=played), row.seat, acted=move.source == "player", timed_out=timed_out
    )
    # An action's news: stacks change at the end of a hand, a time bank whenever it is drawn on.
    news = _told(hand, table=state.turn.bank != row.time_bank)
    return Outcome(new, effect=Effect(changes), news=news)
