"""What an announcement names: the content words of its object, the means it names (a tool, a
command), its adjuncts and asides."""

from __future__ import annotations

from collections.abc import Sequence

from . import handoff as handoff  # noqa: PLC0414 - preamble reads it here (at 800 lines)
from .marklists import place_terms
from .partitives import derived_head, partitive_wholes
from .partwords import part_word
from .pinned import pinned
from .words import Token, Tongue


def _named(tokens: Sequence[Token], t: Tongue, verbs: set[str], common: bool = False,
           ) -> list[str]:
    """The sentence's own nouns (``Announcement.named``): code, and English content words that
    are no verb, no meta or common word and no means of a step (``common``: a common word
    and a word a generic verb's pattern reads that stands as no verb too, "the users table":
    a step's own nouns). An English word right after a code is the head noun the code modifies, even
    when it is also a verb of a step ("the `prod.db` lock", "the `orders` draft": the lock,
    the draft, no verb), as is a noun of a derived thing before the genitive ("the copy of
    `X`", ``partitives.derived_head``)."""
    means = _means(tokens, t)
    pins = pinned(tokens, t, verbs, means)  # "the unused `a.py` file": the path names it (``pinned``)
    return [x.text for k, x in enumerate(tokens) if k not in means and k not in pins and (
        x.kind == "CODE" or (
            x.kind == "OPEN" and x.text not in verbs
            and x.text not in t.meta and (common or "g-common" not in t.sections(x.text))
            and not t.has(x.text, "g-harm")  # says what the thing is like, not which
            and (t.kind_of(x.text) in (None, "generic" if common else None)
                 or _headed(tokens, k, t)
                 or _thing(x.text, t))
            and not _common(x.text, t)) or derived_head(tokens, k, t, verbs))]


def _headed(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` is an English head noun a code right before it modifies ("the
    `prod.db` lock"); other languages put a verb there too ("把 `web` 部署扩容")."""
    return t.name == "en" and k > 0 and tokens[k - 1].kind == "CODE"


def _thing(word: str, t: Tongue) -> bool:
    """A word the language's [concept] map gives a meaning: it names a thing even when it is
    also a verb of a step ("the test repo", "o repositório de testes", "Testbestellung")."""
    w = word.casefold()
    return any(term == w or (len(term) >= 4 and term in w) for term in t.concepts)


_PLACES = frozenset({"file", "files", "folder", "folders", "directory", "directories", "dir",
                     "path"})
"""What a word means when it says where a step acts, not which thing ("el directorio
~/project", "die Datei config.yml"): the path beside it names the thing."""


def _common(word: str, t: Tongue) -> bool:
    """A word whose [concept] meaning is a place word (``_PLACES``): no name of its own."""
    w = word.casefold()
    # the term is the word, or a prefix of it of four letters or more
    places = place_terms(t, _PLACES)
    return w in places or any(w[:i] in places for i in range(4, len(w)))


def _means(tokens: Sequence[Token], t: Tongue) -> set[int]:
    """Positions of the words naming the means of a step: the object of a generic verb before
    a purpose ("use the shell to delete ..."), and an instrument phrase ("using the shell")."""
    out: set[int] = set()
    k = 0
    while k < len(tokens):
        x = tokens[k]
        if x.kind == "INSTR" or (x.kind == "OPEN" and t.kind_of(x.text) == "generic"):
            j = k + 1
            span = []
            while j < len(tokens) and tokens[j].kind in ("DET", "OPEN", "CODE"):
                span.append(j)
                j += 1
            if x.kind == "INSTR" or (j < len(tokens) and tokens[j].kind == "TO"):
                out.update(span)
            k = j
            continue
        k += 1
    return out


_ADJUNCT_END = frozenset({"PREP", "INSTR", "TO", "AND", "COMMA", "DASH", "LPAR", "RPAR", "FINAL",
                          "COURTESY", "POSTP"})


def _adjuncts(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, ...]]:
    """The content words of each phrase headed by a preposition of time ([g-time-prep]: "at",
    "on", "during"), up to the next phrase boundary: "at launch", "on payday", "during the
    freeze" name a time unless the call carries them ("on main", "at /srv/app")."""
    out: list[tuple[str, ...]] = []
    group: list[str] | None = None
    prev = None
    for x in tokens:
        if x.kind == "PREP":
            if group:
                out.append(tuple(group))
            # a verb's own particle ("look at", a [generic] or [kind-*] phrase) heads no phrase
            phrasal = prev is not None and prev.kind == "OPEN" and t.kind_of(
                f"{prev.text} {x.text}") is not None and not _in_phrase(prev, tokens, t)
            group = [] if x.text in t.time_preps and not phrasal else None
            prev = x
            continue
        prev = x
        if group is not None and x.kind in _ADJUNCT_END:
            if group:
                out.append(tuple(group))
            group = None
            continue
        if group is not None and x.kind in ("OPEN", "CODE", "NUM") and x.text not in t.meta:
            group.append(x.text)
    if group:
        out.append(tuple(group))
    return out + _asides(tokens, t)


def _in_phrase(word: Token, tokens: Sequence[Token], t: Tongue) -> bool:
    """The word stands inside a noun phrase (right after a determiner, a demonstrative or
    another content word), so it is a noun, not the verb of a phrasal verb: "run the installer
    on paper" is no "install on"; "look at", "run the tests on staging" keep theirs."""
    k = next((j for j, x in enumerate(tokens) if x is word), 0)
    return k > 0 and tokens[k - 1].kind in ("DET", "DEM", "OPEN", "CODE")


def _asides(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, ...]]:
    """The content words of each aside in parentheses ("the config (settings.json)", "the
    reset script (not yet)", "(for the docs)"): an aside names the thing the call acts on, so
    it is read like a phrase of time: a call carries one of its words, or it comments on the
    step. An aside of no content word ("(s)") says nothing."""
    out: list[tuple[str, ...]] = []
    inside: list[str] | None = None
    for x in tokens:
        if x.kind == "LPAR":
            inside = []
        elif x.kind == "RPAR":
            if inside:
                out.append(tuple(inside))
            inside = None
        elif inside is not None and x.text not in t.meta and (
                x.kind in ("OPEN", "CODE", "NUM") or x.kind[:1] == "!"):
            inside.append(x.text)
    return out


def _steps(tokens: Sequence[Token], t: Tongue, verbs: Sequence[tuple[str, str | None]],
           ) -> list[tuple[str, str | None, tuple[str, ...], bool]]:
    """(verb, kind, own nouns, pronoun object) of each announced step of one sentence: the
    words from its verb to the next verb (before it, from the previous verb, in a language
    that puts the verb last). A step whose object is empty shares the object the coordination
    gives it ("check and fix the config": the config is fixed too; "backups を確認して削除
    します": the backups are deleted). In a verb-final language a verb a conjunctive ending
    closes ([g-conjunct]) takes a step of its own (``_conjoined``)."""
    at: list[int] = []
    k = 0
    for verb, _kind in verbs:
        j = next((i for i in range(k, len(tokens)) if tokens[i].text == verb), None)
        if j is None:
            return []  # a verb the tokens do not spell ("haré el commit" reads a noun)
        at.append(j)
        k = j + 1
    sov = t.order == "sov"
    if sov and t.conjuncts:
        verbs, at = _conjoined(tokens, t, verbs, at)
    names = {v for v, _ in verbs}
    spans = [tokens[(at[i - 1] + 1 if i else 0):j] if sov else tokens[j + 1:(
        at[i + 1] if i + 1 < len(at) else len(tokens))] for i, j in enumerate(at)]
    # a step's own nouns, common words too: "read the users table and drop the temp_import
    # table" binds "users" to the read
    out = [(v, kind, tuple(_named(span, t, names, common=True)),
            any(x.kind in ("PRON", "DEM") for x in span))
           for (v, kind), span in zip(verbs, spans, strict=True)]
    order = range(len(out) - 2, -1, -1) if not sov else range(1, len(out))
    for i in order:
        v, kind, own, pron = out[i]
        if not own and not pron:
            _v, _k, shared, spron = out[i - 1 if sov else i + 1]
            out[i] = (v, kind, shared, spron)
    return out


def _heads(tokens: Sequence[Token], t: Tongue, verbs: Sequence[tuple[str, str | None]],
           ) -> list[tuple[str, str]]:
    """(verb, head) of each verb of a language that puts the verb first whose object is a noun
    phrase: the last of the content words right after it (determiners, numbers and adverbs
    aside), before a preposition or anything else ("open a support ticket for the billing
    issue" opens a ticket, "open the issue tracker" a tracker)."""
    if t.order == "sov":
        return []
    out: list[tuple[str, str]] = []
    for verb, _kind in verbs:
        j = next((i for i, x in enumerate(tokens) if x.text == verb), None)
        if j is None:
            continue
        k = j + 1
        while k < len(tokens) and tokens[k].kind in ("DET", "NUM", "ADV"):
            k += 1
        run = []
        while k < len(tokens) and tokens[k].kind == "OPEN":
            run.append(tokens[k].text)
            k += 1
        if run and (k == len(tokens) or tokens[k].kind != "CODE"):
            out.append((verb, run[-1]))
        elif len(run) > 1 and part_word(run[-1]) is not None:
            # a part's word before its quoted value ("a ticket titled 'X'", "an issue with the
            # subject 'X'"): the noun before it heads the object
            out.append((verb, run[-2]))
    return out


def conjoined_verbs(tokens: Sequence[Token], t: Tongue, verbs: Sequence[tuple[str, str | None]],
                    ) -> list[tuple[str, str | None]]:
    """The announced verbs of a verb-final sentence with each verb a conjunctive ending closes
    ([g-conjunct]: "テストを実行して失敗箇所を確認します" runs the tests, then checks): a step
    of its own, whose kind the announcement says (``_conjoined``); only when the sentence's
    intent ending closes a verb the grammar read, and no inquiry word stands between the two
    ("削除していいか確認します" asks whether, it deletes nothing); else ``verbs`` as given."""
    if t.order != "sov" or not t.conjuncts or not verbs:
        return list(verbs)
    at: list[int] = []
    k = 0
    for verb, _kind in verbs:
        j = next((i for i in range(k, len(tokens)) if tokens[i].text == verb), None)
        if j is None:
            return list(verbs)
        at.append(j)
        k = j + 1
    found, order = _conjoined(tokens, t, verbs, at)
    first = at[0]
    return [v for v, j in zip(found, order, strict=True) if j in at or (j < first and not any(
        x.kind in ("INQUIRY", "QUESTION") or x.kind[:1] == "!" for x in tokens[j:first]))]


def _conjoined(tokens: Sequence[Token], t: Tongue, verbs: Sequence[tuple[str, str | None]],
               at: Sequence[int]) -> tuple[list[tuple[str, str | None]], list[int]]:
    """The verbs of a verb-final sentence (and their positions) with each verb a conjunctive
    ending closes ([g-conjunct]: "一覧表示して", "확인" + "하고", "listeleyip"): only the
    last verb of such a sentence takes an intent ending, so the grammar's verbs miss the
    others, and the words before one are its object, not the last verb's ("backups
    フォルダを一覧表示して、tmp フォルダを削除します" deletes tmp, never backups)."""
    found = dict(zip(at, verbs, strict=True))
    for k, x in enumerate(tokens):
        if k in found or x.kind != "OPEN":
            continue
        kind = t.kind_of(x.text)
        if kind is None:
            continue
        after = tokens[k + 1].text if k + 1 < len(tokens) else ""
        if any(after == c and _continuative(x.text) if not c[0].isalpha() else after == c or (
                x.text.endswith(c) and len(x.text) > len(c)) for c in t.conjuncts):
            found[k] = (x.text, kind)
    order = sorted(found)
    return [found[k] for k in order], order


def _continuative(word: str) -> bool:
    """A verb form that a comma closes is its continuative form ("読み、", "確認し、": read,
    and ...) when it ends in a kana inflection, not a bare noun of a verb ("削除、更新" lists
    deletion and update): a conjunct of punctuation ([g-conjunct] "、") takes only such."""
    return len(word) > 1 and "\u3041" <= word[-1] <= "\u309f" and not (
        "\u3041" <= word[0] <= "\u309f")


def _wholes(tokens: Sequence[Token], t: Tongue, verbs: Sequence[tuple[str, str | None]],
            ) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(part, whole) of each deleting step that takes a part out of a whole: its object's
    words, and those of the phrase a preposition of the whole ([g-part-from]: "from", "aus",
    "из") heads after it ("delete the old key from config.json": ("old", "key"),
    ("config.json",); parts joined by "and" are one part). The step acts inside the whole,
    never on the whole itself."""
    out: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    k = 0
    for verb, kind in verbs:
        j = next((i for i in range(k, len(tokens)) if tokens[i].text == verb), None)
        if j is None:
            return out
        k = j + 1
        if kind != "delete":
            continue
        part: list[str] = []
        whole: list[str] | None = None
        for x in tokens[j + 1:]:
            if whole is None and t.has(x.text, "g-part-from"):
                whole = []
            elif whole is None and x.kind == "AND":
                continue  # coordinated parts out of one whole ("`bob` and `carol` from ...")
            elif x.kind in _ADJUNCT_END or x.text in {v for v, _ in verbs}:
                break
            elif x.kind in ("OPEN", "CODE", "NUM") and x.text not in t.meta:
                (part if whole is None else whole).append(x.text)
        if whole:
            out.append((tuple(part), tuple(whole)))
    return out + partitive_wholes(tokens, t, verbs)


def adjunct_nouns(tokens: Sequence[Token], t: Tongue, named: Sequence[str]) -> list[str]:
    """The nouns of the phrases a preposition heads ("as a draft", "for review", "to the
    drafts folder", "in writing") that ``named`` leaves out as verbs or common words: no verb
    stands right after a preposition and its determiner ("to" counts only with one, since "to"
    and a bare verb is an infinitive). The phrase says what the step makes or where it lands
    (a draft, a review item, a quote, a folder), so the call of a step that cannot be taken
    back must carry its noun (``Announcement.named``), or it takes another step. Only a
    phrase's one noun, or the word naming a place word ("the drafts folder"); never a
    modifier of another noun, the particle of a phrasal verb ("look at") nor a meta word."""
    out: list[str] = []
    for k, x in enumerate(tokens):
        if x.kind not in ("PREP", "TO"):
            continue
        prev = tokens[k - 1] if k else None
        phrasal = prev is not None and prev.kind == "OPEN" and t.kind_of(
            f"{prev.text} {x.text}") is not None
        if phrasal and not _in_phrase(tokens[k - 1], tokens, t):
            continue  # the verb's own particle heads no phrase
        j = k + 1
        while j < len(tokens) and tokens[j].kind in ("DET", "DEM"):
            j += 1
        if j >= len(tokens) or tokens[j].kind != "OPEN" or (x.kind == "TO" and j == k + 1):
            continue
        if j + 1 < len(tokens) and tokens[j + 1].kind == "OPEN" and not (
                tokens[j + 1].text in _PLACES or _common(tokens[j + 1].text, t)):
            continue  # a modifier ("with a clear message"); before a place word it names it
        w = tokens[j].text
        if w not in named and w not in t.meta and len(w) >= 3:
            out.append(w)
    return out
