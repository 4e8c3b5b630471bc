"""Stage 3, intent: is the markup the reply, or a quotation in it? A positive model, each rule named.

The package, one module per concern:

- ``screens``: structure (fences, quotes, open constructs), the tail screen, and ``judge``,
  which runs every screen over the whole reply;
- ``cues``: the normalised view and the merged cue lexicon the screens search;
- ``prose``: sentence marks, end-of-turn tokens, and whether a preamble is plain prose;
- ``reasoning``: the screen of reasoning blocks and earlier paragraphs;
- ``words``: the lexicon of each language (``grammar/lexicon/<lang>.txt``, read by
  ``loading``) and the tokenizer that gives each word of a preamble its class; ``detect``:
  language detection and folding;
- ``preamble``: the accepted preamble, a closed grammar (``grammar/intent/preamble.lark``),
  with ``sentences`` (splitting, ``Refused``), ``objects`` (what an announcement names),
  ``actors`` (whose step a sentence speaks of), ``clauses`` (parts of a sentence read beside
  the grammar), ``moods`` (an announcement that shows, tells, wishes, offers or would act)
  and ``foreign`` (words of other languages);
- ``grounding``: every call must be the announced step, with ``binding`` (each call bound to
  the step whose verb and object it takes), ``kinds`` (what a call does;
  ``statements`` reads a query whole and the statements a value holds, ``kindsfile`` reads
  ``kinds.txt`` once), ``dated`` (a date or hour the call sets), ``forcing`` (a step forced
  or taken forward beyond what was announced),
  ``effects`` (a change a tool's description says beside its observing name),
  ``inverse`` (a name that undoes a verb behind a reversing prefix: ``unlock_door``),
  ``references`` (is a word in a call), ``amounts``, ``packages`` (an install's packages and
  a look-alike of the one named), ``scope`` (what a changing call reaches), ``parts`` (a
  part taken out of a whole deletes no whole),
  ``paths`` (a path read once normalised, for every rule that reads one), ``addresses``
  (the one scanner of email addresses),
  ``values`` (what its values carry), ``walk`` (the one walk over a call's arguments),
  ``flags`` (the one flag parser), ``hosts`` (the one
  comparison of servers a call reaches) and ``samples`` (placeholder arguments);
- ``rules``: the registry of intent rules (name, reason code, one-line doc, lexicon sections).
"""

from __future__ import annotations

from typing import Any

from . import cues, foreign, grounding, preamble, prose, reasoning, screens, view
from .cues import CUE_ORDER, Lexicon
from .prose import END_TOKENS, MAX_PREAMBLE_CHARS, preamble_verdict, strip_end_tokens
from .reasoning import REASONING_WINDOW
from .screens import judge, position, visible_context
from .tables import lexicon, tongues
from .view import normalize

__all__ = [
    "CUE_ORDER",
    "END_TOKENS",
    "MAX_PREAMBLE_CHARS",
    "REASONING_WINDOW",
    "Lexicon",
    "judge",
    "lexicon",
    "normalize",
    "position",
    "preamble_verdict",
    "strip_end_tokens",
    "tongues",
    "visible_context",
    "warm",
]


def warm() -> None:
    """Build everything the intent stage reads (the merged cue lexicon, each language's
    lexicon, the preamble grammar, the tool-side kind tables) now, not on the first reply."""
    lexicon()
    tongues()
    preamble.grammar()
    foreign.warm()
    view.simplified()
    screens.result_openers()
    grounding.warm()


def __getattr__(name: str) -> Any:
    # the screens' helpers stay reachable as ``intent.<name>`` (tests and tools read them)
    for module in (screens, reasoning, prose, cues, view):
        if hasattr(module, name):
            return getattr(module, name)
    raise AttributeError(name)
