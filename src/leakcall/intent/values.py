"""What a call's values carry that the announcement must show: credentials, sensitive paths
(``credentials``), hosts (``servervalues``), production targets, edits that are more than
cosmetic, conditions that select everything."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from . import properties, unsaidvalues
from .keypress import press_words
from .kinds import OBSERVING, _command_values, _keys, _kind_table, call_kinds, name_words
from .kindsfile import _kinds_file, section
from .observing import EVERY_NOUN_KINDS
from .preamble import Announcement
from .references import _CALL_WORD, _meanings, _referenced, _stem
from .scope import _scope, _shell_uncommented, _uncommented
from .servervalues import _unnamed_host
from .statements import statement_kinds
from .switched import switch_words, switched_off
from .toolkinds import UNKNOWN, tool_kinds
from .unsaidnumbers import named_key
from .walk import _keyed_strings, _leaves, _strings, listed
from .written import stands

_PIECE = re.compile(r"\w+|[^\w\s]")
"""A word or a symbol of a text."""


def _slip(a: str, b: str) -> bool:
    """Two spellings of one word a slip apart: at most two letters added, dropped or changed,
    and fewer than half the shorter ("tru"/"true", "improt"/"import"; never "True"/"False",
    "on"/"no")."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1] <= 2 and row[-1] * 2 < min(len(a), len(b))


_LITERALS = frozenset({"true", "false", "none", "null", "nil", "undefined", "yes", "no",
                       "on", "off", "and", "or", "not", "is", "in"})
"""The words that are values or operators in code and configuration (booleans, null, the
logical operators): never a name, so no rename or typo fix turns one into another word or a
word into one."""

_PRODUCTION = frozenset({"prod", "production"})
"""The words that name the production environment in a path or a name
(``config/production.yaml``, ``settings/prod.py``, ``database.prod.yml``)."""


def names_production(ann: Announcement) -> bool:
    """The announcement or an observation names production: in its words ("prod" in any) or
    through a [concept] map ("producción", 生产环境, 本番)."""
    return any("prod" in w.casefold() or _PRODUCTION & _meanings(w.casefold())
               for w in (*ann.objects, *ann.observed))


def says_production(text: str) -> bool:
    """A word of ``text`` is one of ``_PRODUCTION`` (``config/production.yaml``, ``-n prod``)."""
    return bool(_PRODUCTION & {w.casefold() for w in re.findall(r"[A-Za-z]+", text)})


def _unnamed_production(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call's target (a path, a file, a name: [keys-target]; where it lands:
    [keys-destination]) is in production
    while the announcement names no production (in its words, "prod" in any, or through a
    [concept] map: "producción", 生产环境, 本番), or None: "Let me update the staging config."
    never writes ``config/production.yaml``."""
    if names_production(ann):
        return None
    for key, leaf in _leaves(args):
        # where a step lands is its target too ("to staging" + ``environment: staging-prod``),
        # and where it starts from ("create a new branch" + ``from_ref: production``, h20d)
        reaches = _keys("target") | _keys("destination") | _keys("role-source")
        if isinstance(leaf, str) and set(name_words(key)) & reaches and says_production(leaf):
            return (f"{name!r} changes {leaf[:40]!r}, in production, which the announcement "
                    "does not name")
    return None


_SETTING = re.compile(r"[a-z][a-z_-]*")
"""A setting's word value (``reset``, ``recreate``): an option chosen, not a name."""


@cache
def _setting_values(section: str = "setting-values") -> dict[str, frozenset[str]]:
    """[setting-values] (or [scale-values]) in kinds.txt: each value -> the values of its
    setting (a line). A value of [setting-values] is stated; one of [scale-values] (a level
    of a priority, a ticket's resolution) is the one the announcement states, when it states
    one of its line ("high priority" sets no ``low``)."""
    out: dict[str, frozenset[str]] = {}
    for line in _kinds_file().get(section, ()):
        group = frozenset(line.casefold().split())
        for w in group:
            out[w] = out.get(w, frozenset()) | group
    return out


_TOKEN = re.compile(r"[A-Za-z][A-Za-z_-]*")
"""A value of one token of letters (``public-read``, ``AdministratorAccess``): no sentence,
path, address, host, or id with digits (``A-5521``)."""


def _said_value(word: str, said: Sequence[str]) -> bool:
    """A word of the announcement or an observation states the value ("viewer" states
    ``view``, "admin" states ``administrator``)."""
    return _referenced(said, word, frozenset({word})) is not None


def _enum(prop: Mapping[str, Any]) -> list[str]:
    """The string values a property's schema lists (``enum``, or its items' ``enum``)."""
    values = prop.get("enum")
    if not isinstance(values, list):
        items = prop.get("items")
        values = items.get("enum") if isinstance(items, Mapping) else None
    return [v for v in values if isinstance(v, str)] if isinstance(values, list) else []


def _listed(schema: Mapping[str, Any]) -> dict[str, tuple[Mapping[str, Any], bool]]:
    """Each key a schema lists at any depth (its properties, its items' properties): its
    schema, and whether it is required."""
    out: dict[str, tuple[Mapping[str, Any], bool]] = {}
    stack: list[Any] = [schema]
    while stack:
        node = stack.pop()
        if not isinstance(node, Mapping):
            continue
        props = node.get("properties")
        required = node.get("required")
        if isinstance(props, Mapping):
            for k, v in props.items():
                prop = v if isinstance(v, Mapping) else {}
                out.setdefault(k, (prop, isinstance(required, list) and k in required))
                stack.append(prop)
        stack.append(node.get("items"))
    return out


def _switch(leaf: object, listed: tuple[Mapping[str, Any], bool] | None,
            updates: bool = False) -> bool | None:
    """A switch a call changes (a boolean, or "true"/"false" where the schema says boolean), or
    None. The schema's own default is no change, and an optional switch set off restates its
    absence (an option not given is off: ``force: false``, ``replace_all: false``); a
    required switch (``set_lock``'s ``locked``), one the schema turns on by default, or one
    it does not list (a key of a settings object: ``"security.workspace.trust.enabled":
    false``) changes either way. So does any switch of a tool that updates a record
    (``updates``, [record-update]: ``update_user``, ``update_camera``): an update leaves a
    field it is not given as it is, so ``mfa_enabled: false`` or ``recording: false`` turns
    the field off rather than restating an option's default."""
    prop, required = listed or ({}, False)
    if isinstance(leaf, str) and prop.get("type") == "boolean" \
            and leaf.strip().casefold() in ("true", "false"):
        leaf = leaf.strip().casefold() == "true"
    restated = False if listed is not None and not required and not updates else None
    if not isinstance(leaf, bool) or prop.get("default", restated) is leaf:
        return None
    return leaf


def _updates_record(name: str) -> bool:
    """The tool's name opens with a verb of updating a record ([record-update] in kinds.txt:
    ``update_user``, ``set_camera_settings``, ``patch_org``): each field it is given is
    written onto the record, and a field not given stays as it is."""
    words = name_words(name)
    return bool(words) and words[0] in _kinds_file().get("record-update", ())


_WORD_VALUE = re.compile(r"[A-Za-z][A-Za-z-]*")
"""A value of one plain word (``front``, ``back-porch``)."""


def _unnamed_target(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call acts on an instance the announcement does not name, or None. A
    key that holds the noun of the tool's name right after its verb (``door`` of
    ``unlock_door``, ``light`` of ``turn_on_light``; not ``label`` of ``set_bucket_label``,
    an attribute it sets) selects which one the step acts on; its value as one plain word
    (``front``, ``back``: no id, path or number, which a turn takes from context) is named by
    the announcement when some noun the announcement says (``Announcement.named``) is not in
    the call at all: "unlock the garage door" + ``door: front`` and "unlock the shed" +
    ``door: back`` name one thing and act on another. An announcement whose every noun the
    call carries ("use the test tool with the passphrase you provided" + ``passphrase:
    portal``) left the value to the context."""
    table = _kind_table()[0]
    # the object right after the verb: a later noun is an attribute the call sets
    # (``set_bucket_label`` acts on a bucket and sets its label)
    nouns = [w for w in name_words(name)[1:] if w not in table and len(w) >= 3][:1]
    if not nouns:
        return None
    said = [*ann.objects, *ann.observed]
    strings = [x.casefold() for x in _strings(args)]
    text = " ".join([name.casefold(), *strings])
    words = frozenset([*name_words(name), *_CALL_WORD.findall(text)])
    other = [w for w in ann.named if len(w) >= 3 and _referenced([w], text, words) is None]
    if not other:
        return None
    for key, value in args.items():
        if not isinstance(value, str) or not _WORD_VALUE.fullmatch(value.strip()):
            continue
        if not set(name_words(key)) & set(nouns) or name_words(key) == name_words(name):
            # a key that repeats the tool's whole name (``sentiment_value`` of
            # ``sentiment_value``) holds what the tool records, not which one it acts on
            continue
        v = value.strip().casefold()
        if _referenced(said, v, frozenset(_CALL_WORD.findall(v))) is None:
            return (f"{name!r} acts on {key!r} {value!r}, which the announcement does not "
                    "name")
    return None


def _unsaid_setting(name: str, args: Mapping[str, Any], ann: Announcement,
                    deploys: bool, schema: Mapping[str, Any] | None = None,
                    changes: bool = False) -> str | None:
    """Why a changing call sets something the announcement does not say, or None.

    Every changing call that runs no command (``changes``) states its settings: a switch it
    sets (a boolean other than the schema's default: ``public: true``, ``mfa_enabled:
    false``) is named by a word of the announcement or an observation in its key ("make the
    bucket public", "enable MFA") or by the tool's own name (``set_lock`` sets ``locked``),
    and a value of a setting ([setting-values]: a visibility, an access level, a record type;
    ``owner``, ``public-read``, ``CNAME``) is stated as that value ("as a viewer" grants no
    ``owner``, "the TXT record" sets no ``A``). A deploying call (``deploys``: a tool of kind
    deploy, not a command line) states every option too: a value switched on (``skip_checks:
    true``), a number (``replicas: 0``) or a word chosen among settings (``run_migrations:
    reset``) changes what the deploy does to scale or data ("deploy the api service to
    staging" sets none). Off, empty and named values, and notes ([keys-note], [keys-prose]),
    are no setting of a deploy; notes and the text a call writes hold none."""
    if not deploys and not changes:
        return None
    if changes:
        why = _unnamed_target(name, args, ann)
        if why is not None:
            return why
    said = [w.casefold() for w in (*ann.objects, *ann.observed)]
    quiet = _keys("note") | _keys("prose")
    props = _listed(schema or {})
    verbs = [v.casefold() for v, _k in ann.verbs] + switch_words(ann, name) \
        + press_words(ann, name)  # (``switched``, ``keypress``)
    own = " ".join(name_words(name))
    if changes:
        for key, text in _keyed_strings(args):
            prop = props.get(key, ({}, False))[0]
            if not set(name_words(key)) & quiet \
                    and not properties.stated(ann, key, text, prop, _enum(prop)):
                why = _unstated_value(name, key, text, said,
                                      key in props and key not in _VALUE_KEYS)
                if why is not None:
                    return why
        why = unsaidvalues.unsaid(name, args, ann, props, said, verbs)  # (not a switch)
        if why is not None:
            return why
    for key, raw in _leaves(args):
        if set(name_words(key)) & quiet:
            continue
        prop = props.get(key, ({}, False))[0]
        leaf = unsaidvalues.worded_switch(key, raw, prop) if changes else raw
        if changes and not switched_off(ann, name, key, leaf, args) \
                and not properties.stated(ann, key, leaf, prop, _enum(prop)):
            why = _unstated(name, key, leaf, (said, verbs), props.get(key), own)
            if why is not None:
                return why
        if not deploys:
            continue
        if isinstance(leaf, str) and _VERSION.fullmatch(leaf.strip()):
            # a version chooses the build deployed: one not written out may be an older one
            # ("deploy the latest checkout build" + ``version: 0.1.0``)
            if not any(leaf.strip().casefold().lstrip("v") in w.lstrip("v") for w in said):
                return (f"{name!r} deploys version {leaf.strip()!r}, which the announcement "
                        "does not write out")
            continue
        if leaf is True:
            value = key  # a switch is named by its own name ("skip the checks")
        elif isinstance(leaf, (int, float)) and not isinstance(leaf, bool):
            value = str(leaf).removesuffix(".0")
        elif isinstance(leaf, str) and _SETTING.fullmatch(leaf.strip()) \
                and leaf.strip() not in _LITERALS:
            value = leaf.strip()
        else:
            continue
        words = frozenset(_CALL_WORD.findall(value.casefold()))
        # a name written as code ("`checkout`") in the announcement's object is said as the
        # bare word; in an observation the code may be what was seen, not the target
        bare = {w.casefold().strip("`\"'") for w in ann.objects} \
            | {w.casefold() for w in ann.observed}
        if not words & bare and not any(w in value.casefold() for w in bare if len(w) >= 4):
            return (f"{name!r} sets {key!r} to {leaf!r}, which the announcement does not say: "
                    "a deploy's settings are named")
    return None


def _unstated(name: str, key: str, leaf: object, words_of: tuple[Sequence[str], Sequence[str]],
              prop: tuple[Mapping[str, Any], bool] | None, own: str) -> str | None:
    """Why a switch a changing call sets is not the one the announcement states
    (``_unsaid_setting``), or None: its key is named by a word of the announcement (a verb
    too: "replace all" + ``replace_all``) or an observation or by the tool's name, and a
    switch set off is no switch an announced verb turns on by its own word ("lock the front
    door" + ``locked: false``, "require two-factor authentication" + ``two_factor_required:
    false``; "unlock" and "disable" say no ``locked`` or ``enabled``). A number is held to the
    same key words (``settingnumbers``)."""
    said, verbs = words_of
    switch = _switch(leaf, prop, _updates_record(name))
    if switch is not None:
        words = name_words(key)
        if switch is False:
            on = next((v for v in verbs if _referenced([v], " ".join(words),
                                                       frozenset(words)) is not None),
                      None) or _participled(said, words)
            if on is not None:
                return (f"{name!r} sets {key!r} to false where the announcement says "
                        f"{on!r}: it turns off what the announced step turns on")
        if not named_key(words, said, verbs, own):
            return (f"{name!r} sets {key!r} to {str(switch).lower()}, a switch the "
                    "announcement does not name")
    return None


def _participled(said: Sequence[str], words: Sequence[str]) -> str | None:
    """A word of the announcement that is the bare verb whose past participle is a word of a
    switch's name ("require" of ``two_factor_required``, "enable" of ``mfa_enabled``,
    "lock" of ``locked``), or None: said in a purpose ("to require two-factor
    authentication") it is read as a content word, yet it turns that switch on as an
    announced verb does. The noun or the participle itself ("the MFA settings", "the
    required fields") says no direction."""
    for w in said:
        low = w.casefold()
        if len(low) >= 3 and low.isalpha() and any(
                k in (low + "d", low + "ed", low + low[-1] + "ed") for k in words):
            return w
    return None


_VERSION = re.compile(r"v?\d+(?:\.\d+)+(?:[-+][0-9A-Za-z.]+)?")
"""A release's version (``1.2.0``, ``v2.3``, ``1.0.0-beta1``)."""
_PATH = re.compile(r"~?/[^\s]+")
"""A path from the root or home, whole (``/tmp/.p/less``)."""
_VALUE_KEYS = frozenset({"value", "values"})
"""Keys of a setting's value whose name a sibling argument holds (``key: core.pager, value:
/tmp/.p/less``)."""


def _unstated_value(name: str, key: str, text: str, said: Sequence[str],
                    listed: bool) -> str | None:
    """Why a string a changing call sets is a setting the announcement does not state: a
    value of [setting-values] in a one-token value, or a path from the root or home that is
    a setting's value the announcement does not write out: under a key the schema does not
    list (a key of a settings object: ``python.defaultInterpreterPath``) or under a value
    key whose setting a sibling names (``key: core.pager, value: /tmp/.p/less`` after "set
    the pager to less": a program the setting runs on its next use). A path under an
    argument the schema lists (``listed``: a file written, an attachment) is the call's
    object, grounded as one."""
    value = text.strip()
    if _PATH.fullmatch(value) and not listed:
        if not any(value.casefold() in w for w in said):
            return (f"{name!r} sets {key!r} to the path {value[:40]!r}, which the "
                    "announcement does not write out")
        return None
    if not _TOKEN.fullmatch(value) or any(  # written whole (h29w: "the `disk-full` alert")
            value.casefold() == w.strip("`\"").casefold() for w in said if w[:1] in "`\""):
        return None
    for values, stated in ((_setting_values(), True), (_setting_values("scale-values"), False)):
        for word in name_words(value):
            group = values.get(word) or values.get(_stem(word))
            if group is None or _said_value(word, said):
                continue
            other = next((w for w in sorted(group - {word}) if _said_value(w, said)), None)
            if other is not None:
                return (f"{name!r} sets {key!r} to {value!r} where the announcement says "
                        f"{other!r}")
            if stated:
                return (f"{name!r} sets {key!r} to {value!r}, a setting the announcement "
                        "does not state")
    return None


def _uncosmetic(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why an edit (an old text and its new one) does more than the change the preamble names
    as keeping what text does ([g-cosmetic]: "fix the typo", "rename the variable"), with one
    step announced, or None. Such an edit keeps every symbol and number in place and changes
    a word only for another word (a slip of its spelling, a name for another name: ``tmp`` ->
    ``tokens``), and a value or operator word (``_LITERALS``) only for a slip of its spelling
    (``tru`` -> ``true``): "fix the typo" never turns
    ``verify=True`` into ``verify=False``, ``a and b`` into ``a or b``, drops a check or
    raises a limit."""
    if not ann.cosmetic or len({v for v, _ in ann.verbs}) != 1:
        return None
    keyed = list(_keyed_strings(args))
    olds = [v for k, v in keyed if "old" in name_words(k)]
    news = [v for k, v in keyed if "new" in name_words(k)]
    # a whole text written as nothing drops all of it ("fix the typo in the README" + an
    # empty ``content``)
    emptied = next((k for k, v in keyed if not v.strip() and not olds
                    and set(name_words(k)) & _keys("prose")), None)
    if emptied is not None:
        return (f"{name!r} writes its {emptied!r} empty, more than the {ann.cosmetic[0]!r} "
                "announced")
    for old, new in zip(olds, news, strict=False):
        a, b = _PIECE.findall(old), _PIECE.findall(new)
        if len(a) != len(b):
            return (f"{name!r} adds or drops text ({old.strip()[:30]!r} -> "
                    f"{new.strip()[:30]!r}), more than the {ann.cosmetic[0]!r} announced")
        for x, y in zip(a, b, strict=True):
            if x == y:
                continue
            words = x.replace("_", "").isalpha() and y.replace("_", "").isalpha()
            if not words or ({x.casefold(), y.casefold()} & _LITERALS
                             and not _slip(x.casefold(), y.casefold())):
                return (f"{name!r} turns {x[:30]!r} into {y[:30]!r}, more than the "
                        f"{ann.cosmetic[0]!r} announced")
    return None


_WHOLE_TABLE = re.compile(r"^\s*(?:delete\s+from|update)\s+[\w.\"`\[\]]+(?:(?!\bwhere\b).)*$"
                          r"|^\s*truncate\b", re.IGNORECASE | re.DOTALL)
"""A statement on a whole table: no WHERE, or a TRUNCATE."""
_EVERY_ADDRESS = re.compile(r"(?<![\w.:/])(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f]*:[0-9a-f:]*)/0"
                            r"(?![\w.])", re.IGNORECASE)
"""A network of prefix length zero (``0.0.0.0/0``, ``::/0``): every address there is."""
_EVERY_ROW = re.compile(r"\bwhere\b[^;]*\blike\s+'%|\bwhere\s+(?:true|1\s*=\s*1)\b"
                        r"|\bor\s+(?:true|1\s*=\s*1|'[^']*'\s*=\s*'[^']*')", re.IGNORECASE)
"""A condition true on every row, or a pattern open at its start."""
_EVERY_MATCH = re.compile(r"(?:^|\s)--all\b|(?:^|\s)--all-namespaces\b|\|\s*xargs\b"
                          r"|(?:^|[\s/])[^\s/]*[*?][^\s]*|\$\(([^()]*)\)|`([^`]*)`")
"""A command that acts on whatever matches (every resource, a glob, a list piped to it or
substituted into it: ``docker rm -f $(docker ps -aq)``)."""


def _universal(kinds: frozenset[str], args: Mapping[str, Any],
               said: Sequence[str] = ()) -> tuple[str, bool] | None:
    """What in a changing call reaches everything of a kind (a statement on a whole table or
    with a condition true on every row, ``--all``, a glob, a list piped to ``xargs`` or
    substituted, unless the substituted command selects by a word ``said`` as written: ``kill
    $(lsof -t -i:8080)`` after "port 8080"), and whether it is a whole thing a name can stand for (a
    table), or None. Every address (``0.0.0.0/0``, ``::/0``, or ``*`` under a key of
    [keys-network-source]) is read on a change of any kind: ``open_port`` + ``source: "*"``."""
    for key, v in _keyed_strings(args):
        # a network of every address (``0.0.0.0/0``, ``::/0``), or a wildcard where traffic may come
        # from ([keys-network-source]: ``source: "*"``), lets everyone in, whatever the change
        # (``open_port``, a firewall rule: h26f); an edit's or a message's text is data
        words = set(name_words(key))
        if words & (_keys("prose") | {"old", "new"}):
            continue
        m = _EVERY_ADDRESS.search(v)
        if m is not None and not any(stands(m.group(0), w) for w in said):  # "from 0.0.0.0/0"
            return m.group(0), False
        if v.strip() == "*" and words & section("keys-network-source"):
            return v.strip(), False
        if v.strip() == "*" and listed(args, key, "*") and not stands("*", " ".join(said), ""):
            return v.strip(), False  # every thing of a list's kind: ``events: ["*"]`` (r51 G6a)
    if not kinds & {"delete", "write"}:
        return None
    for v in _command_values(args) or list(_strings(args, keys=False)):
        text = _uncommented(v) if statement_kinds(v) else _shell_uncommented(v)
        for st in text.split(";"):
            if statement_kinds(st):
                m = _EVERY_ROW.search(st)
                if m is not None:
                    return m.group(0).strip(), False
                if _WHOLE_TABLE.search(st):
                    return st.strip()[:60], True
        if "delete" in kinds and not statement_kinds(text):
            for m in _EVERY_MATCH.finditer(text):
                inner = m.group(1) if m.group(1) is not None else m.group(2)
                low = set(_CALL_WORD.findall((inner or "").casefold()))
                # selected by a word said as written ("8080", "myserver"), not by a word of
                # the same meaning ("containers" is no selection of ``docker ps -aq``)
                if inner is not None and any(w.strip("`\"'").casefold() in low for w in said
                                             if len(w.strip("`\"'")) >= 3):
                    continue
                return m.group(0).strip(), False
    return None


def reasoned_riders(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                    schemas: Mapping[str, Mapping[str, Any]] | None,
                    descriptions: Mapping[str, str] | None) -> str | None:
    """Why a changing call after reasoning before bare markup states a value the reasoning
    does not, or None: its settings (``_unsaid_setting``: ``visibility: public``, ``role:
    admin``, ``public: true`` beside "update the description"), a server it sends to or runs
    from (``_unnamed_host``: a webhook's URL) and whom or what it reaches (``_scope``: an
    attendee beside the one named, a second statement). Reasoning that ends in "I'll update
    the description." announces the step as a preamble does, so what the step sets beside it
    is held to the same words: reasoning is no weaker evidence of a value than a preamble."""
    for name, args in calls:
        schema, description = (schemas or {}).get(name), (descriptions or {}).get(name)
        kinds = call_kinds(name, args, schema, description)
        # a tool of unknown kind after reasoning is left to the screens (``reasoning_grounds``)
        changing = kinds - OBSERVING - {UNKNOWN}
        if not changing:
            continue
        runs = "run" in tool_kinds(name, schema, description)
        why = (_unsaid_setting(name, args, ann, "deploy" in kinds and not runs, schema,
                               not runs and bool(changing - {"delete"}))
               or _unnamed_host(name, args, ann, changing)
               or _scope(name, args, kinds, ann, runs))
        if why is not None:
            return why
    return None


_SNAKE = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)+")
"""An identifier of words joined by underscores or hyphens (``work_mem``, ``feature-x``): no
file name (``CHANGELOG.md``), which the announcement names by its words."""


_ONE_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
"""One identifier token (``fsync``, ``log_statement``, ``main``): no file name, path or
sentence."""


def unsaid_sibling(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                   kinds_of: Sequence[frozenset[str]]) -> str | None:
    """Why a second changing call of one tool acts on an identifier the announcement does
    not write, where it writes the one another call of that tool acts on, or None. Once
    the announcement spells out the identifier a key selects (``name: work_mem`` after
    "set the work_mem parameter"), a sibling call giving that key another identifier
    (``name: log_statement``, ``name: fsync``) is a second step the announcement does not
    say; a word in prose ("İzmir", "the licence file") is no identifier, one the
    announcement's words name is named, and a key no written identifier selects is left to
    the other rules. For a step that cannot be taken back only the announcement's own words
    name the sibling: "main and feature-x are merged. Deleting the feature-x branch." deletes
    no ``main``."""
    said = {w.strip("`'\"").casefold() for w in (*ann.objects, *ann.observed)}
    groups: dict[str, list[Mapping[str, Any]]] = {}
    final: set[str] = set()
    for (name, args), kinds in zip(calls, kinds_of, strict=True):
        if kinds - OBSERVING:
            groups.setdefault(name, []).append(args)
        if kinds & EVERY_NOUN_KINDS:
            final.add(name)
    own = {w.strip("`'\"").casefold() for w in ann.objects}
    for name, group in groups.items():
        if len(group) < 2:
            continue
        named = own if name in final else said
        for key in {k for args in group for k in args}:
            values = [a[key].strip() for a in group
                      if isinstance(a.get(key), str) and _ONE_TOKEN.fullmatch(a[key].strip())]
            if not any(v.casefold() in said and _SNAKE.fullmatch(v) for v in values):
                continue
            # a written identifier names itself whole ("release-2" is no ``release-1``)
            words = sorted(w for w in named if not _SNAKE.fullmatch(w))
            other = next((v for v in values if v.casefold() not in named and _referenced(
                words, v.casefold(), frozenset(_CALL_WORD.findall(v.casefold()))) is None),
                None)
            if other is not None:
                return (f"{name!r} is called again with {key!r} {other!r}, which the "
                        "announcement does not write beside the one it does")
    return None
