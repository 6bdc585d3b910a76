"""The messages a client may send, checked before anything else looks at them.

Every message is one JSON object of at most `MAX_MESSAGE_BYTES`, with a `type` naming one of
the models below; pydantic (strict, no extra fields) refuses anything else with a reason.
Python's json accepts NaN/Infinity and deep nesting, so `parse` refuses those first.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from game.online import PROTOCOL_VERSION

MAX_MESSAGE_BYTES = 8 * 1024
MAX_DEPTH = 8

# a player's name as others will see it: no control characters
Name = Annotated[str, Field(min_length=0, max_length=24, pattern=r"^[^\x00-\x1f\x7f]*$")]
Code = Annotated[str, Field(min_length=4, max_length=16, pattern=r"^[A-Z0-9]+$")]
Token = Annotated[str, Field(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")]
Level = Literal["easy", "normal", "hard", "random"]
Mode = Literal[
    "duel", "2v2", "koth", "3v3", "2v2v2", "boss_vs_many", "boss_vs_boss", "mission", "adventure"
]
ContentId = Annotated[str, Field(min_length=1, max_length=32, pattern=r"^[a-z0-9_]+$")]
# what happens to a seat whose person drops: the match waits for them, or the computer plays
# for them once they have been gone `grace` seconds (until they come back)
OnLeave = Literal["wait", "computer"]
MAX_GRACE = 600
Grace = Annotated[int, Field(ge=0, le=MAX_GRACE)]
HeroId = ContentId


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class SeatSpec(_Strict):
    kind: Literal["human", "computer"]
    hero: ContentId
    level: Level = "normal"
    name: Name = ""


class Create(_Strict):
    type: Literal["create"]
    version: int
    mode: Mode
    seats: Annotated[list[SeatSpec], Field(min_length=2, max_length=6)]
    seat: Annotated[int, Field(ge=0, le=5)]  # the seat the creator takes (the host's)
    name: Name = ""
    on_leave: OnLeave | None = None  # None: the server's default (`serve --grace`)
    grace: Grace | None = None
    mission: ContentId | None = None  # mode "mission": which one (co-op, one hero per seat)
    # mode "mission": harder by 0-4 levels, and any of the easier options (as offline)
    difficulty_up: Annotated[int, Field(ge=0, le=4)] = 0
    easier: Annotated[list[Literal["double_pp", "health", "momentum"]], Field(max_length=3)] = []
    # True: a lobby - the match starts when every person's seat is taken AND every person has
    # said `ready`; people may `pick` their hero and the creator (the host) may `set_seat`.
    # False: the match starts as soon as every person's seat is taken.
    lobby: bool = False
    # seconds a person has for each decision before the computer (Normal) makes it; 0: no limit
    timer: Annotated[int, Field(ge=0, le=3600)] = 0
    # mode "adventure": the campaign's difficulty (a co-op Adventures campaign, one hero a seat)
    adventure_difficulty: ContentId | None = None
    # may people watch the room (`watch`) without a seat? (the host may change it later)
    spectators: bool = True


class Join(_Strict):
    type: Literal["join"]
    version: int
    room: Code
    seat: Annotated[int, Field(ge=0, le=5)]
    name: Name = ""


class Resume(_Strict):
    type: Literal["resume"]
    version: int
    room: Code
    token: Token


class Watch(_Strict):
    """Watch a room without a seat: only what the table shows everybody, never an action."""

    type: Literal["watch"]
    version: int
    room: Code
    name: Name = ""


class Act(_Strict):
    type: Literal["act"]
    seq: Annotated[int, Field(ge=0, le=10_000_000)]
    option: Annotated[int, Field(ge=0, le=10_000)]


class RoomSettings(_Strict):
    """The host changes the room's settings during the match (only the host's seat may)."""

    type: Literal["room_settings"]
    on_leave: OnLeave | None = None
    grace: Grace | None = None
    spectators: bool | None = None


class Ready(_Strict):
    """Lobby: this seat is (or is no longer) ready to start."""

    type: Literal["ready"]
    ready: bool


class Pick(_Strict):
    """Lobby: this seat's hero (un-readies the seat)."""

    type: Literal["pick"]
    hero: HeroId


class SetSeat(_Strict):
    """Lobby, host only: another seat nobody has taken becomes a person's seat or a computer
    (with its hero and level)."""

    type: Literal["set_seat"]
    seat: Annotated[int, Field(ge=0, le=5)]
    kind: Literal["human", "computer"]
    hero: HeroId
    level: Level = "normal"


class Release(_Strict):
    """Before the match starts: give this seat back (it is open again; its token stops
    working). The host keeps theirs; during the match the host's on_leave choice covers it."""

    type: Literal["release"]


class Ping(_Strict):
    type: Literal["ping"]
    n: Annotated[int, Field(ge=0, le=2**53)]


Message = Annotated[
    Create | Join | Resume | Watch | Act | RoomSettings | Ready | Pick | SetSeat | Release | Ping,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter = TypeAdapter(Message)


class BadMessage(Exception):
    """A message that is not valid JSON of a known shape; the text says what is wrong."""


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level)
    return level


def parse(
    raw: str | bytes,
) -> Create | Join | Resume | Watch | Act | RoomSettings | Ready | Pick | SetSeat | Release | Ping:
    if isinstance(raw, bytes):
        raise BadMessage("send text frames holding JSON, not binary")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise BadMessage(f"a message may hold at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(raw, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as exc:
        raise BadMessage(f"not valid JSON ({type(exc).__name__})") from None
    if not isinstance(data, dict):
        raise BadMessage("a message is one JSON object")
    if _depth(data) > MAX_DEPTH:
        raise BadMessage("the message is nested too deeply")
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        raise BadMessage(f"{where}: {first['msg']}") from None


def version_problem(version: int) -> str | None:
    if version == PROTOCOL_VERSION:
        return None
    newer = "newer" if version < PROTOCOL_VERSION else "older"
    return (
        f"this server speaks protocol version {PROTOCOL_VERSION} and your game speaks "
        f"{version}: the server runs a {newer} version of the game; use the same version"
    )
