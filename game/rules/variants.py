"""Team and free-for-all formats: turn order, the targeting tables and the King of the Hill Leader.

Everything here is pure rules (no window): the phase processors call it, and the computer
players and the window read the same tables.

Seating. Seats are listed clockwise around the table; teammates sit next to each other
(2v2: A1 A2 B1 B2; 3v3: A1 A2 A3 B1 B2 B3; 2v2v2: A1 A2 B1 B2 C1 C2). Turns pass clockwise,
so the player on your *left* is the next one clockwise and the one on your *right* the next one
counter-clockwise.

Turn order. In team formats the teams alternate ("zigzag"): the first member of each team in
seating order, then the second of each, ... (2v2: A1 B1 A2 B2; 3v3: A1 B1 A2 B2 A3 B3; 2v2v2:
A1 B1 C1 A2 B2 C2). The cycle starts with whoever wins the roll for the first turn. In a duel
and in King of the Hill every seat is its own team, so this is simply clockwise.

Targeting tables (one die, rolled when an ability is activated against several opponents; the
opponents are counted clockwise from the attacker, so "left" is the nearest one clockwise and
"right" the nearest one counter-clockwise):

* 2v2 (and any table with exactly two opponents left): 1-2 left, 3-4 right, 5 the opponents
  choose, 6 the attacker chooses.
* 3v3 with three opponents: 1-2 left, 3-4 middle, 5-6 right.
* 2v2v2 with four opponents: 1-4 count that many opponents clockwise starting with the nearest
  on the left (1 = nearest), 5-6 the attacker chooses. With two opponents left (one opposing
  team), the 2v2 table.
* King of the Hill: no roll; the attacker chooses any opponent.
* Boss vs Many (Adventures rule 54; our tables, the seeds lost theirs): the heroes have one
  opponent, the Boss, so they never roll. The Boss rolls 1 Chaos die (its own die; the table
  reads the number, 6 being the Chaos face): 2 heroes - 1-2 left, 3-4 right, 5 the heroes
  choose, 6 the Boss chooses; 3 heroes - 1-2 left, 3-4 middle, 5 right, 6 the Boss chooses;
  4 heroes - 1-4 count that many heroes clockwise from the left, 5 the heroes choose, 6 the
  Boss chooses. Fallen heroes are not counted (the table for those still standing).
"""

from __future__ import annotations

TEAM_MODES = ("2v2", "3v3", "2v2v2")
FREE_FOR_ALL = ("koth",)

# (faces, result) rows of each table, by the number of opponents it is made for
TABLE_2 = ((1, 2, "left"), (3, 4, "right"), (5, 5, "opponents_choose"), (6, 6, "attacker_chooses"))
TABLE_3V3 = ((1, 2, "left"), (3, 4, "middle"), (5, 6, "right"))
TABLE_2V2V2 = (
    (1, 1, "clockwise_1"),
    (2, 2, "clockwise_2"),
    (3, 3, "clockwise_3"),
    (4, 4, "clockwise_4"),
    (5, 6, "attacker_chooses"),
)

BOSS_VS_MANY = "boss_vs_many"
BOSS_TABLE_3 = ((1, 2, "left"), (3, 4, "middle"), (5, 5, "right"), (6, 6, "attacker_chooses"))
BOSS_TABLE_4 = (
    (1, 1, "clockwise_1"),
    (2, 2, "clockwise_2"),
    (3, 3, "clockwise_3"),
    (4, 4, "clockwise_4"),
    (5, 5, "opponents_choose"),
    (6, 6, "attacker_chooses"),
)
# Modes whose Start Player keeps the Income Phase of their first turn (seed: "except ... Boss
# vs Many"); Adventures battles set no Start Player at all.
FIRST_INCOME_MODES = (BOSS_VS_MANY,)

RESULT_TEXT = {
    "left": "the opponent on the left",
    "right": "the opponent on the right",
    "middle": "the opponent in the middle",
    "opponents_choose": "the opponents choose which of them is targeted",
    "attacker_chooses": "the attacker chooses the target",
}


def uses_table(mode: str) -> bool:
    """Whether this format rolls a die to pick the target (team formats do)."""
    return mode in TEAM_MODES or mode == BOSS_VS_MANY


def start_player_skips_income(mode: str) -> bool:
    return mode not in FIRST_INCOME_MODES


def table_for(mode: str, opponents: int) -> tuple[tuple[int, int, str], ...]:
    """The table a `mode` uses with this many living opponents (2 or more)."""
    if mode == BOSS_VS_MANY and opponents >= 3:
        return BOSS_TABLE_4 if opponents >= 4 else BOSS_TABLE_3
    if mode == "3v3" and opponents >= 3:
        return TABLE_3V3
    if mode == "2v2v2" and opponents >= 3:
        return TABLE_2V2V2
    return TABLE_2


def table_result(mode: str, value: int, opponents: int) -> str:
    for low, high, result in table_for(mode, opponents):
        if low <= value <= high:
            return result
    raise ValueError(f"die value {value} is not 1-6")  # pragma: no cover - dice are 1-6


def result_text(result: str) -> str:
    if result.startswith("clockwise_"):
        count = int(result.split("_")[1])
        return f"count {count} opponent{'s' if count > 1 else ''} clockwise from the left"
    return RESULT_TEXT[result]


def clockwise_from(seat: int, seats: list[int], total: int) -> list[int]:
    """`seats` ordered by how far clockwise they sit from `seat` (the nearest first)."""
    return sorted(seats, key=lambda s: (s - seat) % total)


def candidates(result: str, ordered: list[int]) -> list[int]:
    """The opponents (seats, nearest clockwise first) a result leaves to pick from: one seat
    when the die fixes the target, several when someone chooses."""
    if not ordered:
        return []
    if result == "left":
        return [ordered[0]]
    if result == "right":
        return [ordered[-1]]
    if result == "middle":
        return [ordered[len(ordered) // 2]]
    if result.startswith("clockwise_"):
        count = int(result.split("_")[1])
        return [ordered[(count - 1) % len(ordered)]]
    return list(ordered)


def zigzag(seats: list[int], teams: list[int]) -> list[int]:
    """Seats in the team-alternating turn cycle: the first member of each team (teams in order
    of their first seat), then the second of each, and so on."""
    members: dict[int, list[int]] = {}
    for seat in seats:
        members.setdefault(teams[seat], []).append(seat)
    groups = list(members.values())
    order: list[int] = []
    for rank in range(max(len(g) for g in groups)):
        for group in groups:
            if rank < len(group):
                order.append(group[rank])
    return order


# ---------------------------------------------------------------- on a running match


def turn_cycle(eng, start: int) -> list[int]:
    """Player entities in turn order beginning with `start` (zigzag in team formats)."""
    players = list(eng.info.players)
    seats = list(range(len(players)))
    if eng.info.mode in TEAM_MODES:
        teams = [eng.team(p) for p in players]
        cycle = [players[s] for s in zigzag(seats, teams)]
    else:
        cycle = players
    index = cycle.index(start)
    return cycle[index:] + cycle[:index]


def opponents_clockwise(eng, attacker: int) -> list[int]:
    """The attacker's living opponents, nearest clockwise (on the left) first."""
    total = len(eng.info.players)
    seat = eng.seat(attacker)
    by_seat = {eng.seat(p): p for p in eng.opponents(attacker)}
    return [by_seat[s] for s in clockwise_from(seat, list(by_seat), total)]


def leaders(eng) -> list[int]:
    """Living players with the most Health (ties share the lead)."""
    living = eng.living()
    if not living:
        return []
    best = max(eng.health(p) for p in living)
    return [p for p in living if eng.health(p) == best]


def leader_bonus(eng, attacker: int, target: int) -> bool:
    """King of the Hill: attacking a Leader earns a card. Someone tied with you for the lead is
    a Leader too; the sole Leader has no Leader to attack, so never earns it."""
    return eng.info.mode == "koth" and target != attacker and target in leaders(eng)


def can_attack(effects, dtype: str = "normal") -> bool:
    """Whether an ability's effects (plain damage of type `dtype`) can deal damage to its target,
    and so make an Attack."""
    for fx in effects:
        if (
            fx.get("do") == "deal_damage"
            and fx.get("target", "opponent") in ("opponent", "all_opponents")
            and fx.get("type", dtype) not in ("collateral", "none")
        ):
            return True
        for key in ("effects", "else", "win", "lose", "options"):
            if key in fx and can_attack(fx[key], dtype):
                return True
    return False


# Verbs that act only on their resolver (their own Health, CP, tokens, cards, companions) when
# they name no target or target "self".
_SELF_VERBS = frozenset(
    {
        "heal",
        "gain_status",
        "gain_cp",
        "lose_cp",
        "draw",
        "remove_status",
        "grant_flag",
        "raise_stack_limit",
        "summon_companion",
        "heal_companion",
        "grow",
        "flip_board",
        "remove_self",
    }
)
# Verbs whose "target" defaults to their resolver.
_SELF_BY_DEFAULT = frozenset({"heal", "gain_status", "gain_cp", "lose_cp", "draw"})
# Nested effects that only run others (their condition may still read the target).
_NESTING = frozenset({"then", "additionally", "if", "on", "roll", "choose_one", "after_damage"})
_TARGET_CONDITIONS = frozenset({"target_has_status", "target_status_at_least"})


def _reads_target(cond) -> bool:
    if not isinstance(cond, dict):
        return False
    return any(key in _TARGET_CONDITIONS or _reads_target(arg) for key, arg in cond.items())


def touches_opponent(effects) -> bool:
    """Whether an ability has a part that acts on an opponent (rules 26 and 28): only such an
    ability needs a target, and so a Targeting Roll in a team format. Unknown verbs count as
    acting on an opponent."""
    for fx in effects:
        verb = fx.get("do")
        if verb in _NESTING:
            if _reads_target(fx.get("condition")):
                return True
            nested = [fx.get(key) or () for key in ("effects", "else")]
            nested += [opt.get("effects", ()) for opt in fx.get("options") or ()]
            if any(touches_opponent(part) for part in nested):
                return True
            continue
        if verb not in _SELF_VERBS:
            return True
        default = "self" if verb in _SELF_BY_DEFAULT else "opponent"
        if fx.get("target", default) != "self":
            return True
    return False
