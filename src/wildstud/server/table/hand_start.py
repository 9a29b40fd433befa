"""A hand's deal, as the hand runner (:mod:`.driver`) stores it: who is dealt in, the game, the
button, the hand's setup and its first deck, the table's row, the chooser's request, all in the
change that deals it.

:func:`start_hand` is pure: a function of the runner's state and what it needs of the table as
it stands (:class:`AtDeal`: the seats, their rows, the menu, already the tournament level's at
a tournament, the table's row, the chooser's row, the players' shuffle of the hand as it stands,
and the hand maker, a plain callable: the shuffle's deck book or the private deal's hand), with
no table, store or clock in it. Its outcome is the runner's state with the hand dealt (or,
when no hand is dealt now, the dealer's choice over), the rows the deal writes, and what the
other parts do as a hand is dealt as follow-up commands: a tournament's desk counts the hand in
its level (:class:`~.desk.HandDealt`), a private deal starts afresh
(:class:`~.core.NewHand`), and the players' shuffle forgets a round that leaves too
few players (:class:`~.shuffle_requests.DropRound`). The driver folds them all into the change
that deals the hand (:meth:`.actor.Actor.fold_outcome`), and a hand over at once ends in the
same change (:func:`.hand_end.then_ended`). What the table is told of it stays the driver's
(the table frame, the hand's frames).

The players' shuffle's round of the hand :func:`pick` names (the seats dealt in, the game, the
seat asked) is the deal's follow-up too (:class:`~.shuffle_requests.Open`, made by the driver),
its rows and the night seed stored in the change that deals, or, while the round goes on, that
takes the chooser's request and ends the dealer's choice: the hand is dealt from the round once
it is over, unless it asks no page (then it is over at once, and the hand dealt now).

>>> from wildstud.server.menu import Menu
>>> from wildstud.server.replay import DeckBook, start_hand as deal_from
>>> from wildstud.server.store import TableState
>>> from wildstud.server.table.button import Seats, Sitter
>>> rows = {index: SeatState(index, player, name, "player", None, 100, False, 0, 30.0, 0, False)
...         for index, player, name in ((0, "a", "Ann"), (2, "b", "Bo"))}
>>> def deck(setup):
...     book = DeckBook()
...     return book, deal_from(setup, book, to_redeal=True, hold_showdown=True)
>>> at = AtDeal(
...     entry=None, chooser=None, chose=None,
...     seats=Seats((Sitter(0, "a"), Sitter(2, "b"))), rows=rows,
...     menu=Menu.build([{"game": "FTQ"}], {}),
...     row=TableState("t", "x", "h", "j", "w", {}, "running", None, 0, None),
...     deck=deck, pause=0.0)
>>> dealt = start_hand(RunnerState(None, 0, None), at, 10.0)
>>> dealt.state.hands_dealt, dealt.state.live.setup.game, dealt.state.button
(1, 'follow-the-queen', 0)
>>> changes = dealt.effect.request
>>> changes.table.hands_dealt, changes.hand.lineup, [deck.deal for deck in changes.decks]
(1, (0, 2), [1])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from wildstud.server.store import Changes, HandSetup, SeatState, TableState
from wildstud.server.table.button import Seats, dealer_for, game_for
from wildstud.server.table.core import Command, Effect, HandPlayed, NewHand, Outcome, TableNews
from wildstud.server.table.desk import HandDealt
from wildstud.server.table.hand_play import dealer_steps, never
from wildstud.server.table.live import LiveHand
from wildstud.server.table.runner import RunnerState
from wildstud.server.table.shuffle_requests import DropRound, Open

if TYPE_CHECKING:
    from wildstud.deal import Hand
    from wildstud.server.menu import Menu
    from wildstud.server.replay import DeckBook

__all__ = ["AtDeal", "NewDeck", "Pick", "pick", "start_hand"]

NewDeck = Callable[[HandSetup], "tuple[DeckBook, Hand]"]
"""How a hand is made from its setup: its book of decks and the engine's hand (dealt from the
book's first deck, or, under a private deal, a hand whose rounds open its cards)."""


@dataclass(frozen=True, slots=True)
class AtDeal:
    """What a hand's deal needs of the table outside the runner's state, as it stands (made by
    the driver as the deal's command comes, :meth:`.driver.Driver.made`)."""

    entry: int | None
    """The game asked for (``None``: the default pick)."""
    chooser: SeatState | None
    """The row of the seat that chose the game, with the number of its request (written with
    the change, whether a hand is dealt or not: the request is taken)."""
    chose: int | None
    """The seat that chose the game before the players' shuffle: it deals, if still dealt in."""
    seats: Seats
    """The seats, as the button's round sees them."""
    rows: Mapping[int, SeatState]
    """Each seat's row (the names, stacks and players the hand is dealt to)."""
    menu: Menu
    """The menu the hand is dealt from: the table's, at a tournament its level's stakes."""
    row: TableState
    """The table's row as it stands; the deal writes its button, hands dealt and last game."""
    deck: NewDeck
    """How the hand is made (the players' shuffle's decks, or a private deal's rounds)."""
    pause: float
    """The pause before each street of an all-in run-out (the table's ``runout_pause``)."""
    waits: Callable[[Hand], bool] = never
    """Whether a private deal's next cards are not opened yet (:func:`.hand_play.dealer_steps`)."""
    tournament: bool = False
    """Whether the table is a tournament's (its desk counts the hand in its level)."""
    private: bool = False
    """Whether the table deals privately (the deal's rounds start afresh with the hand)."""
    dealer: Any = None
    """A private deal's dealer policy, fresh, that :attr:`deck` makes the hand with: the
    private deal takes it once the deal is stored (:class:`~.core.NewHand`)."""
    opening: Open | None = None
    """The players' shuffle's round asked for the hand's first deal, when it is neither over
    nor going on (:class:`~.shuffle_requests.Open`, the night seed drawn with it when the
    night has none): the deal's follow-up, folded into its change."""
    shuffling: bool = False
    """Whether the players' shuffle of the hand's first deal goes on (opened now, or before):
    no hand now."""
    left_out: frozenset[int] = frozenset()
    """The seats whose page gave the players' shuffle no value: they sit the hand out."""


@dataclass(frozen=True, slots=True)
class Pick:
    """The hand a deal would deal: its number, the seats dealt in, the game, and the seat that
    was asked for the game (``None``: nobody)."""

    number: int
    lineup: tuple[int, ...]
    entry: int
    asked: int | None


def pick(state: RunnerState, at: AtDeal) -> Pick | None:
    """The hand the runner as ``state`` stands would deal with ``at`` (before the players'
    shuffle leaves anyone out); ``None``: none now (fewer than two players, or no game fits)."""
    lineup = at.seats.lineup()
    entry = game_for(at.menu, at.entry, len(lineup), state.last_entry)
    if len(lineup) < 2 or entry is None:
        return None
    asked = at.chose if state.choosing is None else state.choosing.button
    return Pick(state.hands_dealt + 1, lineup, entry, asked)


def start_hand(state: RunnerState, at: AtDeal, now: float) -> Outcome[RunnerState]:
    """The next hand dealt at ``now``, the runner as ``state`` stands and the table as ``at``
    says: its outcome is the runner's state with the hand in play (the dealer's steps taken as
    far as they go: :func:`.hand_play.dealer_steps`), the change's rows and the other parts'
    follow-ups (see the module's description). No hand is dealt when fewer than two players are
    dealt in, no game fits them, or the players' shuffle is still going on (or left too few):
    the dealer's choice is over all the same, and the chooser's request taken."""
    picked = pick(state, at)
    state = state.but(choosing=None)
    changes = Changes(seats=[] if at.chooser is None else [at.chooser])
    told = (TableNews(),)  # the dealer's choice over (and the hand, when one is dealt)
    follow: list[Command] = [] if at.opening is None else [at.opening]
    if picked is None or at.shuffling:
        return Outcome(state, effect=Effect(changes), news=told, follow=tuple(follow))
    number = picked.number
    lineup = tuple(index for index in picked.lineup if index not in at.left_out)
    if len(lineup) < 2:  # nobody to play: the round is forgotten, so the next try is afresh
        dropped = (DropRound(number, 1),)
        return Outcome(state, effect=Effect(changes), news=told, follow=dropped)
    button = dealer_for(at.seats, lineup, state.button, state.dealt_last, picked.asked)
    item = at.menu.items[picked.entry]
    rows = at.rows
    setup = HandSetup(
        number=number,
        entry=picked.entry,
        game=item.game.name,
        options=dict(item.options.to_mapping()),
        lineup=lineup,
        names=tuple(rows[index].name for index in lineup),
        dealer=lineup.index(button),
        stacks=tuple(rows[index].stack for index in lineup),
        player_ids=tuple(rows[index].player_id for index in lineup),
    )
    book, hand = at.deck(setup)
    dealt = dealer_steps(LiveHand(setup, book, hand, 0), hand, at.pause, now, at.waits)
    decks = dealt.decks()
    new = state.but(
        live=dealt.played(hand, 0),
        last_hand=None,
        button=button,
        hands_dealt=number,
        last_entry=picked.entry,
        dealt_last={index: rows[index].player_id for index in lineup},
        acted=frozenset(),
        timed_out=frozenset(),
    )
    row = replace(at.row, button=button, hands_dealt=number, last_entry=picked.entry)
    changes.table, changes.hand, changes.decks = row, setup, decks
    if at.tournament:  # the hand counts in its level (its stakes are those of ``at.menu``)
        follow.append(HandDealt(now))
    if at.private:
        follow.append(NewHand(number, at.dealer))
    return Outcome(new, effect=Effect(changes), news=(*told, HandPlayed()), follow=tuple(follow))
