"""The games as data: streets, the wild rule, what stops a deal, how a pot is divided.

A :class:`Game` is a family of rules with a typed options class; :meth:`Game.rules` applies the
house rules and returns :class:`Rules`, everything the deal needs, with nothing left to decide.

>>> from wildstud.games.registry import find_game
>>> rules = find_game("BD5").rules()
>>> [street.name for street in rules.streets]
['second street', 'third street', 'fourth street', 'fifth street']
>>> rules.streets[-1].betting, rules.max_players
(False, 10)
>>> find_game("the-bitch").rules({"queen_of_spades": "wild"}).wild_rule
QueenOfSpadesInHole()
>>> stud = find_game("F7S").rules()
>>> stud.wild_rule, stud.redeal_card, stud.streets[0].opener
(NoWilds(), None, <Opener.LOW_CARD: 'low-card'>)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from wildstud.cards import QUEEN_OF_SPADES, Card
from wildstud.errors import OptionError
from wildstud.games.options import (
    BabyDaddyOptions,
    FinalQueen,
    FollowTheQueenOptions,
    GameOptions,
    NoQueen,
    OptionValue,
    QueenOfSpades,
    SevenCardStudOptions,
    SmackMyBitchUpOptions,
    TheBitchOptions,
)
from wildstud.wilds import (
    BabyDaddy,
    FollowTheQueen,
    NoWilds,
    QueenOfSpadesInHole,
    SmackMyBitchUp,
    WildRule,
)

__all__ = ["Game", "Opener", "Rules", "Street"]


class Opener(StrEnum):
    """Who acts first in a street's betting round."""

    LOW_CARD = "low-card"
    """The lowest upcard by natural rank, ties by suit: the bring-in where there is one."""
    HIGH_BOARD = "high-board"
    """The best hand showing, wild cards counted; ties to the first from the dealer's left."""
    DEALERS_LEFT = "dealers-left"
    """The first player still in from the dealer's left (nothing is showing)."""


@dataclass(frozen=True, slots=True)
class Street:
    """One street: the cards each player still in gets, then (maybe) a betting round."""

    name: str
    cards: tuple[bool, ...]
    """Face up (``True``) or down for each card a player gets, in dealing order."""
    betting: bool
    big_bet: bool = False
    opener: Opener = Opener.HIGH_BOARD
    open_pair: bool = False
    """An open pair showing lets any player bet the big bet (when that house rule is on)."""

    @property
    def face_up(self) -> bool:
        """Whether any card of the street is dealt face up."""
        return any(self.cards)


@dataclass(frozen=True, slots=True)
class Rules:
    """A game with its house rules applied: all that :mod:`wildstud.deal` needs to know."""

    game: Game
    options: GameOptions
    code: str
    streets: tuple[Street, ...]
    wild_rule: WildRule
    min_players: int
    max_players: int
    redeal_card: Card | None = None
    """A card that stops the deal when it is dealt face up (The Bitch's queen of spades)."""
    reante_on_redeal: bool = False
    no_queen: NoQueen = NoQueen.PLAY_ON
    centre_card: bool = False
    """After a last face-up queen, one card goes face up to the centre and sets the wild rank."""
    pay_for_wild: int = 0
    extra_antes: bool = False
    special_card: Card | None = None
    """The live hand holding this card face down takes half of each pot it can win."""
    call: str | None = None
    """What the table calls out when a king cancels the wild cards."""
    last_face_up_street: int = field(init=False, repr=False, compare=False)
    """The index of the last street that deals a card face up (worked out once: every hand
    asks for it)."""

    def __post_init__(self) -> None:
        last = max(index for index, street in enumerate(self.streets) if street.face_up)
        object.__setattr__(self, "last_face_up_street", last)

    @property
    def title(self) -> str:
        """The game's name, as the table calls it."""
        return self.call or self.game.title


def _seven_card_streets() -> tuple[Street, ...]:
    return (
        Street("third street", (False, False, True), True, opener=Opener.LOW_CARD),
        Street("fourth street", (True,), True, open_pair=True),
        Street("fifth street", (True,), True, big_bet=True),
        Street("sixth street", (True,), True, big_bet=True),
        Street("seventh street", (False,), True, big_bet=True),
    )


def _baby_daddy_streets(cards: int) -> tuple[Street, ...]:
    first = Street("second street", (False, False), True, opener=Opener.DEALERS_LEFT)
    names = ["third", "fourth", "fifth", "sixth", "seventh"][: cards - 2]
    # Small bets on the first two rounds, big bets after; the last card is never bet on.
    ups = tuple(
        Street(f"{name} street", (True,), index < len(names) - 1, big_bet=index >= 1)
        for index, name in enumerate(names)
    )
    return (first, *ups)


OptionsType = (
    type[FollowTheQueenOptions]
    | type[SmackMyBitchUpOptions]
    | type[BabyDaddyOptions]
    | type[TheBitchOptions]
    | type[SevenCardStudOptions]
)


@dataclass(frozen=True, slots=True)
class Game:
    """A game: its names, its options class and how its house rules shape the deal.

    ``presets`` are option values that the name it was found by implies (``BD5`` means five
    cards, ``pimp-daddy`` means the call is "Pimp Daddy").
    """

    name: str
    title: str
    codes: tuple[str, ...]
    aliases: tuple[str, ...]
    options_type: OptionsType
    summary: str
    build: Callable[[Game, GameOptions], Rules]
    presets: tuple[tuple[str, OptionValue], ...] = ()

    def __repr__(self) -> str:
        return f"Game({self.name!r})"

    def options(
        self, mapping: Mapping[str, object] | GameOptions | None = None, /, **values: object
    ) -> GameOptions:
        """This game's options: the presets, then ``mapping``, then keyword values.

        >>> from wildstud.games.registry import find_game
        >>> find_game("pimp-daddy").options(pay_for_wild=1).changes()
        {'pay_for_wild': 1, 'name': 'pimp-daddy'}
        >>> find_game("BD5").options(find_game("BD5").options(), ante=2).changes()
        {'ante': 2, 'cards': 5}
        """
        if isinstance(mapping, self.options_type):
            if not values:
                return mapping
            mapping = mapping.to_mapping()
        if mapping is not None and not isinstance(mapping, Mapping):
            raise OptionError(
                f"options of type {type(mapping).__name__} do not belong to {self.title}"
            )
        merged: dict[str, object] = dict(self.presets)
        merged.update(mapping or {})
        merged.update(values)
        return self.options_type.from_mapping(merged)

    def rules(self, options: Mapping[str, object] | GameOptions | None = None) -> Rules:
        """The rules of this game under these house rules."""
        return self.build(self, self.options(options))

    def code_for(self, options: GameOptions | None = None) -> str:
        """The short code of this game under these options (``BD5`` or ``BD7``)."""
        options = self.options() if options is None else options
        if isinstance(options, BabyDaddyOptions):
            return f"BD{options.cards}"
        return self.codes[0]


def _follow_the_queen(game: Game, options: GameOptions) -> Rules:
    assert isinstance(options, FollowTheQueenOptions)
    return Rules(
        game=game,
        options=options,
        code=game.code_for(options),
        streets=_seven_card_streets(),
        wild_rule=FollowTheQueen(options.queens),
        min_players=2,
        max_players=8,
        no_queen=options.no_queen,
        centre_card=options.final_queen is FinalQueen.CENTRE_CARD,
        pay_for_wild=options.pay_for_wild,
        extra_antes=options.extra_antes,
    )


def _smack_my_bitch_up(game: Game, options: GameOptions) -> Rules:
    assert isinstance(options, SmackMyBitchUpOptions)
    return Rules(
        game=game,
        options=options,
        code=game.code_for(options),
        streets=_seven_card_streets(),
        wild_rule=SmackMyBitchUp(),
        min_players=2,
        max_players=8,
        pay_for_wild=options.pay_for_wild,
        call=options.name.called,
    )


def _baby_daddy(game: Game, options: GameOptions) -> Rules:
    assert isinstance(options, BabyDaddyOptions)
    return Rules(
        game=game,
        options=options,
        code=game.code_for(options),
        streets=_baby_daddy_streets(options.cards),
        wild_rule=BabyDaddy(options.cards),
        min_players=2,
        max_players=7 if options.cards == 7 else 10,
    )


def _the_bitch(game: Game, options: GameOptions) -> Rules:
    assert isinstance(options, TheBitchOptions)
    split = options.queen_of_spades is QueenOfSpades.SPLIT
    return Rules(
        game=game,
        options=options,
        code=game.code_for(options),
        streets=_seven_card_streets(),
        wild_rule=NoWilds() if split else QueenOfSpadesInHole(),
        min_players=2,
        max_players=8,
        redeal_card=QUEEN_OF_SPADES,
        reante_on_redeal=options.reante_on_redeal,
        special_card=QUEEN_OF_SPADES if split else None,
    )


def _seven_card_stud(game: Game, options: GameOptions) -> Rules:
    assert isinstance(options, SevenCardStudOptions)
    return Rules(
        game=game,
        options=options,
        code=game.code_for(options),
        streets=_seven_card_streets(),
        wild_rule=NoWilds(),
        min_players=2,
        max_players=8,
    )


FOLLOW_THE_QUEEN = Game(
    name="follow-the-queen",
    title="Follow the Queen",
    codes=("FTQ",),
    aliases=(),
    options_type=FollowTheQueenOptions,
    summary="Seven-card stud; the rank of the face-up card after the last face-up queen is wild.",
    build=_follow_the_queen,
)

SMACK_MY_BITCH_UP = Game(
    name="smack-my-bitch-up",
    title="Smack My Bitch Up",
    codes=("SMBU",),
    aliases=("pimp-daddy",),
    options_type=SmackMyBitchUpOptions,
    summary="Follow the Queen with queens wild, where a face-up king makes only kings wild.",
    build=_smack_my_bitch_up,
)

BABY_DADDY = Game(
    name="baby-daddy",
    title="Who Da Baby Daddy Is",
    codes=("BD7", "BD5"),
    aliases=("who-da-baby-daddy-is",),
    options_type=BabyDaddyOptions,
    summary="Five- or seven-card stud; each player's last card sets a wild rank for them alone.",
    build=_baby_daddy,
)

THE_BITCH = Game(
    name="the-bitch",
    title="The Bitch",
    codes=("BITCH",),
    aliases=("black-mariah",),
    options_type=TheBitchOptions,
    summary="Seven-card stud; the queen of spades face up forces a redeal, in the hole wins half.",
    build=_the_bitch,
)

SEVEN_CARD_STUD = Game(
    name="seven-card-stud",
    title="Seven-Card Stud",
    codes=("F7S",),
    aliases=("stud",),
    options_type=SevenCardStudOptions,
    summary="Plain seven-card stud: nothing is wild; the low card brings in (the baseline).",
    build=_seven_card_stud,
)
