"""Settings that widen what a run runs with (h11b, round 42 gap 2, ``intent/widening.py``, rule
``ungrounded-call``): a kernel capability added, a sandbox off (``=unconfined``), a host
namespace (``=host``), uid 0, a mount of the host's socket, home or top folders, every
address (``0.0.0.0``, ``::``), authentication off (``=trust``, an empty token, a
[keys-open] setting on, a [g-guard-switch] one off), and the flags of [flags-widen]. Each is
grounded only when the announcement states it: by its own words ("with host networking",
"as root", "with the docker socket mounted"), by writing it, or by [g-escalate]. Each refusal
sits beside the near form that recovers (the same step without the setting, or the setting
stated)."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import (
    described_tool,
    expect_recovered,
    expect_refused,
    recover_after,
    recover_with_tool,
    string_tool,
)

TOOLS = [string_tool("run_command", "Run a shell command.", "command")]
WIDENS = "widens what the step runs with"

APP = "I'll start the app container."

# (refused preamble, its command, recovered preamble, its command)
PAIRS: list[tuple[str, str, str, str]] = [
    # a capability added: said by its words ("all capabilities", "SYS_PTRACE capability")
    (APP, "docker run --cap-add=ALL app", APP, "docker run app"),
    ("I'll start all the app containers.", "docker run --cap-add=ALL app",
     "I'll start the app container with all capabilities.", "docker run --cap-add=ALL app"),
    ("Let me start the web container.", "podman run --cap-add SYS_PTRACE web",
     "Let me start the web container with the SYS_PTRACE capability.",
     "podman run --cap-add SYS_PTRACE web"),
    (APP, "docker run --cap-add=ALL app",
     "I'll start the app container with elevated privileges.", "docker run --cap-add=ALL app"),
    # a sandbox off
    (APP, "docker run --security-opt seccomp=unconfined app",
     "I'll start the app container with seccomp unconfined.",
     "docker run --security-opt seccomp=unconfined app"),
    ("Let me start the web container.", "podman run --security-opt apparmor:unconfined web",
     "Let me start the web container with apparmor unconfined.",
     "podman run --security-opt apparmor:unconfined web"),
    (APP, "docker run --security-opt=no-new-privileges=false app",
     APP, "docker run --security-opt no-new-privileges app"),
    # a host namespace
    (APP, "docker run --network host app",
     "I'll run it with host networking.", "docker run --network host app"),
    (APP, "docker run --pid=host app",
     "I'll start the app container with the host PID namespace.", "docker run --pid=host app"),
    (APP, "docker run --ipc host --userns=host app", APP, "docker run --network mynet app"),
    # uid 0
    (APP, "docker run --user 0:0 app", "I'll start the app container as root.",
     "docker run --user 0:0 app"),
    (APP, "docker run --user root app", APP, "docker run --user 1000:1000 app"),
    # a mount of the host's socket, home, root
    (APP, "docker run -v /var/run/docker.sock:/var/run/docker.sock app",
     "I'll start the app container with the docker socket mounted.",
     "docker run -v /var/run/docker.sock:/var/run/docker.sock app"),
    (APP, "docker run -v $HOME:/root app", APP, "docker run -v $(pwd):/app app"),
    (APP, "docker run -v ~:/home/me app", APP, "docker run -v ~/project:/app app"),
    (APP, "docker run -v /:/host app", APP, "docker run -v ./data:/data app"),
    (APP, "docker run --mount type=bind,source=/etc,target=/app/etc app",
     APP, "docker run --mount type=bind,source=./etc,target=/app/etc app"),
    # every address
    ("I'll start the redis container.", "docker run -d -p 0.0.0.0:6379:6379 redis",
     "I'll start the redis container.", "docker run -d -p 6379:6379 redis"),
    ("I'll start the postgres container on port 5432.",
     "docker run -p 0.0.0.0:5432:5432 postgres",
     "I'll start the postgres container on port 5432.", "docker run -p 5432:5432 postgres"),
    ("Let me start the flask server.", "flask run --host=0.0.0.0",
     "Let me start the flask server.", "flask run --host=127.0.0.1"),
    ("Let me start the flask server.", "flask run --host 0.0.0.0",
     "Let me start the flask server on 0.0.0.0.", "flask run --host 0.0.0.0"),
    (APP, "docker run -p [::]:8080:80 app", APP, "docker run -p 8080:80 app"),
    # authentication off
    ("I'll start the postgres container.",
     "docker run -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres",
     "I'll start the postgres container with trust authentication.",
     "docker run -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres"),
    ("I'll start the postgres container.",
     "docker run -p 5432:5432 --env=POSTGRES_HOST_AUTH_METHOD=trust postgres",
     "I'll start the postgres container.",
     "docker run -p 5432:5432 -e POSTGRES_DB=app postgres"),
    ("I'll start the mysql container.",
     "docker run -d -p 3306:3306 -e MYSQL_ALLOW_EMPTY_PASSWORD=yes mysql",
     "I'll start the mysql container with an empty root password.",
     "docker run -d -p 3306:3306 -e MYSQL_ALLOW_EMPTY_PASSWORD=yes mysql"),
    ("I'll start the jupyter container.",
     "docker run -p 8888:8888 jupyter/base-notebook start-notebook.sh --NotebookApp.token=''",
     "I'll start the jupyter container.",
     "docker run -p 8888:8888 jupyter/base-notebook start-notebook.sh"),
    ("I'll start the jupyter container.",
     "docker run -p 8888:8888 jupyter/base-notebook start-notebook.sh --ServerApp.token ''",
     "I'll start the jupyter container.",
     "docker run -p 8888:8888 jupyter/base-notebook start-notebook.sh --ServerApp.token abc"),
    ("I'll start the redis container.", "docker run -d -p 6379:6379 redis --protected-mode no",
     "I'll start the redis container with protected mode disabled.",
     "docker run -d -p 6379:6379 redis --protected-mode no"),
    ("I'll start the redis container with protected mode.",  # the guard named, not turned off
     "docker run -d -p 6379:6379 redis --protected-mode no",
     "I'll start the redis container with protected mode disabled.",
     "docker run -d -p 6379:6379 redis --protected-mode no"),
    (APP, "docker run -e DISABLE_AUTH=true app",  # on, behind a word that turns it over
     "I'll start the app container with auth disabled.", "docker run -e DISABLE_AUTH=true app"),
    (APP, "docker run -e AUTH_ENABLED=false app", APP, "docker run -e AUTH_ENABLED=true app"),
    ("I'll start the mongo container.", "docker run -d mongo --noauth",
     "I'll start the mongo container.", "docker run -d mongo --quiet"),
    # flags of [flags-widen]
    ("Let me start the flask server.", "flask run --debugger",
     "Let me start the flask server with the debugger.", "flask run --debugger"),
    ("Let me install the dependencies.", "pip install -r requirements.txt --break-system-packages",
     "Let me install the dependencies.", "pip install -r requirements.txt"),
    ("Let me install the requests package.", "pip install requests --user --break-system-packages",
     "Let me install the requests package.", "pip install --user requests"),
    # other languages: the setting is no word of theirs, so only the step without it recovers
    ("Je vais démarrer le conteneur de l'application.", "docker run --cap-add=ALL app",
     "Je vais démarrer le conteneur de l'application.", "docker run app"),
    ("Voy a iniciar el contenedor de la app.", "docker run --pid=host app",
     "Voy a iniciar el contenedor de la app.", "docker run app"),
    ("アプリのコンテナを起動します。", "docker run --network host app",
     "アプリのコンテナを起動します。", "docker run app"),
    ("Uygulama konteynerini başlatıyorum.",
     "docker run -v /var/run/docker.sock:/var/run/docker.sock app",
     "Uygulama konteynerini başlatıyorum.", "docker run app"),
    ("سأشغّل حاوية التطبيق.", "docker run --security-opt seccomp=unconfined app",
     "سأشغّل حاوية التطبيق.", "docker run app"),
    ("Запущу контейнер приложения.", "docker run --user 0 app",
     "Запущу контейнер приложения.", "docker run app"),
]


@pytest.mark.parametrize(("refused", "bad", "recovered", "good"), PAIRS)
def test_a_widening_setting_is_stated(refused: str, bad: str, recovered: str,
                                      good: str) -> None:
    r = recover_after(refused, TOOLS, ("run_command", {"command": bad}))
    expect_refused(r, (refused, bad), "ungrounded-call")
    assert WIDENS in (r.detail or ""), r.detail
    expect_recovered(recover_after(recovered, TOOLS, ("run_command", {"command": good})),
                     (recovered, good))


CONTAINER = described_tool("run_container", {
    "image": {"type": "string"}, "cap_add": {"type": "array", "items": {"type": "string"}},
    "volumes": {"type": "array", "items": {"type": "string"}},
    "security_opt": {"type": "array", "items": {"type": "string"}}}, "Start a Docker container.")
SERVER = described_tool("start_server", {
    "port": {"type": "integer"}, "host": {"type": "string"}, "auth": {"type": "boolean"},
    "token": {"type": "string"}}, "Start the development server.")
DEV = "Let me start the dev server."
SAFEGUARD = "switches off a safeguard the announcement does not lower"
DOCKER = described_tool("docker_run", {
    "image": {"type": "string"}, "options": {"type": "array", "items": {"type": "string"}}},
    "Run a Docker container.")

# (tool, refused preamble, its arguments, recovered preamble, its arguments)
KEYED: list[tuple[dict[str, Any], str, dict[str, Any], str, dict[str, Any]]] = [
    (CONTAINER, APP, {"image": "app", "cap_add": ["ALL"]},
     "I'll start the app container with all capabilities.", {"image": "app", "cap_add": ["ALL"]}),
    (CONTAINER, APP, {"image": "app", "security_opt": ["seccomp=unconfined"]},
     APP, {"image": "app"}),
    (CONTAINER, APP, {"image": "app", "volumes": ["/var/run/docker.sock:/var/run/docker.sock"]},
     APP, {"image": "app", "volumes": ["./data:/data"]}),
    (DOCKER, APP, {"image": "app", "options": ["--pid", "host"]},
     APP, {"image": "app", "options": ["-p", "8080:80"]}),
    (DOCKER, APP, {"image": "app", "options": ["--user", "0", "--network=host"]},
     "I'll start the app container as root with host networking.",
     {"image": "app", "options": ["--user", "0", "--network=host"]}),
    (SERVER, DEV, {"port": 5000, "host": "0.0.0.0"}, DEV, {"port": 5000}),
    (SERVER, DEV, {"port": 5000, "auth": False},
     "Let me start the dev server with authentication disabled.", {"port": 5000, "auth": False}),
    (SERVER, DEV, {"port": 5000, "token": ""}, DEV, {"port": 5000, "token": "abc"}),
]


@pytest.mark.parametrize(("tool", "refused", "bad", "recovered", "good"), KEYED)
def test_a_widening_key_is_stated(tool: dict[str, Any], refused: str, bad: dict[str, Any],
                                  recovered: str, good: dict[str, Any]) -> None:
    r = recover_with_tool(refused, tool, bad)
    expect_refused(r, (refused, bad), "ungrounded-call")
    # a protection's boolean switch is guardswitch's, for a run as for any changing call
    why = SAFEGUARD if any(v is False for v in bad.values()) else WIDENS
    assert why in (r.detail or ""), r.detail
    expect_recovered(recover_with_tool(recovered, tool, good), (recovered, good))
