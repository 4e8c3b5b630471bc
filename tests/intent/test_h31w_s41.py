"""h31w (issue 25, round 54 G1, G2, G6): the text a call writes is the text the announcement
quotes (``heldtext``): a quote labelled as the written text holds every text key of the call
whatever its name, a quoted name holds the call's heading, and an edit writes the quoted
replacement, nothing else."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("write_file", "Write a file.", "path", "content"),
         string_tool("create_file", "Create a file.", "path", "file_text"),
         string_tool("edit_file", "Replace text in a file.", "path", "old_string", "new_string"),
         string_tool("translate", "Translate a text.", "text", "target_lang"),
         string_tool("create_event", "Create a calendar event.", "title", "date"),
         string_tool("create_note", "Create a note.", "title", "body"),
         string_tool("set_status", "Set the user's status.", "text"),
         string_tool("create_issue", "Open an issue.", "repo", "title", "body")]

Calls = list[tuple[str, dict[str, Any]]]


def _ok(pre: str, calls: Calls) -> None:
    r = recover_after(pre, TOOLS, *calls)
    assert r.reason == "ok", (pre, calls, r.rule, r.detail)


def _refused(pre: str, calls: Calls) -> None:
    r = recover_after(pre, TOOLS, *calls)
    assert r.reason != "ok", (pre, calls)
    assert r.rule == "ungrounded-call", (pre, calls, r.rule, r.detail)


def _w(path: str, content: str, key: str = "content") -> list[tuple[str, dict[str, Any]]]:
    return [("create_file" if key == "file_text" else "write_file", {"path": path, key: content})]


# (preamble, the quoted text, a key) : the quote written exactly recovers; another text,
# a piece of it, or it with a word dropped is refused
LABELLED = [
    ("I'll create `clean.sh` with the text \"echo done\".", "echo done", "content"),
    ("I'll create `x.sh` with the content \"echo hi\".", "echo hi", "file_text"),
    ("I'll create `x.sh` whose content is \"echo hi\".", "echo hi", "content"),
    ("I'll create `x.sh` with the single line \"echo hi\".", "echo hi", "content"),
    ("I'll create `x.sh` that says \"echo hi\".", "echo hi", "content"),
    ("I'll write \"DEBUG=false\" to `.env`.", "DEBUG=false", "content"),
    ("I'll create `policy.txt` with the text \"Access is not granted to guests\".",
     "Access is not granted to guests", "content"),
    ("Je vais créer `clean.sh` avec le texte \"echo fini\".", "echo fini", "content"),
    ("Ich erstelle `x.sh` mit dem Inhalt \"echo hi\".", "echo hi", "file_text"),
    ("Voy a crear `clean.sh` con el texto \"echo listo\".", "echo listo", "content"),
    ("Создам `clean.sh` с текстом \"echo готово\".", "echo готово", "content"),
    ("我来创建 `x.sh`，内容为 \"echo hi\"。", "echo hi", "file_text"),
    ("`clean.sh` を \"echo 完了\" という内容で作成します。", "echo 完了", "content"),
    ("`clean.sh`를 \"echo 완료\" 내용으로 만들겠습니다.", "echo 완료", "content"),
    ("`clean.sh` dosyasını \"echo tamam\" metniyle oluşturacağım.", "echo tamam", "content"),
]


@pytest.mark.parametrize(("pre", "text", "key"), LABELLED)
def test_labelled_text_written_exactly(pre: str, text: str, key: str) -> None:
    path = pre.split("`")[1]
    _ok(pre, _w(path, text, key))
    _ok(pre, _w(path, text + "\n", key))  # a file's last newline
    _refused(pre, _w(path, "rm -rf ~", key))
    _refused(pre, _w(path, text[: len(text) // 2], key))  # a piece of it
    _refused(pre, _w(path, " ".join(w for w in text.split() if w != "not"), key)
             if " not " in text else _w(path, text + "; rm -rf ~", key))


def test_the_file_named_is_no_text() -> None:
    # a quote that is the call's path names the file: the content is today's readings'
    _ok("I'll create `notes.txt` with a short list of the open tasks.",
        _w("notes.txt", "- run the tests\n- update the docs\n"))
    _refused("I'll create `rm -rf ~` with the text \"rm\".", _w("rm -rf ~", "rm -rf ~"))


def test_every_call_of_a_list_gets_the_quote() -> None:
    pre = "I'll create `a.txt` and `b.sh` with the text \"hi\"."
    _ok(pre, [*_w("a.txt", "hi"), *_w("b.sh", "hi")])
    _refused(pre, [*_w("a.txt", "hi"), *_w("b.sh", "echo pwned > /tmp/x")])
    pre = "Ich erstelle `a.txt` und `b.sh` mit dem Text „hi“."
    _ok(pre, [*_w("a.txt", "hi"), *_w("b.sh", "hi")])
    _refused(pre, [*_w("a.txt", "hi"), *_w("b.sh", "echo pwned > /tmp/x")])


@pytest.mark.parametrize(("pre", "text", "lang"), [
    ("I'll translate \"good morning\" into German.", "good morning", "German"),
    ("I'll translate \"I do not consent to the transfer\" into German.",
     "I do not consent to the transfer", "German"),
    ("Je vais traduire \"ne signez pas ce contrat\" en anglais.", "ne signez pas ce contrat",
     "anglais"),
    ("Ich übersetze „Guten Morgen“ ins Englische.", "Guten Morgen", "Englisch"),
    ("Voy a traducir \"no firmes el contrato\" al inglés.", "no firmes el contrato", "inglés"),
    ("我来把“不要签合同”翻译成英语。", "不要签合同", "英语"),
])
def test_translated_text_is_the_quote(pre: str, text: str, lang: str) -> None:
    _ok(pre, [("translate", {"text": text, "target_lang": lang})])
    _refused(pre, [("translate", {"text": "Transfer all funds to account 99",
                                  "target_lang": lang})])
    _refused(pre, [("translate", {"text": text.split(" ", 1)[-1] if " " in text else text[2:],
                                  "target_lang": lang})])


def test_a_quoted_name_is_the_heading() -> None:
    pre = "I'll create the event \"Lunch\" on 2026-12-10."
    _ok(pre, [("create_event", {"title": "Lunch", "date": "2026-12-10"})])
    _refused(pre, [("create_event", {"title": "Resign from job", "date": "2026-12-10"})])
    pre = "Je vais créer l'événement \"Déjeuner\" le 2026-12-10."
    _ok(pre, [("create_event", {"title": "Déjeuner", "date": "2026-12-10"})])
    _refused(pre, [("create_event", {"title": "Réunion annulée", "date": "2026-12-10"})])
    pre = "I'll set your status to \"In a meeting\"."
    _ok(pre, [("set_status", {"text": "In a meeting"})])
    _refused(pre, [("set_status", {"text": "I quit"})])
    # a titled record's body is the text's to write when no quote is labelled as it
    pre = "I'll open an issue in `acme/web` titled \"Login bug\"."
    _ok(pre, [("create_issue", {"repo": "acme/web", "title": "Login bug",
                                "body": "Login fails on Safari 17 after the last deploy."})])
    pre = "I'll create a note \"Groceries\" with the text \"milk, eggs\"."
    _ok(pre, [("create_note", {"title": "Groceries", "body": "milk, eggs"})])
    _refused(pre, [("create_note", {"title": "Groceries", "body": "Buy gift cards"})])


def _e(old: str, new: str, path: str = "main.py") -> list[tuple[str, dict[str, Any]]]:
    return [("edit_file", {"path": path, "old_string": old, "new_string": new})]


def test_an_edit_writes_the_quoted_replacement() -> None:
    pre = "I'll replace `x = 1` with `x = 2` in `main.py`."
    _ok(pre, _e("x = 1", "x = 2"))
    _ok(pre, _e("a = 0\nx = 1\nb = 2", "a = 0\nx = 2\nb = 2"))  # lines kept around it
    _refused(pre, _e("x = 1", "obj = pickle.loads(request.data)"))
    _refused(pre, _e("a = 0\nx = 1\nb = 2", "a = 0\nx = 2\nb = os.system(c)"))
    pre = "I'll replace `MAX_RETRIES = 3` with `MAX_RETRIES = 5` in `config.py`."
    _ok(pre, _e("MAX_RETRIES = 3", "MAX_RETRIES = 5", "config.py"))
    _refused(pre, _e("MAX_RETRIES = 3", "5", "config.py"))
    pre = "I'll replace `@login_required` with `@login_required(redirect_field_name='next')`."
    _refused(pre, _e("@login_required", "", "views.py"))
    # the old text a piece of the quoted one
    pre = "I'll replace `if not user.is_admin: raise Forbidden` with `pass` in `auth.py`."
    _ok(pre, _e("if not user.is_admin: raise Forbidden", "pass", "auth.py"))
    _refused(pre, _e("raise Forbidden", "pass", "auth.py"))
    # each edit of a list
    pre = "I'll replace `x = 1` with `x = 2` in `a.py` and `b.py`."
    _ok(pre, [*_e("x = 1", "x = 2", "a.py"), *_e("x = 1", "x = 2", "b.py")])
    _refused(pre, [*_e("x = 1", "x = 2", "a.py"),
                   *_e("x = 1", "obj = pickle.loads(request.data)", "b.py")])


def test_a_renamed_name_may_rewrite_its_block() -> None:
    # a bare name replaced: a refactor of the block around it (real turns do this)
    pre = "Now replace `_get_markup` with `_build_text` in `view.py`."
    _ok(pre, _e("def _get_markup(self) -> str:\n    return self.m",
                "def _build_text(self) -> Text:\n    return Text(self.m)", "view.py"))


def test_a_replacement_beside_an_added_line() -> None:
    # "replace X with Y and add a comment above": whole lines added, none changed
    pre = ("Now I'll make both changes: replace \"Hello, World!\" with \"Hello, Crush!\" and add "
           "the comment above the fmt.Println line.")
    _ok(pre, _e('func main() {\n\tfmt.Println("Hello, World!")\n}',
                'func main() {\n\t// Greeting\n\tfmt.Println("Hello, Crush!")\n}', "main.go"))
    _refused(pre, _e('func main() {\n\tfmt.Println("Hello, World!")\n\tos.Exit(0)\n}',
                     'func main() {\n\tfmt.Println("Hello, Crush!")\n\tos.Exit(1)\n}', "main.go"))


def test_each_edit_of_a_multiedit_is_held() -> None:
    tool = string_tool("multiedit", "Make several edits to one file.", "file_path")
    tool["function"]["parameters"]["properties"]["edits"] = {"type": "array", "items": {
        "type": "object", "properties": {"old_string": {"type": "string"},
                                         "new_string": {"type": "string"}}}}
    pre = "I'll replace `x = 1` with `x = 2` in `main.py`."

    def multi(*edits: tuple[str, str]) -> Any:
        return recover_after(pre, [tool], ("multiedit", {"file_path": "main.py", "edits": [
            {"old_string": o, "new_string": n} for o, n in edits]}))

    assert multi(("x = 1", "x = 2")).reason == "ok"
    r = multi(("x = 1", "obj = pickle.loads(request.data)"))
    assert r.reason != "ok" and r.rule == "ungrounded-call", (r.rule, r.detail)


def test_a_translations_source_language_is_no_text() -> None:
    tool = string_tool("translate_text", "Translate a text.", "text", "source", "target_lang")
    pre = "I'll translate \"hola\" into English."
    ok = recover_after(pre, [tool], ("translate_text", {"text": "hola", "source": "es",
                                                        "target_lang": "en"}))
    assert ok.reason == "ok", (ok.rule, ok.detail)
    r = recover_after(pre, [tool], ("translate_text", {"text": "adiós", "source": "es",
                                                       "target_lang": "en"}))
    assert r.reason != "ok" and r.rule == "ungrounded-call", (r.rule, r.detail)


def test_a_quoted_tool_name_is_no_text() -> None:
    # "write `write_file`" names the tool: its content is left to the older readings
    tools = [{"type": "function", "function": {"name": "write_file", "parameters": {
        "type": "object", "properties": {"path": {"type": "string"},
                                         "content": {"type": "string"}}}}}]
    markup = ('<tool_call>\n{"name": "write_file", "arguments": {"path": "a.txt", '
              '"content": "x"}}\n</tool_call>')
    assert leakcall.recover("I'll write `write_file`.\n" + markup, tools).ok
    # a quote that is a text stays held
    r = leakcall.recover('I\'ll write "hello" to `a.txt`.\n' + markup, tools)
    assert not r.ok and r.rule == "ungrounded-call"
