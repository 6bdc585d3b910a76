"""The shape of every file on the player's disk, as strict pydantic models.

One model per file kind: settings, duel save, replay, crash report, mission save (and the
mission window's seats/profiles and spend limits), Adventures campaign slot, Perk sheet. Every
model is strict (no "3" for 3, no 1.0 for True), refuses unknown keys, refuses NaN and Infinity,
gives every number a range and every list and string a length limit, and carries an explicit
`version`. `game.persistence.files.load` runs them after the bounded JSON parse; a failure
names the file and the field (`setup.seats.0.hero: ...`).

Why pydantic: a well-kept library whose strict mode checks types, ranges and unknown keys in one
declaration per field, with error locations we can show the player; the hand-written checks it
replaces each covered a different subset (docs/reliability.md).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

STRICT = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False)

# the rules/content version every save records: raise it when a rule fix changes what a game
# records, so a save that no longer replays is explained as "made by an older version".
# 1: the first saves that recorded it; 2: chosen-player cards, cards offered only when they can
# change something, no Targeting Roll for self-only abilities, Bonus Damage faces and limit 2,
# Salves above the starting Health, heroes' setups in Adventures (2026-11-26)
# 3: every landed hit records who dealt it (match statistics), so the state digest of the same
# actions differs (2026-11-26)
# 4: a match forgets its resolved damage pools as each turn starts, so the state digest of the
# same actions differs again; saves of 3 and before still replay, the old way
# (`files.replay_reaching`) (2026-11-26)
RULES_VERSION = 4

Small = Annotated[int, Field(ge=0, le=10_000)]
Signed = Annotated[int, Field(ge=-100_000, le=100_000)]
Seed = Annotated[int, Field(ge=0, le=2**64)]
Player = Annotated[int, Field(ge=0, le=16)]
Version = Annotated[int, Field(ge=1, le=1_000_000)]
Text = Annotated[str, Field(max_length=200)]
Id = Annotated[str, Field(min_length=1, max_length=80)]
Ids = Annotated[list[Id], Field(max_length=400)]
Digest = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
GameVersion = Annotated[str, Field(max_length=40)]
LongText = Annotated[str, Field(max_length=20_000)]

ActionValue = (
    Annotated[int, Field(ge=-1_000_000, le=1_000_000)]
    | bool
    | Text
    | None
    | Annotated[
        list[Annotated[int, Field(ge=-1_000_000, le=1_000_000)] | Text], Field(max_length=64)
    ]
)


def _is_action(data: dict[str, Any]) -> dict[str, Any]:
    player, kind = data.get("player"), data.get("kind")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player <= 16:
        raise ValueError("an action needs 'player', a seat number 0-16")
    if not isinstance(kind, str) or not kind:
        raise ValueError("an action needs 'kind', a name")
    return data


ActionJson = Annotated[
    dict[Annotated[str, Field(max_length=40)], ActionValue],
    Field(max_length=16),
    AfterValidator(_is_action),
]
Actions = Annotated[list[ActionJson], Field(max_length=200_000)]


class Model(BaseModel):
    model_config = STRICT


class SavedBy(Model):
    """Which game wrote a save (every save kind has these two fields; files written before
    they existed lack them and count as rules version 0)."""

    game_version: GameVersion | None = None
    rules_version: Annotated[int, Field(ge=0, le=1_000_000)] | None = None


def saved_by() -> dict[str, Any]:
    """The fields every save records about the game that wrote it."""
    from game import __version__

    return {"game_version": __version__, "rules_version": RULES_VERSION}


# ---------------------------------------------------------------- settings


class SettingsFile(Model):
    version: Version
    # the smallest window is settings.MIN_WINDOW (1024x576)
    window_width: Annotated[int, Field(ge=1024, le=7680)] = 1280
    window_height: Annotated[int, Field(ge=576, le=4320)] = 720
    fullscreen: bool = False
    ui_scale: Annotated[float, Field(ge=0.75, le=2.0)] = 1.0
    animation_speed: Literal["slow", "normal", "fast", "instant"] = "normal"
    reduced_motion: bool = False
    sound_volume: Annotated[float, Field(ge=0.0, le=1.0)] = 0.7
    music_volume: Annotated[float, Field(ge=0.0, le=1.0)] = 0.5
    auto_pass: Literal["never", "when_it_matters", "when_not_targeted", "always"] = (
        "when_it_matters"
    )
    confirm_end_phase: bool = True
    # "okabe_ito": the colour-blind-safe palette (game/ui/theme.py)
    palette: Literal["standard", "okabe_ito"] = "standard"
    # the player's key bindings that differ from the defaults (game/ui/keymap.py): action ->
    # key names such as "space" or "ctrl+z"
    keys: Annotated[
        dict[
            Annotated[str, Field(pattern=r"^[a-z_]{1,24}$")],
            Annotated[
                list[Annotated[str, Field(pattern=r"^[a-z0-9_+\[\]\-=;,./'`\\]{1,40}$")]],
                Field(min_length=1, max_length=4),
            ],
        ],
        Field(max_length=40),
    ] = {}


# ---------------------------------------------------------------- duels and replays


class SeatJson(Model):
    hero: Id
    team: Annotated[int, Field(ge=0, le=16)] | None = None
    name: Annotated[str, Field(max_length=64)] = ""
    deck: Ids | None = None


class MatchSetupJson(Model):
    seats: Annotated[list[SeatJson], Field(min_length=1, max_length=8)]
    seed: Seed = 0
    mode: Id = "duel"
    health: Annotated[int, Field(ge=1, le=999)] | None = None
    shared_team_dial: bool = False
    turn_limit: Annotated[int, Field(ge=0, le=100_000)] = 0
    adventure: Annotated[str, Field(max_length=2_000_000)] = ""


class SeatControl(Model):
    kind: Literal["human", "computer"] = "human"
    level: Annotated[str, Field(max_length=20)] | None = None
    enemy: Id | None = None  # an Adventures battle's minion or boss seat (crash reports)


class MatchFile(SavedBy):
    version: Version
    kind: Literal["duel", "replay"]
    setup: MatchSetupJson
    seats: Annotated[list[SeatControl], Field(max_length=8)] = []
    actions: Actions
    digest: Digest | None = None


class DuelFile(MatchFile):
    kind: Literal["duel"]


class ReplayFile(MatchFile):
    kind: Literal["replay"]


class CrashFile(Model):
    kind: Literal["crash"]
    version: GameVersion  # the game's version (crash reports predate `file_version`)
    file_version: Version = 1
    time: Text = ""
    where: Text = ""
    error: LongText = ""
    traceback: Annotated[list[LongText], Field(max_length=2_000)] = []
    python: Text = ""
    platform: Text = ""
    log: Annotated[list[LongText], Field(max_length=2_000)] = []
    seed: Seed | None = None
    replay: MatchFile | None = None
    replay_error: LongText | None = None


# ---------------------------------------------------------------- missions


class PerkBonusesJson(Model):
    momentum_level: Annotated[int, Field(ge=1, le=10)] = 1
    health: Small = 0
    momentum: Small = 0
    cp: Small = 0
    draw: Small = 0
    hero_statuses: Annotated[
        list[Annotated[list[Annotated[str, Field(max_length=40)] | Small], Field(max_length=3)]],
        Field(max_length=32),
    ] = []
    enemy_statuses: Annotated[
        list[Annotated[list[Annotated[str, Field(max_length=40)] | Small], Field(max_length=2)]],
        Field(max_length=32),
    ] = []
    feats: Ids = []
    sell_and_draw: bool = False
    free_ally: bool = False


class MissionSetupJson(Model):
    mission: Id
    heroes: Annotated[list[Id], Field(min_length=1, max_length=4)]
    seed: Seed = 0
    difficulty_up: Annotated[int, Field(ge=0, le=4)] = 0
    easier: Annotated[list[Id], Field(max_length=8)] = []
    perks: Annotated[list[PerkBonusesJson | None], Field(max_length=4)] = []
    mythics: Annotated[list[Annotated[str, Field(max_length=80)]], Field(max_length=4)] = []
    round_limit: Annotated[int, Field(ge=1, le=10_000)] = 60


class MissionFile(SavedBy):
    version: Version
    kind: Literal["mission"] = "mission"
    setup: MissionSetupJson
    actions: Actions
    round: Small = 0
    digest: Digest | None = None


class MissionUiFile(Model):
    """The mission window's seats (human/computer) and profiles, beside the mission save."""

    version: Version
    seats: Annotated[list[SeatControl], Field(max_length=4)]
    profiles: Annotated[list[Annotated[str, Field(max_length=32)]], Field(max_length=4)]


class SpendLimitsFile(Model):
    """Per profile, the (Total) Difficulty of its last mission (Perk Points spend up to it)."""

    version: Version
    limits: Annotated[
        dict[Annotated[str, Field(max_length=32)], Annotated[int, Field(ge=0, le=20)]],
        Field(max_length=1_000),
    ] = {}

    @model_validator(mode="before")
    @classmethod
    def _older_flat_shape(cls, data: Any) -> Any:
        # before version 1 the file was a bare {profile: difficulty} object
        if isinstance(data, dict) and "version" not in data and "limits" not in data:
            return {"version": 1, "limits": data}
        return data


class PerkSheetFile(Model):
    version: Version
    name: Annotated[str, Field(min_length=1, max_length=32)]
    plus: Small = 0
    circles: Annotated[
        dict[
            Annotated[str, Field(pattern=r"^[a-z_]{1,30}:[0-9]{1,2}$")],
            Annotated[int, Field(ge=0, le=20)],
        ],
        Field(max_length=200),
    ] = {}
    perfected: Annotated[list[Id], Field(max_length=500)] = []
    new_game_plus: Annotated[list[Annotated[int, Field(ge=1, le=5)]], Field(max_length=5)] = []
    unspent: Small = 0
    # one entry per unspent Perk Point: the highest column it may fill (rule 111); sheets
    # written before points had columns have only `unspent`
    points: Annotated[list[Annotated[int, Field(ge=1, le=5)]], Field(max_length=10_000)] | None = (
        None
    )

    @model_validator(mode="after")
    def _points_match_unspent(self) -> PerkSheetFile:
        if self.points is not None and self.unspent != len(self.points):
            raise ValueError(f"unspent: {self.unspent} does not match {len(self.points)} points")
        return self


# ---------------------------------------------------------------- Adventures


class CampaignHeroJson(Model):
    hero: Id
    player: Annotated[str, Field(max_length=64)]
    controller: Literal["human", "easy", "normal", "hard", "simple", "random"] = "human"
    deck: Ids = []


class ScoreRowJson(Model):
    scenario: Annotated[int, Field(ge=1, le=8)]
    kind: Literal["crawl", "boss"]
    card: Id
    result: Literal["won", "lost"]
    salves: Signed = 0
    gold: Signed = 0
    boss_loot: Signed = 0
    explored: Signed = 0
    scenario_score: Signed = 0
    session_score: Signed = 0


class CampaignJson(Model):
    difficulty: Id
    team_name: Annotated[str, Field(max_length=64)] = ""
    heroes: Annotated[list[CampaignHeroJson], Field(min_length=1, max_length=4)]
    seed: Seed = 0
    scenario: Annotated[int, Field(ge=1, le=8)] = 1
    attempt: Small = 0
    starting_salves: Annotated[int, Field(ge=0, le=99)] | None = None
    tried_cards: Annotated[list[Id], Field(max_length=100)] = []
    rows: Annotated[list[ScoreRowJson], Field(max_length=1_000)] = []
    loot_decks: Annotated[dict[Id, Ids], Field(max_length=10)] = {}
    rng: Seed = 0
    completed: bool = False
    sessions: Small = 0
    version: Version = 1


class SessionJson(Model):
    setup: MatchSetupJson
    actions: Actions = []
    digest: Digest | None = None
    post_actions: Actions = []


class CampaignSlotFile(SavedBy):
    version: Version
    kind: Literal["adventure_campaign"]
    slot: Annotated[int, Field(ge=1, le=6)]
    saved_at: Annotated[str, Field(max_length=40)] = ""
    campaign: CampaignJson
    # an online room's campaign (game.online.campaign_room): how many of the room's actions
    # this file holds; the restore applies the room's later actions. A player's slot has none.
    room_seq: Annotated[int, Field(ge=0, le=10_000_000)] | None = None
    session: SessionJson | None = None


# ---------------------------------------------------------------- online


class OnlineSeatJson(Model):
    kind: Literal["human", "computer"]
    hero: Id
    level: Annotated[str, Field(max_length=20)] = "normal"
    name: Annotated[str, Field(max_length=64)] = ""
    token_sha256: Annotated[str, Field(pattern=r"^([0-9a-f]{64})?$")] = ""


class OnlineRoomFile(Model):
    """A server's room header (its actions are appended to a separate .actions file)."""

    kind: Literal["online_room"]
    version: Version
    code: Annotated[str, Field(min_length=1, max_length=40)]
    mode: Id
    created: Annotated[float, Field(ge=0, le=1e11)]
    setup: MatchSetupJson | None = None
    seats: Annotated[list[OnlineSeatJson], Field(min_length=1, max_length=8)]
    # the host's choices (a file written before they existed: the server's defaults)
    host: Player = 0
    mission: Id | None = None  # mode "mission": the mission, and once it starts its setup
    mission_setup: MissionSetupJson | None = None
    mission_difficulty_up: Annotated[int, Field(ge=0, le=4)] = 0  # kept until the start
    mission_easier: Annotated[list[Id], Field(max_length=8)] = []
    on_leave: Literal["wait", "computer"] | None = None
    grace: Annotated[float, Field(ge=0, le=3600)] | None = None
    lobby: bool = False  # the match waits for every person to be ready
    timer: Annotated[int, Field(ge=0, le=3600)] = 0  # seconds per decision (0: none)
    # mode "adventure": the campaign's difficulty; once it starts, its save is CODE.campaign.json
    adventure_difficulty: Id | None = None
    adventure_started: bool = False
    spectators: bool = True  # people may watch without a seat (the host's choice)
    # hashes of seat tokens given back (`release`): a resume with one is told so
    released: Annotated[
        list[Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]], Field(max_length=64)
    ] = []


class OnlineSeatFile(Model):
    """The client's seat in an online room, kept so a restarted client can resume it."""

    version: Version = 1
    url: Annotated[str, Field(max_length=300)]
    room: Annotated[str, Field(min_length=1, max_length=40)]
    seat: Player
    token: Annotated[str, Field(min_length=1, max_length=200)]
    hosted: bool = False  # this machine ran the server (Continue starts it again)
    port: Annotated[int, Field(ge=0, le=65535)] = 0
    mode: Annotated[str, Field(max_length=20)] = ""
    heroes: Annotated[list[Annotated[str, Field(max_length=40)]], Field(max_length=8)] = []
    names: Annotated[list[Annotated[str, Field(max_length=64)]], Field(max_length=8)] = []
