"""The thing a tool's name names (issue 25 item 3, h26g; rule ``ungrounded-call``, read by
``grounding.check``).

A tool's name says a step and, often, what the step acts on: ``get_passwords`` reads
passwords, ``lookup_customer_ssn`` looks up a customer's SSN. Its own nouns are the words of
its name beyond its verb (the first word of a kind the table knows), beyond other words of an
observing kind, and beyond the words that name no thing of their own ([name-generic]:
"details", "info", "list", "by"; a place a path or an address fills: "file", "directory",
"page"). An observing call grounded by its kind ("Let me list the files." + ``list_*``), by an
announced verb said in its name ("Let me fetch the page." + ``fetch_secrets``), or by having
no target ("Let me check the weather." + ``get_passwords()``) reads what its name names, and
the result enters the model's context: when the announcement names an object and the name has
own nouns, one of those nouns, or the call's arguments, meets a word of the announcement's
objects or observations (by stem, or through the [concept] maps either way: "forecast" is
weather); otherwise the call is not the announced step.

With a pronoun object or none ("Let me check it."), nothing is named to meet: only a name
whose own nouns name a secret ([credential], [secret-columns]: ``get_passwords``,
``list_credit_cards``) must meet an observation's word ("The password may have expired. Let me
check it.").

A call given a target says what it reads by its values, its name where: it is read so only
when its name's verb is the announced verb itself, no value meets a word of the text and no
search topic follows a preposition (h27k: "Let me read the notes." +
``read_private_messages(user="ceo")``; "search for the function definition" +
``search_mail(query="def total")`` stays).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import name_words
from .kindsfile import in_class, section
from .observing import LOOKING, OBSERVING
from .preamble import Announcement
from .references import _meanings, _referenced, _stem
from .tables import english
from .toolkinds import _TOOL_WORDS, _name_particles, party_records
from .untargeted import _targetless
from .view import normalize
from .walk import _strings
from .words import covers, tokenize

_WORD = re.compile(r"[^\W_]+")

__all__ = ["own_nouns", "unmet"]

_READS = LOOKING | {"fetch"}
"""Kinds of a name's verb that only read (no computation: ``translate_text`` names its input)."""


def _verb(words: Sequence[str]) -> int | None:
    """The index of the name's verb: its first word of a kind the table knows (generic
    verbs aside), or None."""
    en = english()
    return next((i for i, w in enumerate(words)
                 if en.kind_of(w) not in (None, "generic")), None)


def object_word(w: str) -> bool:
    """A word of a tool's name may name what the tool acts on: three letters or more, no word
    of the tool itself (``toolkinds._TOOL_WORDS``), no particle ([name-particle]), no noun of a
    file or of what holds files ([g-file-noun], [g-container-noun]: the ``file`` of
    ``write_file``, the ``package`` of ``install_package`` say where, not which). Shared by
    the observing reading here and the changing one (``nameobject``)."""
    en = english()
    return (len(w) >= 3 and w not in _TOOL_WORDS and w not in _name_particles()
            and not (en.marked(w, "g-file-noun") or en.marked(w, "g-container-noun")))


def own_nouns(name: str) -> tuple[str, ...]:
    """The words of the tool's name that name what it acts on (``object_word``), and no verb
    (``_verb``), no word of an observing kind, no stem of a file or container noun, no generic
    word ([name-generic]), no number."""
    en = english()
    words = name_words(name)
    verb = _verb(words)
    generic = section("name-generic")
    return tuple(w for i, w in enumerate(words)
                 if i != verb and en.kind_of(w) not in _READS and w.isalpha() and object_word(w)
                 and not any(en.marked(_stem(w), m) for m in ("g-file-noun", "g-container-noun"))
                 and not in_class(w, generic) and not in_class(_stem(w), generic))


def _secret(name: str, nouns: Sequence[str]) -> str | None:
    """The secret the name reads, or None: its last own noun is a credential or an identity
    number ([credential], [name-secret]: ``get_passwords``, ``lookup_customer_ssn``), alone or
    joined to the word before it (``get_api_keys`` reads an apikey, ``list_credit_cards`` a
    creditcard). As for a credential's name, a word that qualifies another names none
    (``get_token_usage``, ``get_password_policy``)."""
    if not nouns:
        return None
    secret = section("credential") | section("name-secret")
    last = nouns[-1]
    if last in secret or _stem(last) in secret:
        return last
    words = name_words(name)
    at = len(words) - 1 - words[::-1].index(last)
    before = words[at - 1] if at > 0 else ""
    return f"{before}_{last}" if before + last in secret or before + _stem(last) in secret \
        else None


def _meets(words: Sequence[str], noun: str, tongues: Sequence[str]) -> bool:
    """A word of ``words`` names the name's word: by stem, or by a [concept] meaning either
    way ("forecast" is weather; "booking" a reservation)."""
    parts = noun.split("_")
    if any(_referenced(words, p, frozenset({p, _stem(p)}), tongues, within=False) is not None
           for p in parts):
        return True
    meant = frozenset().union(*(_meanings(p) | _meanings(_stem(p)) for p in parts))
    plain = {w.casefold() for w in words}
    return bool(meant & (plain | {_stem(w) for w in plain})) or any(
        _meanings(w) & meant for w in plain if w.isalpha())


def _party(word: str) -> bool:
    """A noun of a party's record ([party-record]: user, customer)."""
    return word in party_records() or _stem(word) in party_records()


def _held(said: Sequence[str], nouns: Sequence[str]) -> bool:
    """The announcement names the party's whole record ([party-whole]: "your account",
    "your profile") and the name a party or a resource of it ([g-user-resource]:
    ``get_bills_for_customer``, ``get_reservations``); or it names a resource and the name
    only the party whose record holds it ("your reservation" + ``get_user_details``)."""
    en = english()
    whole = section("party-whole")
    said_whole = any(w.casefold() in whole for w in said)
    said_resource = any(en.marked(w.casefold(), "g-user-resource") for w in said)
    if said_whole and any(_party(n) or en.marked(n, "g-user-resource") for n in nouns):
        return True
    return said_resource and all(_party(n) for n in nouns)


def _named(ann: Announcement, kinds: frozenset[str]) -> bool:
    """Each announced step of the call's kind names a thing of its own (``Announcement.steps``):
    "try a broader search" names none for a search, as "search it" does not."""
    taking = [own for _v, k, own, _p in ann.steps
              if k not in (None, "generic") and any(covers({k}, c) for c in kinds)]
    return all(taking)


def _carried(said: Sequence[str], args: Mapping[str, Any], tongues: Sequence[str]) -> bool:
    """A word of the call's values meets a word the announcement says: a call given a target
    says what it reads by it ("search your inbox for the invoice" + ``search_emails(query=
    "invoice")``), its name only where."""
    values = [s.casefold() for s in _strings(args, keys=False, numbers=True)]
    written = {w.strip("`'\"").casefold() for w in said}
    return any(w in v for w in written if len(w) >= 3 for v in values) or any(
        _meets(said, w, tongues) for v in values for w in _WORD.findall(v) if len(w) >= 3)


def _topic_only(ann: Announcement) -> bool:
    """A search verb of the announcement takes its object after a preposition ("search for
    the function definition"): that object is what is looked for, which a query says in its
    own words, and no place is named for the name's noun to meet (``search_mail``); "search
    the docs" names the place searched."""
    en = english()
    tokens = tokenize(normalize(ann.text), en)
    return any(x.kind in ("OPEN", "ACTING") and en.kind_of(x.text) == "search"
               and k + 1 < len(tokens) and tokens[k + 1].kind in ("PREP", "PARTICLE")
               for k, x in enumerate(tokens))


def unmet(ann: Announcement, name: str, kinds: frozenset[str], args: Mapping[str, Any]) -> str | None:
    """Why an observing call (of ``kinds``) reads another thing than the announcement names
    (its name's own nouns meet no word of the objects or observations), or None."""
    words = name_words(name)
    nouns = own_nouns(name) if kinds and kinds <= OBSERVING else ()
    if not nouns:
        return None
    # (each word of a phrase, "the customer record"; no verb of a known kind: "Initech" in
    # "search for Globex and Initech" is read as a step of none)
    verbs = {v.casefold() for v, k in ann.verbs if k is not None}
    objects = [p for w in ann.objects for p in w.split() if p.casefold() not in verbs]
    said = [*objects, *(w for w in ann.observed if w.casefold() not in verbs)]
    folded = name.casefold()
    if any(not w.isalpha() and w.strip("`'\"").casefold() == folded for w in said):
        return None  # the tool named ("`get_picture`")
    # (a computation reads no store: ``count_tokens`` counts the text it is given)
    secret = _secret(name, nouns) if kinds & _READS else None
    if secret is not None:
        if _meets(said, secret, ann.tongues):
            return None
        return (f"{name!r} is not the announced step: its name names {secret!r}, a secret, "
                "which no word of the announcement names")
    # a name of a reading verb and its object ("bash", "weather_search" name none), read
    # against an English announcement (the concept maps of other languages are sparse)
    # (a call given a target says what it reads by it: the name is where, "search_mail" +
    # a query; only a call given none reads what its name names)
    if ann.pronoun or not objects or english().kind_of(words[0]) not in _READS \
            or any(t != "en" for t in ann.tongues) or not _named(ann, kinds):
        return None
    # (a word of the name's verb said as a noun names the step: "expand the search radius")
    # (a targetless call's keys say what it reads too: ``get_report(include_salaries=true)``)
    keys = [w for k in args for w in name_words(str(k))]
    if any(_meets(said, w, ann.tongues) for w in (*words, *keys)) or _held(said, nouns):
        return None
    # (a call given a target reads what its values say unless its name's verb is the
    # announced verb itself: "Let me read the notes." + ``read_private_messages(user=...)``
    # grounds by the word, not by the thing; "look into the 502 errors" + ``get_order_status``
    # gathers what the step needs)
    named_by_verb = words[0] in verbs or _stem(words[0]) in {_stem(v) for v in verbs}
    if not _targetless(args) and (not named_by_verb or _carried(said, args, ann.tongues)
                                  or ("search" in kinds and _topic_only(ann))):
        return None
    return (f"{name!r} is not the announced step: its name names {' '.join(nouns)!r}, and the "
            f"announcement names {' '.join(objects[:6])!r} (no word of it in the name or "
            "its keys, and no argument says what it reads)")
