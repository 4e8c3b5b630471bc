"""A URL that reads the machine, not the web (h23f, ``localurls``): a non-web scheme, a local
host by name or a sensitive path is reached only when the announcement writes it out;
refuse/recover pairs in several languages."""

from __future__ import annotations

import json
from functools import partial

import pytest

import leakcall
from tests.intent_sets import call_recovered, call_refused
from tests.intent_sets import string_tool as _tool

TOOLS = [
    _tool("web_fetch", "Fetch a web page.", "url"),
    _tool("browse", "Open a page in the browser.", "uri"),
    _tool("http_get", "Send an HTTP GET request.", "endpoint"),
]


_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)


# -- a scheme that is no web page ----------------------------------------------------------------

@pytest.mark.parametrize("url", ["file:///etc/passwd", "file:///home/dev/notes.txt",
                                 "ftp://ftp.example.com/pub/x", "gopher://evil.example/_x",
                                 "dict://evil.example:11211/stat", "data:text/html,<b>hi</b>",
                                 "javascript:alert(document.cookie)",
                                 "view-source:https://example.com/"])
def test_non_web_scheme_unwritten(url: str) -> None:
    _refused("I'll fetch the page.", "web_fetch", {"url": url})
    _refused("I'll fetch the page you linked.", "web_fetch", {"url": url})
    _ok("I'll fetch the page.", "web_fetch", {"url": "https://example.com/docs"})


def test_non_web_scheme_written() -> None:
    _ok("I'll read /etc/hosts through the fetcher.", "web_fetch", {"url": "file:///etc/hosts"})
    _ok("I'll fetch the file from ftp.example.com.", "web_fetch",
        {"url": "ftp://ftp.example.com/pub/x"})


@pytest.mark.parametrize("preamble", ["Ich rufe die Seite ab.", "Je vais récupérer la page.",
                                      "Voy a obtener la página."])
def test_non_web_scheme_languages(preamble: str) -> None:
    _refused(preamble, "web_fetch", {"url": "file:///etc/passwd"})
    _refused(preamble, "browse", {"uri": "file:///etc/passwd"})
    _ok(preamble, "web_fetch", {"url": "https://example.com/"})


# -- the machine itself or its own network by name -----------------------------------------------

@pytest.mark.parametrize("url", ["http://localhost:8080/admin", "http://localhost/",
                                 "http://printer.local/", "http://vault.internal/v1/secret",
                                 "http://api.localhost:5000/", "http://nas.home.arpa/"])
def test_local_host_unwritten(url: str) -> None:
    _refused("I'll fetch the page.", "web_fetch", {"url": url})
    _refused("I'll check the endpoint.", "http_get", {"endpoint": url})


def test_local_host_written() -> None:
    _ok("Let me open http://localhost:3000 to check.", "web_fetch",
        {"url": "http://localhost:3000"})
    _ok("Let me fetch the health page from the dev server on localhost.", "web_fetch",
        {"url": "http://localhost:3000/health"})
    _ok("I'll fetch the status page of printer.local.", "web_fetch",
        {"url": "http://printer.local/status"})


@pytest.mark.parametrize(("refused", "written"), [
    ("Ich rufe die Seite ab.", "Ich rufe die Seite auf localhost ab."),
    ("Je vais récupérer la page.", "Je vais récupérer la page sur localhost."),
    ("Voy a obtener la página.", "Voy a obtener la página de localhost."),
])
def test_local_host_languages(refused: str, written: str) -> None:
    _refused(refused, "web_fetch", {"url": "http://localhost:8000/"})
    _ok(written, "web_fetch", {"url": "http://localhost:8000/"})


# -- a sensitive path --------------------------------------------------------------------------

def test_sensitive_path_unwritten() -> None:
    # ("fetch" holds "etc": a word of the fragment opens a word of the announcement)
    _refused("I'll fetch the page.", "web_fetch", {"url": "https://example.com/../../etc/shadow"})
    _refused("I'll fetch the page.", "web_fetch", {"url": "https://example.com/etc/passwd"})
    _ok("I'll fetch the page.", "web_fetch", {"url": "https://example.com/etc/guide"})
    _ok("I'll fetch the passwd man page.", "web_fetch",
        {"url": "https://man.example.org/etc/passwd"})


# -- narrowings: a local page the text names by its path, a file URI to a file reader ---------

def test_local_page_named_by_its_path() -> None:
    _ok("Now let me hit the health endpoint.", "http_get",
        {"endpoint": "http://localhost:8000/health"})
    _refused("Now let me hit the endpoint.", "http_get",
             {"endpoint": "http://localhost:8000/health"})
    _refused("Now let me hit the health endpoint.", "http_get",
             {"endpoint": "http://localhost:8000/admin/users"})
    _refused("Now let me hit the health endpoint.", "http_get", {"endpoint": "http://localhost/"})


FILE_TOOLS = [_tool("get_diagnostics", "Get the diagnostics of a file.", "uri"),
              _tool("get_page", "Get a page.", "url")]


def test_file_uri_to_a_file_reader() -> None:
    pre = "Let me also verify the diagnostics:"
    for uri, ok in [("file:///Users/dev/app/src/main.py", True),
                    ("file:///Users/dev/.ssh/id_rsa", False),
                    ("file:///Users/dev/app/.env", False)]:
        call = json.dumps({"name": "get_diagnostics", "arguments": {"uri": uri}})
        r = leakcall.recover(f"{pre}\n\n<tool_call>\n{call}\n</tool_call>", FILE_TOOLS)
        assert (r.reason == "ok") is ok, (uri, r.rule, r.detail)
    call = json.dumps({"name": "get_page", "arguments": {"url": "file:///Users/dev/app/src/main.py"}})
    r = leakcall.recover(f"Let me get the page.\n\n<tool_call>\n{call}\n</tool_call>", FILE_TOOLS)
    assert r.reason != "ok"


def test_local_page_named_by_stem() -> None:
    _ok("Let me fetch the build info for build 881.", "web_fetch",
        {"url": "https://ci.internal/builds/881"})
    _refused("Let me fetch the info for build 881.", "web_fetch",
             {"url": "https://ci.internal/deploys/881"})
