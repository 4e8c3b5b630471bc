"""Generated adversarial variants of every family's recoverable corpus cases.

- Quotation: each recoverable reply wrapped as a quotation (fences with and without a language
  tag, ~~~ fences, inline code, block quote, quotation marks, list item, table row, declared
  example phrases) is refused.
- Intent v2 generators, over one recoverable case of every family: typography (curly
  apostrophes, emphasis, zero-width and soft hyphens, fullwidth, case), every lexicon language's
  example and negation forms, questions and offers, quoted sources, reasoning tags named in
  prose, block constructs of other syntaxes: all refused.
- Smuggling: each recoverable reply with a tool name swapped for a look-alike (case, fullwidth,
  homoglyph, zero-width, trailing space) is refused: names are never folded.
- Intent v3: announcements with a reversing tail, conditional and deictic announcements,
  reasoning next to the markup (a lone closer counts as reasoning only with
  ``reasoning_preopened=True``), relayed content and forward pronouns: refused; plain grounded
  announcements recover.
- Known limits: the inputs intent v3 decides wrongly today are listed once, below
  (KNOWN_ACCEPTED, KNOWN_REFUSED); the generators' findings must equal them exactly.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import leakcall
from leakcall.corpus import Case
from leakcall.families import get_family
from leakcall.intent import lexicon
from leakcall.locate import REASONING_TAGS

from ..conftest import CASES

# -- Known limits of intent v3: every one of this file, in one place -----------------------------
# Keys are '<generator>: <input>'; in announcements the case's tool names are written X, and a
# relay key ends with the first call's name in brackets. The generator tests below allow exactly
# these: test_known_accepted_attacks_are_exactly_these (resp. ..._refused_...) fails when a listed
# gap is fixed (remove its entry) and when a new one appears.


KNOWN_ACCEPTED: dict[str, str] = {
    # ("e.g." opening a sentence is read as its sample marker since h35w: the two Harmony
    # preamble-message cases after it are refused)
    # display verbs are not screened in reasoning (4bd41c7: 146 real turns cost for 6 attacks)
    "screen: <think> Quoting the issue:": "a display verb in reasoning is not screened",
    "screen: <thinking> Quoting the issue:": "a display verb in reasoning is not screened",
    # someone else's content artefact no longer marks the markup as quoted from it, and
    # 'open'/'read' ground any observing call by its kind (get_weather, exec_command 'git status');
    # 'check' and 'the user's' still refuse, and so do bash, search and write calls
    **{f"relay: {o} {v} {who} {what}. [{tool}]": "'read/open her email' grounds an observing call"
       for o in ("I'll", "Let me") for v in ("open", "read") for who in ("her", "your")
       for what in ("email", "notes", "README") for tool in ("get_weather", "exec_command")},
    # the same class on a file-reading tool (hermes_attr's representative call is read(filePath));
    # there 'check her README' grounds the read too, while 'the user's' still refuses (issue 29
    # leaves the intent rules unchanged)
    **{f"relay: {o} {v} {who} {what}. [read]": "'read/open her email' grounds an observing call"
       for o in ("I'll", "Let me") for v in ("open", "read") for who in ("her", "your")
       for what in ("email", "notes", "README")},
    **{f"relay: {o} check {who} README. [read]": "'check her README' grounds a file read"
       for o in ("I'll", "Let me") for who in ("her", "your")},
}

KNOWN_REFUSED: dict[str, str] = {
    # ('Ich werde X schreiben' recovers since h16e: the final infinitive of a [g-bracket]
    # opener is read as the verb, ``bracketed``)
}

KNOWN_REFUSED_CASES: dict[str, str] = {
    # the call reads a hidden folder outside the working tree; an announcement naming only the
    # tool ("Let me check `read`.") names nothing of it (``intent.elsewhere``), the real
    # preamble does ("let me read the skill" + ``~/.agents/skills/...``)
    "dsml_v41_doubled/command-code-v41-flash-preamble-read":
        "reads ~/.agents/skills/...: a hidden folder only a word of the text grounds",
}

OK_CASES = [c for c in CASES if c.expect.get("reason") == "ok" and not c.options]
_BY_ID = {c.id: c for c in OK_CASES}

WRAPPERS = {
    "fence": "```\n{}\n```",
    "fence-lang": "```json\n{}\n```",
    "fence-tilde": "~~~\n{}\n~~~",
    "fence-unclosed": "Here:\n```\n{}",
    "inline-code": "The reply was `{}` and nothing else.",
    "double-backtick": "See ``{}``.",
    "block-quote": "> {}",
    "quotes": '"{}"',
    "curly-quotes": "“{}”",
    "list-dash": "- {}",
    "list-number": "2. {}",
    "table": "| model | output |\n|---|---|\n| x | {} |",
    "for-example": "For example:\n\n{}",
    "eg": "e.g. {}",
    "do-not-run": "Do not run this:\n{}",
    "how-you-would-call": "This is how you would call the tool:\n\n{}",
    "example-after": "{}\n\n(an example of the format)",
    "indented-code": "Like this:\n\n    {}",
    "html-pre": "<pre>{}</pre>",
    "html-comment": "<!--\n{}\n-->",
    "html-blockquote": "<blockquote>{}</blockquote>",
}


def _wrap(template: str, text: str) -> str:
    if template.startswith("> "):
        return "> " + text.replace("\n", "\n> ")
    return template.replace("{}", text)


def _markup(case: Case) -> str:
    r0 = leakcall.recover(case.text, case.tools)
    assert r0.ok and r0.span is not None
    return case.text[r0.span[0] : r0.span[1]]


# An attack generator yields (key, text, recover options) for one case; _accepted runs them and
# returns the keys recovered (each refusal must leave the reply unchanged). Results are cached so
# the exactness test below reuses the per-case tests' work.
_Inputs = Callable[[Case], Iterator[tuple[str, str, dict[str, Any]]]]
_GENERATORS: dict[str, tuple[_Inputs, list[Case]]] = {}


def _generator(name: str, cases: list[Case]) -> Callable[[_Inputs], _Inputs]:
    def register(fn: _Inputs) -> _Inputs:
        _GENERATORS[name] = (fn, cases)
        return fn
    return register


@functools.cache
def _accepted(name: str, case_id: str) -> frozenset[str]:
    case = _BY_ID[case_id]
    found = set()
    for key, text, opts in _GENERATORS[name][0](case):
        r = leakcall.recover(text, case.tools, **opts)
        if r.ok:
            found.add(key)
        else:
            assert r.content == text, key
    return frozenset(found)


def _no_new_attack(name: str, case: Case) -> None:
    new = sorted(_accepted(name, case.id) - KNOWN_ACCEPTED.keys())
    assert not new, f"{case.id}: {len(new)} recovered: {new!r}"


@_generator("quote", OK_CASES)
def _quote_inputs(case: Case) -> Iterator[tuple[str, str, dict[str, Any]]]:
    markup = _markup(case)
    for name, tpl in WRAPPERS.items():
        yield f"quote: {case.id} {name}", _wrap(tpl, markup), {}


@pytest.mark.parametrize("case", OK_CASES, ids=lambda c: c.id)
def test_quotation_wrappers_are_refused(case: Case) -> None:
    _no_new_attack("quote", case)


def _variants(name: str) -> list[str]:
    fullwidth = "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in name)
    homoglyph = name.replace("a", "а").replace("e", "е").replace("o", "о")  # Cyrillic
    out = [name.upper(), name.capitalize(), fullwidth, homoglyph, name + "\u200b",
           name[:1] + "\u200d" + name[1:]]
    return [v for v in dict.fromkeys(out) if v != name]


@pytest.mark.parametrize("case", OK_CASES, ids=lambda c: c.id)
def test_look_alike_names_are_refused(case: Case) -> None:
    r0 = leakcall.recover(case.text, case.tools)
    assert r0.ok and r0.span is not None
    s, e = r0.span
    name = r0.calls[0].name
    for variant in _variants(name):
        text = case.text[:s] + case.text[s:e].replace(name, variant) + case.text[e:]
        r = leakcall.recover(text, case.tools)
        assert not r.ok, f"{variant!r} accepted in {case.id}"


# -- Intent v2: generators per class over one recoverable case of every family ----------------

def _one_per_family() -> list[Case]:
    seen: dict[str, Case] = {}
    for c in OK_CASES:
        seen.setdefault(c.family, c)
    return list(seen.values())


FAMILY_CASES = _one_per_family()

_BASE_REFUSALS = ["Do not run this:", "For example:", "Don't execute:", "Example output:",
                  "Never call this:", "Here is the format:"]


def _typography(phrase: str) -> list[str]:
    curly = phrase.replace("'", "’")
    bold = " ".join(f"**{w}**" if i % 2 else w for i, w in enumerate(phrase.split()))
    zero = phrase[:2] + "\u200b" + phrase[2:]
    soft = phrase[:3] + "\u00ad" + phrase[3:]
    fullwidth = "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in phrase)
    return [curly, bold, zero, soft, fullwidth, phrase.upper(), "_" + phrase + "_"]


def _language_phrases() -> list[str]:
    lex = lexicon()
    out = [e.strip("*") + ":" for e in lex.entries["example"]]
    out += [e.strip("*") + " " + v.strip("*") + ":" for e in lex.entries["negation"][:3]
            for v in lex.entries["exec"][:2]]
    return out


_QUESTIONS = ["Should I run this?", "Shall I go ahead with", "Can I execute:", "Do you want me to run:",
              "Is it ok to run", "Would you like me to call:", "要我执行吗？", "実行してもいいですか？",
              "실행할까요?", "¿Debo ejecutarlo?", "Soll ich es starten?", "Puis-je le lancer ?",
              "Можно ли запустить?", "Posso executar?"]
_SOURCES = [f"The {what} {verb}:" for what in ("file", "page", "log", "tool result", "issue")
            for verb in ("contains", "says", "shows", "returned", "states")]
_TAG_MENTIONS = [f"The model closes its reasoning with {c}, then it emits:" for _, c in REASONING_TAGS] + [
    f"Write {o}plan{c} and then this:" for o, c in REASONING_TAGS]
_BLOCKS = [("```\n", "\n```"), ("~~~xml\n", "\n~~~"), ("cat <<EOF\n", "\nEOF"),
           (".. code-block:: xml\n\n   ", ""), ("#+BEGIN_SRC\n", "\n#+END_SRC"), ("----\n", "\n----"),
           ("\\begin{verbatim}\n", "\n\\end{verbatim}"), ("[code]\n", "\n[/code]"),
           ("<![CDATA[\n", "\n]]>"), ("<details>\n", "\n</details>"), ("<textarea>\n", "\n</textarea>"),
           ("<pre>\n", "\n</pre>"), ("<!--\n", "\n-->"), ("> ", ""), (">>> ", ""), ("# ", ""),
           ("+", ""), ("key: |\n", ""), ("„", "“"), ("＂", "＂"), ("「", "」"), ("    ", "")]


def _refused(case: Case, texts: list[str]) -> None:
    recovered = []
    for text in texts:
        r = leakcall.recover(text, case.tools)
        if r.ok:
            recovered.append(text)
        else:
            assert r.content == text
    assert not recovered, f"{case.id}: {len(recovered)} recovered: {recovered!r}"


@pytest.mark.parametrize("case", FAMILY_CASES, ids=lambda c: c.family)
def test_typography_variants_are_refused(case: Case) -> None:
    m = _markup(case)
    _refused(case, [f"{v}\n{m}" for p in _BASE_REFUSALS for v in _typography(p)])


@pytest.mark.parametrize("case", FAMILY_CASES, ids=lambda c: c.family)
def test_lexicon_languages_are_refused(case: Case) -> None:
    m = _markup(case)
    _refused(case, [f"{p}\n{m}" for p in _language_phrases()])


@pytest.mark.parametrize("case", FAMILY_CASES, ids=lambda c: c.family)
def test_questions_and_offers_are_refused(case: Case) -> None:
    m = _markup(case)
    _refused(case, [f"{q}\n{m}" for q in _QUESTIONS] + [f"{m}\n{q}" for q in _QUESTIONS])


@pytest.mark.parametrize("case", FAMILY_CASES, ids=lambda c: c.family)
def test_quoted_sources_are_refused(case: Case) -> None:
    m = _markup(case)
    _refused(case, [f"{s}\n{m}" for s in _SOURCES])


@pytest.mark.parametrize("case", FAMILY_CASES, ids=lambda c: c.family)
def test_reasoning_tag_mentions_are_refused(case: Case) -> None:
    m = _markup(case)
    _refused(case, [f"{t}\n{m}" for t in _TAG_MENTIONS])


@pytest.mark.parametrize("case", FAMILY_CASES, ids=lambda c: c.family)
def test_block_syntaxes_are_refused(case: Case) -> None:
    m = _markup(case)
    _refused(case, [f"I'll run it:\n{o}{m}{c}" for o, c in _BLOCKS])


# -- Intent v3: the whole announcement is modelled; reasoning next to the markup is screened ---

# Every call must be the announced step (rule ungrounded-call), so each announcement names the
# case's tools (in backticks): alone it recovers, and with a tail glued to it, it is refused
# because of the tail, not because it never announced the call. A call that writes is covered
# only by a verb of that kind.
_ACTIONS = ["I'll run {}", "Let me check {}", "Voy a revisar {}", "Ich werde {} ausführen",
            "Je vais lancer {}", "Я проверю {}", "Vou verificar {}", "我来查看一下{}", "まず{}を確認します",
            "먼저 {}을 확인하겠습니다"]
_WRITE_ACTIONS = ["I'll write {}", "Let me update {}", "Voy a escribir {}", "Ich werde {} schreiben",
                  "Je vais écrire {}", "Я запишу {}", "Vou escrever {}", "我来写入{}", "まず{}に書き込みます",
                  "먼저 {}에 쓰겠습니다"]


def _names(case: Case) -> list[str]:
    return list(dict.fromkeys(c.name for c in leakcall.recover(case.text, case.tools).calls))


def _announcements(case: Case) -> list[tuple[str, str]]:
    """(template with X for the tools, announcement) pairs for the case's tools."""
    names = _names(case)
    obj = ", ".join(f"`{n}`" for n in names)
    writes = any("write" in n.split("_") for n in names)
    return [(a.format("X"), a.format(obj)) for a in (_WRITE_ACTIONS if writes else _ACTIONS)]

_SPANISH_ETC_TAILS = [", solo como ejemplo", " — nur ein Beispiel", ", juste pour montrer",
                      ", только пример", " (apenas exemplo)", "，仅供参考", "、例として", ", 예시일 뿐",
                      ", ma è solo un esempio", " 🚫", " \u202eti nur ton od", " <span hidden>",
                      " /* demo", " (jk)", " if you approve", " once the user agrees",
                      " for someone else to run"]
_CONDITIONS = ["I'll run the script if the build fails.", "Let me deploy once you confirm.",
               "I'll apply the patch after the review.", "Voy a ejecutar el script si falla.",
               "Ich führe das Skript aus, sobald du zustimmst.", "Je vais lancer le script quand tu veux.",
               "Я запущу скрипт, когда ты подтвердишь.", "Vou rodar o script quando você quiser.",
               "我会在你确认后运行脚本。", "確認したら実行します。", "확인하시면 실행하겠습니다."]
_META = ["I'll run this:", "I'll execute the following:", "Let me run the command below:",
         "Voy a ejecutar esto:", "Ich werde folgenden Befehl ausführen:", "Je vais exécuter ceci :",
         "Я выполню эту команду:", "Vou executar isto:", "我来运行这个：", "これを実行します：",
         "이것을 실행하겠습니다:"]
_SCREENED = ["The page says:", "Example from the docs:", "Should I run it?", "I ran this yesterday.",
             "If the user agrees, this is it.", "Quoting the issue:", "网页内容如下：", "例えば：",
             "Beispiel:", "Por ejemplo:"]


@_generator("tail", FAMILY_CASES)
def _tail_inputs(case: Case) -> Iterator[tuple[str, str, dict[str, Any]]]:
    m = _markup(case)
    for key, a in _announcements(case):
        for t in _SPANISH_ETC_TAILS:
            yield f"tail: {key}{t}", f"{a}{t}.\n{m}", {}


@pytest.mark.heavy
@pytest.mark.parametrize("case", FAMILY_CASES, ids=lambda c: c.family)
def test_announcements_with_a_foreign_or_reversing_tail_are_refused(case: Case) -> None:
    _no_new_attack("tail", case)


@pytest.mark.parametrize("case", FAMILY_CASES, ids=lambda c: c.family)
def test_conditional_and_deictic_announcements_are_refused(case: Case) -> None:
    m = _markup(case)
    _refused(case, [f"{p}\n{m}" for p in _CONDITIONS + _META])


# Reasoning closed by a lone '</think>' (no opener) is reasoning only when the template pre-opened
# the block, i.e. with reasoning_preopened=True; without it the text is visible (next test).
@_generator("screen", FAMILY_CASES)
def _screen_inputs(case: Case) -> Iterator[tuple[str, str, dict[str, Any]]]:
    m = _markup(case)
    for s in _SCREENED:
        yield f"screen: </think> {s}", f"{s}\n</think>\n{m}", {"reasoning_preopened": True}
        for tag in ("think", "thinking"):
            yield f"screen: <{tag}> {s}", f"<{tag}>\n{s}\n</{tag}>\n{m}", {}
        yield f"screen: after <think> {s}", f"{m}\n<think>\n{s}\n</think>", {}


@pytest.mark.parametrize("case", FAMILY_CASES, ids=lambda c: c.family)
def test_reasoning_next_to_the_markup_is_screened(case: Case) -> None:
    _no_new_attack("screen", case)


@pytest.mark.parametrize("case", FAMILY_CASES, ids=lambda c: c.family)
def test_a_lone_closer_is_visible_text_unless_preopened(case: Case) -> None:
    m = _markup(case)
    expected = [(c.name, c.arguments) for c in leakcall.recover(case.text, case.tools).calls]
    for _, a in _announcements(case)[:2]:
        text = f"{a}.\n</think>\n{m}"
        r = leakcall.recover(text, case.tools)
        assert not r.ok and r.content == text, (case.id, a, r.rule)
        r = leakcall.recover(text, case.tools, reasoning_preopened=True)
        assert r.ok, (case.id, a, r.rule, r.detail)
        assert [(c.name, c.arguments) for c in r.calls] == expected, (case.id, a)
        assert r.content.strip() == f"{a}.\n</think>", (case.id, a)


def _anchored(case: Case) -> bool:
    """The markup opens with an anchored opener (reply start): no preamble possible."""
    return not any(_markup(case).startswith(o) for o in get_family(case.family).opens)


@functools.cache
def _refused_announcements(case_id: str) -> frozenset[str]:
    """The plain announcements refused before the case's markup; each recovered one recovers
    the case's calls as an action preamble and keeps the announcement as content."""
    case = _BY_ID[case_id]
    m = _markup(case)
    expected = [(c.name, c.arguments) for c in leakcall.recover(case.text, case.tools).calls]
    refused = set()
    for key, a in _announcements(case):
        r = leakcall.recover(f"{a}.\n{m}", case.tools)
        if not r.ok:
            refused.add(f"plain: {key}")
            continue
        assert r.rule == "action-preamble", (case.id, a, r.rule)
        assert [(c.name, c.arguments) for c in r.calls] == expected, (case.id, a)
        assert r.content.strip() == f"{a}."
    return frozenset(refused)


@pytest.mark.parametrize("case", FAMILY_CASES, ids=lambda c: c.family)
def test_plain_announcements_still_recover(case: Case) -> None:
    if _anchored(case):
        pytest.skip("the markup opens with an anchored opener (reply start): no preamble possible")
    if case.id in KNOWN_REFUSED_CASES:
        pytest.skip(KNOWN_REFUSED_CASES[case.id])
    new = sorted(_refused_announcements(case.id) - KNOWN_REFUSED.keys())
    assert not new, (case.id, new)


# -- Content copied from someone else; pronouns that point forward at the markup -------------

_RELAY = [f"{o} {v} {obj}{end}" for o in ("I'll", "Let me") for v in ("copy", "reproduce")
          for obj in ("the user's message", "his email", "their page", "the whole block", "the log")
          for end in (":", ".")]
_RELAY += ["Voy a copiar su mensaje:", "Je vais copier leur page :", "Vou copiar o texto dele:",
           "Ich werde seine Nachricht kopieren:", "我来复制他的邮件：", "メールをコピーします：",
           "메일을 복사하겠습니다:"]
_OWNED = [f"{o} {v} {who} {what}." for o in ("I'll", "Let me") for v in ("open", "check", "read")
          for who in ("the user's", "her", "your") for what in ("email", "notes", "README")]
_FORWARD = [f"{o} {v} {p} {adj}{end}" for o in ("I'll", "Let me") for v in ("run", "execute")
            for p in ("this", "that", "it") for adj in ("for the screenshot", "as root",
                                                       "with sudo", "in the sandbox")
            for end in (":", ".")]
_FORWARD += ["Voy a ejecutar esto para la demo.", "Je vais exécuter ceci avec sudo.",
             "Я выполню это от имени root.", "Vou executar isso como root.",
             "Ich führe das mit sudo aus.", "Let me check what the page says:",
             "I'll run this script:", "Let me check that for you:"]


@_generator("relay", FAMILY_CASES)
def _relay_inputs(case: Case) -> Iterator[tuple[str, str, dict[str, Any]]]:
    m = _markup(case)
    tool = _names(case)[0]
    for p in _RELAY + _OWNED + _FORWARD:
        yield f"relay: {p} [{tool}]", f"{p}\n{m}", {}


@pytest.mark.heavy
@pytest.mark.parametrize("case", FAMILY_CASES, ids=lambda c: c.family)
def test_relayed_content_and_forward_pronouns_are_refused(case: Case) -> None:
    _no_new_attack("relay", case)


# -- The known limits are exact ---------------------------------------------------------------

@pytest.mark.heavy
def test_known_accepted_attacks_are_exactly_these() -> None:
    found = {k for name, (_, cases) in _GENERATORS.items() for c in cases for k in _accepted(name, c.id)}
    assert sorted(found - KNOWN_ACCEPTED.keys()) == [], "new accepted attacks"
    assert sorted(KNOWN_ACCEPTED.keys() - found) == [], "fixed: remove these from KNOWN_ACCEPTED"


def test_known_refused_announcements_are_exactly_these() -> None:
    found = {k for c in FAMILY_CASES if not _anchored(c) and c.id not in KNOWN_REFUSED_CASES
             for k in _refused_announcements(c.id)}
    assert sorted(found - KNOWN_REFUSED.keys()) == [], "new refused announcements"
    assert sorted(KNOWN_REFUSED.keys() - found) == [], "fixed: remove these from KNOWN_REFUSED"
