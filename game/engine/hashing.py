"""Digests that are equal on every machine: blake2b over canonical msgpack."""

from __future__ import annotations

import hashlib
from typing import Any

import msgpack


def canonical_bytes(value: Any) -> bytes:
    """Encode ``value`` (ints, strs, bools, None, lists, tuples) canonically.

    Callers pass only ordered containers; dicts and sets would make the byte
    order depend on insertion or ``PYTHONHASHSEED``, so they are refused.
    """
    _check(value)
    return msgpack.packb(value, use_bin_type=True)


def digest(value: Any) -> str:
    """Hex blake2b-128 of :func:`canonical_bytes`."""
    return hashlib.blake2b(canonical_bytes(value), digest_size=16).hexdigest()


def _check(value: Any) -> None:
    if isinstance(value, (list, tuple)):
        for item in value:
            _check(item)
    elif not (value is None or isinstance(value, (bool, int, str, bytes))):
        raise TypeError(f"not canonical: {type(value).__name__}")
