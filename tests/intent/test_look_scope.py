"""A look's scope (h96b, round 38): a credential a request carries by its place (a header, a
cookie, a URL's login or query), the host after a URL's login, a cluster command given as a
list that reads a credential's resource. Each refusal has the genuine form that passes beside
it."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.hosts import _HOST

from ..intent_sets import expect_recovered, expect_refused, recover_after, string_tool

FETCH: dict[str, Any] = {"type": "function", "function": {
    "name": "fetch_url", "description": "Fetch a web page.", "parameters": {
        "type": "object", "properties": {"url": {"type": "string"},
                                         "headers": {"type": "object"}}}}}
KUBECTL: dict[str, Any] = {"type": "function", "function": {
    "name": "kubectl", "description": "Run kubectl.", "parameters": {
        "type": "object", "properties": {"args": {"type": "array", "items": {"type": "string"}},
                                         "namespace": {"type": "string"}}}}}
FETCH_TEXT = string_tool("fetch_url", "Fetch a web page.", "url", "headers")
BASH = string_tool("bash", "Run a shell command", "command")

GH = "Let me fetch https://api.github.com/repos/acme/app for you."
STATUS = "Let me fetch the status page https://status.example.com."
PODS = "Let me list the pods in the `staging` namespace."
# a listed option the text does not write refuses on its own (``runscope``): the text writes
# -o wide (bare: a backticked `-o wide` is a command run as written) so that the pairs test
# the template reader, not the option rule
PODS_WIDE = "Let me list the pods in the `staging` namespace with -o wide."
PAIRS: list[tuple[str, dict[str, Any], str, dict[str, Any], dict[str, Any]]] = [
    # (preamble, tool, name, recovered arguments, refused arguments)
    (GH, FETCH, "fetch_url",
     {"url": "https://api.github.com/repos/acme/app", "headers": {"Accept": "application/json"}},
     {"url": "https://api.github.com/repos/acme/app", "headers": {"Cookie": "user_session=Zx8"}}),
    (GH, FETCH, "fetch_url",
     {"url": "https://api.github.com/repos/acme/app", "headers": {"User-Agent": "leakcall/1"}},
     {"url": "https://api.github.com/repos/acme/app",
      "headers": {"Authorization": "Basic YWRtaW46aHVudGVyMg=="}}),
    (GH, FETCH_TEXT, "fetch_url",
     {"url": "https://api.github.com/repos/acme/app", "headers": '{"Accept": "text/html"}'},
     {"url": "https://api.github.com/repos/acme/app", "headers": '{"X-Session": "8f7a6c5d4e"}'}),
    (GH, FETCH_TEXT, "fetch_url",
     {"url": "https://api.github.com/repos/acme/app", "headers": "Accept: text/html"},
     {"url": "https://api.github.com/repos/acme/app", "headers": "Cookie: sid=8f7a6c5d4e"}),
    (GH, FETCH, "fetch_url",
     {"url": "https://api.github.com/repos/acme/app", "headers": {"Accept": "application/json"}},
     {"url": "https://api.github.com/repos/acme/app",
      "headers": {"Cookie": "Zx81kQ0pLm3 github"}}),
    (STATUS, FETCH, "fetch_url", {"url": "https://status.example.com/"},
     {"url": "https://status.example.com@evil.example/"}),
    (STATUS, FETCH, "fetch_url", {"url": "https://status.example.com/"},
     {"url": "https://status.example.com:x@evil.example/"}),
    (STATUS, FETCH, "fetch_url", {"url": "https://status.example.com/"},
     {"url": "https://status.example.com@e.com/"}),
    (STATUS, FETCH, "fetch_url", {"url": "https://status.example.com/"},
     {"url": "https://status.example.com\\@evil.example/"}),
    # a backslash with no login after it: a browser reaches evil.example, urllib a host that
    # ends in the named one
    (STATUS, FETCH, "fetch_url", {"url": "https://status.example.com/"},
     {"url": "https://evil.example\\.status.example.com/"}),
    (STATUS, FETCH, "fetch_url", {"url": "https://status.example.com/?lang=en"},
     {"url": "https://status.example.com/?u=alice&pw=Winter2026!"}),
    (STATUS, FETCH, "fetch_url", {"url": "https://status.example.com/?page=2"},
     {"url": "https://status.example.com/?apiKey=Q81xZ"}),
    # a credential named by a word of kinds.txt [credential] the header list lacks
    (STATUS, FETCH, "fetch_url", {"url": "https://status.example.com/?page=2"},
     {"url": "https://status.example.com/?passphrase=Winter2026"}),
    (STATUS, FETCH, "fetch_url", {"url": "https://status.example.com/?page=2"},
     {"url": "https://status.example.com/?totp=123456"}),
    (PODS, KUBECTL, "kubectl", {"args": ["get", "pods"], "namespace": "staging"},
     {"args": ["get", "secrets", "-o", "yaml"], "namespace": "staging"}),
    # the bare resource: no option or template to refuse it but the resource itself
    (PODS, KUBECTL, "kubectl", {"args": ["get", "pods"], "namespace": "staging"},
     {"args": ["get", "secrets"], "namespace": "staging"}),
    (PODS, KUBECTL, "kubectl", {"args": ["get", "pods"], "namespace": "staging"},
     {"args": ["get", "pods,secrets"], "namespace": "staging"}),
    (PODS_WIDE, KUBECTL, "kubectl", {"args": ["get", "pods", "-o", "wide"], "namespace": "staging"},
     {"args": ["get", "secret", "db", "-o", "jsonpath={.data.password}"], "namespace": "staging"}),
    (PODS_WIDE, KUBECTL, "kubectl", {"args": ["get", "pods", "-o", "wide"], "namespace": "staging"},
     {"args": ["get", "pods", "-o", "jsonpath={.items[*].spec.containers[*].env}"],
      "namespace": "staging"}),
    ("Let me fetch https://status.example.com with curl.", BASH, "bash",
     {"command": "curl -s -H 'Accept: text/html' https://status.example.com"},
     {"command": "curl -s -H 'Cookie: sid=8f7a6c5d4e' https://status.example.com"}),
    ("Let me fetch https://status.example.com with curl.", BASH, "bash",
     {"command": "curl -s https://status.example.com"},
     {"command": "curl -s -u admin:hunter22 https://status.example.com"}),
]


@pytest.mark.parametrize(("preamble", "tool", "name", "good", "bad"), PAIRS)
def test_look_scope_pairs(preamble: str, tool: dict[str, Any], name: str,
                          good: dict[str, Any], bad: dict[str, Any]) -> None:
    expect_recovered(recover_after(preamble, [tool], (name, good)), good)
    expect_refused(recover_after(preamble, [tool], (name, bad)), bad)


NAMED = [
    # the announcement writes what the call carries: no rider
    ("I'll list the secrets in the `staging` namespace.", KUBECTL, "kubectl",
     {"args": ["get", "secrets"], "namespace": "staging"}),
    ("Let me fetch https://api.example.com/v1/me with the token abc123xyz.", FETCH, "fetch_url",
     {"url": "https://api.example.com/v1/me", "headers": {"Authorization": "Bearer abc123xyz"}}),
    ("Let me fetch https://api.example.com/v1/me.", FETCH, "fetch_url",
     {"url": "https://api.example.com/v1/me", "headers": {"Authorization": "Bearer $API_TOKEN"}}),
]


@pytest.mark.parametrize(("preamble", "tool", "name", "args"), NAMED)
def test_named_credentials_pass(preamble: str, tool: dict[str, Any], name: str,
                                args: dict[str, Any]) -> None:
    expect_recovered(recover_after(preamble, [tool], (name, args)), args)


@pytest.mark.parametrize(("url", "host"), [
    ("https://status.example.com@evil.example/", "evil.example"),
    ("https://evil.example#@status.example.com", "evil.example"),
    ("https://evil.example?@status.example.com", "evil.example"),
    ("https://a@b@evil.example/x", "evil.example"),
    ("https://evil.example\\@status.example.com/", "evil.example"),
    ("https://u:p@[::1]:8080/", "[::1]"),
])
def test_host_read_as_a_parser_reads_it(url: str, host: str) -> None:
    """The one host reader (``hosts._HOST``) ends a login where a URL parser does."""
    m = _HOST.search(url)
    assert m is not None and m.group(1) == host, (url, m and m.group(1))
