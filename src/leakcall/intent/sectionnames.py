"""The names of the lexicon sections the preamble model reads besides its terminals and refusing
classes (``words.TERMINALS``, ``words.REFUSING``): ``loading`` skips a section named nowhere
(the cue screens' sections), so a new one is added here."""

from __future__ import annotations

__all__ = ["MARKS", "OTHER_SECTIONS"]

OTHER_SECTIONS = ("g-order", "g-meta", "g-inquiry-verb", "g-time-prep", "g-user", "g-again", "g-complement",
                  "g-meanwhile", "g-fact-negation", "g-negation-det", "g-carrier", "g-source-prep",
                  "g-call-noun", "g-show", "g-tell", "g-subject", "g-aux", "g-next", "g-reflexive",
                  "g-content", "g-future", "g-reason", "g-result", "g-addressee", "g-correlative", "g-verify",
                  "g-hedge", "g-held-by", "g-live", "g-danger", "g-perform", "g-owner-suffix", "g-harm",
                  "g-cosmetic", "g-universal", "g-common", "generic", "g-line-prose", "g-feeling",
                  "g-line-import", "g-line-several", "concept", "g-mood", "g-reverse", "g-directive",
                  "g-then", "g-escalate", "g-wish", "g-coverb", "g-coverb-place", "g-genitive", "g-month",
                  "g-offer", "g-adverb-form", "g-bare-acting", "g-bare-noun", "g-bracket",
                  "g-verb-ending", "g-goal",
                  "g-means", "g-replacing", "g-before", "g-keep", "g-conjunct", "g-part-from", "g-place",
                  "g-handoff", "g-handoff-to", "g-handoff-who", "g-party", "g-participle-suffix", "g-give",
                  "g-relative", "g-role-source", "g-role-goal", "g-role-of", "g-party-prep", "g-place-verb",
                  "g-relative-pronoun", "g-purpose", "g-purpose-user", "g-join", "g-topic-prep", "g-right",
                  "g-contrast", "g-reason-after", "g-period", "g-state", "g-granted", "g-namesake", "g-genre",
                  "g-text-manner", "g-case-ending", "g-base-ending", "g-sense-navigate", "g-sense-pay",
                  "g-sense-run", "g-inclusive", "g-sequence", "g-finite-ending", "g-article", "g-make",
                  "g-past", "g-route-from", "g-route-to", "g-search-prep", "g-before-clause", "g-access",
                  "g-decision", "g-only", "g-yet", "g-first", "g-safeguard",
                  "g-failed", "g-succeeded",
                  "g-undo", "g-irreversible", "g-wrong", "g-would", "g-ruin", "g-user-state", "g-limit",
                  "g-only-copy", "g-absent", "g-unsecure", "g-new-payee", "g-step-noun", "g-done",
                  "g-narrow-step",
                  "g-done-state", "g-mismatch", "g-ended", "g-grant", "g-balance", "g-remaining",
                  "g-entry-place", "g-weekday", "g-layout", "g-set-to", "g-text-place-prep",
                  "g-text-line", "g-text-part", "g-loop-bound", "g-loop-end", "g-if-available", "g-available",
                  "g-thoroughness", "g-yes-no", "g-version-major", "g-version-minor",
                  "g-version-patch", "g-letters")
MARKS = ("g-step-label", "g-plan-all", "g-plan-pair", "g-plan-begin", "g-plan-first", "g-step-self",
         "g-owner-after", "g-sentence-space", "g-present", "g-sense-commit", "g-earlier", "g-alternative",
         "g-suppose", "g-own-subject", "g-whether",
         "g-necessity", "g-message-that", "g-message-saying", "g-closing", "g-own-case", "g-own-bare",
         "g-own-verbal", "g-ready", "g-wait-more", "g-still", "g-under-way", "g-invite",
         "g-past-span", "g-ago", "g-prefix-pair",
         "g-near-prep", "g-near-from", "g-add", "g-switch", "g-switch-on", "g-switch-off", "g-phrasal-commit",
         "g-switch-device", "g-perm-wide", "g-perm-write", "g-plan-noun", "g-step-count", "g-step-need",
         "g-degree", "g-comma-clause", "g-whole-amount", "g-aspect",
         "g-comma-held", "g-clause-end", "g-day-today", "g-day-tomorrow",
         "g-day-after-tomorrow", "g-day-week",
         "g-one-det", "g-plural-ending", "g-singular-ending", "g-several", "g-of-owner",
         "g-presenter", "g-presented-det", "g-presented-mod", "g-presented-self",
         "g-tool-doc", "g-doc-verb", "g-shape-verb", "g-call-markup", "g-they", "g-prefer",
         "g-file-noun", "g-container-noun", "g-task-end", "g-setting-on", "g-setting-off",
         "g-setting-bare-on", "g-setting-bare-off", "g-empty", "g-property-private",
         "g-property-public", "g-guard-switch", "g-guard-lowering", "g-change-noun",
         "g-elided-subject", "g-said-closed", "g-said-resolved", "g-verb-prefix", "g-without",
         "g-or", "g-embedded-ask", "g-absent-clause", "g-your",
         "g-dropped-opener", "g-agent-noun", "g-noon", "g-midnight", "g-user-resource",
         "g-user-place")
"""Sections read only through ``Tongue.marked`` by the module each names, never a word's class."""
