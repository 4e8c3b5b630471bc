"""Schema validation with validators built once per schema."""

from __future__ import annotations

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


def check_schema(name: str, schema: dict[str, Any]) -> str:
    """The schema's cache key; ValueError when it is not a valid JSON schema (misuse)."""
    try:
        key = _key(schema)
        _validator(key)
    except jsonschema.SchemaError as e:
        raise ValueError(f"tool {name!r}: invalid JSON schema: {e.message}") from None
    except (TypeError, ValueError) as e:
        raise ValueError(f"tool {name!r}: schema is not JSON: {e}") from None
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
