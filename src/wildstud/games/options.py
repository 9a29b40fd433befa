"""House rules: a typed, frozen options object for each game.

Every option has a default (the one ``docs/house-rules.md`` and DESIGN.md give) and a short list
of allowed values. Options are built from a plain mapping of strings, integers and booleans, the
form record files and the server send, and turned back into one:

>>> options = FollowTheQueenOptions.from_mapping({"queens": "all", "pay_for_wild": 2})
>>> options.queens, options.pay_for_wild, options.final_queen
(<QueensRule.ALL: 'all'>, 2, <FinalQueen.NO_WILD: 'no-wild'>)
>>> options.changes()
{'queens': 'all', 'pay_for_wild': 2}
>>> FollowTheQueenOptions.from_mapping(options.to_mapping()) == options
True

Anything unknown or out of range is refused with an :class:`~wildstud.errors.OptionError` that
names the option and says what it allows:

>>> FollowTheQueenOptions.from_mapping({"queens": "some"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wildstud.errors.OptionError: option 'queens' of Follow the Queen cannot be 'some' (allowed: ...)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Self

from wildstud.betting import CompletionReraise, Limit, ShortAllIn
from wildstud.errors import OptionError
from wildstud.pots import OddChip
from wildstud.wilds import QueensRule

__all__ = [
    "AllInLowCard",
    "BabyDaddyOptions",
    "BurnCards",
    "CallName",
    "CommonOptions",
    "CompletionReraise",
    "FinalQueen",
    "FollowTheQueenOptions",
    "GameOptions",
    "Limit",
    "NoQueen",
    "OddChip",
    "OptionSpec",
    "OptionValue",
    "QueenOfSpades",
    "QueensRule",
    "SevenCardStudOptions",
    "ShortAllIn",
    "ShortStub",
    "SmackMyBitchUpOptions",
    "StudOptions",
    "TheBitchOptions",
]

OptionValue = str | int | bool
"""What an option looks like in a record file or a server message."""


class BurnCards(StrEnum):
    """Whether the dealer burns a card before each street."""

    NONE = "none"
    EACH_STREET = "each-street"


class ShortStub(StrEnum):
    """What the dealer does when the stub cannot give every live player a card on the last
    street (eight players in a seven-card game), once any burned cards are back in it."""

    COMMUNITY_CARD = "community-card"
    """One card face up in the centre counts as every live player's (Robert's Rules, the
    default)."""
    RESHUFFLE = "reshuffle"
    """The cards of the folded hands go back into the stub, and every player gets a card of
    their own (pokerkit's)."""


class AllInLowCard(StrEnum):
    """Who brings in when the lowest upcard has no chips left to bring in with (all in from the
    ante or a payment)."""

    NEXT_LOWEST_CARD = "next-lowest-card"
    """The lowest upcard among the players with chips (wildstud's rule, the default)."""
    NEXT_SEAT_LEFT = "next-seat-left"
    """The first player with chips to the left of the lowest upcard (the TDA's procedure)."""


class FinalQueen(StrEnum):
    """Follow the Queen: what happens when the last face-up card of the hand is a queen."""

    NO_WILD = "no-wild"
    CENTRE_CARD = "centre-card"


class NoQueen(StrEnum):
    """Follow the Queen: what happens when no queen is dealt face up."""

    PLAY_ON = "play-on"
    REDEAL_STILL_IN = "redeal-still-in"
    REDEAL_EVERYONE = "redeal-everyone"


class QueenOfSpades(StrEnum):
    """The Bitch: what the queen of spades in the hole earns."""

    SPLIT = "split"
    WILD = "wild"


class CallName(StrEnum):
    """Smack My Bitch Up: the name the table calls when a king cancels the wild cards."""

    SMACK_MY_BITCH_UP = "smack-my-bitch-up"
    PIMP_DADDY = "pimp-daddy"

    @property
    def called(self) -> str:
        """The name as it is called: ``Smack My Bitch Up`` or ``Pimp Daddy``."""
        return "Smack My Bitch Up" if self is CallName.SMACK_MY_BITCH_UP else "Pimp Daddy"


_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """What one option means and which values it takes (kept in the dataclass field's metadata).

    ``kind`` is ``bool``, ``int`` (at least ``minimum``, or one of ``choices``), ``choice`` (a
    value of ``enum``) or ``cap`` (a whole number, or ``none``).

    >>> FollowTheQueenOptions.specs()["final_queen"].allowed()
    'no-wild, centre-card'
    """

    kind: str
    help: str
    enum: type[StrEnum] | None = None
    minimum: int = 0
    choices: tuple[int, ...] = ()

    def allowed(self) -> str:
        """The values the option takes, in words."""
        if self.kind == "bool":
            return "true, false"
        if self.enum is not None:
            return ", ".join(member.value for member in self.enum)
        if self.choices:
            return ", ".join(map(str, self.choices))
        if self.kind == "cap":
            return f"an integer from {self.minimum} up, or none"
        return f"an integer from {self.minimum} up"

    def read(self, value: object) -> object:
        """The option's value read from ``value``, or ``None`` where it cannot be read (a cap
        of "none" comes back as a marker, told apart from that ``None``)."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                return value.strip().lower() in _TRUE
            return None
        if self.enum is not None:
            if isinstance(value, self.enum):
                return value
            if isinstance(value, str):
                text = value.strip().lower().replace("_", "-").replace(" ", "-")
                for member in self.enum:
                    if member.value == text:
                        return member
            return None
        if self.kind == "cap" and (value is None or (isinstance(value, str) and _is_none(value))):
            return _NO_CAP
        number = _read_int(value)
        if number is None or number < self.minimum:
            return None
        if self.choices and number not in self.choices:
            return None
        return number


def _is_none(text: str) -> bool:
    return text.strip().lower() in {"none", "no-cap", "no cap", "unlimited"}


def _read_int(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value.strip())
    return None


class _NoCap:
    """Marks a raise cap read as "none" (a plain ``None`` means "unreadable")."""


_NO_CAP = _NoCap()


def _spec(kind: str, help: str, **spec: Any) -> dict[str, OptionSpec]:
    return {"spec": OptionSpec(kind, help, **spec)}


@dataclass(frozen=True, slots=True, kw_only=True)
class CommonOptions:
    """The house rules every game shares: stakes, betting structure, hand ranking, burn cards.

    >>> CommonOptions(limit="pot-limit").limit
    <Limit.POT: 'pot-limit'>
    """

    GAME_TITLE: ClassVar[str] = "every game"
    NOT_OFFERED: ClassVar[frozenset[str]] = frozenset()
    """Options of a parent class that this game does not offer: they keep their defaults, are
    refused when set, and are left out of its names, specs and mappings."""

    limit: Limit = field(
        default=Limit.FIXED, metadata=_spec("choice", "the betting structure", enum=Limit)
    )
    ante: int = field(default=1, metadata=_spec("int", "chips each player antes before the deal"))
    small_bet: int = field(
        default=5,
        metadata=_spec(
            "int",
            "the small bet (fixed limit), else the least a bet may be",
            minimum=1,
        ),
    )
    big_bet: int = field(
        default=10,
        metadata=_spec(
            "int",
            "fixed limit: the big bet; spread limit: the most a bet or raise may be",
            minimum=1,
        ),
    )
    raise_cap: int | None = field(
        default=3, metadata=_spec("cap", "raises allowed after the bet in one round (none: no cap)")
    )
    cap_heads_up: bool = field(
        default=False,
        metadata=_spec(
            "bool", "the raise cap binds heads-up too (by default it lifts with two players left)"
        ),
    )
    short_all_in: ShortAllIn = field(
        default=ShortAllIn.HALF_REOPENS,
        metadata=_spec(
            "choice",
            "an all-in short of a full raise: half a bet or more reopens in limit (Robert's"
            " Rules), or only a raise as big as the street's largest does (pokerkit's)",
            enum=ShortAllIn,
        ),
    )
    open_pair: bool = field(
        default=True,
        metadata=_spec("bool", "an open pair on fourth street lets any player bet the big bet"),
    )
    five_of_a_kind_top: bool = field(
        default=True,
        metadata=_spec(
            "bool", "five of a kind beats a straight flush (otherwise it ranks just below one)"
        ),
    )
    double_ace_flush: bool = field(
        default=False,
        metadata=_spec(
            "bool", "a wild card in a flush may stand for an ace the hand already holds"
        ),
    )
    natural_beats_wild: bool = field(
        default=False,
        metadata=_spec("bool", "between equal hands, one made without wild cards wins"),
    )
    odd_chip: OddChip = field(
        default=OddChip.HIGH_CARD,
        metadata=_spec(
            "choice",
            "the odd chips of a tie: one each by highest card by suit, or all to the tied"
            " hand nearest the dealer's left (pokerkit's)",
            enum=OddChip,
        ),
    )
    burn_cards: BurnCards = field(
        default=BurnCards.NONE,
        metadata=_spec("choice", "burn a card before each street", enum=BurnCards),
    )
    short_stub: ShortStub = field(
        default=ShortStub.COMMUNITY_CARD,
        metadata=_spec(
            "choice",
            "a stub too short for the last street: one community card for every player, or the"
            " folded hands' cards shuffled back in for a card each (pokerkit's)",
            enum=ShortStub,
        ),
    )
    ante_trimming: bool = field(
        default=True,
        metadata=_spec(
            "bool",
            "a player all in for less than the ante wins only as much of each ante as it put"
            " in (off: it can win every ante, pokerkit's default)",
        ),
    )
    free_fold: bool = field(
        default=False,
        metadata=_spec(
            "bool",
            "a player may fold when checking is free (off: such a fold is refused, check"
            " instead; the server's tables turn it on)",
        ),
    )
    all_in_turn_up: bool = field(
        default=False,
        metadata=_spec(
            "bool",
            "once no more betting can come (every hand still in but one all in), the hands"
            " still in are turned face up for everyone (the server's tables turn it on)",
        ),
    )
    run_twice: bool = field(
        default=False,
        metadata=_spec(
            "bool",
            "once the hands all in are turned up, the cards still to come may be dealt twice,"
            " each run for half of every pot, when every hand still in agrees (the server's"
            " tables offer it)",
        ),
    )

    def __post_init__(self) -> None:
        for item in dataclasses.fields(self):
            spec: OptionSpec = item.metadata["spec"]
            raw = getattr(self, item.name)
            if item.name in self.NOT_OFFERED and raw != item.default:
                raise OptionError(
                    f"{self.GAME_TITLE} has no option {item.name!r}"
                    f" (options: {', '.join(self.option_names())})"
                )
            value = spec.read(raw)
            if value is None:
                raise OptionError(
                    f"option {item.name!r} of {self.GAME_TITLE} cannot be {_show(raw)}"
                    f" (allowed: {spec.allowed()})"
                )
            object.__setattr__(self, item.name, None if value is _NO_CAP else value)
        self._check()

    def _check(self) -> None:
        if self.small_bet > self.big_bet:
            raise OptionError(
                f"option 'small_bet' ({self.small_bet}) of {self.GAME_TITLE} cannot exceed"
                f" 'big_bet' ({self.big_bet})"
            )

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """The names of this game's options, in order.

        >>> TheBitchOptions.option_names()[-2:]
        ('queen_of_spades', 'reante_on_redeal')
        """
        return tuple(item.name for item in cls._offered())

    @classmethod
    def specs(cls) -> dict[str, OptionSpec]:
        """Each option's :class:`OptionSpec`, in order (for help texts and forms)."""
        return {item.name: item.metadata["spec"] for item in cls._offered()}

    @classmethod
    def _offered(cls) -> tuple[dataclasses.Field[Any], ...]:
        return tuple(item for item in dataclasses.fields(cls) if item.name not in cls.NOT_OFFERED)

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, object] | None = None) -> Self:
        """Options from a plain mapping; missing names take their defaults.

        Names may be written with hyphens (``final-queen``) or underscores.

        >>> BabyDaddyOptions.from_mapping({"cards": "5"}).cards
        5
        >>> BabyDaddyOptions.from_mapping({"queens": "all"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        wildstud.errors.OptionError: Who Da Baby Daddy Is has no option 'queens' (options: ...)
        """
        names = cls.option_names()
        values: dict[str, Any] = {}
        for key, value in (mapping or {}).items():
            name = key.strip().replace("-", "_") if isinstance(key, str) else key
            if name not in names:
                raise OptionError(
                    f"{cls.GAME_TITLE} has no option {key!r} (options: {', '.join(names)})"
                )
            values[name] = value
        return cls(**values)

    def to_mapping(self) -> dict[str, OptionValue]:
        """Every option as a plain string, integer or boolean (a cap of ``None`` is ``"none"``)."""
        result: dict[str, OptionValue] = {}
        for item in self._offered():
            result[item.name] = _plain(getattr(self, item.name))
        return result

    def changes(self) -> dict[str, OptionValue]:
        """Only the options that differ from the defaults, as plain values."""
        defaults = type(self)().to_mapping()
        return {name: value for name, value in self.to_mapping().items() if defaults[name] != value}


def _plain(value: object) -> OptionValue:
    if value is None:
        return "none"
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, bool | int | str):
        return value
    raise TypeError(f"not a plain option value: {value!r}")  # pragma: no cover


def _show(value: object) -> str:
    return repr(value.value) if isinstance(value, StrEnum) else repr(value)


@dataclass(frozen=True, slots=True, kw_only=True)
class StudOptions(CommonOptions):
    """Options of the seven-card games with an upcard on third street (a bring-in exists)."""

    bring_in: int = field(
        default=2,
        metadata=_spec(
            "int", "the forced bet of the lowest upcard on third street (0: no bring-in)"
        ),
    )
    all_in_low_card: AllInLowCard = field(
        default=AllInLowCard.NEXT_LOWEST_CARD,
        metadata=_spec(
            "choice",
            "who brings in when the lowest upcard is all in: the next lowest upcard, or the next"
            " player to its left",
            enum=AllInLowCard,
        ),
    )
    completion_reraise: CompletionReraise = field(
        default=CompletionReraise.OVER_BRING_IN,
        metadata=_spec(
            "choice",
            "pot and no limit: the least raise over a completed bring-in adds what the"
            " completion added over the bring-in, or the whole completion",
            enum=CompletionReraise,
        ),
    )

    def _check(self) -> None:
        CommonOptions._check(self)
        if self.bring_in > self.small_bet:
            raise OptionError(
                f"option 'bring_in' ({self.bring_in}) of {self.GAME_TITLE} cannot exceed"
                f" 'small_bet' ({self.small_bet})"
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class FollowTheQueenOptions(StudOptions):
    """Follow the Queen's house rules.

    >>> FollowTheQueenOptions().queens
    <QueensRule.NATURAL: 'natural'>
    """

    GAME_TITLE: ClassVar[str] = "Follow the Queen"

    queens: QueensRule = field(
        default=QueensRule.NATURAL,
        metadata=_spec("choice", "which queens are wild themselves", enum=QueensRule),
    )
    final_queen: FinalQueen = field(
        default=FinalQueen.NO_WILD,
        metadata=_spec(
            "choice",
            "when the last face-up card is a queen: nothing wild, or one card to the centre",
            enum=FinalQueen,
        ),
    )
    no_queen: NoQueen = field(
        default=NoQueen.PLAY_ON,
        metadata=_spec(
            "choice",
            "when no queen shows: play on without wild cards, or carry the pot to a new deal",
            enum=NoQueen,
        ),
    )
    pay_for_wild: int = field(
        default=0,
        metadata=_spec(
            "int",
            "chips a player pays to the pot for an upcard that is wild when it lands (0: off)",
        ),
    )
    extra_antes: bool = field(
        default=False,
        metadata=_spec(
            "bool", "an ante for each wild upcard or upcard turning wild, two for a face-up queen"
        ),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class SmackMyBitchUpOptions(StudOptions):
    """Smack My Bitch Up's house rules (the call's name among them).

    >>> SmackMyBitchUpOptions(name="pimp-daddy").name.called
    'Pimp Daddy'
    """

    GAME_TITLE: ClassVar[str] = "Smack My Bitch Up"

    pay_for_wild: int = field(
        default=0,
        metadata=_spec(
            "int",
            "chips a player pays to the pot for an upcard that is wild when it lands (0: off)",
        ),
    )
    name: CallName = field(
        default=CallName.SMACK_MY_BITCH_UP,
        metadata=_spec(
            "choice", "the name called when a king cancels the wild cards", enum=CallName
        ),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class BabyDaddyOptions(CommonOptions):
    """Who Da Baby Daddy Is: five or seven cards (no bring-in: nothing is up on the first round).

    >>> BabyDaddyOptions(cards=6)
    Traceback (most recent call last):
    ...
    wildstud.errors.OptionError: option 'cards' of Who Da Baby Daddy Is cannot be 6 (allowed: 5, 7)
    """

    GAME_TITLE: ClassVar[str] = "Who Da Baby Daddy Is"

    cards: int = field(
        default=7, metadata=_spec("int", "five-card or seven-card game", choices=(5, 7))
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class TheBitchOptions(StudOptions):
    """The Bitch's house rules.

    >>> TheBitchOptions(queen_of_spades="wild", reante_on_redeal="yes").changes()
    {'queen_of_spades': 'wild', 'reante_on_redeal': True}
    """

    GAME_TITLE: ClassVar[str] = "The Bitch"
    # A face-up queen of spades stops the deal: a run that deals one would need a redeal of
    # its own, and the other run none, so the runs would not share their pots' shape
    # (docs/house-rules.md, "Run it twice").
    NOT_OFFERED: ClassVar[frozenset[str]] = frozenset({"run_twice"})

    queen_of_spades: QueenOfSpades = field(
        default=QueenOfSpades.SPLIT,
        metadata=_spec(
            "choice",
            "the queen of spades in the hole takes half the pot, or is wild instead",
            enum=QueenOfSpades,
        ),
    )
    reante_on_redeal: bool = field(
        default=False, metadata=_spec("bool", "everyone in a new deal after a redeal antes again")
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class SevenCardStudOptions(StudOptions):
    """Plain seven-card stud: the stud options, less the three that only rank wild cards.

    >>> SevenCardStudOptions.option_names()[-3:]
    ('bring_in', 'all_in_low_card', 'completion_reraise')
    >>> SevenCardStudOptions.from_mapping({"natural_beats_wild": True})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wildstud.errors.OptionError: Seven-Card Stud has no option 'natural_beats_wild' (options: ...)
    """

    GAME_TITLE: ClassVar[str] = "Seven-Card Stud"
    # With no wild card there is no five of a kind, no wild card in a flush and no hand that is
    # not natural: these rules would change nothing, so the game does not offer them.
    NOT_OFFERED: ClassVar[frozenset[str]] = frozenset(
        {"five_of_a_kind_top", "double_ace_flush", "natural_beats_wild"}
    )


GameOptions = (
    FollowTheQueenOptions
    | SmackMyBitchUpOptions
    | BabyDaddyOptions
    | TheBitchOptions
    | SevenCardStudOptions
)
"""The options object of any game."""
