"""Secrets by their form that ``credentials._secret`` reads beside its own (issue 25, round 36: a
mail of "the notes" carrying a cloud key, social security numbers, recovery codes):

- a token of a provider's known prefix (``ghp_``, ``github_pat_``, ``sk-``, ``sk_live_``,
  ``xoxb-``, ``AKIA``, ``glpat-``, ``AIza``);
- a value set for a name whose last words name a secret (``AWS_SECRET_ACCESS_KEY=…``,
  ``api_token: …``), unless it is a reference or a placeholder (``$TOKEN``, ``<your-key>``,
  ``${{ secrets.X }}``, ``changeme``, ``xxxx``);
- a US social security number (``078-05-1120``: no area 000, 666 or 9xx);
- codes written under a label of an account's recovery ("Recovery codes: 4821-9930"), and a
  date of birth written under its label ("DOB 1984-03-02").

A secret under a label the announcement says ("remove the password": ``password: …``) is
named (``labelled``).
"""

from __future__ import annotations

import re

from .memo import folded, per_value

__all__ = ["PREFIXED", "labelled", "may_assign", "prefixed", "secret_form"]

PREFIXED = re.compile(
    r"(?<![\w-])(?:gh[opusr]_[A-Za-z0-9]{6,}|github_pat_\w{6,}|sk-(?:proj-|ant-)?[\w-]{20,}|"
    r"(?:sk|rk|pk)[-_](?:(?:live|test|proj|ant)[-_])?(?=[\w-]*\d)[A-Za-z0-9][\w-]{5,}|"
    r"xox[abposr]-[\w-]{6,}|A[KS]IA[0-9A-Z]{12,}|glpat-[\w-]{6,}|AIza[\w-]{10,})")
"""A key by its issuer's prefix (``sk-live-…``, ``ghp_…``, ``xoxb-…``, ``AKIA…``): short or
not, it is a credential; the one reader of this form (``credentials._secret`` through
``secret_form``, ``lookriders``)."""
_ASSIGNED = re.compile(
    r"(?<![\w$])(?:[A-Za-z_][\w.-]*?)?(?:secret|token|passw(?:or)?d|api_?key|access_?key|"
    r"private_?key|client_?secret)[A-Za-z_]*\s*[=:]\s*[\"']?"
    r"((?=[^\s\"'`]*\d)[A-Za-z0-9+/=_.-]{8,})(?=[\s\"'`,;]|$)",
    re.IGNORECASE)
"""A value set for a name of a secret (``AWS_SECRET_ACCESS_KEY=wJalr…``): a run of a key's
characters holding a digit, whole (no call, no expression)."""
_PLACEHOLDER = re.compile(r"^[$<{%(\[]|your|example|changeme|placeholder|dummy|redacted|"
                          r"secret|token|password|process\.env|os\.environ|getenv|env\[|"
                          r"(.)\1{3}|\.\.\.|\*\*\*", re.IGNORECASE)
"""A value that stands for a secret rather than being one."""
_SSN = re.compile(r"(?<![\d-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\d-])")
_LABELLED = re.compile(
    r"\b(?:recovery|backup)\s+codes?\b\s*[:=-]\s*\S*\d|"
    r"\b(?:DOB|d\.o\.b\.?|date\s+of\s+birth)\b\s*[:=]?\s*\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}",
    re.IGNORECASE)


# Each pattern above is tried at every character of a long value (0.05-0.2 ms on 2 KB): it is
# searched only where the value holds a literal that every one of its matches holds.
_PREFIX_LITERALS = ("gh", "github_pat_", "sk-", "sk_", "rk-", "rk_", "pk-", "pk_", "xox",
                    "AKIA", "ASIA", "glpat-", "AIza")
"""One of these is in every ``PREFIXED`` match, as written (the pattern is cased)."""
CREDENTIAL_STEMS = ("key", "secret", "token", "passw", "pwd", "cred", "auth", "pat")
"""One of these is in the casefold of every name ``_ASSIGNED`` (here and in ``lookriders``)
reads; no stem holds an "i", which IGNORECASE also matches as a dotless "ı" (casefold keeps
it), and casefold maps the rest of IGNORECASE's equivalents ("ſ", the Kelvin sign)."""
_LABEL_STEMS = ("dob", "d.o.b", "date")
"""One of these, or "code" after "recovery" or "backup", is in the casefold of every
``_LABELLED`` match ("birth" holds an "i": its "date" is the literal read)."""


def _any_of(literals: tuple[str, ...]) -> re.Pattern[str]:
    """One search for any of ``literals`` (faster than a test of each on a long value)."""
    return re.compile("|".join(re.escape(lit) for lit in literals))


_PREFIX_ANY, _STEM_ANY, _LABEL_ANY = (_any_of(_PREFIX_LITERALS), _any_of(CREDENTIAL_STEMS),
                                      _any_of(_LABEL_STEMS))


@per_value
def prefixed(value: str) -> tuple[str, ...]:
    """Every key by its issuer's prefix a string holds, in order (once per reply: the secret
    readers of ``values`` and ``lookriders`` both ask)."""
    if _PREFIX_ANY.search(value) is None:
        return ()
    return tuple(m.group(0) for m in PREFIXED.finditer(value))


@per_value
def may_assign(value: str) -> bool:
    """Whether a string can set a credential's name to a value: an "=" or ":" and a
    credential word (what every match of both readers of an assignment holds)."""
    if "=" not in value and ":" not in value:
        return False
    return _STEM_ANY.search(folded(value)) is not None


def _may_label(value: str) -> bool:
    low = folded(value)
    return _LABEL_ANY.search(low) is not None or (
        "code" in low and ("recovery" in low or "backup" in low))


def secret_form(value: str) -> str | None:
    """The secret a string holds by one of the forms above, or None."""
    keys = prefixed(value)
    if keys:
        return keys[0]
    for m in _ASSIGNED.finditer(value) if may_assign(value) else ():
        if not _PLACEHOLDER.search(m.group(1)):
            return m.group(0)
    got = (_SSN.search(value) if "-" in value else None) or (
        _LABELLED.search(value) if _may_label(value) else None)
    return got.group(0) if got is not None else None


def labelled(found: str, shown: str) -> bool:
    """A secret written under a label (``password: …``, ``Recovery codes: …``) whose label the
    announcement says by one of its words ("remove the password from the README"): the step
    is about that secret."""
    head = re.split(r"[=:]|\d", found, maxsplit=1)[0] if re.search(r"[=:]|\d", found) else ""
    words = set(re.findall(r"[a-z]{3,}", shown))
    return any(w in words for w in re.findall(r"[a-z]{3,}", head.casefold()))
