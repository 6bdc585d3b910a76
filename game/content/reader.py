"""Reading content files: a JSON walker that names the file and field of every problem
(`ContentError`), the effect checker and die requirements. game/content/loader.py builds the
content database with them; missions and adventures content files reuse the reader."""

from __future__ import annotations

import re
from typing import Any

from game.content import schema
from game.content.defs import Requirement

ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")


class ContentError(Exception):
    def __init__(self, file: str, field: str, message: str) -> None:
        self.file = file
        self.field = field
        self.message = message
        super().__init__(f"{file}: {field}: {message}" if field else f"{file}: {message}")


class _Reader:
    """Walks one file's JSON with a field path for error messages."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, path: str, message: str) -> ContentError:
        return ContentError(self.file, path, message)

    def obj(self, value: Any, path: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an object, got {_kind(value)}")
        return value

    def only(self, value: dict[str, Any], path: str, allowed: set[str]) -> None:
        for key in value:
            if key not in allowed:
                near = ", ".join(sorted(allowed))
                raise self.fail(_join(path, key), f"unknown field (allowed: {near})")

    def field(self, value: dict[str, Any], key: str, path: str, kind: type | tuple, **kw: Any):
        where = _join(path, key)
        if key not in value:
            if "default" in kw:
                return kw["default"]
            raise self.fail(where, "missing required field")
        item = value[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(item, bool) and bool not in kinds:
            raise self.fail(where, f"expected {_names(kinds)}, got a boolean")
        if not isinstance(item, kinds):
            raise self.fail(where, f"expected {_names(kinds)}, got {_kind(item)}")
        return item

    def ident(self, value: dict[str, Any], key: str, path: str) -> str:
        item = self.field(value, key, path, str)
        if not ID_RE.match(item):
            raise self.fail(_join(path, key), f"'{item}' is not a lower_snake_case id")
        return item

    def text(self, value: dict[str, Any], key: str, path: str, default: str | None = None) -> str:
        if default is not None:
            item = self.field(value, key, path, str, default=default)
        else:
            item = self.field(value, key, path, str)
        if default is None and not item.strip():
            raise self.fail(_join(path, key), "must not be empty")
        return item


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {
        dict: "an object",
        list: "a list",
        str: "a string",
        int: "a number",
        float: "a number",
        bool: "a boolean",
    }.get(type(value), type(value).__name__)


def _names(kinds: tuple) -> str:
    names = {
        dict: "an object",
        list: "a list",
        str: "a string",
        int: "an integer",
        float: "a number",
        bool: "a boolean",
    }
    return " or ".join(names.get(k, k.__name__) for k in kinds)


# ---------------------------------------------------------------- effects


class _EffectChecker:
    """Validates effect lists against `schema.VERBS`; collects status references."""

    def __init__(self, reader: _Reader, symbols: set[str] | None) -> None:
        self.r = reader
        self.symbols = symbols  # None: a generic card, symbols cannot be checked
        self.status_refs: list[tuple[str, str]] = []  # (path, status id)

    def effects(self, value: Any, path: str) -> list[dict[str, Any]]:
        if not isinstance(value, list):
            raise self.r.fail(path, f"expected a list of effects, got {_kind(value)}")
        for i, item in enumerate(value):
            self.effect(item, _join(path, i))
            if item.get("do") == "additionally" and i != len(value) - 1:
                raise self.r.fail(
                    _join(_join(path, i), "do"), "'additionally' resolves last: put it at the end"
                )
        return value

    def effect(self, value: Any, path: str) -> None:
        item = self.r.obj(value, path)
        verb = item.get("do")
        if verb is None:
            raise self.r.fail(_join(path, "do"), "missing required field (the effect's verb)")
        if not isinstance(verb, str) or verb not in schema.VERBS:
            known = ", ".join(sorted(schema.VERBS))
            raise self.r.fail(_join(path, "do"), f"unknown effect verb '{verb}' (known: {known})")
        params = schema.VERBS[verb]
        for key in item:
            if key != "do" and key not in params:
                allowed = ", ".join(sorted(params)) or "none"
                raise self.r.fail(
                    _join(path, key), f"'{verb}' does not take this parameter (takes: {allowed})"
                )
        for key, (kind, required) in params.items():
            if key not in item:
                if required:
                    raise self.r.fail(_join(path, key), f"'{verb}' needs this parameter")
                continue
            self.param(kind, item[key], _join(path, key))
        if verb == "on" and ("symbol" in item) == ("values" in item):
            raise self.r.fail(path, "'on' needs exactly one of 'symbol' or 'values'")
        if verb == "on" and item.get("count", 1) < 1:
            raise self.r.fail(_join(path, "count"), "expected at least 1")
        if verb in ("lose_roll_attempts", "raise_stack_limit"):
            key = "count" if verb == "lose_roll_attempts" else "amount"
            if item[key] < 1:
                raise self.r.fail(_join(path, key), "expected at least 1")
        if verb == "prevent_damage" and ("amount" in item) == bool(item.get("half")):
            raise self.r.fail(path, "'prevent_damage' needs either 'amount' or 'half': true")
        if verb == "loot_die":
            ranges = item["ranges"]
            if len(ranges) != len(item["options"]):
                raise self.r.fail(_join(path, "ranges"), "needs one upper bound per option")
            if ranges != sorted(set(ranges)) or ranges[0] < 1 or ranges[-1] != 20:
                raise self.r.fail(_join(path, "ranges"), "expected rising bounds 1-20 ending at 20")

    def param(self, kind: str, value: Any, path: str) -> None:
        r = self.r
        if kind == "amount":
            self.amount(value, path)
        elif kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise r.fail(path, f"expected an integer, got {_kind(value)}")
        elif kind == "bool":
            if not isinstance(value, bool):
                raise r.fail(path, f"expected true or false, got {_kind(value)}")
        elif kind == "str":
            if not isinstance(value, str) or not value:
                raise r.fail(path, f"expected a string, got {_kind(value)}")
        elif kind == "chains":
            self.chains(value, path)
        elif kind == "ints":
            if not isinstance(value, list) or not value:
                raise r.fail(path, "expected a non-empty list of integers")
            for v in value:
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    raise r.fail(path, f"expected integers of 0 or more, got {v!r}")
        elif kind == "status":
            if not isinstance(value, str) or not ID_RE.match(value):
                raise r.fail(path, "expected a status id")
            self.status_refs.append((path, value))
        elif kind == "symbol":
            self.symbol(value, path)
        elif kind == "effects":
            self.effects(value, path)
        elif kind == "options":
            if not isinstance(value, list) or len(value) < 2:
                raise r.fail(path, "expected a list of at least two options")
            for i, opt in enumerate(value):
                where = _join(path, i)
                obj = r.obj(opt, where)
                r.only(obj, where, {"label", "effects", "if"})
                r.text(obj, "label", where)
                self.effects(r.field(obj, "effects", where, list), _join(where, "effects"))
                if "if" in obj:
                    self.condition(obj["if"], _join(where, "if"))
        elif kind == "condition":
            self.condition(value, path)
        elif kind == "target":
            if value not in schema.TARGETS:
                raise r.fail(path, f"unknown target '{value}' (known: {', '.join(schema.TARGETS)})")
        elif kind == "dtype":
            if value not in schema.DAMAGE_TYPES:
                known = ", ".join(schema.DAMAGE_TYPES)
                raise r.fail(path, f"unknown damage type '{value}' (known: {known})")
        elif kind == "values":
            self.values(value, path)
        elif kind == "phase":
            if value not in schema.PHASES:
                raise r.fail(path, f"unknown phase '{value}'")
        elif kind == "flag_until":
            if value not in schema.FLAGS_UNTIL:
                raise r.fail(path, f"expected one of {', '.join(schema.FLAGS_UNTIL)}")
        elif kind.startswith("enum:"):
            allowed = kind[5:].split("|")
            if value not in allowed:
                raise r.fail(path, f"expected one of {', '.join(allowed)}, got {value!r}")
        else:  # pragma: no cover - schema error, not content error
            raise AssertionError(kind)

    def values(self, value: Any, path: str) -> None:
        if not isinstance(value, list) or not value:
            raise self.r.fail(path, "expected a non-empty list of die values 1-6")
        for v in value:
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
                raise self.r.fail(path, f"die values are 1-6, got {v!r}")

    def symbol(self, value: Any, path: str) -> None:
        if not isinstance(value, str):
            raise self.r.fail(path, f"expected a symbol name, got {_kind(value)}")
        if self.symbols is not None and value not in self.symbols:
            known = ", ".join(sorted(self.symbols))
            raise self.r.fail(path, f"unknown die symbol '{value}' (this hero has: {known})")

    def amount(self, value: Any, path: str) -> None:
        r = self.r
        if isinstance(value, bool):
            raise r.fail(path, "expected an amount, got a boolean")
        if isinstance(value, int):
            if value < 0:
                raise r.fail(path, "amounts cannot be negative")
            return
        if not isinstance(value, dict):
            raise r.fail(path, f"expected an integer or an amount expression, got {_kind(value)}")
        keys = [k for k in value if k in schema.AMOUNT_KEYS]
        if len(keys) != 1:
            raise r.fail(
                path, f"an amount expression needs exactly one of {', '.join(schema.AMOUNT_KEYS)}"
            )
        key = keys[0]
        r.only(value, path, {key, "times", "max"})
        if key == "per_symbol":
            self.symbol(value[key], _join(path, key))
        elif key == "per_value":
            self.values(value[key], _join(path, key))
        elif key in ("sum", "half_sum"):
            if value[key] is not True:
                raise r.fail(_join(path, key), "expected true")
        elif key == "var" and not isinstance(value[key], str):
            raise r.fail(_join(path, key), "expected a name")
        elif key == "own_cp" and value[key] is not True:
            raise r.fail(_join(path, key), "expected true")
        elif key == "own_tokens":
            if not isinstance(value[key], str) or not ID_RE.match(value[key]):
                raise r.fail(_join(path, key), "expected a status id")
            self.status_refs.append((_join(path, key), value[key]))
        elif key == "own_tokens_sum":
            self.status_list(value[key], _join(path, key))
        elif key in ("attempts_beyond_first", "roll_attempts", "dealt") and value[key] is not True:
            raise r.fail(_join(path, key), "expected true")
        if "max" in value and (isinstance(value["max"], bool) or not isinstance(value["max"], int)):
            raise r.fail(_join(path, "max"), "expected an integer")
        if "times" in value and (
            isinstance(value["times"], bool) or not isinstance(value["times"], int)
        ):
            raise r.fail(_join(path, "times"), "expected an integer")

    def status_list(self, value: Any, path: str) -> None:
        if not isinstance(value, list) or not value:
            raise self.r.fail(path, "expected a non-empty list of status ids")
        for i, sid in enumerate(value):
            if not isinstance(sid, str) or not ID_RE.match(sid):
                raise self.r.fail(_join(path, i), "expected a status id")
            self.status_refs.append((_join(path, i), sid))

    def chains(self, value: Any, path: str) -> None:
        """Growth chains: a list of status-id lists, each lowest tier first (Seedling first)."""
        if not isinstance(value, list) or not value:
            raise self.r.fail(path, "expected a non-empty list of chains")
        for i, chain in enumerate(value):
            self.status_list(chain, _join(path, i))

    def condition(self, value: Any, path: str) -> None:
        r = self.r
        obj = r.obj(value, path)
        if len(obj) != 1:
            raise r.fail(path, "a condition has exactly one key")
        ((key, arg),) = obj.items()
        where = _join(path, key)
        if key not in schema.CONDITIONS:
            raise r.fail(where, f"unknown condition (known: {', '.join(schema.CONDITIONS)})")
        if key in ("cp_at_least", "dealt_at_least", "rolled_of_a_kind"):
            if isinstance(arg, bool) or not isinstance(arg, int):
                raise r.fail(where, "expected an integer")
        elif key == "var_at_least":
            o = r.obj(arg, where)
            r.only(o, where, {"name", "value"})
            r.field(o, "name", where, str)
            r.field(o, "value", where, int)
        elif key in ("target_has_status", "self_has_status"):
            if not isinstance(arg, str):
                raise r.fail(where, "expected a status id")
            self.status_refs.append((where, arg))
        elif key == "rolled_symbol":
            self.symbol(arg, where)
        elif key == "rolled_values":
            self.values(arg, where)
        elif key == "activated":
            if arg not in ("offensive", "ultimate", "any", "none"):
                raise r.fail(where, "expected offensive, ultimate, any or none")
        elif key == "opponent_roll_phase":
            if arg is not True:
                raise r.fail(where, "expected true")
        elif key == "self_has_flag":
            if arg not in schema.KNOWN_FLAGS:
                raise r.fail(where, f"unknown flag '{arg}'")
        elif key == "self_status_at_least":
            o = r.obj(arg, where)
            r.only(o, where, {"status", "count"})
            self.status_refs.append((_join(where, "status"), r.field(o, "status", where, str)))
            r.field(o, "count", where, int)
        elif key == "attack_base_at_least":
            if isinstance(arg, bool) or not isinstance(arg, int):
                raise r.fail(where, "expected an integer")
        elif key == "defense_rolled":
            if not isinstance(arg, bool):
                raise r.fail(where, "expected true or false")
        elif key == "activated_ability":
            if not isinstance(arg, str) or not ID_RE.match(arg):
                raise r.fail(where, "expected an ability id")
        elif key == "not":
            self.condition(arg, where)
        elif key == "own_roll_phase":
            if not isinstance(arg, bool):
                raise r.fail(where, "expected true or false")
        elif key == "own_hero_status":
            if not isinstance(arg, str):
                raise r.fail(where, "expected a status id")
            self.status_refs.append((where, arg))
        elif key == "companion_active":
            if not isinstance(arg, str) or not ID_RE.match(arg):
                raise r.fail(where, "expected a companion id")
        elif key == "can_grow":
            o = r.obj(arg, where)
            r.only(o, where, {"chains", "single"})
            self.chains(r.field(o, "chains", where, list), _join(where, "chains"))
            r.field(o, "single", where, bool, default=False)
        elif key == "target_status_at_least":
            o = r.obj(arg, where)
            r.only(o, where, {"status", "count"})
            self.status_refs.append((_join(where, "status"), r.field(o, "status", where, str)))
            r.field(o, "count", where, int)
        elif key == "attack_type":
            types = schema.DAMAGE_TYPES
            if not isinstance(arg, list) or not arg or any(a not in types for a in arg):
                raise r.fail(where, f"expected a list of damage types ({', '.join(types)})")
        elif key == "spend_window" and arg not in schema.SPEND_WINDOWS:
            known = ", ".join(schema.SPEND_WINDOWS)
            raise r.fail(where, f"unknown spend window (known: {known})")


# ---------------------------------------------------------------- requirements


def _requirement(r: _Reader, value: Any, path: str, symbols: set[str]) -> Requirement:
    obj = r.obj(value, path)
    r.only(
        obj,
        path,
        {"symbols", "same_symbol", "any", "values", "of_a_kind", "straight", "full_house"},
    )
    sym_counts: list[tuple[str, int]] = []
    if "symbols" in obj:
        raw = r.obj(obj["symbols"], _join(path, "symbols"))
        for sym, count in raw.items():
            where = _join(_join(path, "symbols"), sym)
            if sym not in symbols:
                known = ", ".join(sorted(symbols))
                raise r.fail(where, f"unknown die symbol '{sym}' (this hero has: {known})")
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 5:
                raise r.fail(where, "expected a count from 1 to 5")
            sym_counts.append((sym, count))
    value_counts: list[tuple[int, int]] = []
    if "values" in obj:
        raw = r.obj(obj["values"], _join(path, "values"))
        for key, count in raw.items():
            where = _join(_join(path, "values"), key)
            if key not in {"1", "2", "3", "4", "5", "6"}:
                raise r.fail(where, "die values are 1-6")
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 5:
                raise r.fail(where, "expected a count from 1 to 5")
            value_counts.append((int(key), count))
    same = r.field(obj, "same_symbol", path, int, default=0)
    any_dice = r.field(obj, "any", path, int, default=0)
    kind = r.field(obj, "of_a_kind", path, int, default=0)
    straight = r.field(obj, "straight", path, int, default=0)
    full_house = r.field(obj, "full_house", path, bool, default=False)
    if straight not in (0, 4, 5):
        raise r.fail(_join(path, "straight"), "a straight is 4 (small) or 5 (large)")
    if kind and not 2 <= kind <= 5:
        raise r.fail(_join(path, "of_a_kind"), "expected 2 to 5")
    req = Requirement(
        symbols=tuple(sorted(sym_counts)),
        same_symbol=same,
        any_dice=any_dice,
        values=tuple(sorted(value_counts)),
        of_a_kind=kind,
        straight=straight,
        full_house=full_house,
    )
    if req.is_empty():
        raise r.fail(path, "a requirement must ask for something")
    dice_needed = sum(c for _, c in sym_counts) + same + any_dice
    if dice_needed > 5 or sum(c for _, c in value_counts) > 5:
        raise r.fail(path, "a requirement cannot need more than 5 dice")
    return req
