"""Schema validation with validators built once per schema."""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from typing import Any

import jsonschema
from jsonschema.protocols import Validator

__all__ = ["check_schema", "schema_error"]


@lru_cache(maxsize=512)
def _validator(schema_json: str) -> Validator:
    schema = json.loads(schema_json)
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    cls.check_schema(schema)
    return cls(schema)


def _key(schema: dict[str, Any]) -> str:
    return json.dumps(schema, sort_keys=True, separators=(",", ":"))


# id(schema) -> (the schema object, a deep copy of it, its key): a harness passes the same tool
# dicts on every reply, and comparing with the copy is much cheaper than serialising again. The
# copy comparison keeps the cache right when the caller mutates a schema in place.
_SEEN: dict[int, tuple[dict[str, Any], dict[str, Any], str]] = {}
_SEEN_MAX = 1024


def check_schema(name: str, schema: dict[str, Any]) -> str:
    """The schema's cache key; ValueError when it is not a valid JSON schema (misuse)."""
    hit = _SEEN.get(id(schema))
    if hit is not None and hit[0] is schema and hit[1] == schema:
        return hit[2]
    try:
        key = _key(schema)
        _validator(key)
    except jsonschema.SchemaError as e:
        raise ValueError(f"tool {name!r}: invalid JSON schema: {e.message}") from None
    except (TypeError, ValueError) as e:
        raise ValueError(f"tool {name!r}: schema is not JSON: {e}") from None
    if len(_SEEN) >= _SEEN_MAX:
        _SEEN.clear()
    _SEEN[id(schema)] = (schema, copy.deepcopy(schema), key)
    return key


def schema_error(key: str, instance: Any) -> str | None:
    """None when ``instance`` is valid against the schema with this ``check_schema`` key, else
    the most relevant error as one line."""
    v = _validator(key)
    err = jsonschema.exceptions.best_match(v.iter_errors(instance))
    if err is None:
        return None
    where = err.json_path
    return f"{where}: {err.message}"
