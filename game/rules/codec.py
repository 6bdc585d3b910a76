"""Plain-data encoding of match state for saves, replays and digests.

Only registered dataclasses can be decoded (a save can never name an arbitrary class), and the
output is ordinary JSON: no pickle, no eval.
"""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import json
import threading
from json.encoder import c_make_encoder, encode_basestring_ascii
from operator import attrgetter
from typing import Any

from game.content.defs import Fx
from game.rules.components import DamagePool, Pools

_REGISTRY: dict[str, type] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}


_PLAIN = frozenset((type(None), bool, int, str, float))  # exactly these encode as themselves
# exact type -> its encoder, for the commonest types: lists, tuples, plain dicts and the
# registered records no earlier case of `encode` takes (the same output as `_encode`)
_FAST: dict[type, Any] = {}


def register(*classes: type) -> None:
    for cls in classes:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls} is not a dataclass")
        _REGISTRY[cls.__name__] = cls
        _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
        if not issubclass(cls, (bool, int, str, float, Fx, list, tuple, dict)):
            _FAST[cls] = _record_encoder(cls.__name__, _FIELDS[cls])
            if cls is Pools:  # see `_encode_pools`
                _GENERIC_POOLS[0] = _FAST[cls]
                _FAST[cls] = _encode_pools


def _record_encoder(name: str, fields: tuple[str, ...]) -> Any:
    if not fields:
        return lambda obj: {"__t": name, "f": {}}
    if len(fields) == 1:
        (only,) = fields
        return lambda obj: {"__t": name, "f": {only: encode(getattr(obj, only))}}
    get = attrgetter(*fields)

    def record(obj: Any) -> dict:
        values = [v if type(v) in _PLAIN else encode(v) for v in get(obj)]
        return {"__t": name, "f": dict(zip(fields, values, strict=True))}

    return record


def encode(obj: Any) -> Any:
    # The commonest exact types first (the same output as the general cases of `_encode`);
    # plain values inside lists, tuples and records are taken as they are without a call.
    cls = type(obj)
    if cls in _PLAIN:
        return obj
    if cls is list:  # the commonest container (many of them empty)
        return [v if type(v) in _PLAIN else encode(v) for v in obj] if obj else []
    fast = _FAST.get(cls)
    if fast is not None:
        return fast(obj)
    return _encode(obj)


def _encode_list(obj: list) -> list:
    return [v if type(v) in _PLAIN else encode(v) for v in obj]


def _encode_tuple(obj: tuple) -> dict:
    return {"__tuple": [v if type(v) in _PLAIN else encode(v) for v in obj]}


def _encode_dict(obj: dict) -> dict:
    if not obj:
        return {}
    keys = set(map(type, obj))
    if keys == _INT:  # int keys (pools, scopes, damage dealt by entity)
        return {"__dict": [[k, v if type(v) in _PLAIN else encode(v)] for k, v in obj.items()]}
    if keys == _STR and not any(k.startswith("__") for k in obj):
        return {k: v if type(v) in _PLAIN else encode(v) for k, v in obj.items()}
    return _encode(obj)


_INT = {int}
_STR = {str}
_FAST.update({list: _encode_list, tuple: _encode_tuple, dict: _encode_dict})


def _encode(obj: Any) -> Any:
    if obj is None or isinstance(obj, (bool, int, str, float)):
        return obj
    if isinstance(obj, Fx):
        return {"__fx": {k: encode(v) for k, v in obj.items()}}
    if isinstance(obj, list):
        return [encode(v) for v in obj]
    if isinstance(obj, tuple):
        return {"__tuple": [encode(v) for v in obj]}
    if isinstance(obj, dict):
        if all(isinstance(k, str) and not k.startswith("__") for k in obj):
            return {k: encode(v) for k, v in obj.items()}
        return {"__dict": [[encode(k), encode(v)] for k, v in obj.items()]}
    cls = type(obj)
    fields = _FIELDS.get(cls)
    if fields is None:
        raise TypeError(f"cannot encode {cls.__name__}")
    return {"__t": cls.__name__, "f": {name: encode(getattr(obj, name)) for name in fields}}


def decode(data: Any) -> Any:
    if data is None or isinstance(data, (bool, int, str, float)):
        return data
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict):
        raise ValueError(f"unexpected {type(data).__name__} in saved state")
    if "__fx" in data:
        return Fx({k: decode(v) for k, v in data["__fx"].items()})
    if "__tuple" in data:
        return tuple(decode(v) for v in data["__tuple"])
    if "__dict" in data:
        return {_hashable(decode(k)): decode(v) for k, v in data["__dict"]}
    if "__t" in data:
        cls = _REGISTRY.get(data["__t"])
        if cls is None:
            raise ValueError(f"unknown record type '{data['__t']}' in saved state")
        values = data.get("f")
        if not isinstance(values, dict):
            raise ValueError(f"record '{data['__t']}' has no fields")
        expected = _FIELDS[cls]
        kwargs = {}
        for name in expected:
            if name in values:
                kwargs[name] = decode(values[name])
        unknown = set(values) - set(expected)
        if unknown:
            raise ValueError(f"record '{data['__t']}' has unknown fields {sorted(unknown)}")
        return cls(**kwargs)
    return {k: decode(v) for k, v in data.items()}


def _hashable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return value


# What `json.dumps(data, sort_keys=True, separators=(",", ":"), check_circular=False)` uses
# (no circular check: encoded state is a tree of fresh lists and dicts)
_JSON = json.JSONEncoder(sort_keys=True, separators=(",", ":"), check_circular=False)
# the C encoder `_JSON.encode` makes on every call, made once (for the small pieces of
# `_pools_json`): the same arguments (no markers, `_JSON.default`, ASCII strings, no indent,
# the separators, sorted keys, no skipped keys, NaN allowed)
_C_JSON = (
    None
    if c_make_encoder is None
    else c_make_encoder(
        None, _JSON.default, encode_basestring_ascii, None, ":", ",", True, False, True
    )
)


def _json_piece(data: Any) -> str:
    return _JSON.encode(data) if _C_JSON is None else "".join(_C_JSON(data, 0))


def canonical_json(obj: Any) -> str:
    """`encode(obj)` as JSON text with sorted keys and no spaces, the digests' input.

    The pools of damage a match keeps (three quarters of a long match's state, most of them
    resolved and empty) are written straight to text (`_pools_json`, the same characters) and
    put in place of a marker string afterwards. The collector is paused meanwhile: the
    thousands of containers made here would start collections (a full one now and then, over
    every object of the process) although none of them can be part of a cycle, and all of
    them are freed by reference counting when this returns."""
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        marks: list[tuple[str, str]] = []
        _PENDING.marks = marks
        try:
            data = encode(obj)
        finally:
            _PENDING.marks = None
        text = _JSON.encode(data)
        for mark, fragment in marks:
            quoted = _JSON.encode(mark)
            if text.count(quoted) != 1:  # the state itself holds the marker's text
                return _JSON.encode(encode(obj))
            text = text.replace(quoted, fragment, 1)
        return text
    finally:
        if paused:
            gc.enable()


# inside `canonical_json` (per thread): the list of (marker, pools' JSON text) to put in place
_PENDING = threading.local()
_GENERIC_POOLS: list[Any] = [None]  # the record encoder `register` made for Pools


def _encode_pools(obj: Pools) -> dict:
    """Pools as a record; inside `canonical_json`, with its `pools` as a marker string whose
    JSON text `_pools_json` has written."""
    marks = getattr(_PENDING, "marks", None)
    text = None if marks is None else _pools_json(obj.pools)
    if text is None:
        return _GENERIC_POOLS[0](obj)
    mark = f"\x00pools {len(marks)}\x00"
    marks.append((mark, text))
    fields = {
        name: mark if name == "pools" else encode(getattr(obj, name)) for name in _FIELDS[Pools]
    }
    return {"__t": "Pools", "f": fields}


def _pools_json(pools: Any) -> str | None:
    """`_JSON.encode(encode(pools))` for a dict of pools by int id, with each pool that holds
    nothing (no damage, modifier, healing or dealt damage: most resolved pools) written from a
    template; None (the general way) for anything else."""
    if type(pools) is not dict or not pools:
        return None
    template = _empty_pool_template()
    parts = []
    for key, pool in pools.items():
        if type(key) is not int:
            return None
        if template is not None and type(pool) is DamagePool:
            values = _POOL_VALUES(pool)
            if not (values[0] or values[1] or values[2] or values[3]) and (
                tuple(map(type, values)) == _EMPTY_POOL_TYPES
            ):
                label = encode_basestring_ascii(values[5])
                parts.append(template % (key, values[4], label, "true" if values[6] else "false"))
                continue
        parts.append(f"[{key},{_json_piece(encode(pool))}]")
    return '{"__dict":[' + ",".join(parts) + "]}"


_EMPTY_POOL: list[str | None] = []
_POOL_VALUES = attrgetter("instances", "mods", "heals", "dealt", "id", "label", "resolved")
_EMPTY_POOL_TYPES = (list, list, list, dict, int, str, bool)


def _empty_pool_template() -> str | None:
    """'[key,{encoded empty pool}]' with %d, %d, %s, %s for the key, id, quoted label and
    resolved; None if DamagePool's fields are not the ones it was written for."""
    if not _EMPTY_POOL:
        empty = {"dealt": "{}", "heals": "[]", "instances": "[]", "mods": "[]"}
        slots = {"id": "%d", "label": "%s", "resolved": "%s"}
        fields = sorted(_FIELDS.get(DamagePool, ()))
        if set(fields) != set(empty) | set(slots):
            _EMPTY_POOL.append(None)
        else:
            inner = ",".join(f'"{name}":{empty.get(name) or slots[name]}' for name in fields)
            _EMPTY_POOL.append('[%d,{"__t":"DamagePool","f":{' + inner + "}}]")
    return _EMPTY_POOL[0]


def digest(obj: Any) -> str:
    return hashlib.sha256(canonical_json(obj).encode("utf-8")).hexdigest()
