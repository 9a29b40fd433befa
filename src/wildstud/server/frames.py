"""The frames the server sends over its WebSockets, as typed models.

Every frame a client receives is one of the models of :data:`ServerFrame`, told apart by its
``type``; the table's parts build each frame from its model (:meth:`OutFrame.frame`), so a frame
cannot drift from what is written here. ``docs/protocol.md`` is generated from these models'
JSON Schemas (``python -m wildstud.server.protocol``), and the frames the clients of
:mod:`wildstud.server.messages` send are described beside them.

A hand's events are the records of :mod:`wildstud.deal.events`, encoded by
:func:`~wildstud.server.messages.encode_event`: each an object with its kind in ``type``
(``dealt``, ``acted``, ``shown`` …) and its record's fields.

>>> Ack(seq=7, last_seq=7).frame()
{'type': 'ack', 'seq': 7, 'last_seq': 7}
>>> Ack(seq=7, last_seq=7, repeat=True).frame()
{'type': 'ack', 'seq': 7, 'last_seq': 7, 'repeat': True}
>>> read_server_frame('{"type": "seq", "last_seq": 3}')
SeqFrame(type='seq', last_seq=3)
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from wildstud.deal import Phase
from wildstud.server.deal_frames import (
    PrivateAuditFault,
    PrivateAuditFrame,
    PrivateDealt,
    PrivateFrame,
    PrivateKey,
    PrivateValue,
    ShuffleFrame,
)
from wildstud.server.frame_base import OutFrame, Part
from wildstud.server.refusals import sentence
from wildstud.server.schemas import MenuEntry, StakesModel, TableInfo

__all__ = [
    "Ack",
    "CardView",
    "ChancesView",
    "ChatFrame",
    "ChatLine",
    "ChatLogFrame",
    "ChoosingFrame",
    "Clock",
    "ClockFrame",
    "Commitment",
    "ErrorCode",
    "ErrorFrame",
    "EventData",
    "FullView",
    "HandFrame",
    "HintView",
    "MenuEntry",
    "MutesFrame",
    "NoticeFrame",
    "OddsFrame",
    "OddsSeat",
    "OptionView",
    "OutFrame",
    "Pong",
    "PotView",
    "PracticeFrame",
    "PrivateAuditFault",
    "PrivateAuditFrame",
    "PrivateDealt",
    "PrivateFrame",
    "PrivateKey",
    "PrivateValue",
    "Proof",
    "RabbitCardView",
    "RabbitFrame",
    "RedealView",
    "Removed",
    "Restarting",
    "RunTwiceFrame",
    "SaidFrame",
    "SeatView",
    "SeqFrame",
    "ServerFrame",
    "ShowdownFrame",
    "ShuffleFrame",
    "TableFrame",
    "UpdateFrame",
    "View",
    "Welcome",
    "WildRank",
    "read_server_frame",
]


# -- the parts of a hand's view -------------------------------------------------------------------


class Clock(Part):
    """The clock of the seat to act."""

    seat: int = Field(description="the table seat to act")
    clock: float | None = Field(description="seconds left on the action clock (null: paused)")
    bank: float | None = Field(description="seconds left in the time bank (null: paused)")
    running: bool = Field(description="false while the table is paused")


class Commitment(Part):
    """A deal's commitment to its deck (:mod:`wildstud.commitment`)."""

    deal: int
    root: str = Field(description="the SHA-256 Merkle root of the deal's salted deck, in hex")
    made_from: list[str] | None = Field(
        default=None,
        description="left out unless the players shuffled the deck: the players whose values"
        " it was made from, with the server's night seed (empty: the seed alone, no page took"
        " part)",
    )


class Proof(Part):
    """A card shown to this client for the first time, with its path to its deal's root."""

    deal: int
    position: int = Field(description="the card's place in the deck")
    card: str = Field(description="the card's code, as Qs")
    salt: str
    path: list[str] = Field(description="the Merkle path from the card's leaf to the root")


class CardView(Part):
    """A card a seat holds: ``null`` where this client may not see it."""

    card: str | None
    up: bool


class SeatView(Part):
    """An engine seat in a hand."""

    seat: int
    stack: int
    paid: int = Field(description="chips the seat has put in the pot this hand")
    bet: int = Field(description="chips the seat has bet on this street")
    dealt_in: bool
    folded: bool
    all_in: bool
    shown: bool
    turned_up: bool = Field(
        False,
        description="the seat's face-down cards are turned up for everyone: all in with no more"
        " betting to come (house rule all_in_turn_up)",
    )
    cards: list[CardView]


class PotView(Part):
    """A pot and the engine seats that may win it."""

    amount: int
    eligible: list[int]


class OptionView(Part):
    """An action the seat to act may take (amounts are to-amounts)."""

    action: Literal["fold", "check", "call", "bring-in", "complete", "bet", "raise"]
    min: int | None
    max: int | None
    amounts: list[int] | None = Field(description="the amounts allowed, where they are listed")


class RedealView(Part):
    """A deal stopped for a redeal, shown for ``redeal_pause`` seconds."""

    card: str | None = Field(description="the face-up card that called for it, if one did")
    seat: int | None = Field(description="the engine seat that card went to")


class EventData(BaseModel):
    """An event of the hand (a record of :mod:`wildstud.deal.events`), its kind in ``type``
    and its record's fields beside it; a hidden card is ``null``."""

    model_config = ConfigDict(extra="allow", frozen=True)

    type: str = Field(description="the event's kind: dealt, acted, shown, awarded …")


class WildRank(Part):
    """A seat's own wild rank in Who Da Baby Daddy Is, from its face-up last card: what every
    one sees, never what a hidden card makes wild."""

    seat: int
    rank: str
    wild: list[str] = Field(description="the cards that rank makes wild in that seat's hand")


class WildRuleView(Part):
    """A game's wild-card rule as data: its kind and its options (a client words it)."""

    kind: Literal[
        "no-wilds", "follow-the-queen", "smack-my-bitch-up", "baby-daddy", "queen-of-spades-in-hole"
    ] = Field(description="the rule; no-wilds: nothing is ever wild")
    queens: str | None = Field(None, description="follow-the-queen: which queens are wild")
    cards: int | None = Field(None, description="baby-daddy: the cards a hand is dealt")


class View(Part):
    """A seat's (or a spectator's) view of the hand, without its events."""

    viewer: int | None = Field(description="the engine seat viewing (null: a spectator)")
    game: str
    code: str
    options: dict[str, Any] = Field(description="the hand's house rules")
    dealer: int
    deal: int = Field(description="which deal of the hand (a redeal starts another)")
    street: str | None = Field(description="the street being played, as 'third street'")
    phase: Phase
    to_act: int | None
    seats: list[SeatView]
    pot: int
    pots: list[PotView]
    centre: str | None
    community: str | None
    wild: list[str] = Field(description="the wild cards, as codes")
    follow_pending: str | None = Field(
        description="the face-up queen whose follower is still to come (null: none)"
    )
    follow_ends: bool = Field(description="that queen was the deal's last face-up card")
    wild_rule: WildRuleView = Field(description="the game's wild-card rule")
    wild_ranks: list[WildRank] = Field(description="each seat's own wild rank (Baby Daddy)")
    wilds_possible: bool = Field(
        description="whether any card can be wild in this game under its house rules"
    )
    street_index: int | None = Field(
        description="the index of the street being played in the game's streets (null: none yet)"
    )
    own_wild: list[str] | None = Field(description="the viewer's own wild cards, where it has any")
    legal_actions: list[OptionView]
    to_call: int = Field(
        description="chips the seat to act must add to call (0: it may check, or nobody acts)"
    )
    all_in_to: int | None = Field(
        description="the to-amount that puts the seat to act all in: its bet plus its stack"
        " (null: nobody is to act)"
    )
    pot_raise_to: int | None = Field(
        description="the to-amount of a pot-sized bet or raise for the seat to act: the bet,"
        " then the pot once called (null: nobody is to act); the legal actions say what is"
        " allowed"
    )
    still_to_act: list[int] = Field(
        description="the engine seats that must still act on this street's betting, the seat"
        " to act first"
    )
    raises: int = Field(description="bets, completions and raises made on this street so far")
    redeal_pending: RedealView | None


class FullView(View):
    """A view with every event of the hand so far."""

    events: list[EventData]


# -- the frames ---------------------------------------------------------------------------------


class Welcome(OutFrame):
    """The first frame on every connection."""

    type: Literal["welcome"] = "welcome"
    table_id: str
    role: Literal["seat", "spectator"]
    seat: int | None = Field(description="the table seat of this connection (null: spectator)")
    last_seq: int = Field(description="the last request number the seat had carried out")


class TableFrame(OutFrame):
    """The table as everyone sees it, whenever a seat, the status, the button or the settings
    change (the REST API's ``TableInfo``)."""

    type: Literal["table"] = "table"
    table: TableInfo


class ChoosingFrame(OutFrame):
    """The dealer (a table seat) picks a game for the next hand."""

    type: Literal["choosing"] = "choosing"
    dealer: int
    entries: list[MenuEntry] = Field(description="the games that fit the players dealt in")
    seconds: float = Field(description="seconds left to choose")


class HandFrame(OutFrame):
    """A hand's whole view for this client, on connecting and when a hand starts."""

    type: Literal["hand"] = "hand"
    number: int
    lineup: list[int] = Field(description="the table seat of each engine seat")
    names: list[str]
    you: int | None = Field(description="this client's engine seat (null: not dealt in)")
    clock: Clock | None
    commitments: list[Commitment] = Field(description="every deal's root so far")
    proofs: list[Proof] = Field(description="every card this client has been shown")
    view: FullView


class UpdateFrame(OutFrame):
    """After every change: the new events (to append at index ``from``) and the view without
    its events."""

    type: Literal["update"] = "update"
    number: int
    start: int = Field(alias="from", description="the index of the first new event")
    commitments: list[Commitment] = Field(description="the roots of deals that start here")
    proofs: list[Proof] = Field(description="the cards these events show for the first time")
    events: list[EventData]
    clock: Clock | None
    view: View


class ShowdownFrame(OutFrame):
    """The showdown waits for these seats, whose hands take no part of a pot, to show or muck
    (``show``); sent again as each chooses, with ``seats`` empty once the hands are shown. The
    hands that take part of a pot are shown (their ``shown`` events) before it is first sent."""

    type: Literal["showdown"] = "showdown"
    number: int = Field(description="the hand's number")
    seats: list[int] = Field(description="the table seats still choosing")
    seconds: float = Field(description="seconds left to choose")
    default: Literal["muck", "show"] = Field(
        description="what the table does for a seat that has not chosen when the time is up"
    )


class RunTwiceFrame(OutFrame):
    """The hands all in are turned up, and the table asks these seats whether to run the cards
    still to come twice (house rule ``run_twice``; answered with ``run_twice``); sent again as
    each answers, with ``seats`` empty once every one has agreed (the runs start) or one has
    declined (``declined``: the cards are run once)."""

    type: Literal["run_twice"] = "run_twice"
    number: int = Field(description="the hand's number")
    seats: list[int] = Field(description="the table seats still to answer")
    agreed: list[int] = Field(description="the table seats that have agreed")
    declined: int | None = Field(
        description="the table seat that declined (the hand is run once), if one has"
    )
    seconds: float = Field(description="seconds left to answer (no answer: run once)")


class OddsSeat(Part):
    """One hand's chances in a run-out, as the odds engine works them out from public cards."""

    seat: int = Field(description="the engine seat")
    pot_share: float = Field(description="its expected share of the pot (0 to 1)")
    low: float = Field(description="the pot share's 95% interval, low end (simulated odds)")
    high: float = Field(description="the pot share's 95% interval, high end")
    win: float = Field(description="its chance of the high hand (the whole pot, or the high half)")
    tie: float = Field(description="its chance of sharing the high hand")
    special_half: float | None = Field(
        description="The Bitch: its chance of the half for the queen of spades in the hole"
    )


class OddsFrame(OutFrame):
    """The chances of the hands turned up all in (house rule ``all_in_turn_up``) once the
    cards of a street of the run-out are out (:mod:`wildstud.odds.runout`): worked out from the
    cards every page sees, each folded hand's and the stub's unknown, so they tell nobody
    anything new. Sent to everyone as each street lands, and to a page that connects during
    the hand."""

    type: Literal["odds"] = "odds"
    number: int = Field(description="the hand's number")
    deal: int = Field(description="the deal (1, or more after a redeal)")
    event: int = Field(description="how many of the hand's events these odds stand after")
    street: str = Field(description="the last street whose cards are out")
    run: int = Field(
        description="the run these odds are for in a hand run twice (1 or 2); 0: run once"
    )
    exact: bool = Field(description="counted exactly (else simulated)")
    deals: int = Field(description="deals simulated or counted")
    split_pot: bool = Field(description="the pot is split for the queen of spades (The Bitch)")
    seats: list[OddsSeat]


class RabbitCardView(Part):
    """A face-up card the rest of a hand won by a fold would have dealt (:mod:`wildstud.rabbit`)."""

    street: str = Field(description="the street it would have been dealt on")
    seat: int = Field(description="the engine seat it would have gone to")
    card: str = Field(description="the card's code, as Qs")
    stops_deal: bool = Field(description="The Bitch's queen of spades: it would have redealt")


class RabbitFrame(OutFrame):
    """A player asked to see the rabbit of a hand won by a fold (the table setting
    ``rabbit_hunt``): the face-up cards the rest of the deal would have dealt to the two hands
    that contested it, each with its proof against the deal's ``commitment``; no hole card."""

    type: Literal["rabbit"] = "rabbit"
    number: int = Field(description="the hand's number")
    asked_by: str = Field(description="the name of the player who asked")
    commitment: Commitment
    cards: list[RabbitCardView]
    proofs: list[Proof] = Field(description="each card's proof, in the order of ``cards``")


class ChancesView(Part):
    """A seat's chances at a practice table, against what it can see (:mod:`wildstud.practice`:
    the odds engine over the seat's own view)."""

    equity: float = Field(description="its expected share of the pot, from 0 to 1")
    low: float = Field(description="the 95% interval of the share: its low end")
    high: float = Field(description="the 95% interval of the share: its high end")
    win: float = Field(description="the chance it takes the high half (or the whole pot) alone")
    tie: float = Field(description="the chance it shares the high half")
    special: float = Field(description="the chance it takes the queen of spades' half")
    split: bool = Field(description="whether the pot is split (The Bitch): special counts")
    deals: int = Field(description="the deals the odds engine dealt out")


class HintView(Part):
    """What the equity bot would do in this seat's place (:class:`wildstud.bots_equity.Advice`);
    the client says it in words (``describeHint``)."""

    kind: Literal["fold", "check", "call", "bring-in", "complete", "bet", "raise"]
    amount: int | None = Field(description="the to-amount (null: a fold or a check)")
    why: Literal["value", "bring-in", "free", "price", "short", "no-fold", "only"] = Field(
        description="which part of the bot's line chose: value (strong enough to bet),"
        " bring-in or free (not strong enough; the bring-in is due, or checking is free),"
        " price or short (the share covers the price of a call, or falls short), no-fold"
        " (folding is not allowed), only (the one legal action)"
    )
    equity: float = Field(description="the share of the pot the bot used (the chances')")
    strength: float = Field(description="that share against a fair one (1: average)")
    line: float = Field(description="the strength at which the bot bets")
    price: float = Field(
        description="the share the bot asks of a call: its price less a margin for the"
        " sampling noise (0: nothing to call)"
    )


class PracticeFrame(OutFrame):
    """A practice table's help, to one seat's connections only (never to anyone else): its
    chances as each card lands, and on its turn the equity bot's hint. Sent for the deal as it
    stands at event ``at`` of hand ``number``; a later frame replaces it."""

    type: Literal["practice"] = "practice"
    number: int = Field(description="the hand's number")
    at: int = Field(description="the hand's events it was made after")
    chances: ChancesView | None = Field(description="null: the seat is out of the hand")
    hint: HintView | None = Field(description="null: it is not the seat's turn")


class ClockFrame(OutFrame):
    """The clock, when the table pauses or resumes."""

    type: Literal["clock"] = "clock"
    clock: Clock | None


class Ack(OutFrame):
    """A request of this connection was carried out (or, ``repeat``, had been already)."""

    left_out_when_empty = frozenset({"repeat"})
    type: Literal["ack"] = "ack"
    seq: int
    last_seq: int
    repeat: bool = Field(False, description="present (true) only for a repeat")


class SeqFrame(OutFrame):
    """Another connection of this seat had a request carried out."""

    type: Literal["seq"] = "seq"
    last_seq: int


class Pong(OutFrame):
    """The answer to a ping."""

    type: Literal["pong"] = "pong"


class Restarting(OutFrame):
    """The server is going down for a restart; the connection closes (1012) and the page
    reconnects when the server is back."""

    type: Literal["restarting"] = "restarting"


class Removed(OutFrame):
    """The seat is given up (the player left, or the host removed them); the connection
    closes. What the page needs to say goodbye comes with it: the chips cashed out, the ledger
    account to find in the night's settle-up (``/api/tables/{table_id}/night``) and the
    spectator's token, to watch the rest of the night and its past hands."""

    type: Literal["removed"] = "removed"
    message: str
    table_id: str = ""
    player_id: str = Field("", description="the ledger account, as the night's players have it")
    name: str = ""
    cash_out: int = Field(0, ge=0, description="the chips cashed out as the seat was given up")
    watch_token: str = Field("", description="the table's spectator token: /watch/{token}")


class NamedGame(Part):
    """A game of the table's menu by the name players know it by, with the house rules its
    name does not already say."""

    name: str = Field(examples=["Who Da Baby Daddy Is · 5 cards"])
    rules: dict[str, bool | int | float | str]


class SettingChange(Part):
    """One of the host's changes: which ``setting``, and its new value (``value`` for a
    number, a choice or a switch; ``games`` for the menu; ``stakes`` for the stakes)."""

    setting: str = Field(examples=["action_clock", "games", "stakes", "seat_requests"])
    value: bool | int | float | str | None = None
    games: list[NamedGame] | None = None
    stakes: StakesModel | None = None


class NoticeFrame(OutFrame):
    """What the host changed (the rules, the stakes, the clocks), and the hand it holds from;
    it is sent again to a page that connects before that hand is over."""

    type: Literal["notice"] = "notice"
    kind: Literal["rules"]
    changes: list[SettingChange] = Field(
        description="what changed, in the order the page says it (none: an older notice)"
    )
    hand: int = Field(description="the first hand the change holds for")


class ChatLine(Part):
    """One line of the table's chat log as every reader sees it (:mod:`wildstud.server.table.chat`):
    never a token, never a card."""

    number: int = Field(description="its place in the table's log (larger is later)")
    kind: Literal["chat", "dealer"] = Field(description="a person's words, or the table's")
    name: str | None = Field(description="the speaker's name as the server cleaned it")
    seat: int | None = Field(description="the speaker's table seat (null: a spectator)")
    role: Literal["player", "spectator", "dealer"]
    text: str = Field(description="the words, cleaned; plain text, never markup")
    at: str = Field(description="when it was said (ISO 8601, UTC)")


class ChatFrame(OutFrame):
    """A new line of the chat log."""

    type: Literal["chat"] = "chat"
    line: ChatLine


class ChatLogFrame(OutFrame):
    """The recent chat log, on connecting (and to the spectators when the host opens or closes
    the chat to them)."""

    type: Literal["chat_log"] = "chat_log"
    lines: list[ChatLine]
    muted: list[str] = Field(description="the names the host has muted")
    open: bool = Field(description="whether this connection may read and write the chat")
    limit: int = Field(description="the most characters a line may have")


class SaidFrame(OutFrame):
    """The sender's line (by the ``id`` it was sent with) is stored; ``repeat``: it had been."""

    type: Literal["said"] = "said"
    id: str
    repeat: bool = False


class MutesFrame(OutFrame):
    """The names the host has muted changed."""

    type: Literal["chat_mutes"] = "chat_mutes"
    muted: list[str]


ErrorCode = Literal[
    "malformed",
    "too-large",
    "rate-limited",
    "illegal",
    "out-of-turn",
    "stale",
    "seq-range",
    "seat",
    "refused",
    "unknown-seat",
    "unknown-table",
    "too-many-connections",
    "storage",
    "internal",
    "bad-text",
    "muted",
    "chat-closed",
    "moving",
    "elsewhere",
]
"""What an error frame can say went wrong (``moving``: in a cluster, the table is between two
processes; the client tries again in a moment; ``elsewhere``: a private deal is played by
another page of the same seat, whose key it took, and this page sits it out)."""


class ErrorFrame(OutFrame):
    """A request refused (nothing changed), or the connection's end explained."""

    left_out_when_empty = frozenset({"last_seq", "id"})
    type: Literal["error"] = "error"
    code: ErrorCode
    message: str = Field(max_length=300, description="a sentence for people")
    seq: int | None = Field(description="the request refused, if it had a number")
    last_seq: int | None = Field(
        None, description="present for stale and seq-range: the seat's last accepted request"
    )
    id: str | None = Field(default=None, description="present for a chat line refused: its id")

    @field_validator("message")
    @classmethod
    def _sentence(cls, message: str) -> str:
        # Every refusal a page shows reads as a sentence, wherever the frame is made.
        return sentence(message)


ServerFrame = Annotated[
    Welcome
    | TableFrame
    | ChoosingFrame
    | HandFrame
    | UpdateFrame
    | ShowdownFrame
    | RunTwiceFrame
    | OddsFrame
    | RabbitFrame
    | PracticeFrame
    | ClockFrame
    | Ack
    | SeqFrame
    | Pong
    | ShuffleFrame
    | PrivateFrame
    | PrivateAuditFrame
    | Removed
    | NoticeFrame
    | ChatFrame
    | ChatLogFrame
    | SaidFrame
    | MutesFrame
    | Restarting
    | ErrorFrame,
    Field(discriminator="type"),
]
"""Any frame the server sends."""

_SERVER_FRAME: TypeAdapter[ServerFrame] = TypeAdapter(ServerFrame)


def read_server_frame(text: str) -> OutFrame:
    """A frame from the server, checked against its model (raises pydantic's
    ``ValidationError`` if it is none of them)."""
    frame: OutFrame = _SERVER_FRAME.validate_json(text)
    return frame
