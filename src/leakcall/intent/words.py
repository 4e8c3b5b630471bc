"""The tokenizer of preamble sentences, over each language's word classes (``tongue``).

A language's lexicon (``grammar/lexicon/<lang>.txt``, the ``[g-...]``, ``[kind-...]`` and
``[generic]`` sections; see ``grammar/lexicon/README.md``) lists its closed classes: function
words, each with the class the preamble grammar reads (``grammar/intent/preamble.lark``) or the
refusal rule it names. A word in no section is a content word (``OPEN``). Languages are never
merged: a sentence is tokenized with the lexicon of its own language, detected from its script
and its function words.
"""

from __future__ import annotations

from collections.abc import Sequence

from .attached import detach, unglued
from .embedded import checks_state, embedded
from .governed import article_clitic, governed_dem
from .later import later
from .modifiers import restricts
from .pieces import _CLOCK, _PUNCT, _WRITTEN_DATE, _day, _pieces, inside_word
from .positions import placed
from .purposes import opens_purpose
from .relatives import headed, in_relative, opens_later, opens_relative, opens_zero_relative, relative_shape
from .selecting import dated_day, selecting_time
from .slots import _adjunct_after_object, _asking, _checked, _in_noun_phrase, _object_slot, _prepositioned
from .tongue import (
    _MEMO,
    COVERS,
    KINDS,
    REFUSING,
    TERMINALS,
    UNSPACED,
    Token,
    Tongue,
    covers,
    is_section,
    script,
    unspaced,
)

__all__ = ["COVERS", "KINDS", "REFUSING", "TERMINALS", "UNSPACED", "Token", "Tongue", "covers",
           "is_section", "script", "tokenize", "unspaced"]


def _verb_pair(tokens: Sequence[Token], split: Sequence[tuple[str, str, int, int, list[str]]], i: int,
               t: Tongue) -> bool:
    """The correlative at ``i`` stands right after the opener (and its adverbs), before a word
    and a later "and" ([g-correlative]: "I'll both add and multiply ..."): it pairs two verbs."""
    k = len(tokens) - 1
    while k >= 0 and tokens[k].kind == "ADV":
        k -= 1
    return (k >= 0 and tokens[k].kind == "OPENER" and i + 1 < len(split)
            and split[i + 1][0] == "W" and not any(
                sec in TERMINALS or sec in REFUSING for sec in t.sections(split[i + 1][1]))
            and any(p[0] == "W" and t.has(p[1], "g-and") for p in split[i + 2 :]))


def _unspaced_split(word: str, t: Tongue) -> list[tuple[str, str | None]]:
    """A run of an unspaced script cut at the language's entries (longest first, left to
    right); the rest are content runs: (text, section or None)."""
    out: list[tuple[str, str | None]] = []
    buf = ""
    i = 0
    while i < len(word):
        for entry, sec in t.unspaced_index.get(word[i], ()):
            if word.startswith(entry, i) and not inside_word(entry, t, buf, word[i + len(entry) :]):
                if buf:
                    out.append((buf, None))
                    buf = ""
                out.append((entry, sec))
                i += len(entry)
                break
        else:
            buf += word[i]
            i += 1
    if buf:
        out.append((buf, None))
    return out


_TOKENS: dict[tuple[str, str], list[Token]] = {}


def tokenize(sentence: str, t: Tongue) -> list[Token]:
    """The tokens of one normalised sentence in language ``t`` (``_tokenize``), remembered:
    reasoning repeats its sentences, and language detection tokenizes the winner again."""
    key = (sentence, t.name)
    got = _TOKENS.get(key)
    if got is None:
        if len(_TOKENS) >= _MEMO:
            _TOKENS.clear()
        got = _TOKENS[key] = later(_tokenize(sentence, t), t)
    return list(got)


def _dotted_word(text: str, t: Tongue) -> str | None:
    """The rule of the refusing section ([g-for-instance], ...) that lists a word the pieces
    read as code for its inner stops ("e.g", "i.e", "z.b"), with or without its last stop;
    None for any other code (a quoted or backticked span is always code)."""
    if "." not in text or not text[:1].isalpha():
        return None
    word = text.casefold().rstrip(".")
    return next((rule for sec, rule in REFUSING.items()
                 if t.has(word, sec) or t.has(word + ".", sec)), None)


def _tokenize(sentence: str, t: Tongue) -> list[Token]:  # noqa: PLR0915 - one pass
    """The tokens of one normalised sentence (no terminator) in language ``t``.

    Multiword entries are matched longest first; words in unspaced scripts are cut at the
    language's entries; [g-final]/[g-postp]/[g-topic] suffixes are split off a word's end. A
    word's class is the first of its sections that fits its context: INQUIRY only right after an inquiry
    verb ("whether" anywhere), COPULA only inside an inquiry clause, ACTING only as a clause's
    first word; a word in a refusing section that fits nowhere else is ``!rule``."""
    raw: list[tuple[str, str, int, int, list[str]]] = []
    for kind, text, a, b in _pieces(unglued(sentence, t.prefix_letters)):
        if kind != "W":
            raw.append((kind, text, a, b, []))
            continue
        if any(unspaced(ch) for ch in text):
            pos = a
            for piece, sec in _unspaced_split(text, t):
                raw.append(("W", piece, pos, pos + len(piece), [sec] if sec else []))
                pos += len(piece)
            continue
        raw.append(("W", text, a, b, []))
    # a particle on an identifier ("package.json을", "config.yml'i")
    raw = detach(raw, t, lambda run: _unspaced_split(run, t))
    # suffixes split off (Japanese endings, Korean particles): "확인하겠습니다" -> stem + FINAL
    split: list[tuple[str, str, int, int, list[str]]] = []
    for kind, text, a, b, secs in raw:
        if kind == "W" and not secs and t.splits and not t.sections(text):
            for sec, suf in t.splits:
                if text.endswith(suf) and len(text) > len(suf):
                    stem = text[: -len(suf)]
                    split.append(("W", stem, a, b - len(suf), []))
                    split.append(("W", suf, b - len(suf), b, [sec]))
                    break
                if text == suf:
                    split.append(("W", text, a, b, [sec]))
                    break
            else:
                split.append((kind, text, a, b, secs))
        else:
            split.append((kind, text, a, b, secs))
    tokens: list[Token] = []
    i = 0
    clause_start = True
    inquiry = False
    assured = False  # inside a clause of what a check makes sure of ("... that nothing broke")
    timed = False  # inside a phrase headed by a preposition of time ("at the next release")
    probing = False  # after an inquiry verb in this clause ("verify the log ...")
    while i < len(split):
        kind, text, a, b, secs = split[i]
        if kind == "NUM" and _CLOCK.fullmatch(text):  # a time of day defers in any language
            tokens.append(Token("!conditional", text, a, b))
            clause_start = False
            i += 1
            continue
        if kind == "W" and _CLOCK.fullmatch(text):
            tokens.append(Token("!conditional", text, a, b))
            clause_start = False
            i += 1
            continue
        if (kind == "NUM" or (kind == "CODE" and _WRITTEN_DATE.fullmatch(text))) and tokens \
                and tokens[-1].text in t.time_preps:
            # "at 5", "by 17"; "at 95%" waits for a level ("restart it at 95% memory")
            tokens.append(Token("!conditional", text, a, b))
            clause_start = False
            i += 1
            continue
        if kind == "NUM" and tokens and t.marked(tokens[-1].text, "g-time-letter") and (
                i + 1 == len(split) or split[i + 1][0] == "P"):
            # "אריץ את הבדיקות ב-5": a number closing its clause after ב ("at", "in") is a
            # time; before a noun it counts ("ב-3 קבצים")
            tokens.append(Token("!conditional", text, a, b))
            clause_start = False
            i += 1
            continue
        if kind == "CODE" and not tokens and (rule := _dotted_word(text, t)) is not None:
            # "E.g. I'll ...": a word a refusing section lists, written with its stops, opening
            # the sentence (h35w); inside it, "(e.g. settings.json)", the aside's reader reads it
            tokens.append(Token(f"!{rule}", text, a, b))
            clause_start = False
            i += 1
            continue
        if kind in ("CODE", "NUM"):
            tokens.append(Token(kind, text, a, b))
            clause_start = False
            i += 1
            continue
        if kind == "P":
            if text in "¡¿":  # Spanish opening marks: the sentence's end says what it is
                i += 1
                continue
            if text == "." and tokens and tokens[-1].kind == "NUM" and len(tokens[-1].text) <= 2 \
                    and i + 1 < len(split) and split[i + 1][1] in t.months:
                i += 1  # the stop of an ordinal day before its month ("am 5. Mai"): the day
                continue
            term = _PUNCT.get(text)
            tokens.append(Token(term if term else "!non-prose", text, a, b))
            clause_start = clause_start or term in ("COMMA", "DASH")
            i += 1
            continue
        if t.has(text, "g-correlative") and _verb_pair(tokens, split, i, t):
            # "I'll both add and multiply the numbers": the correlative before the first of
            # two verbs "and" joins says both steps are taken, as an adverb would
            tokens.append(Token("ADV", text, a, b))
            i += 1
            continue
        # the longest multiword entry starting here
        matched = False
        # inside an inquiry clause a subject starts a clause of its own ("describe what I
        # see"), never a phrase of the sentence ("I see" as an acknowledgement) unless that
        # phrase is a subject too ("make sure we didn't break anything else")
        own = inquiry and "g-subject" in t.sections(text)
        phrased = text in t.phrase_first
        for size in range(min(t.longest, len(split) - i) if phrased else 0, 1, -1):
            parts = split[i : i + size]
            if any(p[0] != "W" for p in parts):
                continue
            key = tuple(p[1] for p in parts)
            if inquiry and t.has(key[0], "g-aux") and "g-opener" in t.phrases.get(key, ()) and (
                    in_relative(tokens, t)):
                continue  # "the files that need to be modified": the clause's verb, no opener
            if t.marked(" ".join(key), "g-now-phrase") and not _now_fits(split, i + size, t):
                continue  # "saat ini selesai": "when this finishes", the condition's words
            if key in t.phrases and (not own or "g-subject" in t.phrases[key]):
                secs2 = t.phrases[key]
                tok = _classify(secs2, " ".join(key), parts[0][2], parts[-1][3], tokens,
                                clause_start, inquiry, t, assured)
                if opens_purpose(" ".join(key), split[i + size : i + size + 1], tokens, t):
                    tok = Token("INQUIRY", tok.text, tok.start, tok.end)  # "so that we can"
                if opens_later(" ".join(key), split[i + size : i + size + 1], tokens, t):
                    tok = Token("INQUIRY", tok.text, tok.start, tok.end)  # "avant de vous ..."
                tokens.append(tok)
                i += size
                matched = True
                break
        if not matched:
            secs2 = secs or t.sections(text)
            if set(secs2) == {"g-actor"} and text.isalpha() and _identifier(split, i + 1) and (
                    tokens and tokens[-1].kind in ("PREP", "OPEN")):
                # "the invoices for customer cus_Acme01", "email customer 4411": a party's noun
                # right before an identifier, after a preposition or a verb, names the record
                # it identifies, as "user 42" and "order 5512" do, the thing the step acts on;
                # leading its clause ("Vendor V2 runs the migration.") it is the party acting
                tokens.append(Token("OPEN", text, a, b))
                clause_start = False
                i += 1
                continue
            span = dated_day(split, i, t)  # "Monday, October 15th": one time, with its date
            if span:
                tokens.append(Token("!conditional", " ".join(
                    p[1] for p in split[i : i + span] if p[0] != "P"), a, split[i + span - 1][3]))
                clause_start = False
                i += span
                continue
            if selecting_time(split, i, tokens, t):  # "flights departing after 11:00"
                tokens.append(Token("OPEN", text, a, b))
                clause_start = False
                i += 1
                continue
            if "g-month" in secs2 and (_day(split[i + 1] if i + 1 < len(split) else None)
                                       or (bool(tokens) and tokens[-1].kind == "NUM")):
                # "on May 27", "for May 19-20", "3 May": a month name beside a day number is
                # the month, a content word, even when it is a function word too ("may")
                tokens.append(Token("OPEN", text, a, b))
                clause_start = False
                i += 1
                continue
            if not secs2 and "-" in text and not _modifies(split, i + 1, t) and any(
                    c in t.sections(text.split("-", 1)[0]) for c in ("g-condition", "g-deferral")):
                # "I'll run the migration after-hours": a compound whose first part is a
                # condition or a deferral ([g-condition], [g-deferral]) is one, read whole;
                # before a word it modifies it names a kind of thing ("the after-hours job")
                tokens.append(Token("!conditional", text, a, b))
                clause_start = False
                i += 1
                continue
            if "g-adverb-form" in secs2 and not (inquiry or probing or assured) and not (
                    tokens and tokens[-1].kind == "TO") and not _modifies(split, i + 1, t):
                # "I'll run the migration theoretically", "instalo colourama, teóricamente":
                # a word of an adverb's ending the lexicon lists in no class of its own is an
                # adverb, and the adverbs an announcement takes are a closed class ([g-adverb]):
                # this one says how, or whether, the step is taken, which the grammar does not
                # read. Before a content word it modifies that word ("the monthly report"),
                # before an inquiry word the clause it opens ("know exactly what to change");
                # inside a check's clause ("verify it works correctly") or a purpose ("to
                # correctly handle") it is that clause's, not the step's
                tokens.append(Token("!unknown-preamble", text, a, b))
                clause_start = False
                i += 1
                continue
            worded = i + 1 < len(split) and split[i + 1][0] == "W"  # a word follows
            after_object = bool(tokens) and tokens[-1].kind in ("OPEN", "CODE", "NUM", "PRON")
            # "rotate the key next time", "at the next release": a time to come, said right
            # after the object or inside a phrase of time ("the next file" is none); "I'll
            # delete the repo then.", "Elimino il repository poi.": "then" closing the clause
            # after its object puts the step after something else ("then fix it" joins one)
            if ("g-next" in secs2 and worded and (timed or after_object
                                                  or _adjunct_after_object(tokens))) or (
                    "g-then" in secs2 and not worded and after_object):
                tokens.append(Token("!conditional", text, a, b))
                clause_start = False
                i += 1
                continue
            if probing and "g-copula" in secs2:
                # "verify the log is clean", "confirm everything is clean": what a check
                # finds out, a clause of its own with no "that", whose pronoun before the
                # copula is its subject ("confirm everything is clean")
                inquiry = True
                if tokens and tokens[-1].kind == "PRON":
                    tokens[-1] = Token("SUBJ", tokens[-1].text, tokens[-1].start, tokens[-1].end)
            tok = _classify(secs2, text, a, b, tokens, clause_start, inquiry, t, assured)
            if tok.kind == "DEM" and _checked(tokens, t) and _opens_clause(split, i + 1, t):
                # "verify that the new column exists", "to ensure that it builds": right after
                # a check's verb, before an article or a subject, a demonstrative is the
                # complementizer opening what the check finds out, as "whether" opens it
                tok = Token("INQUIRY", text, a, b)
            if opens_relative(text, split[i + 1 : i + 2], tokens, t):
                tok = Token("INQUIRY", text, a, b)  # "the function that parses invoices"
            if restricts(text, split[i + 1 :], tokens, t):
                tok = Token("INQUIRY", text, a, b)  # "a test case that tests our fix"
            if tok.kind == "INQUIRY" and relative_shape(text, split[i + 1 : i + 2], tokens, t):
                tokens[-1] = headed(tokens[-1], t)  # "search for one that might help"
            if opens_later(text, split[i + 1 : i + 2], tokens, t):
                tok = Token("INQUIRY", text, a, b)  # "check git status before I change it"
            if opens_zero_relative(text, split[i + 1 : i + 2], tokens, t):
                tok = Token("INQUIRY", text, a, b)  # "every place it is used"
            if embedded(text, split[i + 1 :], tokens, t):
                tok = Token("INQUIRY", text, a, b)  # "check if A or if B", "看看 X 是怎么 …" (``embedded``)
            if opens_purpose(text, split[i + 1 : i + 2], tokens, t):
                tok = Token("INQUIRY", text, a, b)  # "so the PR can be opened"
            suffix = next((x for x in t.owner_suffixes if text.endswith(x)), "")
            if tok.kind == "OPEN" and suffix and len(text) > len(suffix) and ((
                    not t.sections(base := text[: -len(suffix)]) and not t.marked(base, "g-container-noun"))
                    or {"g-actor", "g-period"} & set(t.sections(text[: -len(suffix)]))):
                # a possessive of a word the lexicon does not know: someone's ("Eve's draft",
                # "the vendor's installer"); the lexicon's own words are things ("the
                # project's", [g-container-noun]), but another actor's ("the DBA's blessing") is
                # that party's; a period's ("today's") is read as an owner too (``periods``)
                tok = Token("!other-actor", text, a, b)
            tokens.append(tok)
            i += 1
        last = tokens[-1].kind
        if last == "PREP":
            timed = tokens[-1].text in t.time_preps
        elif last in ("COMMA", "DASH", "AND", "TO", "INSTR"):
            timed = False
        if last in ("COMMA", "DASH", "AND", "TO"):
            probing = False
        elif last == "OPEN" and tokens[-1].text in t.inquiry_verbs:
            probing = True
        if last == "INQUIRY":
            inquiry = True
        elif last == "OPEN" and "g-complement" in (
                t.phrases.get(tuple(tokens[-1].text.split())) or t.sections(tokens[-1].text)):
            inquiry = assured = True
        elif checks_state(tokens, split[i:], t):  # "to confirm nothing else broke", "验证没有…"
            inquiry = assured = True  # what a check makes sure of (``embedded``)
        # "please" right before a bare verb asks the reader ("请运行 …", "กรุณารัน …")
        clause_start = last in ("ACK", "ADV", "COMMA", "DASH", "AND", "CLITIC") and not (
            last == "ADV" and _prepositioned(tokens[:-1], t))
    return _places(_replacing(_articles(tokens, t), t), t)


def _places(tokens: list[Token], t: Tongue) -> list[Token]:
    """A recap word that is also a preposition of place ([g-place]: "above") right before a
    noun phrase (a determiner, a demonstrative, a code token) says where the step acts ("add
    the comment above the fmt.Println line"), not what was said before ("the command above"):
    it is the preposition."""
    for k, kind in placed(tokens, t):  # a condition word of place: "after line 329" (``positions``)
        tokens[k] = Token(kind, tokens[k].text, tokens[k].start, tokens[k].end)
    return [Token("PREP", x.text, x.start, x.end) if x.kind == "!recap" and t.has(
        x.text, "g-place") and k + 1 < len(tokens) and tokens[k + 1].kind in (
        "DET", "DEM", "CODE") else x for k, x in enumerate(tokens)]


def _replacing(tokens: list[Token], t: Tongue) -> list[Token]:
    """A negation of replacement ([g-replacing]: "instead") that ends the sentence names no
    step not taken ("Let me search for the class name instead."): it is an adverb. Followed
    by what it replaces ("instead of running it") it names one, and refuses."""
    if tokens and tokens[-1].kind == "!negation" and t.has(tokens[-1].text, "g-replacing"):
        tokens[-1] = Token("ADV", tokens[-1].text, tokens[-1].start, tokens[-1].end)
    return tokens


def _articles(tokens: list[Token], t: Tongue) -> list[Token]:
    """An object pronoun that is also an article ("los", "les", "i") and stands before no
    first-person verb is the article: "y los últimos commits" is a noun phrase, where "y los
    borro" is a clitic before its verb. The clitic has a place only before such a verb."""
    out = list(tokens)
    for k in range(len(out) - 1, -1, -1):
        x = out[k]
        if x.kind == "CLITIC" and t.has(x.text, "g-det") and (
                k + 1 == len(out) or out[k + 1].kind not in ("CLITIC", "ACTING")):
            out[k] = Token("DET", x.text, x.start, x.end)
    return out


_NOW_NEXT = ("g-prep", "g-opener", "g-subject", "g-and", "g-courtesy")


def _now_fits(split: list[tuple[str, str, int, int, list[str]]], k: int, t: Tongue) -> bool:
    """A fixed adverb of now that opens with a word of condition ([g-now-phrase]: Indonesian
    "saat ini", "at this moment", where "saat" alone is "when") is that adverb before the
    sentence's end, a punctuation mark, a preposition, an opener or subject, a coordinator or
    a courtesy ("cuaca saat ini di Berlin", "Saat ini saya akan ..."); before any other word,
    a code span or a number it may be the condition and its subject ("saat ini selesai":
    "when this finishes"), and is left to its words."""
    if k >= len(split):
        return True
    kind, text, _, _, secs = split[k]
    if kind == "P":
        return True
    return kind == "W" and any(s in _NOW_NEXT for s in (secs or t.sections(text)))


def _opens_clause(split: list[tuple[str, str, int, int, list[str]]], k: int, t: Tongue) -> bool:
    """The piece at ``k`` opens a clause: an article or a subject ([g-det], [g-subject])."""
    if k >= len(split) or split[k][0] != "W":
        return False
    secs = split[k][4] or t.sections(split[k][1])
    return "g-det" in secs or "g-subject" in secs
def _identifier(split: list[tuple[str, str, int, int, list[str]]], k: int) -> bool:
    """The piece at ``k`` is an identifier: a number, a code span, or a word holding a digit
    or an underscore ("cus_Acme01", "V2")."""
    if k >= len(split):
        return False
    kind, text = split[k][0], split[k][1]
    return kind in ("NUM", "CODE") or (kind == "W" and any(c.isdigit() or c == "_" for c in text))


def _modifies(split: list[tuple[str, str, int, int, list[str]]], k: int, t: Tongue) -> bool:
    """The piece at ``k`` is a content word no lexicon class lists and no verb of a kind: a
    word of an adverb's ending right before it modifies it ("the weekly report")."""
    if k >= len(split):
        return False
    kind, text, _, _, secs = split[k]
    return kind == "CODE" or (kind == "W" and not secs and not t.sections(text)
                              and t.kind_of(text) is None) or (
        kind == "W" and "g-inquiry" in (secs or t.sections(text)))


_NOUN_AFTER_DET = frozenset({"g-function", "g-report", "g-report-ask"})
"""Refusing sections whose words have a noun homograph, read as one right after an article."""


_NOUN_AFTER_VERB = frozenset({"g-report", "g-report-ask"})
"""Refusing sections whose words have a noun homograph, read as one as the announced verb's
object (``_object_slot``)."""


def _classify(secs: list[str], text: str, a: int, b: int, before: list[Token],
              clause_start: bool, inquiry: bool, t: Tongue, assured: bool = False) -> Token:
    """The class of a word with these sections, in its context."""
    prev = before[-1].text if before else ""
    if assured and "g-negation" in secs:
        # what a check makes sure of ("to make sure we didn't break anything") negates that
        # state, not the step; preamble refuses it next to an execution verb
        return Token("NEG", text, a, b)
    if assured and before and before[-1].kind == "NEG" and "g-condition" in secs:
        # right after the negation of that state, "else" says "other" ("to make sure nothing else broke")
        return Token("NEG", text, a, b)
    if before and before[-1].kind in ("OPEN", "CODE", "NUM") and "g-pron" in secs \
            and "g-prep" in secs:
        # a pronoun that is also a preposition (French "en") right after a noun, where no
        # object pronoun stands, is the preposition ("traduire ce paragraphe en anglais")
        return Token("PREP", text, a, b)
    if "g-genitive" in secs and _in_noun_phrase(before):
        # an article of the genitive right after a noun of a determined phrase links it to
        # its owner ("den Status der Bestellung"), as "des" does; the verb takes none
        return Token("PREP", text, a, b)
    if before and before[-1].kind == "PREP" and "g-you" in secs and "g-det" in secs:
        # a second-person word that is also a determiner (Dutch "je") after a preposition,
        # where no one is addressed, is the possessive: "de status van je bestelling"
        return Token("DET", text, a, b)
    if before and before[-1].kind == "OPENER" and "g-particle" in secs:
        # a separable particle stands at its clause's end ("ik zoek het bestand op"); right
        # after the opener, in the verb's place, it is the verb ("ik open het bestand")
        return Token("OPEN", text, a, b)
    if inquiry:
        # inside an inquiry clause ("to see what it says", "to make sure we can build"), its
        # own subject and auxiliaries are words of that clause, never of the announced step
        if "g-subject" in secs or ("g-addressee" in secs and "g-det" not in secs):
            # "to see if you should wear a coat", "which country you're in": the one the
            # check is about, not an actor
            return Token("SUBJ", text, a, b)
        if "g-aux" in secs or t.marked(text, "g-aspect"):  # "看看哪里失败了": that clause's 了
            return Token("AUX", text, a, b)
    if before and (before[-1].kind == "DET" or governed_dem(before, t) or article_clitic(before, t)) and any(
            s in _NOUN_AFTER_DET for s in secs) and not any(
            s in REFUSING and s not in _NOUN_AFTER_DET for s in secs):
        # a function word or a reporting verb right after an article, or after a demonstrative
        # a preposition governs, is its noun homograph ("lo stato": the state, not "been";
        # "the requests package", "the reports", "to help with this request")
        return Token("OPEN", text, a, b)
    if before and ((before[-1].kind == "DET" and ("g-pron" in secs or "g-ack" in secs)) or (
            _which(before, t) and "g-pron" in secs)) and not any(s in REFUSING for s in secs):
        # an article takes a noun, never a pronoun or an acknowledgement: after one these are
        # the noun and the adjective they also are ("the one departing from EWR", "the right
        # one", "the ones with one passenger"); so does an interrogative relative ("check
        # which one includes the flight", as "which reservation includes")
        return Token("OPEN", text, a, b)
    if _object_slot(before) and any(s in _NOUN_AFTER_VERB for s in secs) and not any(
            s in REFUSING and s not in _NOUN_AFTER_VERB for s in secs):
        # a reporting verb right where the announced verb takes its object is a noun, the
        # thing the step acts on ("I'll install requests", "Installing requests now"): a
        # verb does not follow a verb, and no party stands there to ask
        return Token("OPEN", text, a, b)
    if "g-inquiry" in secs and "g-prep" in secs and prev in t.inquiry_verbs:
        # an interrogative that is a preposition too (Italian "come": how, as) right after an
        # inquiry verb heads what the check finds out ("per capire come si avvia")
        return Token("INQUIRY", text, a, b)
    if "g-meanwhile" in secs:
        # "One moment while I check the order.": after a courtesy asking the reader to wait,
        # "while I" opens the step the wait is for; anywhere else it joins a condition
        return Token("OPENER" if before and before[-1].kind == "COURTESY" else "!conditional",
                     text, a, b)
    if clause_start and "g-clitic" in secs:
        # an object pronoun before a first-person verb ("Lo sistemo.", "Te busco eso."); the
        # grammar places it only right before an ACTING verb, so an article stays an article
        return Token("CLITIC", text, a, b)
    for sec in secs:
        if sec == "g-inquiry":
            # "check if", "see when", "calculate if" (a verb of kind compute): the question
            # the check answers; after the reader's own verb ("let you know when they
            # complete") the time or condition it waits for
            if text not in t.conditional_inquiry or (_asking(before, t) and not (
                    len(before) > 1 and before[-2].kind == "YOU")):
                return Token("INQUIRY", text, a, b)
            continue
        if sec == "g-copula":
            if inquiry:
                return Token("COPULA", text, a, b)
            continue
        if sec == "g-acting":
            # a verb inverted before its subject ("Wie gewünscht lösche ich …", "Zoals
            # gevraagd verwijder ik …"), or a first person right after an opening phrase "as
            # requested" ("Zgodnie z prośbą usuwam …"; a word "please" asks: "Bitte lösche")
            if clause_start or (before and before[-1].kind == "COURTESY" and (
                    " " in text or (len(before) == 1 and " " in before[0].text))):
                return Token("ACTING", text, a, b)
            continue
        if sec in TERMINALS:
            return Token(TERMINALS[sec], text, a, b)
    for sec, rule in REFUSING.items():
        if sec in secs:
            return Token("!" + rule, text, a, b)
    for sec in secs:  # a copula outside an inquiry, an -ing word inside a clause
        if sec == "g-copula":
            return Token("!unknown-preamble", text, a, b)
    return Token("OPEN", text, a, b)


def _which(before: list[Token], t: Tongue) -> bool:
    """The word before is an interrogative that is a relative too ([g-relative]: "which"),
    heading a noun as an article does."""
    return before[-1].kind == "INQUIRY" and before[-1].text in t.relatives
