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

Two more forms (h46g): a passive of asking of [g-asked-by-passive] ("부탁받", "요청받") whose
agent stands before it past a particle of [g-passive-agent] ("에게", "한테", "로부터", "에게서"),
and a noun of request of [g-request-noun] after its party and a particle of [g-request-of]
("ボブの依頼で", "밥의 요청에 따라", "应鲍勃的要求"), said as the step's basis by a form of
[g-request-basis] after the noun or before the party ("Per Bob's request, ..."). The same
checks on the party hold.
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


def _marked(tokens: Sequence[Token], k: int, particles: Sequence[str]) -> int | None:
    """Where a party marked by one of ``particles`` stands right before ``k``: before the
    particle written apart ("ボブ に"), or the word ending in one ("밥에게", "鲍勃的"); None
    when neither."""
    if k < 1:
        return None
    x = tokens[k - 1].text
    if x in particles:
        return k - 2 if k >= 2 else None
    return k - 1 if any(x.endswith(p) and len(x) > len(p) for p in particles) else None


def _agent(tokens: Sequence[Token], k: int, t: Tongue) -> Token | None:
    """The agent right before the verb at ``k``: past a particle of [g-agent-particle], or a
    word ending in one ("팀장님이"); else the word right before it (Chinese)."""
    particles = _forms(t, "g-agent-particle")
    if not particles:
        return tokens[k - 1] if k >= 1 else None
    at = _marked(tokens, k, particles)
    return tokens[at] if at is not None else None


def _passive_agent(tokens: Sequence[Token], k: int, t: Tongue) -> Token | None:
    """The agent of a passive of [g-asked-by-passive] at ``k``: right before it past a particle
    of [g-passive-agent], or a word ending in one ("밥에게 부탁받았습니다", "밥에게서 ...")."""
    at = _marked(tokens, k, _forms(t, "g-passive-agent"))
    return tokens[at] if at is not None else None


def _other(agent: Token | None, t: Tongue, *cut: str) -> bool:
    """``agent`` is a noun or a party that is not the user, the reader or the assistant, with
    any particle or preposition of ``cut`` taken off either end."""
    if agent is None or agent.kind not in _AGENT or _user(agent, t):
        return False
    bare = [agent.text[: -len(p)] for p in cut if agent.text.endswith(p) and len(agent.text) > len(p)]
    bare += [agent.text[len(p):] for p in cut if agent.text.startswith(p) and len(agent.text) > len(p)]
    return not any(_user(cast(Any, replace)(agent, text=b), t) for b in bare)


def _requester(tokens: Sequence[Token], k: int, t: Tongue) -> Token | None:
    """The party whose request the noun of [g-request-noun] at ``k`` names, when it is said as
    the step's basis: the party before a particle of [g-request-of] ("ボブの", "ボブからの",
    "밥의", "鲍勃的"), and a form of [g-request-basis] right after the noun ("で", "により",
    "으로", "에 따라") or right before the party ("按照", "根据", or opening its token: "应鲍勃").
    None when the phrase is not that."""
    of, basis = _forms(t, "g-request-of"), _forms(t, "g-request-basis")
    if k < 1 or not of or not basis:
        return None
    a = _marked(tokens, k, of)
    if a is None:
        return None
    agent = tokens[a]
    after = "".join(y.text for y in tokens[k + 1: k + 4]).replace(" ", "")
    before = tokens[a - 1].text if a >= 1 else ""
    if (any(after.startswith(f) for f in basis) or before in basis
            or any(agent.text.startswith(f) and len(agent.text) > len(f) for f in basis)):
        return agent
    return None


def party_asked(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens, a verb of asking whose agent is another party read as reporting it (module
    docstring)."""
    forms, passive = _forms(t, "g-asked-by"), _forms(t, "g-asked-by-passive")
    nouns = _forms(t, "g-request-noun")
    out = list(tokens)
    if not forms and not passive and not nouns:
        return out
    cut = (*_forms(t, "g-agent-particle"), *_forms(t, "g-passive-agent"), *_forms(t, "g-request-of"),
           *_forms(t, "g-request-basis"))
    for k, x in enumerate(out):
        joined = x.text + (out[k + 1].text if k + 1 < len(out) else "")
        if x.kind.startswith("!") and x.kind not in ("!question", "!recap"):
            continue
        if any(joined.startswith(f) for f in forms):
            agent = _agent(out, k, t)
        elif any(x.text.startswith(f) for f in passive):
            agent = _passive_agent(out, k, t)
        elif x.text in nouns:
            agent = _requester(out, k, t)
        else:
            continue
        if _other(agent, t, *cut):
            out[k] = cast(Any, replace)(x, kind="!quoted-source")
            return out
    return out
