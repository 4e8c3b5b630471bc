"""The helping frame (issue 25, h44a): a verb of helping whose object is the addressee, before
the step ("I'll help you delete `prod.db`.", "Te ayudo a borrar ...", "Помогу тебе удалить
..."). The step is the user's, taken with the assistant's help, as under an opener whose actor
is "we" ([g-inclusive]): the kinds of the verbs it governs join ``Announcement.helped``, so a
call that cannot be taken back is not grounded (``helpedsteps``, read by ``grounding.joint``)
while one that can ("I'll help you read the file.") is.
A participle of beginning after it ([g-plan-begin]: "I'll help you clean up the merged
branches, starting with feature/login.") names the assistant's own first step: the frame then
sets a goal. Chinese 帮你/帮您 and Vietnamese "giúp bạn" before a verb are the benefactive ("我来帮您
取消订单", the assistant cancels it for the user): no entry of [g-help-you].
"""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

_SKIPPED = ("ADV", "COURTESY")  # "help you", "помогу вам": the addressee after


def addressed_help(tokens: Sequence[Token], t: Tongue) -> str | None:
    """The helping frame's words, or None: a HELP token ([g-help]) before some other word that
    is an entry of [g-help-you] (the addressee inside it: "t'aider à", "te ayudo a", "أساعدك")
    or that the addressee ([g-you]) follows past adverbs ("help you", "помогу тебе", "pomogę
    ci") or right before it, an opener's last word ("je vais vous aider à"), with no
    participle of beginning after a goal that names no code ("starting with", [g-plan-begin])."""
    for k, x in enumerate(tokens[:-1]):
        if x.kind != "HELP":
            continue
        j = k + 1
        while j < len(tokens) and tokens[j].kind in _SKIPPED:
            j += 1
        before = tokens[k - 1].text.split(" ")[-1] if k else ""
        said = x.text if t.has(x.text, "g-help-you") else (
            f"{x.text} {tokens[j].text}" if j + 1 < len(tokens) and tokens[j].kind == "YOU" else (
                f"{before} {x.text}" if before and t.has(before, "g-you") else None))
        if said is None:
            continue
        begin = next((m for m in range(k + 1, len(tokens)) if tokens[m].kind == "ACTING"
                      and t.marked(tokens[m].text, "g-plan-begin")), None)
        if begin is not None and not any(y.kind == "CODE" for y in tokens[k + 1:begin]):
            return None  # "..., starting with feature/login": the assistant begins the task
            # (a goal: the frame's object names no code; "delete `a`, starting with `a`" does)
        return said
    return None
