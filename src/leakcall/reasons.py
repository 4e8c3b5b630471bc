"""The reason codes: every Recovery carries exactly one. Their string values are a public contract."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["DEFAULT_RULE", "Reason", "Refusal"]


class Reason(StrEnum):
    """Why ``recover`` returned what it did. Values never change meaning between releases."""

    OK = "ok"
    """Calls were recovered: the markup parsed closed, the names are advertised, the arguments
    are valid and the intent is a call."""

    NO_TEXT = "no_text"
    """The reply is empty or whitespace only."""

    NO_TAGS = "no_tags"
    """No opening sentinel of any known family occurs in the reply, or a sentinel is only
    mentioned in prose."""

    TRUNCATED = "truncated"
    """An envelope or an element inside it was opened but not closed, or a value was cut short."""

    SHAPE = "shape"
    """The markup is closed but does not match the grammar: an unknown attribute, stray content,
    wrong nesting, or a value that holds the family's own structural tags."""

    AMBIGUOUS = "ambiguous"
    """More than one reading is possible: a duplicate parameter or JSON key, competing name or
    arguments keys, a body under a name attribute that holds a call object's keys (rule
    ``call-object-body``), or envelopes of two families in one reply."""

    UNADVERTISED = "unadvertised"
    """Some invocation anywhere in the reply, reasoning blocks and argument values included, names
    a tool that was not advertised (exact match). Markup inside a decoded string value is parsed
    like markup in the reply: a complete envelope there may name only advertised tools, and
    markup that names a tool but does not parse (its names cannot be checked) refuses too (rule
    ``markup-in-value``). A sentinel merely mentioned in a value, or a JSON document, is data."""

    BAD_ARGUMENTS = "bad_arguments"
    """The arguments do not decode strictly: invalid JSON, NaN or Infinity, trailing garbage, an
    argument object that is not an object, or a value that is not of its schema type."""

    SCHEMA = "schema"
    """The arguments decode but fail the tool's JSON schema (explicit typing is never
    overridden), or the tool's schema itself is invalid (rule ``invalid-tool-schema``)."""

    FENCED = "fenced"
    """The markup is inside a code block of some syntax: a Markdown fence or inline code span,
    indented code, an HTML code element, a heredoc, an RST/YAML/Org/AsciiDoc/LaTeX/BBCode block,
    CDATA."""

    QUOTED = "quoted"
    """The markup is quoted or declared not to be a call now: a block quote, quotation marks, a
    list item, table cell or table row, a comment or diff line; or the text around it (or a
    reasoning block) asks, offers, negates, recaps, names a source, or shows or exemplifies it
    ("do not run", ...)."""

    REASONING = "reasoning"
    """The only markup is inside a reasoning block (``<think>``, ``<seed:think>``, ``[THINK]``,
    ...); pass ``reasoning="recover"`` to accept it."""

    PROSE = "prose"
    """The text around the markup is not the shape of a leak: before it, something that is not a
    short action preamble; after it, anything but end-of-turn tokens."""

    TOO_LARGE = "too_large"
    """The reply is longer than ``MAX_TEXT_CHARS``; nothing was parsed. Streaming: also the held
    text outgrew the recoverer's ``max_hold`` (rule ``hold-limit``); it was released unparsed."""

    TOO_COMPLEX = "too_complex"
    """The reply exceeds the complexity budget (``leakcall.budget``): more than 1,000 candidate
    envelopes (``budget-envelopes``), 100,000 grammar tokens (``budget-tokens``) or 10,000 calls
    (``budget-calls``), or arguments nested deeper than 100 (``budget-depth``) or with an object
    of more than 10,000 keys (``budget-keys``), or, after a preamble, argument text with a run
    of one character longer than 64 (``budget-intent-run``) or of more than 32,000 characters
    (``budget-intent-chars``)."""

DEFAULT_RULE: dict[Reason, str] = {
    Reason.OK: "bare",
    Reason.NO_TEXT: "empty-reply",
    Reason.NO_TAGS: "no-opener",
    Reason.TRUNCATED: "unclosed",
    Reason.SHAPE: "grammar",
    Reason.AMBIGUOUS: "ambiguous-reading",
    Reason.UNADVERTISED: "unadvertised-name",
    Reason.BAD_ARGUMENTS: "strict-decode",
    Reason.SCHEMA: "schema-validation",
    Reason.FENCED: "code-fence",
    Reason.QUOTED: "quotation",
    Reason.REASONING: "reasoning-only",
    Reason.PROSE: "prose-tail",
    Reason.TOO_LARGE: "too-large",
    Reason.TOO_COMPLEX: "budget",
}
"""The rule named in ``Recovery.rule`` when a stage gives no more specific one."""


class Refusal(Exception):
    """Internal: a stage refuses the reply with a reason and the name of the rule that fired
    (``Recovery.rule``; the reason's default rule when not given)."""

    def __init__(self, reason: Reason, detail: str, rule: str | None = None) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail
        self.rule = rule or DEFAULT_RULE[reason]
