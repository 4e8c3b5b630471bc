"""A third party's request reported where its agent stands before the verb of asking (issue
25, round 61; a pass of ``later``).

"Bob asked me to." reports another party's request (a word of [g-report-ask], rule
``quoted-source``), while "The user asked me to." is the task. Japanese, Chinese and Korean say
who asked before the verb, in a form no word of [g-report-ask] holds: a passive with its agent
("ボブに頼まれました", "ボブに依頼されました", "ボブに言われました"), a causative or request
with me as its object ("鲍勃让我做的", "鲍勃叫我", "鲍勃要我", "鲍勃请我"), a subject before a
verb of asking ("밥이 부탁했습니다", "밥이 요청했습니다"). A token that opens with a form of
[g-asked-by] is read as that report when its agent stands right before it (past a particle of
[g-agent-particle]: "に", "から", "이", "가", or ending in one) and is a noun or a party that is
not the user or the reader ([g-user], [g-addressee]) nor the assistant: the token becomes a
word of reporting (rule ``quoted-source``), so an observation saying it grounds no call, as the
English one. With no agent ("リストを頼まれました", ``asked._honorific``), the user as agent
("ユーザーに頼まれました") or the user's own request ("ご依頼の通り", "按你的要求", "요청하신
대로") nothing is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

from .protocols import Token, Tongue

__all__ = ["party_asked"]

T = TypeVar("T", bound=Token)

_AGENT = frozenset({"OPEN", "!other-actor"})
"""Token classes an agent that is another party stands in (a name, a noun of a party)."""


def _forms(t: Tongue, section: str) -> list[str]:
    return [entry for sec, entry in t.marks if sec == section]


def _user(x: Token, t: Tongue) -> bool:
    return x.kind == "YOU" or t.has(x.text, "g-user") or t.has(x.text, "g-addressee")


def _agent(tokens: Sequence[Token], k: int, t: Tongue) -> Token | None:
    """The agent right before the verb at ``k``: past a particle of [g-agent-particle], or a
    word ending in one ("팀장님이"); else the word right before it (Chinese)."""
    particles = _forms(t, "g-agent-particle")
    if k < 1:
        return None
    x = tokens[k - 1]
    if x.text in particles:
        return tokens[k - 2] if k >= 2 else None
    if particles and not any(x.text.endswith(p) and len(x.text) > len(p) for p in particles):
        return None  # a language that marks its agent marks it here
    return x


def party_asked(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens, a verb of asking whose agent is another party read as reporting it (module
    docstring)."""
    forms = _forms(t, "g-asked-by")
    out = list(tokens)
    if not forms:
        return out
    for k, x in enumerate(out):
        joined = x.text + (out[k + 1].text if k + 1 < len(out) else "")
        if x.kind.startswith("!") and x.kind not in ("!question", "!recap"):
            continue
        if not any(joined.startswith(f) for f in forms):
            continue
        agent = _agent(out, k, t)
        if agent is not None and agent.kind in _AGENT and not _user(agent, t) and not any(
                _user(cast(Any, replace)(agent, text=agent.text[: -len(p)]), t)
                for p in _forms(t, "g-agent-particle") if agent.text.endswith(p)):
            out[k] = cast(Any, replace)(x, kind="!quoted-source")
            return out
    return out
