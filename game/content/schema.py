"""The vocabulary content files may use: effect verbs with their parameters, amount
expressions, conditions, triggers and play windows.

This module is plain data. The content loader validates every file against it (so a typo
names its file and field), and the engine's verb registry must implement exactly these verbs
(a test checks both lists agree).
"""

from __future__ import annotations

DAMAGE_TYPES = ("normal", "undefendable", "pure", "collateral", "ultimate")

# Who an effect points at, relative to the effect's context:
#   self            the player whose ability, card or token this is
#   opponent        the other party: the defender for an Attack, the attacker for a defense
#   chosen_player   a player picked by `self` when the effect resolves (anyone, self included)
#   chosen_opponent a player picked by `self` among living opponents
#   all_opponents   every living opponent, each separately
#   inflicter       for a status trigger: the player who placed the token
TARGETS = (
    "self",
    "opponent",
    "chosen_player",
    "chosen_opponent",
    "all_opponents",
    "inflicter",
    "defender",  # the Defender of the Attack under way (a teammate's Flight protects them)
)

PHASES = (
    "upkeep",
    "income",
    "main1",
    "offensive_roll",
    "targeting_roll",
    "defensive_roll",
    "main2",
    "discard",
)

# Moments a status effect or passive ability can react to (its "triggers").
TRIGGERS = (
    "upkeep",  # the holder's Upkeep Phase
    "income",  # start of the holder's Income Phase (before CP and the draw)
    "before_offensive_roll",  # the holder is about to start an Offensive Roll Phase
    "attacked",  # the holder becomes the Defender of an Attack
    "attacking",  # the holder makes an Attack
    "attack_concluded",  # an Attack against the holder has fully resolved
    "end_of_roll_phase",  # conclusion of any Roll Phase
    "end_of_turn",  # end of the holder's turn
    "offensive_roll_concluded",  # the holder's Offensive Roll ended (ability or none), before
    # the activated ability resolves
    "damage_landing",  # avoidable damage waiting for the holder is about to land (after the
    # last response window, before the Final Damage Total)
    "opponent_collateral_only",  # an opponent's activated ability dealt only collateral damage
    # (no Attack): reacts where the Defensive Roll Phase would begin (the Cursed passive)
    "roll_phase_damage",  # the Roll Phase's own damage total is about to land (before the last
    # window): what joins the pool now lands with it (Barbed Vine)
    "targeted_by_ultimate",  # the holder is the target of an Ultimate about to resolve
    # (King's Hand, Adventures rule 53)
)

# When a status effect may be spent (besides its owner's own decision points).
SPEND_WINDOWS = (
    "incoming_damage",  # the holder has avoidable damage waiting to land on them
    "own_attack",  # the holder is making an Attack whose damage has not landed yet
    "own_main_phase",  # during the holder's own Main Phase
    "any_time",
    "attacked",  # the holder is the Defender of an Attack whose damage has not landed yet
    "own_negative_status",  # the holder has a removable negative status effect
    "opponent_dice",  # a die of an opponent of the holder can be altered right now (Mesmerize)
    "other_status_in_play",  # some player holds a removable status other than this one (Blood
    # Power's 2-token effect)
    "teammate_attacked",  # a teammate of the holder is the Defender of an Attack whose damage
    # has not landed yet (Seraph's Flight in team games)
)

CARD_TYPES = ("upgrade", "main", "roll", "instant")

# Extra conditions a card can require before it may be played. An entry is a name, or a
# one-key object {name: N} for the conditions that take a number (shown in brackets).
PLAY_CONDITIONS = (
    "own_attack",  # you are making an Attack whose damage has not landed (Attack Modifier)
    "alterable_die",  # some die in play can be altered right now
    "own_alterable_die",  # one of your own dice in play can be altered right now
    "own_offensive_roll",  # a player's Offensive Roll is under way (for extra attempts)
    "defensive_roll",  # your own Defensive Roll is under way
    "offensive_roll_open",  # anyone's Offensive Roll Attempts are under way (chosen player)
    "defensive_roll_open",  # anyone's Defensive Roll Attempts are under way (chosen player)
    "team_alterable_die",  # a die of yours or a teammate's can be altered right now
    "someone_taking_damage",  # some player has avoidable damage waiting to land
    "status_in_play",  # some status token is on some player
    "transferable_status_in_play",
    "after_own_attack_damage",  # right after your Attack's damage landed [at least N]
)
PLAY_CONDITIONS_WITH_NUMBER = ("after_own_attack_damage",)

FLAGS_UNTIL = ("end_of_roll_phase", "end_of_turn", "end_of_game")

# Amount expressions: an int, or one of these single-key objects.
#   {"per_symbol": SYMBOL, "times": N}   N x dice showing SYMBOL in the roll being resolved
#   {"per_value": [v, ...], "times": N}  N x dice showing one of those values
#   {"sum": true}                        total of the dice being resolved
#   {"half_sum": true}                   half that total, rounded up
#   {"var": NAME}                        a value recorded earlier in this resolution
#   {"own_cp": true}                     the resolving player's CP right now (not spent)
#   {"own_tokens": STATUS}               how many of that status the resolving player holds
#   {"own_tokens_sum": [STATUS, ...]}   how many tokens of all those statuses together (Spirits)
#   {"attempts_beyond_first": true}      Roll Attempts the resolving player used in this Roll
#                                        Phase's Offensive Roll beyond the first (Barbed Vine)
#   {"roll_attempts": true}              Roll Attempts the resolving player used in this Roll
#                                        Phase's Offensive Roll (Bushido: one Honor each)
#   {"dealt": true}                      the Attack damage that actually landed on the Defender
#                                        (after prevention; read it in `after_damage`)
# Any of them may also carry "max": N (the amount never goes past N, after "times").
AMOUNT_KEYS = (
    "per_symbol",
    "per_value",
    "sum",
    "half_sum",
    "var",
    "own_cp",
    "own_tokens",
    "own_tokens_sum",
    "attempts_beyond_first",
    "roll_attempts",
    "dealt",
)

# Conditions: single-key objects.
CONDITIONS = (
    "cp_at_least",  # self has at least N CP
    "var_at_least",  # {"name": NAME, "value": N}
    "dealt_at_least",  # the Attack's damage that actually landed on the opponent >= N
    "target_has_status",  # the opponent currently holds this status
    "opponent_has_status",  # some living opponent of self holds this status (Nanobot's Upkeep)
    "self_has_status",
    "rolled_symbol",  # the roll being resolved shows this symbol
    "rolled_values",  # the roll being resolved shows one of these values
    "rolled_of_a_kind",  # the roll being resolved shows N dice of one number
    "activated",  # this Roll Phase's activated ability: offensive | ultimate | any | none
    "opponent_roll_phase",  # true: an opponent of self is in their Roll Phase
    "self_has_flag",  # self holds this flag (see KNOWN_FLAGS)
    "self_status_at_least",  # {"status": ID, "count": N}: self holds at least N of it
    "attack_base_at_least",  # the Attack's own damage (before any modifier) is at least N
    "defense_rolled",  # true: the Defender of this Attack has already rolled their defense
    "activated_ability",  # this Roll Phase's activated ability (by self) has this id
    "spend_window",  # the token being resolved was spent while this spend window was open
    "own_roll_phase",  # true: the current Roll Phase is self's own (self is the attacker)
    "own_hero_status",  # self's own hero lists this status among its own (the Pirate's Doubloons)
    "companion_active",  # self has this companion in play and it is not Downed (Nyra)
    "can_grow",  # {"chains": [...], "single"?: bool}: the `grow` verb would have a step to take
    "not",  # {"not": {condition}}: the condition does not hold
    "attack_type",  # [types]: the Attack under way is of one of these damage types (Shame)
    "target_status_at_least",  # {"status": ID, "count": N}: the opponent holds at least N of it
)

# verb -> {param: (kind, required)}
# kinds: amount, int, bool, str, status, symbol, effects, options, condition, target, dtype,
#        values, phase, flag_until, enum:<a|b|c>
VERBS: dict[str, dict[str, tuple[str, bool]]] = {
    "deal_damage": {
        "amount": ("amount", True),
        "type": ("dtype", False),
        "target": ("target", False),
        "isolated": ("bool", False),
    },
    "heal": {"amount": ("amount", True), "target": ("target", False)},
    "gain_status": {"status": ("status", True), "count": ("amount", False)},
    "inflict_status": {
        "status": ("status", True),
        "count": ("amount", False),
        "target": ("target", False),
    },
    "remove_status": {
        "status": ("str", True),  # a status id, or any / any_positive / any_negative / all
        "count": ("amount", False),  # default 1; 0 means every matching token
        "target": ("target", False),
    },
    "transfer_status": {"count": ("int", False)},
    "remove_self": {},
    "gain_cp": {"amount": ("amount", True), "target": ("target", False)},
    "lose_cp": {"amount": ("amount", True), "target": ("target", False)},
    "steal_cp": {"amount": ("amount", True)},
    "steal_health": {"amount": ("amount", True)},
    "draw": {"count": ("amount", True), "target": ("target", False)},
    "discard": {"count": ("int", True), "target": ("target", False)},
    "roll": {
        "count": ("amount", True),
        "effects": ("effects", True),
        "reroll_flag": ("str", False),  # holding this flag allows one free re-roll of these dice
    },
    "on": {
        "symbol": ("symbol", False),
        "values": ("values", False),
        "count": ("int", False),  # at least this many such dice (default 1); still only once
        "effects": ("effects", True),
    },
    "then": {},
    "additionally": {"effects": ("effects", True)},
    "choose_one": {"options": ("options", True)},
    "if": {
        "condition": ("condition", True),
        "effects": ("effects", True),
        "else": ("effects", False),
    },
    "after_damage": {"effects": ("effects", True)},
    "prevent_damage": {
        "amount": ("amount", False),
        "half": ("bool", False),
        "target": ("target", False),
    },
    "add_damage": {"amount": ("amount", True), "record": ("str", False)},
    "reduce_attack": {"amount": ("amount", True)},
    "make_undefendable": {},
    "avoid_damage": {"target": ("target", False)},
    # Every opponent of the resolver avoids all the damage pooled for them in this Roll Phase
    # (Ultimate damage still lands); the Attack still counts as made (Parlay).
    "cancel_own_damage": {},
    "reflect_damage": {"half": ("bool", True)},
    "roll_off": {
        "ties": ("enum:self|opponent", True),
        "use_defense_die": ("bool", False),
        "win": ("effects", True),
        "lose": ("effects", True),
    },
    "skip_phase": {"phase": ("phase", True)},
    "extra_roll_attempts": {"count": ("int", True), "target": ("target", False)},
    "alter_dice": {
        "mode": ("enum:set_any|set_six|copy_own|adjust_one|reroll", True),
        "count": ("int", False),
        "whose": ("enum:any|own|team|opponent", True),
    },
    "grant_flag": {"flag": ("str", True), "until": ("flag_until", True)},
    "extra_offensive_roll": {},
    "fail_offensive_roll": {},
    # The resolver's Offensive Roll Phase counts as finished (no Defensive Roll; its damage lands
    # as it ends) and a new one begins against the same target (Profiteer on a 6).
    "restart_offensive_roll": {},
    "lose_roll_attempts": {"count": ("int", True)},
    # Grow one step along a chain of companion statuses (lowest tier first): gain the first
    # tier, or turn one token of a tier into the next. single: a chain is held at most once
    # (a Bot is built once, then upgraded); otherwise each tier keeps its own stack limit
    # (Seedling -> Sapling -> Dryad). The resolving player picks when several steps are open.
    "grow": {"chains": ("chains", True), "single": ("bool", False)},
    # Turn the resolver's hero board to its flipped side for the rest of the game.
    "flip_board": {},
    # Remove every token of `status` from every player; each holder takes table[n-1] damage
    # for n tokens (during the resolver's own Attack: of the Attack's type, pooled with it).
    "detonate": {"status": ("status", True), "table": ("ints", True), "type": ("dtype", False)},
    # Move one of this status token to a chosen other player (Powder Keg on a 6).
    "pass_self": {},
    # Put a companion with its own Health dial into play for the resolver (Nyra).
    "summon_companion": {"companion": ("str", True), "health": ("int", True)},
    # Heal the resolver's companion at once (it comes back from Downed above 0).
    "heal_companion": {"companion": ("str", True), "amount": ("amount", True)},
    # Put one card of the resolver's choice from their discard pile into their hand (an empty
    # discard pile: draw a card instead). Exsanguinate.
    "take_card": {},
    # Adventures: spend a King's Hand token automatically (rules 48-53) and read its Chaos die.
    "kings_hand": {"trigger": ("enum:no_ability|ultimate", True)},
    "kings_hand_result": {"trigger": ("enum:no_ability|ultimate", True)},
    # Adventures rule 54 (Boss vs Many / Boss vs Boss): roll the Loot die (d20) and apply the
    # option of the first range whose upper bound (`ranges`, rising, the last 20) it reaches.
    "loot_die": {"ranges": ("ints", True), "options": ("options", True)},
    # Adventures rule 100: gain one Bonus Damage token worth `value` (at the stack limit the
    # owner swaps it for a held token or throws it away); spending one puts the spent token's
    # number into the variable `var` for the add_damage after it.
    "gain_bonus_damage": {"value": ("int", True)},
    "bonus_damage_face": {"var": ("str", True)},
    "raise_stack_limit": {
        "status": ("status", True),
        "amount": ("int", True),
        "max": ("int", False),  # the limit never goes past this
    },
}

# Flags a hero ability or effect may grant; the engine consults them by name.
KNOWN_FLAGS = (
    "reload_reroll",  # a spent Reload's die may be re-rolled once
    "refuse_duplicate_statuses",  # a status you already hold cannot be placed on you again
    "shadows_kept",  # Shadows was held when this turn began (it leaves at the turn's end)
    "refuse_negative_statuses",  # no negative status effect can be placed on you (Dryad)
    "share_with_companion",  # Attack damage landing on you may be split with your companion
    "blood_power_boost",  # Blood Power's 1-token effect was used this turn
    "blood_power_cleanse",  # Blood Power's 2-token effect was used this turn
    "blood_power_feast",  # Blood Power's 4-token effect was used this turn
    "halve_isolated_damage",  # isolated damage dealt while it is held is halved (Blinding Light)
)
