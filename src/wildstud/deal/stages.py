"""Where a deal stands, and the chance steps: what the dealer deals next.

A deal moves through :class:`Stage` values: the antes, the cards of each street (a burn first
where the house burns, one card at a time round the table), a community or centre card, the
betting, a redeal, the showdown. The four stages that take a card from the stub are chance
steps, as OpenSpiel calls them: :meth:`~wildstud.deal.Hand.chance` says which one is due as a
:class:`Chance`, and :meth:`~wildstud.deal.Hand.deal` applies it with the card the caller
chose (a dealer policy, :mod:`wildstud.deal.dealers`, or a record's cards).

>>> Chance(Stage.CARD, deal=1, street=0, seat=2, up=True)
Chance(kind=<Stage.CARD: 'card'>, deal=1, street=0, seat=2, up=True)
>>> [stage.value for stage in Stage if stage.chance]
['burn', 'card', 'community', 'centre']
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from enum import StrEnum

__all__ = ["Chance", "Stage"]


class Stage(StrEnum):
    """Where a deal stands: what the next move does (see the table in :mod:`wildstud.deal.state`).

    Every stage but :attr:`BETTING` and :attr:`OVER` is the dealer's; :attr:`BURN`, :attr:`CARD`,
    :attr:`COMMUNITY` and :attr:`CENTRE` are chance steps, which take a card from the stub.
    """

    ANTES = "antes"
    RESHUFFLE = "reshuffle"
    """The stub is short: the burned cards go back into it."""
    BURN = "burn"
    CARD = "card"
    """One card to a seat, face up or down."""
    COMMUNITY = "community"
    """A short stub: one card, face up in the middle, every live player's last card."""
    CENTRE = "centre"
    """Follow the Queen's house rule: a last face-up queen is followed by a card in the centre."""
    BETTING = "betting"
    """A player must act."""
    REDEAL = "redeal"
    """The deal stopped: its cards are gathered under the stub and the deal starts again (a
    chance step that takes no card: :meth:`~wildstud.deal.Hand.chance` announces it)."""
    SHOWDOWN = "showdown"
    UNCONTESTED = "uncontested"
    """One hand is left: it takes the pots unshown."""
    OVER = "over"

    @property
    def chance(self) -> bool:
        """Whether this stage deals a card from the stub (a chance step)."""
        return self in _CHANCE


_CHANCE = frozenset({Stage.BURN, Stage.CARD, Stage.COMMUNITY, Stage.CENTRE})


def __getattr__(name: str) -> object:
    """``DealerStep``, the old name of :class:`Stage` that the deprecated
    :attr:`~wildstud.deal.Hand.next_step` gave its kinds in, is deprecated: use :class:`Stage`.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     from wildstud.deal.stages import DealerStep
    >>> DealerStep is Stage, caught[0].category.__name__
    (True, 'DeprecationWarning')
    """
    if name == "DealerStep":
        warnings.warn(
            "DealerStep is deprecated: use Stage, the same enum", DeprecationWarning, stacklevel=2
        )
        return Stage
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True, slots=True)
class Chance:
    """The card the dealer deals next: a chance step of the hand.

    ``kind`` is :attr:`Stage.BURN`, :attr:`Stage.CARD`, :attr:`Stage.COMMUNITY` or
    :attr:`Stage.CENTRE`, which take a card, or :attr:`Stage.REDEAL`, the gathering of a deal
    that stopped, which takes none; ``deal`` the deal it belongs to (1, then one more after each
    redeal, whose gathering starts a fresh stub); ``street`` the index of the street being dealt;
    ``seat`` the seat a card goes to (``None`` for a burn, the community and the centre card);
    ``up`` whether it lands face up (the community and the centre card do, a burn never).
    Any card of the stub (:attr:`~wildstud.deal.Hand.stub_cards`) is a possible outcome.

    >>> Chance(Stage.REDEAL, deal=1, street=2).takes_card
    False
    """

    kind: Stage
    deal: int
    street: int
    seat: int | None = None
    up: bool = False

    @property
    def takes_card(self) -> bool:
        """Whether :meth:`~wildstud.deal.Hand.deal` takes this step with a card (every kind
        but a redeal's gathering, which :meth:`~wildstud.deal.Hand.step` carries out)."""
        return self.kind is not Stage.REDEAL
