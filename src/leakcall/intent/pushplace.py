"""Where a bare push goes (issue 25, W-kind; ``carriednouns._unnamed_noun`` reads ``remotes``).

"Let me force push to the remote." + ``git push --force``: a push given no remote goes to the
one its branch is set to track, and the default remote "origin" is that one unless said
otherwise (``wholenames``: only the default goes unsaid), so "the remote" ([g-push-place]:
"remote", "upstream") names where that command goes, though no word of the call carries it.
Only for a ``git push`` given no remote and no ref, or "origin" alone: another remote or a ref
written in the command ("git push backup", "git push origin main") is carried as any other
noun is, and any other call ("delete_branch(delete_remote=true)") carries the word or is
refused as before."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import _command_values, commands
from .preamble import Announcement
from .shellsplit import shell_words
from .tables import tongues_of
from .wholenames import _DEFAULT_REMOTE

__all__ = ["default_remote", "remotes"]


def default_remote(word: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
                   tongues: Sequence[str]) -> bool:
    """``word`` is a [g-push-place] noun and a call runs a bare ``git push`` (module
    docstring)."""
    if not any(t.marked(word.casefold(), "g-push-place") for t in tongues_of(tongues)):
        return False
    return any(_bare_push(part) for _name, args in calls for v in _command_values(args)
               for part in commands(v))


def remotes(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> set[str]:
    """The words the announcement names (``Announcement.named``) that are where a bare push of
    the calls goes (``default_remote``): no call need carry them."""
    return {w for w in ann.named if default_remote(w, calls, ann.tongues)}


def _bare_push(part: str) -> bool:
    """A ``git push`` given nothing but flags after its subcommand, or the default remote
    ("origin") alone."""
    try:
        words = shell_words(part)
    except ValueError:
        return False
    if len(words) < 2 or words[0].rsplit("/", 1)[-1] != "git" or words[1] != "push":
        return False
    rest = [w for w in words[2:] if not w.startswith("-")]
    return rest in ([], [_DEFAULT_REMOTE])
