"""Stud betting: the stakes, the legal actions of the seat to act, and one street's betting round.

A :class:`BettingRound` runs the betting of one street. The hand engine tells it who is still in
(in acting order), how many chips each seat has behind, whether the first seat must bring in,
whether bets are big bets this street, whether fourth street shows an open pair, and how much is
already in the pot. Antes are the engine's business and never pass through here.

Amounts are *to* amounts, as in the PHH ``cbr`` action: the seat's total in front of it on this
street after acting. A round answers three questions about an action, in the style of
``verify_x`` / ``can_x`` / ``x``: :meth:`BettingRound.verify` raises
:class:`~wildstud.errors.IllegalActionError` naming what is wrong, :meth:`BettingRound.can`
answers yes or no, and :meth:`BettingRound.apply` verifies first and only then moves chips, so
a refused action leaves the round exactly as it was. Messages name seats the PHH way: seat 0 is
``p1``.

The rules in force (DESIGN.md's defaults, with Robert's Rules of Poker where those are silent):

- A seat facing no bet checks or bets; facing a bet it folds, calls or raises. A call for more
  than the stack is an all-in call for the stack.
- The bring-in seat brings in or completes; after a bring-in the others fold, call it, or
  complete to a full bet, and the completion is the bet. When all just call, the bring-in seat
  gets no option.
- Fixed limit: every bet and raise is one small bet, or one big bet from fifth street. With an
  open pair on fourth street it may be either, and once a big one is in, raises are big.
- Spread limit: a bet or raise of ``small_bet`` up to ``big_bet``, and a raise at least as big
  as the last one. Pot limit: at most the pot after the call. No limit: up to the stack. In both
  the least bet is ``small_bet`` and a raise at least the last full bet or raise; a completion
  of the bring-in counts as a raise of what it added over the bring-in (see
  :class:`CompletionReraise` for the alternative).
- A seat may bet, complete or raise only if some other player still in could answer it: one
  with more chips, in front and behind, than the bet already made. When every other player is
  all in, or can only call the bet already made (all in for it or for less), the seat may only
  call or fold (check, facing nothing), as pokerkit rules too.
- Fixed and spread limit allow a bet and ``raise_cap`` raises, but (Robert's Rules) only while
  three or more players who are not all in contest the pot; a cap reached stays reached.
- An all-in short of a full bet: in fixed and spread limit, one that raises by half the least
  raise or more counts as a full raise, and raises over a smaller one are sized from the last
  full bet (completing it); in pot and no limit a raise still has to add a full raise. A seat
  that has acted may raise again only if what it faces has gone up by a (half-)full raise since,
  so several small all-ins can add up to reopen the betting. :class:`ShortAllIn` names the
  alternative, pokerkit's rule.

Third street at the default 5/10 fixed limit with a bring-in of 2:

>>> rnd = BettingRound(Stakes(), order=[2, 0, 1], stacks={0: 100, 1: 100, 2: 100},
...                    street_index=0, big_bet=False, bring_in=True, open_pair=False, pot=3)
>>> [str(option) for option in rnd.options()]
['bring-in to 2', 'complete to 5']
>>> rnd.apply(ActionKind.BRING_IN).added
2
>>> [str(option) for option in rnd.options()]
['fold', 'call to 2', 'complete to 5']
>>> rnd.apply(ActionKind.COMPLETE).to_amount
5
>>> rnd.apply(ActionKind.RAISE).to_amount
10
>>> rnd.verify(ActionKind.CHECK)
Traceback (most recent call last):
...
wildstud.errors.IllegalActionError: p3 cannot check: 8 to call
>>> _ = rnd.apply(ActionKind.FOLD); _ = rnd.apply(ActionKind.CALL)
>>> rnd.done, dict(rnd.committed), sorted(rnd.folded)
(True, {2: 2, 0: 10, 1: 10}, [2])

The package's modules, each with one concern: :mod:`.stakes` (the structure and the kinds of
action), :mod:`.actions` (options offered and actions applied), :mod:`.opening` (the bring-in),
:mod:`.sizing` (how big a wager may be under each limit), :mod:`.reopening` (the
``short_all_in`` house rule, one class per choice) and :mod:`.round` (the round itself). Every
public name is importable from here, as it was when the betting was one module.
"""

from __future__ import annotations

from wildstud.betting.actions import ActionOption, Applied
from wildstud.betting.round import BettingRound
from wildstud.betting.stakes import ActionKind, CompletionReraise, Limit, ShortAllIn, Stakes

__all__ = [
    "ActionKind",
    "ActionOption",
    "Applied",
    "BettingRound",
    "CompletionReraise",
    "Limit",
    "ShortAllIn",
    "Stakes",
]
