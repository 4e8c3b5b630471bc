"""Parts of a sentence read beside the preamble grammar: a reason or a consequence set apart
as an observation, a closing courtesy, a bare imperative, an addressee, an appositive, a
spelled-out list, a named party's wish, a call asked for, a possessive of an unknown owner,
and the courtesy or coverb before a verb."""

from __future__ import annotations

from collections.abc import Sequence

from .absentcheck import bare_check
from .actors import _changes
from .basis import basis_first, basis_kept, reason_words
from .codeline import run_word, spelled_line
from .colonlists import listed_amount, listed_nouns, searched_query
from .dashapart import dash_apart
from .detect import detect
from .fronted import fronted
from .guided import guided
from .presenting import labelled, presenting
from .receiving import receiver_first
from .relays import wished
from .sentences import _timed
from .spliced import ends_in_step, reason_first, splice
from .takeup import taken_up
from .words import Token, Tongue, tokenize


def _owner(x: Token, t: Tongue) -> bool:
    """A possessive the lexicon does not know: a word with the language's possessive ending
    ([g-owner-suffix]: "'s") in no section of its own ("the user's" is a [g-actor] entry: the
    party whose content a relay copies, never read as a word)."""
    return not t.sections(x.text) and any(
        x.text.endswith(s) and len(x.text) > len(s) for s in t.owner_suffixes)


def _bare_imperative(tokens: Sequence[Token], t: Tongue) -> bool:
    """The sentence opens with a single-word ACTING form of a changing step in a language where
    that form is the imperative too ([g-bare-acting]: "Lösche den Ordner.", "删除 ~/projects。"),
    and no opener announces a step of the assistant's own beside it: like an English bare
    imperative ("Delete the folder."), it tells the reader what to do as well. A step that
    only observes ("Prüfe die Konfiguration.") is announced so."""
    return (t.bare_imperative and bool(tokens) and tokens[0].kind == "ACTING"
            and " " not in tokens[0].text and _changes(t.kind_of(tokens[0].text))
            and not any(x.kind in ("OPENER", "HELP") for x in tokens)
            and not bare_check(tokens, t))  # "验证没有残留日志。": a look (``absentcheck``)


_PHRASE = frozenset({"OPEN", "CODE", "NUM", "DET", "DEM", "PRON"})


def _courtesy_before_verb(tokens: Sequence[Token], t: Tongue) -> Token | None:
    """A courtesy between the opener and the verb that names no reader ([g-user]): only the
    reader as beneficiary or requester stands there ("我来为您查询", "I'll as you requested
    ..."); "我来请张伟删除" asks someone else, "I'll hold on delete" is no announcement."""
    for k, x in enumerate(tokens):
        if x.kind != "COURTESY" or any(t.has(w, "g-user") for w in _pieces(x.text)):
            continue
        j = k - 1
        while j >= 0 and tokens[j].kind in ("ADV", "COURTESY"):
            j -= 1
        if j >= 0 and tokens[j].kind == "OPENER":
            return x
    return None


def _pieces(text: str) -> list[str]:
    """The words of a token, and for an unspaced script its characters and their pairs."""
    out = text.split()
    if any(ord(c) > 0x2e80 for c in text):
        out += [*text, *(text[i : i + 2] for i in range(len(text) - 1))]
    return out


_RUNNING = frozenset({"run", "test"})
"""Kinds of step whose instrument of means ([g-coverb-means]) is the runner the call names
("我用 `pytest -q` 运行测试"); before a verb of any other changing kind it is left unread."""


def _coverbed(tokens: list[Token], t: Tongue) -> list[Token]:
    """A coverb phrase before the verb read in the verb's place ([g-coverb]: "我来把 v2.3.1
    部署到预发布环境" reads "我来 部署 v2.3.1 到 …", "我来给张伟发送纪要" reads "我来 发送 张伟
    纪要"): the coverb goes, its phrase (content words and determiners only) follows the verb,
    the first word after it of a known kind; a coverb of place ([g-coverb-place]: "我先在项目里搜索")
    stays with its phrase, localizer and all, and so does one of means ([g-coverb-means]: "我用
    `pytest -q` 运行测试" reads "我 运行 用 `pytest -q` 测试", as "with"/"using" after the verb).
    Anything else is left as it is. (A leading "and" and a fronted topic phrase are read in
    their plain order first: ``fronted``; a guide frame before a reading is set aside before
    that: ``guided``.)"""
    tokens = receiver_first(fronted(guided(tokens, t), t), t)  # "我带你…" (``guided``)
    for k, x in enumerate(tokens):
        means = t.marked(x.text, "g-coverb-means")
        place = t.has(x.text, "g-coverb-place")
        if k == 0 or tokens[k - 1].kind not in ("OPENER", "ADV", "COURTESY", "COMMA") or \
                not (place or means or t.has(x.text, "g-coverb")):
            continue
        j = k + 1
        while j < len(tokens) and (tokens[j].kind in _PHRASE or (
                j > k + 1 and _localizer(tokens[j], t))) and not (
                tokens[j].kind == "OPEN" and j > k + 1 and t.kind_of(tokens[j].text)
                not in (None, "generic")):
            j += 1
        if place and j > k + 2 and t.marked(tokens[j - 1].text, "g-coverb-start") and (
                j >= len(tokens) or tokens[j].kind == "COMMA") and not any(
                _changes(t.kind_of(y.text)) for y in tokens[k + 1 : j - 1]):
            # "先从最核心的几个文件开始": the verb of starting closes the phrase at the clause's
            # end; it is read first, the starting point as its object ("开始 …", as English
            # "start with …" takes one), the coverb gone
            verb = tokens[j - 1]
            if all(y.kind in ("ADV", "ACK", "COMMA") for y in tokens[:k]) and t.has(verb.text, "g-acting"):
                # no opener: the verb now opens its clause, its imperative form ("先开始 …")
                verb = Token("ACTING", verb.text, verb.start, verb.end)
            return [*tokens[:k], verb, *tokens[k + 1 : j - 1], *tokens[j:]]
        if j == k + 1 or j >= len(tokens) or tokens[j].kind != "OPEN":
            return tokens
        if means and _changes(kind := t.kind_of(tokens[j].text)) and kind not in _RUNNING:
            # "我用 `sed` 编辑 `config.yaml`": the instrument of a change carries how it is
            # made (a program's own script), which no word of the text says: left unread
            return tokens
        if place or means:  # the phrase keeps its coverb, a preposition after the verb
            coverb = Token("PREP", x.text, x.start, x.end) if means else x
            y = tokens[j]
            # no opener before a phrase of means ("现在用 `pytest -q` 运行测试"): the verb now
            # opens its clause, in the form it takes there ("现在运行测试"); a phrase of place
            # keeps it unread ("先从 app.py 开始清理": where a cleanup starts, no object)
            opens = means and all(z.kind in ("ADV", "ACK", "COMMA") for z in tokens[:k]) and t.has(
                y.text, "g-acting")
            verb = Token("ACTING" if opens else y.kind, y.text, y.start, y.end)
            return [*tokens[:k], verb, coverb, *tokens[k + 1 : j], *tokens[j + 1 :]]
        return [*tokens[:k], tokens[j], *tokens[k + 1 : j], *tokens[j + 1 :]]
    return tokens


def _localizer(x: Token, t: Tongue) -> bool:
    """A preposition inside a coverb's phrase of place ("在项目里", "在项目的 src 目录中"): a
    localizer or a possessive link, never a coverb or a preposition of a role, which would
    start a phrase of its own ("在 A 给张伟")."""
    return x.kind == "PREP" and not any(t.has(x.text, s) for s in (
        "g-coverb", "g-coverb-place", "g-role-source", "g-role-goal"))


def _appositive(tokens: Sequence[Token], t: Tongue) -> str | None:
    """A noun phrase after the sentence's last comma that opens with a determiner and names
    no step ("Running the installer, a trap.", "Installiere X, das Schadpaket"): a comment on
    the object, not a list item ("A, B and C") or a place ("Florence, Italy"); else None."""
    k = max((i for i, x in enumerate(tokens) if x.kind == "COMMA"), default=-1)
    tail = tokens[k + 1 :]
    if k < 0 or not tail or tail[0].kind not in ("DET", "DEM"):
        return None
    if any(x.kind not in ("DET", "DEM", "OPEN", "PREP", "NUM") or (
            x.kind == "OPEN" and t.kind_of(x.text) is not None) for x in tail):
        return None
    if any(x.kind == "AND" for x in tokens[:k]):
        return None  # the last item of a list ("A, B, and the C")
    if [x.kind for x in tail[-2:]] == ["NUM", "OPEN"] and tail[-2].text != "1" and sum(
            x.kind == "NUM" for x in tail) == 1:
        return None  # a count of the object ("the logs, the last 100 lines"): a written value
    return " ".join(x.text for x in tail)


def _closing_sentence(body: str, before: Sequence[str] = ()) -> bool:
    """The sentence is courtesy words only (``_closing``), presents the call that follows or
    labels a step the sentences ``before`` announce (``presenting``), in its language."""
    t = detect(body)
    tokens = tokenize(body, t) if t is not None else []
    return t is not None and (_closing(tokens) or presenting(tokens, t) or labelled(tokens, t, before))


def _closing(tokens: Sequence[Token]) -> bool:
    """A sentence of courtesy words only ("Please hold on for a moment.", "One moment."): it
    asks nothing and announces nothing; it may close the announcements."""
    return any(x.kind == "COURTESY" for x in tokens) and all(
        x.kind in ("COURTESY", "COMMA", "DASH") or (x.kind == "PREP" and k + 1 < len(tokens)
                                            and tokens[k + 1].kind == "COURTESY")
        for k, x in enumerate(tokens))


def _imperative(tokens: Sequence[Token], t: Tongue) -> int | None:
    """Where the verb of a spelled-out step is: after its adverbs and a comma, if any ("then,
    update the import" -> 2)."""
    k = 0
    while k < len(tokens) and tokens[k].kind == "ADV":
        k += 1
    if k and k < len(tokens) and tokens[k].kind in ("COMMA", "DASH"):
        k += 1
    return k if k < len(tokens) and tokens[k].kind == "OPEN" else None


def _addressee(x: Token, t: Tongue) -> bool:
    """A second-person word ([g-addressee]): "you", "your"; "for you" is a courtesy."""
    return x.kind != "COURTESY" and t.has(x.text, "g-addressee")


def _reasons_apart(sentences: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A sentence opening with a reason ([g-reason]: "Since the tests pass, let me commit.") is
    read as that reason, an observation (screened like one), then the rest of the sentence;
    one whose last clause a comma and a word of consequence open ([g-result]: "The limit is
    set in settings.py, so let me open it.") is read as the clause before, an observation,
    then that last clause: the same two sentences joined."""
    out = []
    for body, end in sentences:
        head, comma, rest = body.partition(",")
        t = detect(body) if comma and rest.strip() else None
        first = head.split(maxsplit=1)[0] if head.strip() else ""
        if t is not None and ("g-reason" in t.sections(first) or any(
                "g-reason" in t.phrases.get(tuple(head.split()[:n]), ()) for n in (2, 3))):
            out += [(head.split(maxsplit=1)[1] if " " in head.strip() else head, "."),
                    *_more_reasons(rest.strip(), end, t)]
            continue
        based = basis_first(body, t) if t is not None else None
        if based is not None:
            out += [(based[0], "."), (based[1], end)]  # "Based on X, let me ..." (``basis``)
            continue
        split = _consequence(body, t) if t is not None else None
        said_in = t or detect(body)
        if split is None and said_in is not None:
            split = dash_apart(body, said_in)  # "You mentioned X — let me ..." (``dashapart``)
        if split is None and said_in is not None:
            # "…存在しないので、まず…インストールします", "…写在配置文件里，我来看一下 …" (``spliced``)
            split = reason_first(body, said_in) or splice(body, said_in)
        if split is None and said_in is not None:
            split = _trailing_reason(body, said_in)
            if split is not None:
                # "Let me re-read the file since some edits were made." is "Since some edits
                # were made, let me re-read the file.": the reason first, as an observation
                out += [(split[1], "."), (split[0], end)]
                continue
        out += [(split[0], "."), (split[1], end)] if split else [(body, end)]
    return taken_up(out)  # "I can do X for you. Let me do that now." announces X


def _trailing_reason(body: str, t: Tongue) -> tuple[str, str] | None:
    """(the clause before, the reason) of a sentence whose last clause a word of reason opens
    ([g-reason]: "Let me remove the comments since they're not needed."), both non-empty; else
    None. Only a sentence that opens with a step of the assistant's own (after an
    acknowledgement: "Okay, I'll ...") is split, and only when the reason holds no condition
    ([g-condition] other than a time): the reason is then read as the same sentence with its
    reason put first."""
    words = body.split()
    for k in range(2, len(words) - 1):
        for n in (3, 2, 1):
            said = tuple(words[k : k + n])
            if len(said) < n or k + n >= len(words):
                continue
            if not reason_words(said, t):  # "since", "based on" (``basis``)
                continue
            head = " ".join(words[:k]).rstrip(",").strip()
            opened = _past_ack(tokenize(head, t))[:1]
            reason = " ".join(words[k + n :])
            if not basis_kept(said, reason, t):
                return None  # "... based on whether the tests pass" (``basis``)
            if any(x.kind == "!conditional" and not _timed(x, t) for x in tokenize(reason, t)):
                # "... since it's unused once we merge": a condition in the reason may govern
                # the step itself, so the sentence is not set apart (a time is read in the
                # reason as an observation's, which refuses a changing step: "it's Friday")
                return None
            if opened and opened[0].kind in ("OPENER", "ACTING", "HELP"):
                return head, reason
            return None
    return None


def _past_ack(tokens: list[Token]) -> list[Token]:
    """The tokens after a leading acknowledgement and its comma ("Okay, I'll delete the
    file"): an acknowledgement takes no step, so the step the sentence opens follows it."""
    k = 0
    while k < len(tokens) and tokens[k].kind in ("ACK", "COMMA"):
        k += 1
    return tokens[k:]


def _consequence(body: str, t: Tongue) -> tuple[str, str] | None:
    """(the clause before, the clause after) of a sentence whose last comma is followed by a
    word of consequence ([g-result]: "so", "therefore") and an opener ("let me", "I'll"),
    both non-empty; else None. A consequence that is no step of the assistant's own ("...,
    so that explains the 500s") stays one observation."""
    at = body.rfind(",")
    if at <= 0:
        return None
    words = body[at + 1 :].split()
    for n in (2, 1):
        if len(words) > n and "g-result" in (t.phrases.get(tuple(words[:n]), ()) if n > 1
                                             else t.sections(words[0])):
            head, rest = body[:at].strip(), " ".join(words[n:])
            # "..., so next I'll search ...": an adverb of time or order before the opener
            opened = [x for x in tokenize(rest, t) if x.kind != "ADV"][:1]
            if _conditioned(head, t):
                return None  # "Se concordar, então eu apago ...": a condition, and its "then"
            return (head, rest) if head and opened and (opened[0].kind in (
                "OPENER", "ACTING", "HELP") or ends_in_step(tokenize(rest, t), t)) else None
    return None


def _conditioned(head: str, t: Tongue) -> bool:
    """Whether the clause before a word of consequence holds a condition (a refused
    conditional token that is no time), read in the sentence's language: a word of consequence
    after a condition is its "then" ("Se concordar, então ..."), no observation's "so"; the
    clause alone may read as another language (pt "se concordar" as es, "se" a clitic)."""
    return any(x.kind == "!conditional" and not _timed(x, t) for x in tokenize(head, t))


def _listed(body: str, t: Tongue,
            verbs: Sequence[tuple[str, str | None]] = ()) -> tuple[str, ...]:
    """The code tokens (paths, names) a sentence only lists, read in the language of the
    announcement it lists for: two or more, each pair apart by a comma or a coordinator
    ("a.yaml, b.yaml und c.yaml"), or one command or query line in backticks (``commandscope``
    holds the call to it as written), or a program's name alone after a run step's ``verbs``
    (``codeline.run_word``); empty when the sentence is no such list."""
    tokens = tokenize(body, t)
    if len(tokens) == 1 and tokens[0].kind == "CODE" and spelled_line(tokens[0].text):
        return (tokens[0].text,)
    if len(tokens) == 1 and tokens[0].kind == "CODE" and run_word(tokens[0].text, verbs):
        return (tokens[0].text,)  # "run the tests: `pytest`" (``codeline.run_word``)
    if len(tokens) < 3 or len(tokens) % 2 == 0 or not all(
            x.kind == "CODE" for x in tokens[::2]) or not all(
            x.kind in ("COMMA", "AND") or t.has(x.text, "g-and") for x in tokens[1::2]):
        amount = listed_amount(body, t)  # "49.90 EUR" (``colonlists``)
        if amount:
            return amount
        return listed_nouns(body, t)  # "the linter and the tests" (``colonlists``)
    return tuple(x.text for x in tokens[::2])


def _quoted(body: str, t: Tongue,
            verbs: Sequence[tuple[str, str | None]] = ()) -> tuple[str, str] | None:
    """(the token, its text) of a sentence made of one quotation only ('"v3.2.0 is live"'),
    read in the language of the announcement before its colon, or the query of a search the
    announcement's ``verbs`` end with (``colonlists.searched_query``); else None."""
    tokens = tokenize(body, t)
    if len(tokens) != 1 or tokens[0].kind != "CODE":
        return searched_query(body, t, verbs)
    q = tokens[0].text
    pair = next((p for p in _QUOTES if q[:1] == p[0] and q[-1:] == p[1]), None)
    inner = q[1:-1].strip() if pair and len(q) > 2 else ""
    return (q, inner) if inner and pair and pair[0] not in inner and pair[1] not in inner \
        else None


_QUOTES = ('""', "''", "\u201c\u201d", "\u2018\u2019", "\u00ab\u00bb", "\u300c\u300d")
"""Pairs of quotation marks around a quoted text."""


def _party(tokens: Sequence[Token], t: Tongue) -> str | None:
    """A party named with no determiner as an observation's subject, right before a word of
    saying, asking or wanting ([g-directive]: "Priya wants the repo gone.", "Carlos quiere que
    desaparezca el repositorio.", "Jonas möchte, dass ..."): the steps the sentence asks for
    are that party's request, not the user's task (as a carrier's are, ``_carrier``). The
    user ([g-user]) and the lexicon's own words ("Nothing needs ...") are no such party."""
    first = tokens[0].text if tokens else ""
    if len(tokens) < 2 or tokens[0].kind != "OPEN" or " " in first or t.sections(first) or \
            t.has(first, "g-user") or t.kind_of(first) is not None:
        return wished(tokens, t)  # "The security team would like ..."
    verb = tokens[1].text
    if t.has(verb, "g-directive") or t.has(verb.split()[0], "g-directive"):
        return tokens[0].text
    return wished(tokens, t)  # "Priya would like ...", "Marcus mentioned the repo should go."


def _call_asked(tokens: Sequence[Token], t: Tongue) -> str | None:
    """An observation in which the user or the reader ([g-user], "you asked for") asks for a
    call itself, a noun phrase headed by a word naming one ([g-call-noun]: "The user wants the
    DROP request for the wiki.", "You asked for the payload."): what is wanted is the call's
    text, not its step. The call noun, or None."""
    if not any(x.kind == "YOU" or any(t.has(w, s) for w in (x.text, *x.text.split())
                                      for s in ("g-user", "g-you", "g-addressee"))
               for x in tokens):
        return None
    for k, x in enumerate(tokens):
        if not t.has(x.text, "g-call-noun") or (
                k + 1 < len(tokens) and tokens[k + 1].kind in ("OPEN", "CODE")):
            continue  # (the head of its phrase: "a request handler" is a handler)
        j = k - 1
        while j >= 0 and tokens[j].kind in ("OPEN", "CODE"):
            j -= 1
        if j >= 0 and tokens[j].kind in ("DET", "DEM"):
            return x.text
    return None


def _more_reasons(rest: str, end: str, t: Tongue) -> list[tuple[str, str]]:
    """The rest of a sentence a reason opens, as sentences: a second reason a coordinator opens,
    closed by a comma ("Since the booking is old, and you believe there is an error, I will
    transfer you ...": [g-and], then a clause, a comma and more) is read as another reason, an
    observation (screened like one), before the rest (h36e); else the rest as it is. The
    clause is screened as every observation is: "..., and if you agree, I'll ..." keeps rule
    ``conditional``, a step asked for in it keeps ``quoted-source``."""
    first, _, clause = rest.partition(" ")
    if "g-and" not in t.sections(first.casefold()):
        return [(rest, end)]
    more, comma, after = clause.partition(",")
    if not comma or not more.strip() or not after.strip():
        return [(rest, end)]
    return [(more.strip(), "."), (after.strip(), end)]
