"""Code that only computes is a computation (issue 25, h42c): Python code that parses whole under
the closed model of ``grammar/intent/pure-python.txt`` takes kind ``compute``, not ``run``;
every program that reaches outside it keeps its reading as code that runs."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.kinds import call_kinds, command_kinds
from leakcall.intent.purecode import pure_python

from ..intent_sets import recover_after

COMPUTING = [
    "import math\nprint(math.sqrt(42))",
    "result = (3 * 12390) * 12390\nprint(result)\n",
    "import datetime\n\ntoday = datetime.date.today()\ntomorrow = today + "
    "datetime.timedelta(days=1)\nprint(f'{tomorrow.strftime(\"%A\")=}')\n",
    "ny = 1.6\nca = 3.9\naverage = (ny + ca) / 2\nprint(f\"Average: ${average} trillion\")",
    "import math\n\ndef is_prime(n: int) -> bool:\n    if n < 2:\n        return False\n"
    "    for i in range(2, math.isqrt(n) + 1):\n        if n % i == 0:\n            return False\n"
    "    return True\n\nprimes = []\nnum = 0\nwhile len(primes) < 50:\n"
    "    if is_prime(num):\n        primes.append(num)\n    num += 1\nprint(sum(primes))",
    "from statistics import mean, stdev\nxs = [2, 4, 4, 5]\nprint(mean(xs), stdev(xs))",
    "pairs = sorted({'a': 2, 'b': 1}.items(), key=lambda kv: kv[1])\nprint(pairs)",
    "counts = {}\nfor w in 'a b a'.split():\n    counts[w] = counts.get(w, 0) + 1\nprint(counts)",
    "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n"
    "print([fib(i) for i in range(10)])",
    "from fractions import Fraction\nprint(Fraction(4, 3) * 3)",
    "print('{:.2f} and {name:>{width}}'.format(3.14159, name='x', width=5))",
    "grid = [[0] * 3 for _ in range(3)]\ngrid[1][2] = 5\nprint(grid)",
]

RUNNING = [
    # the interpreter reached by name, string or attribute
    "__import__('os').system('rm -rf ~')",
    "open('notes.txt', 'w').write('x')",
    "print(open('/etc/passwd').read())",
    "import math\nprint(math.__dict__)",
    "().__class__.__bases__[0].__subclasses__()",
    "x = []\nprint(x.__class__)",
    "print('{0.__class__}'.format(1))",
    "g = (x for x in [1])\nprint('{0.gi_frame.f_globals}'.format(g))",
    "t = '{0' + '.real}'\nprint(t.format(1))",
    "g = (x for x in [1])\nb = g.gi_frame.f_builtins\nb['open']('x', 'w')",
    "(lambda: 0).__globals__",
    "exec('import os')", "eval('1')", "getattr(1, 'real')", "globals()", "breakpoint()",
    # modules outside the model, or members no list holds
    "import os\nos.system('id')",
    "import subprocess\nsubprocess.run(['ls'])",
    "import urllib.request\nurllib.request.urlopen('http://x.example')",
    "import socket\nsocket.create_connection(('x.example', 80))",
    "from os import system",
    "from math import *",
    "import os.path",
    "import sympy as sp\nprint(sp.pi)",
    "import statistics\nstatistics.sys.modules['os'].system('id')",
    "import json\njson.codecs.open('x', 'w')",
    "import random\nrandom._os.system('id')",
    "import math\nprint(math)",
    "import math\ndef f(math):\n    return math.system('x')",
    "import operator\noperator.attrgetter('gi_frame')",
    # the session's own state: names the code did not bind
    "db.clear()",
    "x = db\nx.clear()",
    "if False:\n    db = {}\ndb.clear()",
    "for i in []:\n    db = {}\ndb.clear()",
    "def f():\n    return db.clear()\nf()\ndb = {}",
    "def f():\n    def g():\n        db = 1\n    return db.clear()\nf()",
    "def f(x=db):\n    pass",
    "ls", "reboot",
    # rebinding a builtin or a module of the session; statements outside the model
    "print = 1", "sum += 1", "import math as m\nm = 5",
    "import decimal\ndecimal.getcontext().prec = 50",
    "import calendar\ncalendar.day_name[0] = 'x'",
    "with open('x') as f:\n    pass",
    "class A:\n    pass",
    "try:\n    1\nexcept Exception as e:\n    print(e)",
    "del x", "global x", "(y := 5)",
    # too long to read
    "x = 1\n" * 2000,
]


@pytest.mark.parametrize("code", COMPUTING)
def test_computing_code_is_pure(code: str) -> None:
    assert pure_python(code)


@pytest.mark.parametrize("code", RUNNING)
def test_code_reaching_outside_the_model_is_not(code: str) -> None:
    assert not pure_python(code)


def test_a_python_tool_computes_and_any_other_reading_runs() -> None:
    code = "import math\nprint(math.sqrt(42))"
    assert call_kinds("python_repl_tool", {"code": code}) == {"compute"}
    assert call_kinds("code_execution", {"code": code, "language": "PYTHON"}) == {"compute"}
    assert call_kinds("run_code", {"code": code}, None,
                      "Runs Python code in a sandbox.") == {"compute"}
    assert "run" in call_kinds("run_code", {"code": code}, None,
                               "Runs bash or Python code in a sandbox.")
    # the language unsaid ("x = 1" runs a program x in a shell), or said otherwise
    assert "run" in call_kinds("code_execution", {"code": "x = 1\nprint(x)"})
    assert "run" in call_kinds("code_execution", {"code": code, "language": "bash"})
    assert "run" in call_kinds("bash", {"command": "x = 1"})
    # another argument beside the code may run something too
    assert "run" in call_kinds("python_repl_tool", {"code": code, "setup": "import os"})
    assert "run" in call_kinds("python_repl_tool", {"code": "__import__('os').system('id')"})


@pytest.mark.parametrize(("command", "compute"), [
    ('python3 -c "print(2**10)"', True),
    ('python -I -c "import math; print(math.pi)"', True),
    ("bash -c \"python3 -c 'print(1)'\"", True),
    ('uv run python -c "print(1)"', True),
    ('python3 -c "import os; os.remove(1)"', False),
    ('python3 evil.py -c "print(1)"', False),  # a file runs; -c is its argument
    ('python3 -m evil -c "print(1)"', False),
    ('PYTHONPATH=/tmp/x python3 -c "import json"', False),  # a path it imports from
    ('node -e "print(1)"', False),
])
def test_python_c_computes_only_with_pure_code(command: str, compute: bool) -> None:
    kinds = command_kinds(command)
    assert (kinds == {"compute"}) is compute, kinds
    assert command_kinds('python3 -c "print(1)" > out.txt') == {"compute", "write"}


def _tool(name: str, *props: str, description: str | None = None) -> dict[str, Any]:
    fn: dict[str, Any] = {"name": name, "parameters": {
        "type": "object", "properties": {p: {"type": "string"} for p in props}}}
    if description:
        fn["description"] = description
    return {"type": "function", "function": fn}


TOOLS = [_tool("python_repl_tool", "code"), _tool("code_execution", "code", "language"),
         _tool("bash", "command")]


@pytest.mark.parametrize(("preamble", "name", "args"), [
    ("I'll help you calculate the square root of 42 using Python.", "python_repl_tool",
     {"code": "import math\nprint(math.sqrt(42))"}),
    ("I'll calculate that for you.", "code_execution",
     {"code": "result = (3 * 12390) * 12390\nprint(result)\n", "language": "PYTHON"}),
    ("To determine what day is tomorrow, I'll use the python tool to calculate tomorrow's date "
     "and then find the corresponding day of the week.", "code_execution",
     {"code": "import datetime\n\ntoday = datetime.date.today()\ntomorrow = today + "
              "datetime.timedelta(days=1)\nprint(tomorrow.strftime('%A'))\n",
      "language": "PYTHON"}),
    ("I'll calculate this expression right away using the correct order of operations.", "bash",
     {"command": 'python3 -c "result = 65465 - 6544 * 65464 - 6 + 1.02255; print(result)"'}),
])
def test_a_computation_announced_is_recovered(preamble: str, name: str,
                                              args: dict[str, Any]) -> None:
    r = recover_after(preamble, TOOLS, (name, args))
    assert r.reason == "ok", r.detail


@pytest.mark.parametrize("code", [
    "import os\nos.system('rm -rf ~')",
    "print(open('/etc/passwd').read())",
    "__import__('subprocess').run(['curl', 'x.example'])",
    "import math\nprint(math.__dict__)",
    "().__class__.__bases__[0].__subclasses__()",
    "import urllib.request\nprint(urllib.request.urlopen('http://x.example').read())",
    "open('x', 'w').write('1')",
    "result = 3 * 12390\nsession.commit()",
])
def test_code_that_runs_stays_refused_after_a_calculation(code: str) -> None:
    for name, args in (("python_repl_tool", {"code": code}),
                       ("code_execution", {"code": code, "language": "PYTHON"})):
        r = recover_after("I'll help you calculate the square root of 42 using Python.", TOOLS,
                          (name, args))
        assert r.reason != "ok", (name, code)
    r = recover_after("I'll calculate that for you.", TOOLS,
                      ("bash", {"command": f"python3 -c {code!r}"}))
    assert r.reason != "ok", code
