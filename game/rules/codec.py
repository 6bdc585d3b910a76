"""Plain-data encoding of match state for saves, replays and digests.

Only registered dataclasses can be decoded (a save can never name an arbitrary class), and the
output is ordinary JSON: no pickle, no eval.
"""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import json
from operator import attrgetter
from typing import Any

from game.content.defs import Fx

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


def canonical_json(obj: Any) -> str:
    # (no circular check: encoded state is a tree of fresh lists and dicts). The collector is
    # paused meanwhile: the thousands of containers made here would start collections (a
    # full one now and then, over every object of the process) although none of them can be
    # part of a cycle, and all of them are freed by reference counting when this returns.
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        return json.dumps(encode(obj), sort_keys=True, separators=(",", ":"), check_circular=False)
    finally:
        if paused:
            gc.enable()


def digest(obj: Any) -> str:
    return hashlib.sha256(canonical_json(obj).encode("utf-8")).hexdigest()
