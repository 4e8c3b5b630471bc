"""A tool that is the reply itself carries what the announcement makes (h28c, issue 25).

Frameworks take a structured answer back through a tool named for the answer: pydantic-ai's
``final_result``, ReqLLM's ``structured_output``, Prism's ``output_structured_data`` (the
tool's name words are one [reply-noun] phrase of kinds.txt, as ``toolnouns`` reads such a
description). Its arguments are the answer's fields: "I will help you generate a software
engineer profile." + ``structured_output(name=..., age=...)`` (social-growth-studio__req_llm-30)
makes that answer, though no word of the announcement is a field's value.

Read only when every announced verb makes or computes (kind create or compute: "generate",
"create", "calculate"), the call takes no other kind, and the tool takes no parameter of a step
that acts (an amount, an account, a recipient, a path, a command: ``toolnouns.acts``). A verb
of any other kind ("send the profile", "delete the user", "look up the profile"), a name that
says more than the answer (``send_result``, ``final_result_email``) or an acting key is read
as before; the grammar's refusals (a condition, another actor, a quotation) come first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .kinds import name_words
from .preamble import Announcement
from .toolnouns import acts, reply_named

__all__ = ["grounds"]

_MAKING = frozenset({"create", "compute"})
"""The kinds of a verb that makes the answer, and of a call that is only the answer."""


def reply_tool(name: str, schema: Mapping[str, Any] | None) -> bool:
    """The tool's name is a phrase naming the reply itself, and it takes no parameter of a
    step that acts."""
    return reply_named(name_words(name)) and not acts(schema)


def grounds(ann: Announcement, name: str, kinds: frozenset[str],
            schema: Mapping[str, Any] | None) -> bool:
    """The call is the reply the announcement makes (module docstring)."""
    return bool(kinds) and kinds <= _MAKING and bool(ann.verbs) and all(
        k in _MAKING for _v, k in ann.verbs) and reply_tool(name, schema)
