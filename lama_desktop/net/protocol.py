"""What crosses the wire between a ``TableHost`` and its ``TableClient``s (docs/PROTOCOL.md): one JSON object per
WebSocket text frame, each a msgspec ``Struct`` tagged by its ``type`` and carrying the protocol version ``v``.

Client to host: ``Hello``, ``Move``, ``Reaction``, ``Ping``. Host to client: ``Welcome``, ``Update`` (each with the
seat's ``Facts``), ``Refused``, ``Status``, ``ReactionShown``, ``GameOver``, ``Pong``, ``Bye``. ``encode(msg)``
makes the bytes; ``decode_client(data)`` / ``decode_host(data)`` check size, JSON, version and schema (the Structs'
declared types and bounds, never hand-written field checks) and raise ``ProtocolError`` whose ``code`` says which
failed.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta, Struct

from lama_desktop.net.limits import MAX_CLIENT_MESSAGE_BYTES, MAX_HOST_MESSAGE_BYTES

#: the protocol's version; it changes whenever a message's shape changes (docs/PROTOCOL.md, "Versioning"):
#: 1 the first; 2 ``Status.started``; 3 ``Welcome.facts`` and ``Update.facts``; 4 a made-up seat name crosses as
#: a key (``MadeUpName``), worded by each app in its own language
PROTOCOL_VERSION = 4
#: the largest message a client may send (the host's limit; ``limits.Limits.max_message_bytes``)
MAX_MESSAGE_BYTES = MAX_CLIENT_MESSAGE_BYTES
#: the quick reactions a player may send (the app words them in the player's language)
REACTION_KEYS = ("nice", "oops", "well_played", "thanks", "hurry", "wow")

#: ProtocolError codes
TOO_LARGE, MALFORMED, VERSION, SCHEMA, BINARY = "too_large", "malformed", "version", "schema", "binary"

Seq = Annotated[int, Meta(ge=0, le=(1 << 53))]
Seat = Annotated[int, Meta(ge=0, le=64)]
Text = Annotated[str, Meta(max_length=200)]
Name = Annotated[str, Meta(max_length=64)]
JoinCode = Annotated[str, Meta(max_length=16)]
Token = Annotated[str, Meta(max_length=64)]
ReactionKey = Literal["nice", "oops", "well_played", "thanks", "hurry", "wow"]
#: the most legal moves a seat is told of (Llama Land's placements run to a few thousand; the others' to a few)
MAX_LEGAL = 1 << 15
#: the most seats a table's lists name
MAX_SEATS = 65


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``code`` is one of ``too_large``, ``malformed`` (not JSON), ``version``,
    ``schema`` (a wrong type, an unknown tag or field, a value out of bounds), ``binary`` (not a text frame)."""

    def __init__(self, code: str, detail: str = ""):
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


class Message(Struct, tag=True, forbid_unknown_fields=True, kw_only=True):
    """Every message: its ``type`` (the class name) and the protocol version ``v``."""

    v: int = PROTOCOL_VERSION


# -- client to host ------------------------------------------------------------------------------------------
class Hello(Message):
    """The first message on every connection. ``token``: the seat token of a seat this client had (a rejoin)."""

    code: JoinCode
    name: Name
    token: Token | None = None


class Move(Message):
    """Play ``move`` (its text, e.g. ``"play 3"``) for the sender's own seat; ``seq`` is echoed by a refusal."""

    seq: Seq
    move: Text


class Reaction(Message):
    key: ReactionKey


class Ping(Message):
    seq: Seq = 0


# -- host to client ------------------------------------------------------------------------------------------
class MadeUpName(Struct, forbid_unknown_fields=True, kw_only=True):
    """A seat's made-up name as a key each app words in its own language (``core.seat_names``): ``host`` (the
    hosting app's player who gave no name), ``player`` with ``n`` its number ("Player 2"), ``bot`` with ``n`` its
    place in the bots' names (0: "Anna" / "Agata" / "Amélie")."""

    key: Literal["host", "player", "bot"]
    n: Annotated[int, Meta(ge=0, le=64)] = 0


#: a seat's name: the text a person typed, or a made-up name's key
SeatName = Union[Name, MadeUpName]


class SeatStatus(Struct, forbid_unknown_fields=True, kw_only=True):
    """One seat as everybody may see it. ``kind``: human (a person at the host's screen, only in hot-seat games;
    never in network games), remote (a person on another app), bot. ``away_for``: seconds the owner of a remote
    seat has been gone when this was sent (None: connected, or never joined yet: ``joined`` False);
    ``bot_level``: the level of the bot playing the seat (a bot seat, or a remote seat taken over), else None.
    ``name``: a person's own name, or a made-up name's key (``MadeUpName``)."""

    name: SeatName
    kind: str
    connected: bool
    joined: bool = True
    away_for: float | None = None
    bot_level: str | None = None
    takeover_in: float | None = None


class Status(Message):
    """Who is at the table (``seats``, one per seat) and whether the host has dealt (``started``: the lobby's Start,
    or ``serve`` once every person joined; a table resumed from a save has started)."""

    seats: list[SeatStatus]
    started: bool


class HistoryItem(Struct, forbid_unknown_fields=True, kw_only=True):
    """A move of the game as the receiving seat may see it: its number ``n`` (0: the first), ``mover``, ``move``
    text, ``events`` (``Event.to_dict`` of the copies redacted for that seat)."""

    n: int
    mover: int
    move: str
    events: list[dict[str, Any]]


class Facts(Struct, forbid_unknown_fields=True, kw_only=True):
    """What the receiving seat's table needs beside its view: the seat to move (``current``, -1 when nobody is),
    whether the game has ended (``over``), everybody's points (``scores``), the winners (empty before the end) and
    the receiving seat's own legal moves (``legal``: their texts, empty when another seat is to move)."""

    current: Annotated[int, Meta(ge=-1, le=64)]
    over: bool
    scores: Annotated[list[int], Meta(max_length=MAX_SEATS)]
    winners: Annotated[list[Seat], Meta(max_length=MAX_SEATS)]
    legal: Annotated[list[Text], Meta(max_length=MAX_LEGAL)]


class Welcome(Message):
    """The answer to a good Hello: the seat, its token (keep it to rejoin), the table, the seat's own view
    (``View.to_dict``) with its ``Facts``, and every move so far as ``HistoryItem``s. ``names``: a person's own
    name, or a made-up name's key (``MadeUpName``), per seat."""

    seat: int
    token: str
    game_id: str
    variants: list[str]
    players: int
    names: list[SeatName]
    kinds: list[str]
    view: dict[str, Any]
    facts: Facts
    history: list[HistoryItem]
    status: Status
    reactions: list[str]
    takeover_after: float


class Update(Message):
    """A move was played: like a ``HistoryItem``, with the receiving seat's view and ``Facts`` after it."""

    n: int
    mover: int
    move: str
    events: list[dict[str, Any]]
    view: dict[str, Any]
    facts: Facts


class Refused(Message):
    """A move or join the host did not take (``code``: ``codes.py`` or the engine's refusal code; ``text``:
    English, for logs; ``params``: for the player's language). ``seq``: the refused Move's (0 for a join)."""

    code: str
    text: str
    params: dict[str, Any] = {}
    seq: int = 0


class ReactionShown(Message):
    seat: int
    key: str


class GameOver(Message):
    scores: list[int]
    winners: list[int]


class Pong(Message):
    seq: int = 0


class Bye(Message):
    """The host ends this connection (``codes.BYE_*``); the client's own ``Lost`` marker says the same when the
    connection went without one."""

    reason: str


ClientMessage = Union[Hello, Move, Reaction, Ping]
HostMessage = Union[Welcome, Update, Refused, Status, ReactionShown, GameOver, Pong, Bye]


class _Envelope(Struct):
    """The version alone, read before the schema (a message of another version may have another shape)."""

    v: int


_ENCODER = msgspec.json.Encoder()
_ENVELOPE = msgspec.json.Decoder(_Envelope)
_CLIENT = msgspec.json.Decoder(ClientMessage)
_HOST = msgspec.json.Decoder(HostMessage)


def encode(msg: Message) -> bytes:
    """The JSON bytes of a message (sent as one text frame)."""
    return _ENCODER.encode(msg)


def _decode(data: bytes | str, decoder, limit: int) -> Any:
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    elif not isinstance(data, (bytes, bytearray, memoryview)):
        raise ProtocolError(BINARY, f"not text: {type(data).__name__}")
    if len(data) > limit:
        raise ProtocolError(TOO_LARGE, f"{len(data)} bytes, the limit is {limit}")
    try:
        envelope = _ENVELOPE.decode(data)
    except msgspec.DecodeError as error:  # ValidationError is a DecodeError: check it first
        if isinstance(error, msgspec.ValidationError):
            raise ProtocolError(SCHEMA, str(error)) from None
        raise ProtocolError(MALFORMED, str(error)) from None
    except RecursionError:  # arrays in arrays in arrays...: msgspec's own depth guard
        raise ProtocolError(MALFORMED, "nested too deep") from None
    if envelope.v != PROTOCOL_VERSION:
        raise ProtocolError(VERSION, f"version {envelope.v}, this side speaks {PROTOCOL_VERSION}")
    try:
        return decoder.decode(data)
    except msgspec.DecodeError as error:
        raise ProtocolError(SCHEMA, str(error)) from None
    except RecursionError:
        raise ProtocolError(MALFORMED, "nested too deep") from None


def decode_client(data: bytes | str, limit: int = MAX_MESSAGE_BYTES) -> Hello | Move | Reaction | Ping:
    """A client's message, checked (``ProtocolError`` otherwise)."""
    return _decode(data, _CLIENT, limit)


def decode_host(data: bytes | str, limit: int = MAX_HOST_MESSAGE_BYTES) -> Any:
    """A host's message, checked (``ProtocolError`` otherwise)."""
    return _decode(data, _HOST, limit)


def version_of(data: bytes | str) -> int | None:
    """The ``v`` a message claims, or None (to answer a wrong-version Hello with the versions in a Refused)."""
    try:
        raw = data.encode() if isinstance(data, str) else data
        return _ENVELOPE.decode(raw).v
    except (msgspec.DecodeError, UnicodeError, TypeError, RecursionError):
        return None
