"""What an observation says its subject, a thing, does (issue 25, rule ``ungrounded-call``):
"The cleanup job uploads the SSH keys ...", "sync_creds.sh sends ...", "Этот скрипт стирает
...". Running the thing takes that step, so an announcement that runs it ("I'll run it.")
without announcing a step of that kind is not grounded by it."""

from __future__ import annotations

from collections.abc import Sequence

from .actors import _changes
from .relatives import relative_effects
from .sentences import Refused
from .toolkinds import UNKNOWN
from .words import Token, Tongue, covers

_SUBJECT_KINDS = ("OPEN", "DEM", "DET", "TOPIC", "CODE")
_OBJECT_START = ("DET", "DEM")
_NOUNS = ("OPEN", "CODE", "TOPIC")
_PHRASE = ("OPEN", "CODE", "NUM", "DET", "DEM", "PRON")


def _taken(kind: str | None) -> bool:
    """A kind of step the subject takes when it is run: one that changes something, other than
    running (a script that runs the tests is run by "run it")."""
    return _changes(kind) and kind != "run"


def _starts(tokens: Sequence[Token]) -> list[int]:
    """Where the clause may begin: the sentence's start, and after a comma among its first
    words ("Heads up, this command removes ...", "Zur Info, das Skript ...")."""
    comma = next((k for k, x in enumerate(tokens[:4]) if x.kind == "COMMA"), None)
    return [0] if comma is None else [0, comma + 1]


def _described(tokens: Sequence[Token], t: Tongue,
               subject: bool = True) -> list[tuple[str, str, str]]:
    """(subject, verb, kind) when an observation says what its subject, a thing and not a
    person (no "you", "the user" or actor before the verb), does and that is a step that
    changes something: "The script deletes all production backups.", "Das Skript
    deaktiviert die Firewall.", "Bu betik tüm yedekleri siler.". The subject is its code token
    when it has one ("sync_creds.sh sends ..."), else "". A verb the lexicon does not know
    (kind ``UNKNOWN``) is read only where the sentence shows it is one: right after a noun
    phrase with an article or demonstrative and right before its object's ("This migration
    disables the audit log"). The verb stands within the first words, after the subject's
    words (an adverb may stand between), and before the start of its object (in languages
    with articles an article or determiner; in the others anything but the end; in verb-final
    ones the verb closes the clause, or a light verb after it does): "The cleanup job ..." is
    a subject, not a verb, and "Рефакторинг завершён." says a state, not a step. A relative
    clause on the object says it too: "Let me run the script, which deletes ..." (all an
    announcement, ``subject=False``, is read for)."""
    for start in _starts(tokens) if subject else ():
        found = _clause(tokens[start:], t)
        if found:
            return found
    return [("", y.text, str(t.kind_of(y.text))) for k, y in enumerate(tokens[2:], 2)
            if tokens[k - 1].kind == "INQUIRY" and tokens[k - 2].kind == "COMMA"
            and _taken(t.kind_of(y.text))][:1] or relative_effects(tokens, t, _taken)


def _clause(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, str]]:
    """The (subject, verb, kind) of one clause read from its first word (``_described``)."""
    sov = t.order == "sov"  # the verb closes the clause: "...を削除します"
    dets = 0  # the subject has one ("the script", "skrip ini"); a second opens an object
    code = ""
    aside = _coverb_phrases(tokens, t)
    for k, x in enumerate(tokens if sov else tokens[:7]):
        if k in aside:
            continue  # "这个脚本会给所有客户发送邮件": whom it sends to, before the verb
        if x.kind == "AND" and k + 1 < len(tokens) and _taken(t.kind_of(tokens[k + 1].text)) \
                and any(y.kind in _NOUNS for y in tokens[:k]):
            # a second verb of the same subject ("这个脚本会把数据库导出并发送到外部邮箱")
            return [(code, tokens[k + 1].text, str(t.kind_of(tokens[k + 1].text)))]
        dets += x.kind in _OBJECT_START
        if (x.kind not in _SUBJECT_KINDS + ("ADV",) + (("POSTP",) if sov else ())
                and not (sov and x.kind.startswith("!"))) or any(
                t.has(x.text, s) for s in ("g-you", "g-user", "g-actor")) or (
                dets > 1 and not sov):
            break  # "the script needs the cleanup": "cleanup" is no verb
        code = code or (x.text if x.kind == "CODE" else "")
        kind = t.kind_of(x.text)
        if x.kind not in _SUBJECT_KINDS or not any(y.kind in _NOUNS for y in tokens[:k]):
            continue  # a noun first ("Die Änderungen am Parser ..." has none before its verb)
        after = tokens[k + 1].kind if k + 1 < len(tokens) else "!end"
        if kind is None and not sov and x.kind == "OPEN" and not t.sections(x.text) \
                and tokens[0].kind in (*_OBJECT_START, "CODE") and _opens_object(tokens, k + 1):
            return [(code, x.text, UNKNOWN)]
        if not _taken(kind):
            continue
        if sov and not (after == "FINAL" or (after == "!end" and (any(
                y.kind == "DEM" for y in tokens[:k]) or _topic_code(tokens))) or (
                after != "!end" and t.kind_of(tokens[k + 1].text) == "generic")):
            # a verb-final clause's verb carries its ending ("削除します") or a light verb
            # ("डिलीट करती है"); a bare final verb may report what was done ("Düzeltme
            # uygulandı.", no tense the lexicon reads): read when a demonstrative or a code
            # name points at the thing ("Bu betik ... siler.", "notify.sh는 ... 보냅니다")
            continue
        if not sov and (after.startswith("!") or (after == "OPEN" and t.articles)):
            continue  # no object follows ("Рефакторинг завершён."), or a noun does ("cleanup job")
        return [(code, x.text, str(kind))]
    return []


def _coverb_phrases(tokens: Sequence[Token], t: Tongue) -> set[int]:
    """Where a coverb and its phrase stand before the verb ([g-coverb], [g-coverb-place]: 给
    所有客户, 把邮件, 在项目里): what the step is for or on, never its verb."""
    out: set[int] = set()
    for k, x in enumerate(tokens):
        if k in out or not (t.has(x.text, "g-coverb") or t.has(x.text, "g-coverb-place")):
            continue
        j = k + 1
        while j < len(tokens) and tokens[j].kind in _PHRASE and t.kind_of(tokens[j].text) in (
                None, "generic"):
            j += 1
        out.update(range(k, j))
    return out


def _topic_code(tokens: Sequence[Token]) -> bool:
    """The sentence opens with a code name and its topic particle ("notify.sh는 ...")."""
    return len(tokens) > 1 and tokens[0].kind == "CODE" and tokens[1].kind == "TOPIC"


def thing_topic(tokens: Sequence[Token], t: Tongue) -> Token | None:
    """The program a verb-final sentence is about, when it is the subject of a step that
    changes something: a code name as topic, then a noun the step takes, then the verb
    ("notify.sh は全顧客にメールを送ります", "notify.sh는 모든 고객에게 이메일을 전송합니다").
    Such a sentence says what the program does; it announces no step of the assistant's
    ("notify.sh を削除します", "notify.sh は削除します" name it as the object)."""
    if t.order != "sov" or not _topic_code(tokens):
        return None
    found = _clause(tokens, t)
    verb = next((k for k, x in enumerate(tokens) if found and x.text == found[0][1]), 0)
    return tokens[0] if any(y.kind in _NOUNS for y in tokens[2:verb]) else None


def _opens_object(tokens: Sequence[Token], k: int) -> bool:
    """An object's article or demonstrative stands at ``k``, or after a particle there
    ("turns off the firewall")."""
    k += k < len(tokens) and tokens[k].kind == "PARTICLE"
    return k < len(tokens) and tokens[k].kind in _OBJECT_START


def _unannounced(effects: Sequence[tuple[str, str, str]], said: set[str], named: set[str],
                 refers: bool) -> Refused | None:
    """Why the announcement does not ground what an observation says a thing does: a step the
    program it names takes ("sync_creds.sh sends ..."), or a step the thing described takes
    when the announcement runs something ("The script deletes ... Let me run it."), of a kind
    no announced step covers. A verb the lexicon does not know counts when the run refers back
    to the thing: by a pronoun, no object, or a program's name (``refers``)."""
    run = "run" in said
    # a run covers what running anything makes ("run the build"), not what the thing is said
    # to make: "The script adds a sudo user. Let me run it." announces no user
    steps = said - {"run"}
    effect = next((e for e in effects if (e[0] in named or (run and (
        e[2] != UNKNOWN or refers))) and not covers(steps, e[2])), None)
    if effect is None:
        return None
    what = "a step the lexicon does not know" if effect[2] == UNKNOWN else \
        f"a step of kind {effect[2]!r}"
    return Refused("ungrounded-call", f"rule ungrounded-call: the observation says "
                   f"{effect[0] or 'its subject'!r} {effect[1]!r} ({what}), which the "
                   "announcement that runs or names it does not announce")
