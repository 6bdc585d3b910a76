"""The rules engine: one match, driven only by `apply(action)`.

    engine = Engine.new_match(MatchSetup(seats=(SeatSetup("gunslinger"), SeatSetup("barbarian")),
                                         seed=7))
    while not engine.over:
        choice = engine.pending            # PendingChoice: who decides, and the legal options
        events = engine.apply(choice.options[0].action)

The engine never blocks, reads input, sleeps or uses any randomness but the match's own seeded
generator, so a seed plus the list of actions replays a match exactly.
"""

from __future__ import annotations

import contextlib
import contextvars
from dataclasses import dataclass, field
from typing import Any

import esper

from game.content.defs import ContentDB, HeroDef
from game.content.loader import default_content
from game.rules import codec
from game.rules.actions import Action, IllegalAction, Option, PendingChoice
from game.rules.components import (
    Board,
    CardInstance,
    Combat,
    CombatPoints,
    DiceTable,
    Enemy,
    Flags,
    HealthDial,
    InBattle,
    MatchInfo,
    OnDial,
    Piles,
    Pools,
    Program,
    Seat,
    Standing,
    StatusLimits,
    TurnFlags,
)
from game.rules.events import Event, make_event
from game.rules.frames import MatchFrame
from game.rules.rng import RngState, seed_state, shuffle
from game.rules.world import MatchWorld

MAX_STEPS_PER_ACTION = 200_000


@dataclass(frozen=True, slots=True)
class SeatSetup:
    hero: str  # a hero id, or (Adventures) an enemy id from ContentDB.enemies
    team: int | None = None  # default: every seat its own team
    name: str = ""
    # the exact deck as card ids (Adventures: a loot-grown deck); None = the hero's own deck
    deck: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class MatchSetup:
    seats: tuple[SeatSetup, ...]
    seed: int = 0
    mode: str = "duel"
    health: int | None = None  # starting Health override (e.g. 35 in King of the Hill)
    shared_team_dial: bool = False  # teammates share one Health dial (team games)
    turn_limit: int = 0  # 0 = none; a harness safety valve, the rules have no limit
    # Adventures: the scenario being played (card, difficulty, Salves, Gold, Loot decks...) as
    # canonical JSON text (kept a string so the setup stays hashable); "" otherwise
    adventure: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": [_seat_json(s) for s in self.seats],
            "seed": self.seed,
            "mode": self.mode,
            "health": self.health,
            "shared_team_dial": self.shared_team_dial,
            "turn_limit": self.turn_limit,
            **({"adventure": self.adventure} if self.adventure else {}),
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> MatchSetup:
        seats = tuple(
            SeatSetup(
                hero=s["hero"],
                team=s.get("team"),
                name=s.get("name", ""),
                deck=None if s.get("deck") is None else tuple(str(c) for c in s["deck"]),
            )
            for s in data["seats"]
        )
        return MatchSetup(
            seats=seats,
            seed=int(data.get("seed", 0)),
            mode=data.get("mode", "duel"),
            health=data.get("health"),
            shared_team_dial=bool(data.get("shared_team_dial", False)),
            turn_limit=int(data.get("turn_limit", 0)),
            adventure=str(data.get("adventure", "")),
        )


def _seat_json(seat: SeatSetup) -> dict[str, Any]:
    out: dict[str, Any] = {"hero": seat.hero, "team": seat.team, "name": seat.name}
    if seat.deck is not None:
        out["deck"] = list(seat.deck)
    return out


def is_adventure(mode: str) -> bool:
    return mode.startswith("adventure")


class _Processor(esper.Processor):
    """Steps the top frame when it is one of this processor's frame types."""

    steps: dict[type, Any] = {}

    def process(self, engine: Engine) -> None:
        if engine.waiting:
            return
        frames = engine.program.frames
        if not frames:
            return
        handler = self.steps.get(type(frames[-1]))
        if handler is not None:
            handler(engine, frames[-1])


@dataclass(slots=True)
class Snapshot:
    world: list[tuple[int, list[Any]]]
    actions: list[Action] = field(default_factory=list)


# Engines made while this is set keep every resolved damage pool in their state, as the rules
# up to version 3 did (`ops.forget_resolved_pools`): a save made then reaches its digest only
# when its actions are replayed that way (`persistence.files.replay_reaching`).
_KEEP_RESOLVED_POOLS: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "keep_resolved_pools", default=False
)


@contextlib.contextmanager
def keeping_resolved_pools():
    """Engines made inside this block keep every resolved damage pool, as before rules
    version 4 (the state - and so the digest - such a save recorded)."""
    token = _KEEP_RESOLVED_POOLS.set(True)
    try:
        yield
    finally:
        _KEEP_RESOLVED_POOLS.reset(token)


class Engine:
    """One match. Read state through the query methods; change it only with `apply`."""

    MATCH = 1  # the match entity is always created first

    def __init__(self, content: ContentDB, world: MatchWorld, setup: MatchSetup) -> None:
        self.content = content
        self.world = world
        self.setup = setup
        self.actions: list[Action] = []
        self.log: list[Event] = []
        self.keep_log = True
        self._events: list[Event] = []
        self._match: dict[type, Any] | None = None  # see `_match_components`
        # (the world's processor list, its length, `_step_table()` for it), kept between steps
        self._steps: tuple | None = None
        self.keeps_resolved_pools = _KEEP_RESOLVED_POOLS.get()  # see `keeping_resolved_pools`

    # ------------------------------------------------------------ creation

    @classmethod
    def new_match(
        cls,
        setup: MatchSetup,
        content: ContentDB | None = None,
        *,
        keep_log: bool = True,
        before_start: Any = None,
    ) -> Engine:
        """Set up a match and run it to its first decision.

        `before_start(engine)` may adjust the freshly set-up state (scenario files and tests
        use it to place cards, tokens and forced dice) before the first step runs.
        """
        content = content or default_content()
        for seat in setup.seats:
            if not content.has_board(seat.hero):
                raise ValueError(f"unknown hero '{seat.hero}'")
            for card_id in seat.deck or ():
                if card_id not in content.cards:
                    raise ValueError(f"unknown card '{card_id}' in the deck of '{seat.hero}'")
        # Adventures start with the heroes alone; enemies join as they are drawn.
        if len(setup.seats) < (1 if is_adventure(setup.mode) else 2):
            raise ValueError("a match needs at least two seats")
        engine = cls(content, MatchWorld(), setup)
        engine.keep_log = keep_log
        with engine.world.active():
            _install_processors(setup.mode)
            engine._create(setup)
            if before_start is not None:
                before_start(engine)
            engine._run()
        return engine

    def _create(self, setup: MatchSetup) -> None:
        match = esper.create_entity()
        assert match == self.MATCH
        esper.add_component(match, seed_state(setup.seed))
        esper.add_component(match, Program())
        esper.add_component(match, DiceTable())
        esper.add_component(match, Pools())
        esper.add_component(match, Combat())
        esper.add_component(match, TurnFlags())
        teams = [s.team if s.team is not None else i for i, s in enumerate(setup.seats)]
        dials: dict[int, int] = {}
        players = []
        for index, seat in enumerate(setup.seats):
            hero = self.content.heroes[seat.hero]
            enemy = self.content.enemies.get(seat.hero)
            health = enemy.health if enemy else (setup.health or hero.health)
            team = teams[index]
            if setup.shared_team_dial and team in dials:
                dial = dials[team]
            else:
                dial = esper.create_entity(HealthDial(health=health, start=health))
                dials[team] = dial
            name = seat.name or self._default_name(setup, index)
            player = esper.create_entity(
                Seat(index=index, team=team, hero=hero.id, name=name),
                OnDial(dial=dial),
                CombatPoints(cp=hero.cp),
                Piles(),
                Board(levels={slot.id: 1 for slot in hero.slots}),
                StatusLimits(),
                Flags(),
                Standing(),
            )
            players.append(player)
        esper.add_component(
            match,
            MatchInfo(
                mode=setup.mode,
                seed=setup.seed,
                players=players,
                turn_order=list(players),
                turn_limit=setup.turn_limit,
            ),
        )
        rng = self.rng
        for index, player in enumerate(players):
            hero = self.hero(player)
            enemy = self.content.enemies.get(hero.id)
            if enemy is not None:
                esper.add_component(
                    player, Enemy(enemy=enemy.id, kind=enemy.kind, level=enemy.level)
                )
            piles = esper.component_for_entity(player, Piles)
            deck = setup.seats[index].deck
            cards = list(deck) if deck is not None else [c for c, n in hero.deck for _ in range(n)]
            for card_id in cards:
                piles.deck.append(esper.create_entity(CardInstance(card=card_id, owner=player)))
            shuffle(rng, piles.deck)
        for player in players:
            hero = self.hero(player)
            for _ in range(hero.hand):
                card = self._take_top(player)
                if card is not None:
                    esper.component_for_entity(player, Piles).hand.append(card)
        start = mode_start(setup.mode)
        if start is not None:  # Adventures: the crawl / boss battle drives the turns
            info = self.info
            info.start_player = 0  # nobody skips a first Income in Adventures (rule 41)
            self.program.frames.extend(start(self))
        else:
            self.program.frames.append(MatchFrame())

    def _default_name(self, setup: MatchSetup, index: int) -> str:
        hero = self.content.heroes[setup.seats[index].hero].name
        same = [i for i, s in enumerate(setup.seats) if s.hero == setup.seats[index].hero]
        if len(same) > 1:
            return f"{hero} {same.index(index) + 1}"
        return hero

    def _take_top(self, player: int) -> int | None:
        piles = esper.component_for_entity(player, Piles)
        if not piles.deck:
            if not piles.discard:
                return None
            piles.deck.extend(piles.discard)
            piles.discard.clear()
            shuffle(self.rng, piles.deck)
            self.emit(
                "deck_shuffled",
                f"{self.name(player)} shuffles the discard pile into a new deck.",
                player=self.seat(player),
            )
        return piles.deck.pop(0)

    # ------------------------------------------------------------ the decision interface

    @property
    def pending(self) -> PendingChoice | None:
        return self.world.components(self.MATCH)[Program].pending

    @property
    def over(self) -> bool:
        return self.world.components(self.MATCH)[MatchInfo].over

    def apply(self, action: Action) -> list[Event]:
        """Carry out one of the pending options. Anything else raises IllegalAction with a
        reason and leaves the match exactly as it was."""
        with self.world.active():
            program = self.program
            choice = program.pending
            if choice is None:
                why = "the match is over" if self.info.over else "no decision is pending"
                raise IllegalAction(f"{why}; nothing can be done")
            if not isinstance(action, Action):
                raise IllegalAction(f"expected an Action, got {type(action).__name__}")
            if action.player != choice.player:
                raise IllegalAction(
                    f"it is seat {choice.player}'s decision ({choice.prompt}), "
                    f"not seat {action.player}'s"
                )
            if choice.find(action) is None:
                labels = "; ".join(o.label for o in choice.options[:12])
                more = " ..." if len(choice.options) > 12 else ""
                raise IllegalAction(
                    f"'{action.kind}' with {dict(action.args)} is not a legal option now "
                    f"({choice.prompt}). Options: {labels}{more}"
                )
            self._events = []
            self.actions.append(action)
            program.pending = None
            frame = program.frames[-1]
            handler = _ANSWERS[type(frame)]
            handler(self, frame, action)
            self._run()
            return self._events

    def _run(self) -> None:
        """Step the top frame until a question is open or the match is over.

        What `esper.process(self)` did, without its generic per-call work: the world's
        processors (`_Processor`s, in priority order) each stepped the top frame when it was
        one of their frame types, so each step runs the handler of the top frame's type, looked
        up in one table of every installed processor's steps (`_step_table`). esper's clean-up
        of deleted entities is skipped: entities are never deleted."""
        program = self.program
        info = self.info
        frames = program.frames
        processors = esper._processors  # the active world's list (esper 3.9)
        held = self._steps
        if held is not None and held[0] is processors and held[1] == len(processors):
            table = held[2]
        else:
            table = _step_table()
            self._steps = (processors, len(processors), table)
        steps = 0
        while frames and not info.over:
            if program.pending is not None:
                # An enemy seat's decision is answered here by its printed AI (not recorded).
                if not _answer_enemy(self):
                    break
            elif table is None:  # a processor with its own `process`: esper's way
                for processor in esper._processors:
                    processor.process(self)
            else:
                top = frames[-1]
                handler = table.get(type(top))
                if handler is not None:
                    handler(self, top)
            steps += 1
            if steps > MAX_STEPS_PER_ACTION:  # pragma: no cover - an engine bug
                top = type(frames[-1]).__name__
                raise RuntimeError(f"the engine made no progress (stuck in {top})")
        if info.over:
            frames.clear()
            program.pending = None

    # ------------------------------------------------------------ snapshots and replays

    def snapshot(self) -> Snapshot:
        return Snapshot(world=self.world.snapshot(), actions=list(self.actions))

    def restore(self, snapshot: Snapshot) -> None:
        self._match = None
        self.world.restore(snapshot.world)
        self.actions = list(snapshot.actions)

    def clone(self) -> Engine:
        """An independent copy (its own world), e.g. for an AI's look-ahead."""
        copy = Engine(self.content, MatchWorld(), self.setup)
        copy.keep_log = False
        with copy.world.active():
            _install_processors(self.setup.mode)
        snapshot = self.snapshot()  # already a deep copy: the clone takes it as it is
        copy.world.restore(snapshot.world, take=True)
        copy._match = None
        copy.actions = snapshot.actions
        return copy

    def close(self) -> None:
        """Free the match's esper world."""
        self.world.close()

    def __del__(self) -> None:  # worlds live in esper's module state; don't leak them
        with contextlib.suppress(Exception):
            self.world.close()

    def state_data(self) -> Any:
        """The whole match state as plain JSON-ready data."""
        with self.world.active():
            return codec.encode(self.world.entities())

    def digest(self) -> str:
        """A hash of the whole match state: equal digests mean identical matches."""
        with self.world.active():
            return codec.digest(self.world.entities())

    # ------------------------------------------------------------ internals used by processors

    @property
    def waiting(self) -> bool:
        return self.program.pending is not None or self.info.over

    def _match_components(self) -> dict[type, Any]:
        """The match entity's components by type, kept on the engine (the same dict for the
        world's life, whichever component is replaced in it; `restore` forgets it, as a
        restored world holds new entities)."""
        self._match = self.world.components(self.MATCH)
        return self._match

    @property
    def program(self) -> Program:
        return (self._match or self._match_components())[Program]

    @property
    def info(self) -> MatchInfo:
        return (self._match or self._match_components())[MatchInfo]

    @property
    def rng(self) -> RngState:
        return (self._match or self._match_components())[RngState]

    @property
    def combat(self) -> Combat:
        return (self._match or self._match_components())[Combat]

    @property
    def pools(self) -> Pools:
        return (self._match or self._match_components())[Pools]

    @property
    def dice(self) -> DiceTable:
        return (self._match or self._match_components())[DiceTable]

    @property
    def turn_flags(self) -> TurnFlags:
        return (self._match or self._match_components())[TurnFlags]

    def push(self, *frames: Any) -> None:
        """Push frames; the last one given runs first."""
        self.program.frames.extend(frames)

    def pop(self) -> None:
        self.program.frames.pop()

    def replace(self, frame: Any) -> None:
        self.program.frames[-1] = frame

    def ask(
        self,
        player: int,
        kind: str,
        prompt: str,
        options: list[Option],
        window: str = "",
        **context: Any,
    ) -> None:
        if not options:  # pragma: no cover - an engine bug: every question has an answer
            raise RuntimeError(f"asked {prompt!r} with no options")
        self.program.pending = PendingChoice(
            player=self.seat(player),
            kind=kind,
            prompt=prompt,
            options=options,
            window=window,
            context=context,
        )

    def emit(self, kind: str, text: str, **data: Any) -> None:
        event = make_event(kind, data, text)
        self._events.append(event)
        if self.keep_log:
            self.log.append(event)

    def new_scope(self) -> int:
        program = self.program
        scope = program.next_scope
        program.next_scope += 1
        program.vars[scope] = {}
        return scope

    # ------------------------------------------------------------ basic queries

    def player(self, seat: int) -> int:
        return self.info.players[seat]

    def seat(self, player: int) -> int:
        return esper._entities[player][Seat].index

    def hero(self, player: int) -> HeroDef:
        return self.content.heroes[esper._entities[player][Seat].hero]

    def name(self, player: int | None) -> str:
        if player is None:
            return "the rules"
        return esper._entities[player][Seat].name

    def team(self, player: int) -> int:
        return esper._entities[player][Seat].team

    def alive(self, player: int) -> bool:
        return not esper._entities[player][Standing].defeated

    def living(self) -> list[int]:
        entities = esper._entities
        return [p for p in self.info.players if not entities[p][Standing].defeated]

    def opponents(self, player: int) -> list[int]:
        entities = esper._entities
        team = entities[player][Seat].team
        out = [
            p
            for p in self.info.players
            if not entities[p][Standing].defeated and entities[p][Seat].team != team
        ]
        mine = entities[player].get(InBattle)
        if mine is not None:  # Adventures: only the players of the same battle
            out = [p for p in out if _battle_of(p) == mine.battle]
        return out

    def is_opponent(self, a: int, b: int) -> bool:
        return self.team(a) != self.team(b)

    def dial(self, player: int) -> HealthDial:
        entities = esper._entities
        return entities[entities[player][OnDial].dial][HealthDial]

    def health(self, player: int) -> int:
        return self.dial(player).health

    def cp(self, player: int) -> int:
        return esper._entities[player][CombatPoints].cp

    def piles(self, player: int) -> Piles:
        return esper._entities[player][Piles]

    def board(self, player: int) -> Board:
        return esper._entities[player][Board]

    def flags(self, player: int) -> Flags:
        return esper._entities[player][Flags]

    def standing(self, player: int) -> Standing:
        return esper._entities[player][Standing]

    def card_id(self, card: int) -> str:
        return esper._entities[card][CardInstance].card

    def priority_order(self) -> list[int]:
        """Living players, the active player first, then the others in turn order."""
        info = self.info
        order = info.turn_order
        active = info.active
        start = order.index(active) if active in order else 0
        rotated = order[start:] + order[:start]
        entities = esper._entities
        return [p for p in rotated if not entities[p][Standing].defeated]


_ANSWERS: dict[type, Any] = {}
_PROCESSORS: list[_Processor] = []

# Adventures hooks (game.adventures registers them on import):
#   ENEMY_POLICY[0](engine, choice) -> Action answers a decision of an enemy seat;
#   MODE_STARTS[prefix](engine) -> frames a match of a mode with that prefix starts with,
#     instead of the roll for the first turn (longest matching prefix wins).
ENEMY_POLICY: list[Any] = []
MODE_STARTS: dict[str, Any] = {}
# Modules imported before a match of a mode with this prefix is set up (they register frames).
MODE_PLUGINS: dict[str, tuple[str, ...]] = {
    "adventure": ("game.adventures.enemies", "game.adventures.boss"),
    # the scenario drivers (ADV-CRAWL): they register MODE_STARTS and END_RULES
    "adventure_crawl": ("game.adventures.crawl",),
    "adventure_boss": ("game.adventures.boss_battle",),
    # Adventures rule 54: Boss vs Many / Boss vs Boss (a Boss as a player's seat)
    "boss_vs": ("game.adventures.boss_modes",),
}


def _battle_of(player: int) -> int | None:
    found = esper.try_component(player, InBattle)
    return None if found is None else found.battle


def mode_start(mode: str) -> Any:
    best = None
    for prefix, start in MODE_STARTS.items():
        if mode.startswith(prefix) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, start)
    return best[1] if best else None


def _answer_enemy(engine: Engine) -> bool:
    """If the open question belongs to an enemy seat, answer it with the enemy AI."""
    choice = engine.program.pending
    player = engine.player(choice.player)
    if not ENEMY_POLICY or Enemy not in esper._entities[player]:  # `esper.has_component`
        return False
    action = ENEMY_POLICY[0](engine, choice)
    if choice.find(action) is None:  # pragma: no cover - an enemy AI bug
        raise RuntimeError(f"the enemy AI chose an illegal action {action} for {choice.prompt}")
    engine.program.pending = None
    frame = engine.program.frames[-1]
    _ANSWERS[type(frame)](engine, frame, action)
    return True


def register_processor(processor: _Processor, answers: dict[type, Any]) -> None:
    """Phase and resolution modules register their processors and answer handlers here."""
    _PROCESSORS.append(processor)
    _ANSWERS.update(answers)


_STEP_TABLES: dict[tuple[int, ...], dict[type, Any] | None] = {}


def _step_table() -> dict[type, Any] | None:
    """Frame type -> step handler of the active world's processors (the first processor in
    priority order that steps the type wins, as in esper's loop); None when a processor has a
    `process` of its own. Worlds with the same processors share one table."""
    processors = esper._processors  # the active world's list, in priority order (esper 3.9)
    key = tuple(map(id, processors))  # processors are module singletons: ids are stable
    table = _STEP_TABLES.get(key, _MISSING)
    if table is _MISSING:
        if any(type(p).process is not _Processor.process for p in processors):
            table = None
        else:
            table = {}
            for processor in processors:
                for frame_type, handler in processor.steps.items():
                    table.setdefault(frame_type, handler)
        _STEP_TABLES[key] = table
    return table


_MISSING: Any = object()


def _install_processors(mode: str = "duel") -> None:
    import importlib

    from game.rules import phases, resolution  # noqa: F401 - they register on import

    for prefix, modules in MODE_PLUGINS.items():
        if mode.startswith(prefix):
            for module in modules:
                importlib.import_module(module)

    for index, processor in enumerate(_PROCESSORS):
        if esper.get_processor(type(processor)) is None:
            esper.add_processor(processor, priority=len(_PROCESSORS) - index)


def replay(setup: MatchSetup, actions: list[Action], content: ContentDB | None = None) -> Engine:
    """Re-run a match from its setup (seed included) and actions."""
    return apply_all(Engine.new_match(setup, content, keep_log=False), actions)


def apply_all(engine, actions):
    """Apply the actions in order and return the engine (a duel, mission or Adventures one);
    if one fails, the engine is closed (its world removed) before the error goes on."""
    try:
        for action in actions:
            engine.apply(action)
    except BaseException:
        engine.close()
        raise
    return engine
