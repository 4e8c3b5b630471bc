"""Kinds of step: what a tool, a command or an argument does (``grammar/lexicon/kinds.txt``).

A tool's kinds come from the words of its name (else its description's lead verb, else its
parameters: ``toolkinds``); a tool that runs commands takes the kinds of each command's program and subcommand
(``rm``, ``git push``); some arguments say a kind whatever the tool (an HTTP method that changes
something, an address under a recipient key, a URL whose path names a step or whose query gives
an address under a sending key).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from typing import Any
from urllib.parse import unquote

from .addresses import holds_address
from .dryruns import looks_only
from .flags import (
    assignments,
    closed_reading,
    module_words,
    option_commands,
    option_values,
    request_methods,
    sets_flag,
    startup_commands,
    unplaced_assignments,
)
from .goals import goal_kinds, goals_kinds, runner_kinds
from .kindsfile import _kinds_file, section
from .memo import folded, per_call, per_reply
from .methods import _HTTP_KINDS, _URL_PATH, _http_change, _sql_functions, path_action, slug_named
from .named import _keys as _role_keys
from .named import _kind_table as _named_table
from .named import _program_lines as _named_lines
from .named import _subcommand_named as _named_pair
from .named import name_words as _name_words
from .observing import OBSERVING as _OBSERVING
from .outputs import DISCARDED, implied_output, output_values
from .purecode import computed_steps, inline_python
from .sedscripts import prints_only
from .sedsteps import sed_steps
from .shellsplit import shell_words, split_line
from .statements import is_query, query_kinds, statement_kinds
from .toolkinds import _LAST_STEP, UNKNOWN, party_records, tool_kinds
from .toolnouns import record_titled, reply_named
from .walk import _leaves, _strings

OBSERVING = _OBSERVING  # (one set, ``observing``; read from here by the readers of calls)
# what a name says (``named``), read from here by the readers of calls too
_keys, _kind_table, name_words = _role_keys, _named_table, _name_words
_program_lines, _subcommand_named = _named_lines, _named_pair

@cache
def _flags() -> dict[str, tuple[tuple[str, str], ...]]:
    """[flag] in kinds.txt: "<program> [<subcommand>] <flag> = <kind>"; a long flag matches as a
    prefix ("--vacuum-time=1s")."""
    out: dict[str, list[tuple[str, str]]] = {}
    for line in _kinds_file().get("flag", ()):
        pair, _, kind = line.rpartition("=")
        parts = pair.split()
        # "<program> <flag>" or "<program> <subcommand> <flag>" (keyed "program subcommand")
        key = " ".join(parts[:-1])
        out.setdefault(key, []).append((parts[-1], kind.strip()))
    return {k: tuple(v) for k, v in out.items()}


@cache
def _runners() -> dict[str, str]:
    """[runner] in kinds.txt: program -> the subcommand that runs another ("" for none)."""
    out: dict[str, str] = {}
    for line in _kinds_file().get("runner", ()):
        prog, _, sub = line.partition(" ")
        out[prog] = sub.strip()
    return out


@cache
def _escalating_flags() -> frozenset[str]:
    """Command-line flags that force a step or raise its privileges ([flags-escalate])."""
    return frozenset(_kinds_file().get("flags-escalate", ()))


@cache
def _neutral() -> frozenset[str]:
    """Programs that change only the shell's own state ([neutral] in kinds.txt)."""
    return section("neutral")


def commands(command: str) -> list[str]:
    """The simple commands of a shell command line: the parts between unquoted ``;``, ``&``,
    ``|`` and newlines (``2>&1`` is a redirection), and each substitution (``$(…)``, a
    backtick: it runs even inside double quotes). Line continuations join lines."""
    return list(_commands(command))


def pipelines(command: str) -> list[list[str]]:
    """The pipelines of a command line, each its simple commands in order (``commands`` of
    each part cut at ``;``, ``&&``, ``||``, ``&`` and newlines, glued or spaced)."""
    return [stages for p in split_line(command, _reads_only, pipes=False)
            if (stages := commands(p))]


def _reads_only(prog: str) -> bool:
    """The program only observes, by the kind table (what a here-document feeds it is text)."""
    kinds = _kind_table()[0].get(prog, frozenset())
    return bool(kinds) and kinds <= OBSERVING


@lru_cache(maxsize=1024)
def _commands(command: str) -> tuple[str, ...]:
    """``commands``, remembered: the rules of one reply read the same command lines."""
    out = split_line(command, _reads_only)
    parts: list[str] = []
    for c in (c for c in out if c.strip()):
        code = _inline(c, "inline-shell")
        if code is None:
            split = _after_separator(c)
            if split is not None:
                # "kubectl exec pod -- sh -c 'rm -rf /data'": the program, then what it runs
                parts.append(split[0])
                parts.extend(commands(split[1]) or [split[1]])
                continue
        # a shell's code is a command line of its own: its commands are this line's
        parts.extend([c] if code is None else (commands(code) or [c]))
    return tuple(parts)


def _after_separator(part: str) -> tuple[str, str] | None:
    """(the command before it, the command line after it) when a simple command's ``--`` is
    followed by a program (one the kind table or [inline-shell] knows: ``kubectl exec pod --
    sh -c CODE``, ``kubectl run x -- rm -rf /data``), or a shell given code anywhere after the
    program (``docker exec web sh -c CODE``): what follows is a command line of its own, run
    by the first, a program the kind table does not know (one that runs what it is given).
    Else None (``git checkout -- file.txt``, ``npm test -- --watch``, ``rm -rf -- build``:
    what follows are arguments)."""
    try:
        words = shell_words(part)
    except ValueError:
        return None
    shells = _inline_flags("inline-shell")
    if "--" in words[1:]:
        at = words.index("--", 1)
        rest = words[at + 1 :]
    else:
        # no "--": a shell given code anywhere after the program ("docker exec web sh -c CODE")
        at = next((k for k in range(1, len(words) - 2)
                   if words[k].rsplit("/", 1)[-1].casefold() in shells
                   and re.fullmatch(r"-[a-z]*c[a-z]*", words[k + 1])), len(words))
        rest = words[at:]
        words = [*words[:at], "--", *rest]
    if not rest:
        return None
    head = unprefixed(words[:at])
    prog = rest[0].rsplit("/", 1)[-1].casefold()
    table, _ = _kind_table()
    if not head or head[0].rsplit("/", 1)[-1].casefold() in table:
        return None  # "rm -rf -- build": a program of known kind takes arguments after it
    if prog not in table and prog not in shells and prog not in _PREFIXES:
        return None
    return shlex.join(words[:at]), shlex.join(rest)


def _inline(part: str, section: str) -> str | None:
    """The code a simple command runs as its argument ([inline-shell] or [inline-code]:
    ``sh -c CODE``, ``node -e CODE``; a shell's short flags may cluster, ``bash -lc``), or
    None."""
    try:
        words = shell_words(part)
    except ValueError:
        return None
    words = unprefixed(words)
    if not words:
        return None
    flags = _inline_flags(section).get(words[0].rsplit("/", 1)[-1].casefold())
    if not flags:
        return None
    for k, w in enumerate(words[1:-1], start=1):
        short = section == "inline-shell" and re.fullmatch(r"-[a-z]*c[a-z]*", w) is not None
        if w in flags or short:
            return words[k + 1]
    return None


@cache
def _inline_flags(section: str) -> dict[str, frozenset[str]]:
    """[inline-shell] / [inline-code] in kinds.txt: program -> the flags before its code."""
    out: dict[str, set[str]] = {}
    for line in _kinds_file().get(section, ()):
        prog, _, flag = line.partition(" ")
        out.setdefault(prog.casefold(), set()).add(flag.strip())
    return {k: frozenset(v) for k, v in out.items()}


_CODE_STRING = re.compile(r"'([^'\\]*)'|\"([^\"\\]*)\"")


def code_kinds(code: str) -> frozenset[str]:
    """The changing kinds an interpreter's inline code says: the names of the functions it
    calls, read as a tool's name is (``rmSync``, ``shutil.rmtree``: delete;
    ``writeFileSync``: write), and the commands its strings hold (``os.system('rm -rf
    ~')``)."""
    out = set(_called_kinds(_FUNCTION.findall(code)))
    for a, b in _CODE_STRING.findall(code):
        out |= command_kinds(a or b)
    return frozenset(k for k in out if k not in OBSERVING and k not in ("run", UNKNOWN))


_PREFIXES = frozenset({"sudo", "env", "time", "nohup", "exec", "command", "xargs", "nice",
                       "timeout", "doas", "then", "do", "else", "{", "(", "!"})


_ASSIGNED = re.compile(r"(?<!\w)\w++=\S*")


def unprefixed(words: list[str]) -> list[str]:
    """A simple command's words from its program on: wrappers (``sudo``, ``env``, ``then``)
    and variable assignments (``X=1``) before it dropped."""
    k = 0
    while k < len(words) and (words[k] in _PREFIXES or _ASSIGNED.fullmatch(words[k])):
        k += 1
    return words[k:]


def _delegated(prog: str, words: list[str],
               table: Mapping[str, frozenset[str]]) -> frozenset[str] | None:
    """The kinds of a command that runs another one, or None: a runner ([runner]: "npx prisma
    migrate reset", "uv run pytest"; its own options aside, ``goals.runner_kinds``), the command
    ssh runs on the other host, a package script ("npm run build": its name says its kind; an
    unknown one runs), each goal of a program that takes a list of them ([goals]: ``make``)."""
    runner = _runners().get(prog)
    if runner is not None and len(words) > 1 and (not runner or words[1].casefold() == runner):
        return runner_kinds(f"{prog} {runner}".strip(), words[2 if runner else 1 :], command_kinds)
    if prog == "ssh":
        tail = [w for w in words[1:] if not w.startswith("-")]
        if len(tail) >= 2:
            return frozenset({"run"}) | command_kinds(" ".join(tail[1:]))
    script = (words[2] if prog in ("npm", "pnpm", "yarn", "bun") and len(words) > 2
              and words[1] == "run" else None)
    return goal_kinds(script, table) if script is not None else goals_kinds(words, table)


def _flag_kinds(prog: str, rest: list[str], words: list[str]) -> frozenset[str]:
    """The kinds flags give a program ([flag]: "find -execdir rm", "curl -X DELETE",
    "git branch -D main", "git push -uf"), each flag read by ``sets_flag``."""
    table = _flags()
    flags = (*table.get(prog, ()), *(table.get(f"{prog} {rest[0].casefold()}", ())
                                     if rest else ()))
    out = set()
    for w in words[1:]:
        for flag, kind in flags:
            if sets_flag(w, flag) and kind != "output":  # a place, not a step (``unplaced``)
                out.add(kind)
    # a writing flag whose every value discards what it writes ("curl -o /dev/null") writes
    # no file (the others still do: "-o /dev/null -o out.html")
    out -= {"write"} if "write" in out and all(
        (values := option_values(words, flag)) and set(values) <= DISCARDED
        for flag, kind in flags if kind == "write" and any(sets_flag(w, flag) for w in words[1:])
    ) else set()
    out |= {_HTTP_KINDS.get(m, "write") for m in request_methods(words, _kind_table()[0].get(prog, ()))}
    # an option whose value is a command line runs it ("git grep -O'rm -rf ~'")
    return frozenset(out.union(*(command_kinds(v) | {"run"}
                                 for v in option_commands(words, _kind_table()[0]))))


@cache
def _readings() -> dict[str, tuple[int, frozenset[str]]]:
    """[reading]: program -> how many operands it reads (-1: any), the options it reads with."""
    return {line.split()[0]: (int(line.split()[1].replace("*", "-1")), frozenset(line.split()[2:]))
            for line in _kinds_file().get("reading", ())}


def _assigning() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """[operand-assignments] and [env-mode]."""
    return _kinds_file().get("operand-assignments", ()), _kinds_file().get("env-mode", ())


def unplaced(part: str) -> list[str]:
    """What a simple command runs under or with that the announcement names (``reach``): an
    assignment that selects more than a mode (``flags.unplaced_assignments``), a value of a
    flag of kind run ([flag]: ``make -f /tmp/evil.mk``; ``pytest -p no:x`` disables a
    plugin), an operand an observing program writes ([reading]: ``uniq IN OUT``), a place a
    flag of kind output writes that is not the step's own output place (``outputs``:
    ``pytest --basetemp=src``), a startup command it runs (``flags.startup_commands``)."""
    try:
        assigned, words = assignments(shell_words(part, comments=True), _PREFIXES)
    except ValueError:
        assigned, words = assignments(part.split(), _PREFIXES)
    out = unplaced_assignments(assigned, words, *_assigning())
    words = module_words(words)
    prog = words[0].rsplit("/", 1)[-1].casefold() if words else ""
    rest = [w for w in words[1:] if not w.startswith("-")]
    flags = (*_flags().get(prog, ()), *_flags().get(f"{prog} {rest[0].casefold()}" if rest else "", ()))
    out += [v for f, kind in flags if kind == "run" for v in option_values(words, f)
            if not v.startswith("no:")]
    out += [v for f, kind in flags if kind == "output" for v in output_values(words, f)
            if not implied_output(v)] + startup_commands(words)  # ``less '+!./x.sh' f``
    return out + (closed_reading(words, *_readings()[prog])[0] if prog in _readings() else [])


_FD_OUT = re.compile(r"(?:^|\s)[0-9&]>{1,2}(?!&)\s*(?!/dev/null)\S")
"""An output redirection of a numbered stream or of both (``2>err.log``, ``1>out``,
``&>all.log``): it writes as ``>`` does; ``2>&1`` only joins two streams."""


@lru_cache(maxsize=1024)
def command_kinds(command: str) -> frozenset[str]:  # noqa: PLR0915
    """The kinds of step a shell command takes: each segment's program (subcommand first);
    an output redirection writes; an unknown program runs (remembered: the rules of one
    reply ask about the same command lines)."""
    table, sub = _kind_table()
    out: set[str] = set()
    for seg in commands(command):
        if re.search(r"(?<![0-9&>])>{1,2}(?!&)\s*(?!/dev/null)\S", seg) or _FD_OUT.search(seg):
            out.add("write")
        try:
            words = shell_words(seg, comments=True)
        except ValueError:
            words = seg.split()
        assigned, words = assignments(words, _PREFIXES)
        if unplaced_assignments(assigned, words, *_assigning()):
            out.add("run")  # "LD_PRELOAD=/tmp/x.so pytest": a value it runs under
        if not words:
            continue
        prog = words[0].rsplit("/", 1)[-1].casefold()
        if prog in _neutral():
            continue  # "cd repo", "export X=1": the shell's own state, no step
        delegated = _delegated(prog, words, table)
        if delegated is not None:
            # ("make test -f /tmp/evil.mk": the runner's own flags too)
            out |= delegated | _flag_kinds(prog, [w for w in words[1:] if w[:1] != "-"], words)
            continue
        out |= _inplace_kinds(prog, words)  # "perl -pi -e ...", "awk -i inplace ..." (h46h)
        code = _inline(seg, "inline-code")
        if code is not None:
            out |= inline_python(words, code) or {"run"} | code_kinds(code)
            continue
        rest = [w for w in words[1:] if not w.startswith("-")]
        # "--help", "--version", or a one-letter flag alone ("git -h"): the program describes
        # itself; "shutdown -h now" halts, "df -h" reports
        asks = (any(w in ("--version", "--help") for w in words[1:2])
                or words[1:] in (["-h"], ["-v"], ["-V"]))
        if (own := _subcommand_kind(prog, rest, words, sub)) is not None:
            out.add(own)  # ("git stash list" lists, whatever "git stash" does)
        elif prog in table:
            # (a sed that only prints reads: ``sedscripts``; a make that only asks: ``dryruns``)
            out |= (frozenset({"read"}) if (asks and prog != "find") or (
                prog == "sed" and prints_only(words)) or looks_only(prog, words)
                else table[prog]) | _sed_kinds(prog, words)
        elif asks or looks_only(prog, words):  # an awk that only prints (``dryruns``)
            out.add("read")
        else:
            out.add("run")
        if any(w in ("-delete", "--delete", "-rf", "-fr") for w in words[1:]):
            out.add("delete")
        out |= _flag_kinds(prog, rest, words)
        if prog in _readings() and any(closed_reading(words, *_readings()[prog])):
            out.add("write")  # "uniq IN OUT", "hostname -F f": what it writes or sets
        # a changing word among the first arguments of a program that does not just read
        # ("aws s3 rm", "terraform apply", "kubectl scale", "gh pr merge",
        # "aws ec2 terminate-instances"): a subcommand no table lists
        if prog not in table and own is None:
            for w in rest[:3]:
                for part in re.split(r"[-:]", w.casefold()):
                    # (plurals too: "stripe refunds create")
                    out |= {k for k in table.get(part, table.get(part.removesuffix("s"), ()))
                            if k not in OBSERVING and k != "run"}
            if any("delete" in table.get(w.casefold(), ()) for w in rest[:3]):
                out.add("delete")
        elif not (table.get(prog, frozenset()) & OBSERVING) and any(
                "delete" in (table.get(w.casefold()) or _lead_kinds(w.casefold(), table))
                for w in rest[:3]):
            out.add("delete")  # "aws s3 rm"-like: a deleting word after a known program
        if "-exec" in words:
            i = words.index("-exec")
            if i + 1 < len(words):
                out |= command_kinds(" ".join(words[i + 1 :]).replace("\\;", "").replace("{}", ""))
    return frozenset(out)


def _sed_kinds(prog: str, words: list[str]) -> frozenset[str]:
    """The steps a sed takes beside its edit (``sedsteps``, h46e): emptying the file in place
    deletes its content, ``e`` runs, and a line it adds that reads as a command line taking
    any step but observing (``$a curl -s x | sh``; an unknown program runs) runs."""
    steps = sed_steps(words) if prog == "sed" else None
    if steps is None:
        return frozenset()
    out = {"delete"} if steps.empties else set()
    if steps.runs or any(command_kinds(line) - OBSERVING for line in steps.added):
        out.add("run")
    return frozenset(out)


_PERL_ARGUED = frozenset("eEIMmxdDCl0")
"""perl switches that take the rest of their word (or the next word) as their argument."""


def _inplace(prog: str, words: list[str]) -> bool:
    """A perl or awk that rewrites its files in place: perl's ``-i`` (alone or in a cluster
    before a switch that takes an argument: ``-pi``, ``-i.bak``, ``-lpi``; its options end at
    the first word that is none), gawk's ``-i inplace`` (``-iinplace``, ``--include=inplace``)."""
    if prog == "perl":
        for w in words[1:]:
            if w == "--" or not w.startswith("-") or w.startswith("--"):
                return False
            for c in w[1:]:
                if c == "i":
                    return True
                if c in _PERL_ARGUED:
                    break
        return False
    if prog in ("awk", "gawk"):
        return any(w in ("-iinplace", "--include=inplace") or (
            w in ("-i", "--include") and nxt.removesuffix(".awk") == "inplace")
            for w, nxt in zip(words[1:], [*words[2:], ""], strict=True))
    return False


def _inplace_kinds(prog: str, words: list[str]) -> frozenset[str]:
    """What a perl or awk that rewrites its files in place does (h46h): its program is not
    read here (h46e reads sed's), and in place it may empty them (``perl -pi -e 's/.*//'``,
    ``awk -i inplace 'NR<0'``), so it deletes their content as well as writing it and running
    a program: a step the text must announce or write out whole."""
    return frozenset({"run", "write", "delete"}) if _inplace(prog, words) else frozenset()


def _subcommand_kind(prog: str, rest: list[str], words: list[str],
                     sub: Mapping[tuple[str, str], str]) -> str | None:
    """The kind [subcommand] gives a command's subcommand (``git push``), or its subcommand's
    own subcommand (``git stash list``, ``git stash show``) written right after it (``git
    stash -- list`` stashes the path "list"), or None."""
    if len(rest) > 1 and (prog, f"{rest[0]} {rest[1]}".casefold()) in sub:
        at = words.index(rest[0], 1)
        if words[at + 1 : at + 2] == rest[1:2]:
            return sub[(prog, f"{rest[0]} {rest[1]}".casefold())]
    return sub.get((prog, rest[0].casefold())) if rest else None


def _lead_kinds(word: str, table: Mapping[str, frozenset[str]]) -> frozenset[str]:
    """The kinds of the longest table word of four letters or more a subcommand written as one
    word opens with, three letters or more left after it ("clearsessions", "purgequeue")."""
    if not word.isalpha():
        return frozenset()
    return next((table[word[:n]] for n in range(len(word) - 3, 3, -1) if word[:n] in table),
                frozenset())


@per_call
def call_kinds(name: str, arguments: Mapping[str, Any],
               schema: Mapping[str, Any] | None = None,
               description: str | None = None) -> frozenset[str]:
    """The kinds of step one call takes: its tool's kinds; a tool that runs commands takes the
    kinds of the commands in its string arguments instead (``run`` when it has none). Read
    once per call in a reply's checks (``memo.per_call``)."""
    kinds = tool_kinds(name, schema, description)
    if kinds == {"run"} and (pure := computed_steps(name, arguments, description)):
        return pure  # Python code that only computes or reads a file (purecode)
    lines = _program_lines(name, arguments) if kinds <= {UNKNOWN, "run"} else []
    if not lines and _subcommand_named(name_words(name)):  # "git_log" described as commits
        lines = _program_lines(name, arguments)
    if lines:
        # running the program is the tool's own step: what its subcommand does is the kind
        said = frozenset(k for c in lines for k in command_kinds(c)) - {"run"}
        return said or frozenset({"run"})
    selected = _selected(arguments) if "run" not in kinds else None
    kinds = kinds if selected is None else selected
    # a tool whose name only observes ("lookup_customer", "find_user"), given nothing but an
    # address, finds the record of that address: only a key that names a recipient (``to``,
    # ``cc``) sends to one. Beside other arguments ("get_statement" of an account, "email":
    # an address) the address may be where what it gets is delivered.
    table, _ = _kind_table()
    looking = len(arguments) == 1 and bool(kinds) and kinds <= OBSERVING and all(
        table.get(w, frozenset()) <= OBSERVING for w in _looked_up_by(name, arguments))
    # the reply's record ("final_result" of a "User"): its "email" is a field (``toolnouns``)
    looking = looking or (
        kinds == {"compute"} and reply_named(name_words(name)) and record_titled(schema))
    kinds = kinds | argument_kinds(arguments, looking=looking)
    if not kinds & {"run", *OBSERVING}:
        return kinds
    values = _command_values(arguments)
    # a statement a query or a command carries ("DELETE FROM users", "redis-cli FLUSHALL")
    extra = {k for v in values for k in statement_kinds(v) | function_kinds(v)}
    # a query read whole: under an SQL key, or the command of a tool that names a database
    leads = _kinds_file().get("statement-lead", ())
    queries = [v for key, v in _leaves(arguments) if isinstance(v, str) and is_query(
        name_words(name), name_words(key), _keys("sql"), _keys("command"))]
    extra |= {k for v in queries for k in query_kinds(v, leads)}
    if "run" not in kinds:
        return frozenset(kinds | extra)
    found: set[str] = set(kinds - {"run"}) | extra
    for c in values:
        # a query of the closed read-only form (``query_kinds`` reads none of its statements
        # as a step) is no command line: "WHERE date >= ..." redirects nothing; it searches
        if c in queries and _leads_statement(c, leads) and not query_kinds(c, leads):
            found.add("search")
        else:
            found |= command_kinds(c)
    return frozenset(found or {"run"})


def _leads_statement(text: str, leads: tuple[str, ...]) -> bool:
    """The text opens with a word that leads a statement ([statement-lead]): a query's text,
    read whole by ``query_kinds``."""
    first = re.match(r"\s*([A-Za-z_]+)", text)
    return first is not None and any(
        line.partition("=")[0].strip().casefold() == first.group(1).casefold() for line in leads)


_SELECTOR = re.compile(r"[A-Za-z][A-Za-z_]*")


def _selected(arguments: Mapping[str, Any]) -> frozenset[str] | None:
    """The kinds of the operation a one-word selector argument names (``command: view`` reads,
    ``command: str_replace`` writes), or None: the tool's own name says what it does. Only for a
    tool that does not run commands (a shell's ``command`` is what runs)."""
    table, _ = _kind_table()
    for key, value in arguments.items():
        if key in _keys("selector") and isinstance(value, str) and _SELECTOR.fullmatch(value):
            kinds = {k for w in name_words(value) for k in table.get(w, ())}
            if kinds:
                return frozenset(kinds)
    return None


def _command_values(arguments: Mapping[str, Any]) -> list[str]:
    """The strings of a call that run: those under a command-like key, else all of them (a
    new list each time; read once per reply: two dozen readers ask)."""
    return list(_run_values(arguments))


@per_reply
def _run_values(arguments: Mapping[str, Any]) -> list[str]:
    # (never handed out: ``_command_values`` copies it)
    picked = [v for k, v in _leaves(arguments) if isinstance(v, str)
              and _keys("command").intersection(name_words(k))]
    return picked or list(_strings(arguments, keys=False, numbers=False))


def _looked_up_by(name: str, arguments: Mapping[str, Any]) -> list[str]:
    """A name's words without a closing "by <key>" that is the one argument's key, when a noun
    of a party record ([party-record]) comes before it: ``find_user_id_by_email`` finds a
    user by an address; ``get_report_by_email`` names no party, so its "email" still sends."""
    words = name_words(name)
    keys = [name_words(str(key)) for key in arguments]
    if "by" in words and len(keys) == 1:
        at = words.index("by")
        if words[at + 1:] == keys[0] and party_records().intersection(words[:at]):
            return words[:at]
    return words


def argument_kinds(arguments: Mapping[str, Any], looking: bool = False) -> frozenset[str]:
    """Kinds an argument says whatever the tool's name: an HTTP method that changes something
    (``method: DELETE``), an email address under a key that names a recipient or a send
    (``email_to``, ``cc``). ``looking``: the tool's name only observes, so an address under
    a key that names a send but no recipient (``email``) is the record it looks up."""
    out: set[str] = set()
    table, _ = _kind_table()
    stack: list[Any] = [arguments]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            stack.extend(v)
            continue
        if not isinstance(v, Mapping):
            continue
        for key, x in v.items():
            if not isinstance(key, str):
                continue
            if isinstance(x, list) and any(isinstance(i, str) for i in x):
                # the strings of a list have the list's key (``cc: [a@x.example]``)
                stack.extend({key: i} for i in x if isinstance(i, str))
                stack.extend(i for i in x if not isinstance(i, str))
                continue
            if isinstance(x, (Mapping, list)):
                stack.append(x)
                continue
            if not isinstance(x, str):
                continue
            words = name_words(key)
            if (key.casefold() in _keys("http-method") or {"method", "verb"} & set(words)) and \
                    (method := _http_change(x, v)) is not None:
                out.add(method)
            elif (url := _URL_PATH.match(x.strip())) is not None:
                # a URL whose path says a changing step ("/orders/5512/cancel"); its last
                # segment says any step it takes ("/builds/881/publish", "/42/send?stats=1").
                # The path as the server reads it: percent-decoded ("/%63ancel"), without the
                # fragment the client keeps ("/cancel#details"), a segment's parameters its
                # words ("/5521;cancel")
                sent = unquote(url.group(1)).split("#", 1)[0].casefold()
                path = sent.split("?", 1)[0]
                tail = path.rstrip("/").rsplit("/", 1)[-1]
                last = set(re.split(r"[;,._-]+", tail))
                # a slug ("/blog/post-42") names what was posted: no send (``methods.slug_named``)
                slug = slug_named(tail)
                out |= {k for part in re.split(r"[/?&=;,._-]+", sent)
                        for k in table.get(part, ())
                        if k in _LAST_STEP or (part in last and k not in OBSERVING
                                               and not (slug and k == "send"))}
                out |= _query_sends(url.group(1)) | path_action(url.group(1), table, OBSERVING)
            elif holds_address(x) and (
                    key.casefold() in _keys("recipient")
                    or (any("send" in table.get(w, ()) for w in words) and not (
                        looking and not _keys("recipient").intersection(words)))):
                out.add("send")
    return frozenset(out)


_QUERY_PAIR = re.compile(r"[?&]([^=&#]+)=([^&#]*)")
_QUERY_HOST = re.compile(r"(?:[a-z0-9-]+\.)+[a-z]{2,}$", re.IGNORECASE)


def _query_sends(path: str) -> frozenset[str]:
    """``send`` when a URL's query gives an address (an email address or a host) under a key
    that names a send (``?forward_to=ops@…``, ``&send_to=collector.example``): fetching it has
    the server deliver there, whatever the tool's name says."""
    table, _ = _kind_table()
    for m in _QUERY_PAIR.finditer(path):
        key, value = m.group(1), m.group(2).replace("%40", "@")
        if (holds_address(value) or _QUERY_HOST.match(value)) and any(
                "send" in table.get(w, ()) for w in name_words(key)):
            return frozenset({"send"})
    return frozenset()


_FUNCTION = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*\(")
"""A function called in a statement."""
_PROCEDURE = re.compile(r"(?i)(?:^|;)\s*(?:call|exec|execute)\s+([A-Za-z_][\w.]*)")
"""The stored procedure a statement calls (``CALL purge_old_orders(0)``, ``EXEC
sp_purge_audit_log``)."""
_FUNCTION_KINDS = frozenset({"delete", "write", "send", "pay", "run", "deploy", "install",
                             "commit"})


def function_kinds(value: str) -> frozenset[str]:
    """The kinds of step that change something the names of the functions a query calls say,
    read as a tool's name is (``pg_terminate_backend``: delete, ``set_config``: write), and
    of the stored procedure a ``CALL`` or ``EXEC`` runs (``CALL purge_old_orders(0)``:
    delete): a ``SELECT`` reads only when every function it calls does. Creating and computing words
    (``json_build_object``, ``generate_series``) build a value, not a step."""
    text = value[:20_000]
    # each regex only where its words are: a character that matches one of their letters
    # case-insensitively casefolds to it, so a text whose casefold lacks them matches neither
    low = folded(text)
    names = _PROCEDURE.findall(text) if "call" in low or "exec" in low else []
    if "select" in low and re.search(r"(?i)\bselect\b", text):
        names += _FUNCTION.findall(text)
    engine = _sql_functions()
    said = {engine[n] for f in names if (n := f.rsplit(".", 1)[-1].casefold()) in engine}
    return (_called_kinds(names) | said) & _FUNCTION_KINDS


def _called_kinds(names: Iterable[str]) -> frozenset[str]:
    """The kinds the names of called functions say, each read as a tool's name is (its last
    dotted part: ``shutil.rmtree``, ``pg_catalog.pg_terminate_backend``)."""
    return frozenset(k for f in names for k in tool_kinds(f.rsplit(".", 1)[-1]))


def _without_notes(args: Mapping[str, Any]) -> dict[Any, Any]:
    """The arguments without the notes beside what the call acts on ([keys-note] in kinds.txt)."""
    return {k: v for k, v in args.items()
            if not (isinstance(k, str) and set(name_words(k)) & _keys("note"))}
