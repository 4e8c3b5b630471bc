"""A word the grammar reads as the verb of a next step after an adverb that follows the
object (the ``adv_w`` rule of ``grammar/intent/preamble.lark``) that is no verb the lexicon
knows: "I'll run the migration first thing" joins no step "thing" (read by ``preamblegrammar._parse``;
moved out of ``preamble`` as it is, h34a)."""

from __future__ import annotations

from collections.abc import Sequence

from lark import Token as LarkToken
from lark import Tree

from .words import Token, Tongue

__all__ = ["unverbed"]


def unverbed(tree: Tree[LarkToken], tokens: Sequence[Token], t: Tongue) -> Token | None:
    """A word read as the verb of a next step after an adverb that follows an object
    (``adv_w``: "lancer les tests puis vérifier le résultat") that is no verb the lexicon
    knows: "I'll run the migration first thing" joins no step "thing"; the adverb and the
    word are a phrase the grammar does not read (a time: "first thing", "next window")."""
    for node in tree.iter_subtrees():
        if node.data != "adv_w" or not node.children:
            continue
        head = node.children[0]
        if not isinstance(head, Tree) or head.data != "word":
            continue
        leaf = head.children[0]
        if (isinstance(leaf, LarkToken) and leaf.type == "OPEN" and leaf.start_pos is not None
                and t.kind_of(str(leaf)) is None):
            return tokens[leaf.start_pos]
    return None
