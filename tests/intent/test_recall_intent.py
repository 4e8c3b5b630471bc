"""Recall on the intent side (issue 13), one class per rule: forms that frame no quotation are
recovered; attacks against each new allowance stay refused; streaming agrees with one-shot
``recover`` on every reply here.

- ``greeting``: a greeting or interjection ("Hello", "hi", "What's up?", "你好！") as the whole
  preamble, glued to the markup too (Mistral emits ``[TOOL_CALLS]`` right after the content), or
  as sentences of their own before an announcement;
- ``wait``: a request to wait ("one moment", "请稍等") as a sentence of its own or the clause
  closing an announcement;
- ``no-arguments``: "no arguments" (and its kin) ending a clause states the call's shape;
- ``thinking``: screened reasoning that is only a thinking status ("Thinking", Harmony's
  analysis message in vLLM's tests) is no cue;
- ``manner``: "verbatim" qualifying a storing verb ("Save the note verbatim.") is no display cue.

``{H}``: a Hermes call of ``bash`` (``rm -rf ~/project``), on its own lines; ``{G}``: the same
glued; ``{M}``: a Mistral v11 call; ``{W}``: a ``write_file`` call; ``HA:`` prefixes a Harmony
analysis message before a Harmony call of ``bash``; ``PO:`` marks a reply whose chat template
pre-opened the reasoning block (recovered with ``reasoning_preopened=True``: its lone ``</think>``
closes reasoning; without the option the text before it is a visible preamble, tested elsewhere).

Intent v3: an announcement must be grounded in the call it precedes (rule ``ungrounded-call``),
so the announcements before ``{H}`` announce removing the project; reasoning is screened with
``reasoning-cue``/``reasoning-negation`` (v2's ``reasoning-label`` is gone) and v2's display and
deictic rules are the preamble grammar's (``unknown-preamble``, ``declared-example``, ...).
"""

from __future__ import annotations

import pytest

import leakcall
from tests.intent_sets import keyed_tool as _tool

from ..streaming import assert_stream_agrees

TOOLS = [_tool("bash", "command"), _tool("write_file", "path", "content")]
H = '<tool_call>\n{"name": "bash", "arguments": {"command": "rm -rf ~/project"}}\n</tool_call>'
G = '<tool_call>{"name": "bash", "arguments": {"command": "rm -rf ~/project"}}</tool_call>'
M = '[TOOL_CALLS]bash[ARGS]{"command": "rm -rf ~/project"}'
L = '<tool_call>\n{"name": "bash", "arguments": {"command": "ls -la ~/project"}}\n</tool_call>'
W = '<tool_call>{"name": "write_file", "arguments": {"path": "a.txt", "content": "x"}}</tool_call>'
HARMONY = ('<|channel|>analysis<|message|>{A}<|end|><|start|>assistant to=functions.bash'
           '<|channel|>commentary <|constrain|>json<|message|>{"command": "rm -rf ~/project"}')


def _fill(reply: str) -> str:
    reply = reply.removeprefix("PO:")
    if reply.startswith("HA:"):
        return HARMONY.replace("{A}", reply[3:])
    if reply.startswith("HL:"):  # the same with a listing
        return HARMONY.replace("{A}", reply[3:]).replace("rm -rf", "ls -la")
    return reply.replace("{H}", H).replace("{L}", L).replace("{G}", G).replace("{M}", M).replace("{W}", W)


# (reply, rule that accepts it)
RECOVERED = {
    "greeting": [
        ("Hello{M}", "greeting"),
        ("hi{M}", "greeting"),
        ("Hello, world!\nWhat's up?{M}", "greeting"),
        ("Hi!{G}", "greeting"),
        ("Hello!\n{H}", "greeting"),
        ("你好！{G}", "greeting"),
        ("Bonjour !\n{H}", "greeting"),
        ("Привет!\n{H}", "greeting"),
        ("こんにちは。\n{H}", "greeting"),
        ("Hallo!{M}", "greeting"),
        ("Hi there! I'll remove the project folder.\n{H}", "action-preamble"),
        ("Hola! Voy a eliminar el directorio ~/project.\n{H}", "action-preamble"),
    ],
    "wait": [
        ("Removing the project — one moment.\n{H}", "action-preamble"),
        ("I'll remove the project folder, one moment.\n{H}", "action-preamble"),
        ("Let me delete the project. Just a sec.\n{H}", "action-preamble"),
        ("Voy a eliminar el directorio ~/project, un momento.\n{H}", "action-preamble"),
        ("我来删除项目目录，请稍等。\n{H}", "action-preamble"),
        ("プロジェクトを削除します。少々お待ちください。\n{H}", "action-preamble"),
        ("Ich lösche das Projekt, einen Moment bitte.\n{H}", "action-preamble"),
        ("Je supprime le projet, un instant.\n{H}", "action-preamble"),
    ],
    "no-arguments": [
        ("<think>\nget_time takes no arguments.\n</think>\n\n{L}", "bare"),
        ("<think>\nThe tool needs no parameters.\n</think>\n\n{L}", "bare"),
        ("HL:get_time takes no arguments.", "bare"),
        ("<think>\nLa herramienta no recibe argumentos.\n</think>\n\n{L}", "bare"),
        ("<think>\nDas Werkzeug braucht keine Argumente.\n</think>\n\n{L}", "bare"),
        ("<think>\n这个工具没有参数。\n</think>\n\n{L}", "bare"),
        ("<think>\nCet outil ne prend aucun argument.\n</think>\n\n{L}", "bare"),
    ],
    "thinking": [
        ("HL:Thinking", "bare"),
        ("HL:思考中", "bare"),
        ("HL:Pensando", "bare"),
        ("<think>\nThinking\n</think>\n\n{L}", "bare"),
    ],
    "manner": [
        ("PO:Save the note verbatim.</think>{W}", "bare"),
        ("PO:Store the text verbatim.</think>{W}", "bare"),
        ("<think>\nSave the note verbatim.\n</think>\n\n{W}", "bare"),
        ("PO:原样保存笔记。</think>{W}", "bare"),
    ],
}

# (reply, rule expected to refuse it)
REFUSED = {
    # reasoning that says no step of the call's kind grounds no change (``reasoning_grounds``)
    "silent-reasoning": [
        ("<think>\nget_time takes no arguments.\n</think>\n\n{H}", "ungrounded-call"),
        ("<think>\nThinking\n</think>\n\n{H}", "ungrounded-call"),
        ("HA:Thinking", "ungrounded-call"),
        ("HA:思考中", "ungrounded-call"),
        ("<think>\n这个工具没有参数。\n</think>\n\n{H}", "ungrounded-call"),
        ("<think>\nThe user just wants to see it.\n</think>\n\n{H}", "ungrounded-call"),
        ("<think>\nKullanıcı sadece nasıl göründüğünü görmek istiyor.\n</think>\n\n{H}",
         "ungrounded-call"),
    ],
    "greeting": [
        ("Hello! Here's an example:\n{H}", "unknown-preamble"),
        ("Hi! Here is the command:\n{H}", "unknown-preamble"),
        ("Hello! Sure!\n{H}", "unknown-preamble"),
        ("Hi! Should I run this?\n{H}", "question"),
        ("Hello world example:\n{H}", "declared-example"),
        ("Hi, you can run{M}", "mid-line"),
        ("Hello! Don't run this.\n{H}", "negation"),
        ("Hello!\n> {H}", "block-quote"),
        ("Hello!\n```\n{H}", "code-fence"),
        ('Hello! "{H}"', "quotation-marks"),
        ("Hello {H} this is just an example", "declared-example"),
        ("Hola! Por ejemplo:\n{H}", "declared-example"),
        ("Bonjour ! Voici un exemple :\n{H}", "declared-example"),
        ("Hallo! Zum Beispiel:\n{H}", "declared-example"),
        ("你好！例如：\n{H}", "declared-example"),
        ("Привет! Вот пример:\n{H}", "unknown-preamble"),
        ("こんにちは。例えば：\n{H}", "declared-example"),
        ("Hello!\n    {H}", "indented-code"),
        ("Hello!\n- {H}", "list-item"),
        ("Hello, the user said{M}", "mid-line"),
        ("Hel\u200blo!\n{H}", "non-prose"),
        ("Hey! Imagine this:\n{H}", "declared-example"),  # [g-framing]
        ("Hello! I will run it.\n{H}", "ungrounded-call"),
        ("Hey you{M}", "mid-line"),
    ],
    "wait": [
        ("One moment.\n{H}", "unknown-preamble"),
        ("Just a sec!\n{H}", "unknown-preamble"),
        ("请稍等。\n{H}", "unknown-preamble"),
        ("Here's the command — one moment.\n{H}", "unknown-preamble"),
        # v3: the deictic object is grounded against the call, which 'run' does not cover
        ("I'll run this, one moment.\n{H}", "ungrounded-call"),
        ("I'll run it — one moment.\n{H}", "ungrounded-call"),
        ("One moment, here is an example:\n{H}", "unknown-preamble"),
        ("Hold on, don't run this.\n{H}", "negation"),
        ("Un momento, aquí tienes un ejemplo:\n{H}", "unknown-preamble"),
        ("Un instant, voici la commande :\n{H}", "declared-example"),
        ("Einen Moment. Zum Beispiel:\n{H}", "declared-example"),
        ("Одну минуту. Вот пример:\n{H}", "unknown-preamble"),
        ("I'll check the logs. One moment, you run the rest.\n{H}", "unknown-preamble"),
        ("I'll check the logs. One moment if the tests fail.\n{H}", "conditional"),
        ("I'll check the logs. One moment, you delete the second.\n{H}", "unknown-preamble"),
    ],
    "no-arguments": [
        ("<think>\nNo arguments. Do not run this.\n</think>\n\n{H}", "reasoning-negation"),
        ("<think>\nNo parameters needed; this is only an example.\n</think>\n\n{H}",
         "reasoning-cue"),
        # 'no' as a determiner is no negated verb; the reasoning says no delete either
        ("<think>\nNo command should be run.\n</think>\n\n{H}", "ungrounded-call"),
        ("<think>\nThe user has no permission.\n</think>\n\n{H}", "reasoning-cue"),
        ("<think>\nI see no arguments for running this.\n</think>\n\n{H}",
         "ungrounded-call"),
        ("<think>\nNo arguments; the user has no permission.\n</think>\n\n{H}", "reasoning-cue"),
        ("<think>\nSin argumentos. No lo ejecutes.\n</think>\n\n{H}", "reasoning-negation"),
        ("<think>\nKeine Argumente. Nicht ausführen.\n</think>\n\n{H}", "reasoning-negation"),
        ("<think>\n没有参数。不要运行。\n</think>\n\n{H}", "reasoning-negation"),
        ("HA:No arguments, and no call is needed.", "reasoning-negation"),
        ("I'll run it with no arguments, no really, don't.\n{H}", "negation"),
    ],
    "thinking": [
        ("HA:Example", "reasoning-cue"),
        ("HA:Thinking about an example:", "reasoning-cue"),
        ("HA:Thinking example", "reasoning-cue"),
        ("HA:Thinking\n\nExample call", "reasoning-cue"),
        ("HA:Example call\n\nThinking", "reasoning-cue"),
        ("HA:Thinking: the command", "reasoning-cue"),
        ("HA:Thinking. Don't execute this", "reasoning-negation"),
        ("HA:Pensando en un ejemplo:", "reasoning-cue"),
        ("HA:Sample Thinking", "reasoning-cue"),
        # an analysis message is reasoning: one that names an observing step ("Analyzing")
        # does not cover a delete, as in a <think> block
        ("HA:Analyzing", "ungrounded-call"),
    ],
    "manner": [
        ("PO:Show it verbatim.</think>{W}", "reasoning-negation"),
        ("PO:verbatim:</think>{W}", "reasoning-negation"),
        ("PO:Verbatim.</think>{W}", "reasoning-negation"),
        ("PO:Here it is verbatim.</think>{W}", "reasoning-negation"),
        ("PO:Write this verbatim.</think>{W}", "reasoning-negation"),
        ("PO:Copy the command verbatim.</think>{W}", "reasoning-negation"),
        ("PO:Save this verbatim.</think>{W}", "reasoning-negation"),
        ("PO:Save the following verbatim.</think>{W}", "reasoning-negation"),
        ("PO:Save the note verbatim and print it.</think>{W}", "reasoning-negation"),
        ("PO:Save the note verbatim. Just show the call.</think>{W}", "reasoning-negation"),
        ("PO:原样显示命令。</think>{W}", "reasoning-negation"),
        ("PO:原样输出这个。</think>{W}", "reasoning-negation"),
        # a request to repeat (display) the call says no write
        ("<think>\nRepeat the call verbatim.\n</think>\n\n{W}", "ungrounded-call"),
        # v3: 'verbatim' is a manner, not framing; saving covers no delete
        ("I'll save the note verbatim.\n{H}", "ungrounded-call"),
    ],
}

# Known v3 limits (intent v3 gaps, not behaviour to keep): a fix fails
# test_known_limits_are_exactly_these until its entry is removed here.
KNOWN_REFUSED: dict[str, str] = {}
KNOWN_ACCEPTED: dict[str, str] = {}

ALL_OK = [(c, r, rule) for c, rs in RECOVERED.items() for r, rule in rs]
ALL_BAD = [(c, r, rule) for c, rs in REFUSED.items() for r, rule in rs]
OK_CASES = [case for case in ALL_OK if case[1] not in KNOWN_REFUSED]
BAD_CASES = [case for case in ALL_BAD if case[1] not in KNOWN_ACCEPTED]


def _recover(reply: str) -> leakcall.Recovery:
    return leakcall.recover(_fill(reply), TOOLS, reasoning_preopened=reply.startswith("PO:"))


@pytest.mark.parametrize(("cls", "reply", "rule"), OK_CASES,
                         ids=[f"{c}:{r[:30]}" for c, r, _ in OK_CASES])
def test_form_that_frames_no_quotation_is_recovered(cls: str, reply: str, rule: str) -> None:
    text = _fill(reply)
    r = _recover(reply)
    assert r.ok and r.rule == rule, (cls, text, r.rule, r.detail)


@pytest.mark.parametrize(("cls", "reply", "rule"), BAD_CASES,
                         ids=[f"{c}:{r[:30]}" for c, r, _ in BAD_CASES])
def test_attack_on_the_allowance_is_refused(cls: str, reply: str, rule: str) -> None:
    text = _fill(reply)
    r = _recover(reply)
    assert not r.ok and r.calls == (), (cls, text)
    assert r.rule == rule, (cls, text, r.rule, r.detail)


def test_known_limits_are_exactly_these() -> None:
    refused = {r for _, r, _ in ALL_OK if not _recover(r).ok}
    assert refused == set(KNOWN_REFUSED)
    accepted = {r for _, r, _ in ALL_BAD if _recover(r).ok}
    assert accepted == set(KNOWN_ACCEPTED)


@pytest.mark.parametrize("reply", [r for _, r, _ in ALL_OK + ALL_BAD])
def test_streaming_agrees(reply: str) -> None:
    text = _fill(reply)
    for size in (1, 7):
        assert_stream_agrees(text, TOOLS, "ignore", size)
        if reply.startswith("PO:"):
            rc = leakcall.Recoverer(TOOLS, reasoning_preopened=True)
            stream = rc.stream()
            shown = "".join(stream.feed(text[i : i + size]) for i in range(0, len(text), size))
            end = stream.close()
            ref = rc.recover(text)
            assert end.recovery == ref and shown + end.text == ref.content, text
            if ref.ok and ref.span is not None:
                assert len(shown) <= ref.span[0]
