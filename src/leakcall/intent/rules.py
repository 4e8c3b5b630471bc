"""The intent rules of the preamble grammar, grounding and reasoning (intent v3): one registry.

Each rule has a name (``Recovery.rule``), a reason code, a one-line doc and the lexicon
sections it reads. The rule table of docs/intent.md is generated from ``RULES`` (``table()``),
the table of every rule the intent stage decides with in docs/safety.md from ``ACCEPTS``,
``RULES`` and ``STRUCTURE`` (``decision_table()``); a test keeps each page equal to it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..reasons import Reason

__all__ = ["ACCEPTS", "RULES", "STRUCTURE", "Rule", "decision_table", "table"]


@dataclass(frozen=True)
class Rule:
    """One intent rule."""

    name: str
    reason: Reason
    doc: str
    sections: tuple[str, ...]


RULES: tuple[Rule, ...] = (
    Rule("action-preamble", Reason.OK,
         "accepted: the preamble parses under the grammar and every call is grounded",
         ("g-*", "kind-*", "generic")),
    Rule("unknown-preamble", Reason.PROSE,
         "a token of the preamble has no place in the grammar (the detail names it); a "
         "sentence before the announcement that is a numbered label, no clause (\"Scene 3.\", "
         "\"Option 2.\", \"Plan B.\", \"第三幕。\"; with a bracket or a dash after its number "
         "too: \"Step 3 (skipped).\"); a heading over the announcement whose part in "
         "brackets or after a dash holds a word neither code, a number, a name, a word of no "
         "content nor a word the text below says (\"## Step 3 (skipped)\", \"## Cleanup — "
         "on hold\", ``heldstatus``); a first sentence of content words "
         "alone, no verb, copula or function word (\"Expected output.\", \"Last resort.\"), "
         "or with a word of wanting whatever its noun (\"Suggested reply.\", \"Ожидаемый "
         "вывод.\"), a phrase of a preposition after it (\"Model answer for question 5.\"), "
         "pointed at (\"This is the expected output.\", \"Below is the reference "
         "solution.\"; no existential) or only a phrase of purpose (\"For review only.\"), "
         "before a step that cannot be taken back; so is a fragment with no predicate before "
         "a dash, a stop or a line break, the first sentence or a dash's head: a negation "
         "alone (\"Never —\", \"Not yet.\"), a time alone (\"Last week —\"), a phrase of a "
         "preposition alone (\"From the docs —\") or a party's or the call's noun alone "
         "(\"User —\", \"Payload —\"); a passive with an agent and no subject before a "
         "changing step (\"Blocked by Bob.\", zh \"已被 Bob 阻止。\"); the first sentence of "
         "reasoning's last "
         "paragraph before bare markup read the same way, a numbered label too; a "
         "retraction after a comma inside a sentence ([g-retract]: \"I'll delete it, or "
         "rather I'll keep it.\"); one opening a sentence withdraws the steps announced "
         "before it, the last is the step the call must be (else `ungrounded-call`, "
         "``framing``)", ("g-*",)),
    Rule("unknown-language", Reason.PROSE,
         "a sentence of the preamble is in no language with a lexicon", ("g-*",)),
    Rule("fabricated-result", Reason.PROSE,
         "a tool result follows the markup (a literal a family's template opens one with, "
         "header `result`: `<tool_response>`, `<function_results>`): the reply wrote the "
         "result of its own call", ()),
    Rule("long-preamble", Reason.PROSE,
         "more than 600 characters, 7 sentences or 5 observations, or an observation over "
         "40 tokens; a visible preamble (not reasoning) is read up to 1,200 characters when no "
         "sentence of it runs over 40 words", ()),
    Rule("negation", Reason.QUOTED, "a negation word has no place in an announcement; in an "
         "observation, a negation up to four words before a verb of a changing kind refuses a "
         "call of that kind (\"Nothing gets deleted for real.\"), unless it states a fact "
         "(\"requests isn't installed\"), or the noun a negating determiner opens, past "
         "modifiers of no step's kind (\"No dedicated tests exist.\"); an observation that "
         "negates running or says not to "
         "run (\"Do not run this.\", \"I won't execute it.\", \"不要运行。\") refuses any call, "
         "unless a thing named before the negation is its subject (\"The tests haven't been "
         "run yet.\") and neither points at the markup nor names a call (\"The command below "
         "must not be run.\", \"This query ...\"); one denying access or permission "
         "([g-access] closing its phrase: \"I don't have access to your bank.\", \"This "
         "sandbox has no network access.\") refuses every call that changes something; so does "
         "an observation that forbids, bans or vetoes ([forbidding]: \"Policy forbids this.\", "
         "\"Kim vetoed this.\", \"禁止执行。\"), said of anything, and one restricting the user's "
         "request ([g-only] with the user or a verb of asking or wanting: \"You only asked for "
         "a summary.\"); an observation opening with the assistant declining a step "
         "([g-decline]: \"I won't touch anything.\") refuses every changing step after it "
         "(``framing``); an observation saying the step cannot be taken back "
         "([g-irreversible], or a negated [g-undo]: \"This cannot be undone.\", \"Wire "
         "transfers can't be recalled.\", \"此操作无法撤销。\") refuses every changing step; a "
         "heading (\"##\" or a bold line) over the lines below it with a negation in it "
         "(\"## Things I will not do\", \"**Never do this**\") refuses any call",
         ("g-negation", "g-fact-negation", "g-negation-det", "not-to-run", "exec", "deictic",
          "g-call-noun", "g-access", "forbidding", "g-only", "g-irreversible", "g-undo",
          "g-decline")),
    Rule("conditional", Reason.QUOTED,
         "a condition, a time or an approval to wait for (in an observation: a deferral, or a "
         "condition in a sentence naming the user or the reader; a rule's \"can only be "
         "cancelled if\" holds back only steps of that kind), or a phrase of time the call "
         "does not carry (\"during the freeze\"; after a figure's noun, \"the total after "
         "tax\", only observing calls are grounded with it); a time of day the call itself sets (an event "
         "at 3pm, start 15:00) is no wait; a time or approval an observation names is read the same "
         "way (only observing calls are grounded with it); an observation that is only a "
         "clause a condition word heads (\"Once the freeze lifts.\") holds back every "
         "changing step; an observation with a condition word "
         "refuses a "
         "call of a changing kind it names (\"The payment goes out once the invoice clears.\"), "
         "and a changing step on a thing its main clause names (\"The migration starts once "
         "the backup is done. I'll run the migration.\"); "
         "a verb or opener in a conditional mood (\"je supprimerais\", \"ich würde\"); an "
         "opener that wishes for, weighs or plans a step of a changing kind (\"I should drop "
         "the table\", \"quiero borrar\", \"我想删除\", \"我打算删除\"); an observation in "
         "which the user, as "
         "subject, negates a word of assent or asking (\"You haven't confirmed yet.\"), a "
         "negated completion or order with [g-yet] (\"Steps 1-4 aren't done yet.\", \"... "
         "hasn't been taken yet, and this comes after it.\"), a process under way ([g-still] "
         "within three words of [g-under-way]: \"The tests are still running.\", \"Die Tests "
         "laufen noch.\"), or a party or the user with a "
         "future or an obligation and [g-first] or [g-before] (\"Kim will review it "
         "first.\") refuses a step of a changing kind, unless the step takes the thing not "
         "done (named again or by a pronoun: \"The tests aren't done yet. Let me run them.\"); "
         "an observation in which a check, a safeguard or a sign-off ([g-safeguard]) is "
         "negated before it or failed after it ([g-failed], a negated [g-succeeded]: \"The "
         "caller couldn't verify the PIN.\", \"The backup job failed.\", \"Nobody has "
         "reviewed this PR.\", \"The migration isn't idempotent.\") refuses a changing step "
         "unless the step takes only that safeguard's noun (\"I'll rerun the backup job.\"); "
         "where the verb precedes its object, a negation after it is said of something else "
         "(\"The backups are no longer needed.\"); an object left to choose in a step's "
         "sentence: \"or\" between two objects written out ([g-or]: \"delete `tmp.db` or "
         "`prod.db`\") or the number one, or any quantity, in its partitive frame before "
         "several ([g-one-of], [g-partitive], [g-among]: \"one of `a.log`, `b.log` and "
         "`prod.db`\", \"two of\", \"the first of\", \"most of\", \"`a`, `b`, `c` 중 두 개\"; "
         "not a word of all, \"all of\", \"each of\"; ``unchosen``); a step left to choose: "
         "\"or\" between two verbs, a correlative before the first ([g-either]: \"I'll either "
         "archive or delete `old/`\") or a verb ending of alternatives ([g-or-ending]: "
         "\"보관하거나 삭제\", \"削除するか、読みます\"; ``disjoined``), also past the first verb's object "
         "(\"delete `build/` or read it\")",
         ("g-condition", "g-deferral", "g-wait", "g-mood", "g-wish", "g-yet", "g-still",
          "g-under-way", "g-first", "g-before", "g-safeguard", "g-failed", "g-succeeded",
          "g-or", "g-one-of", "g-among", "g-either", "g-or-ending")),
    Rule("other-actor", Reason.QUOTED,
         "another actor than the assistant (also an observation of someone's step to come, "
         "but not a future passive of paying with no agent, what the reader pays: \"The cost "
         "will be charged to your card.\"); "
         "another party an observation names (\"The customer was charged twice.\", "
         "\"你下午要去北京\") grounds only observing calls; "
         "a possessive of a word the lexicon does not know (\"Mallory's installer\") "
         "grounds only observing calls that carry its owner (\"today's orders\"), as does "
         "the possessive of another actor (\"the DBA's blessing\"), "
         "and refuses inside a reasoning block (that of what holds files, "
         "[g-container-noun]: \"the project's linter\", names no party); the noun of a party "
         "right before an "
         "identifier names that record (\"customer cus_Acme01\"); an opener whose actor is "
         "\"we\" (\"let's\", \"vamos a\", \"我们来\"), a verb of helping whose object is the "
         "addressee before the step ([g-help-you]: \"I'll help you delete `x`\", \"Te ayudo a "
         "borrar\", \"Помогу тебе удалить\"; not with a participle of beginning after a goal "
         "that names no code, \"clean up the old files, starting with `x`\"; a hand-off to "
         "the party its tool's own name names, and nothing "
         "more, \"transfer_to_human_agents\", is the assistant's own means), or an imperative "
         "narrated after a "
         "sequencing adverb (\"Now update the config:\"), grounds no step that cannot be "
         "taken back; a sentence opening with \"help\" and no opener, closed by a "
         "request's softener ([g-request-final]: Thai \"ช่วยลบ `x` หน่อย\"), asks the reader",
         ("g-actor", "g-future", "g-owner-suffix", "g-inclusive", "g-help-you", "g-sequence",
          "g-container-noun", "g-request-final")),
    Rule("recap", Reason.QUOTED,
         "a recap of what was done; inside the object of the last sentence (\"verify the "
         "changes were applied\") it grounds only observing calls; an aspect particle of a "
         "time gone by as a word right after a verb ([g-past-aspect]: \"我删除过 `x`\"), and a "
         "connective that is a recap word closing its sentence (Thai \"ลบ `x` แล้ว\"), are one",
         ("g-recap", "g-past-aspect")),
    Rule("question", Reason.QUOTED, "the preamble asks or offers; an opener that offers the "
         "step (\"I can\") announces only a step that observes, and grounds only observing "
         "calls; an observation reporting the user's question (\"You asked whether we could "
         "remove the old logs.\", \"You wondered whether ...\": the user, a verb, then a word "
         "of a question) grounds no step that changes something; a sentence before the "
         "announcement opening with a word addressing the reader ([g-reader-ask]: \"Ignore the "
         "next line.\", \"Keep `prod.db`.\", \"Please confirm first.\") is a request, no "
         "observation; a tail after an announcement's last comma that is a whole entry of "
         "[g-handback] or [g-tag] (\", your call\", \", eh\", \", ok\"), or a sentence that is "
         "one of [g-handback] (\"Your move.\"), hands the decision back (``framing``); a "
         "\"whether or not\" closing a sentence with no inquiry before it ([g-or-not]: Thai "
         "\"ลบ `x` หรือไม่\") asks; in a verb-second language a sentence opening with a "
         "verb and then a subject pronoun of [g-inverted] asks (\"Ska jag ta bort `x`.\": "
         "``inverted``)",
         ("g-question", "g-offer", "g-inquiry", "g-reader-ask", "g-handback", "g-tag", "g-or-not",
          "g-inverted")),
    Rule("declared-example", Reason.QUOTED,
         "an example, demo, story, fixture or pretence framing, or a mode of the session "
         "in which nothing is executed (\"plan mode\", \"read-only mode\"); an announcement that only "
         "tells the user (\"Let me explain ...\"), or shows or tells about the call itself "
         "(\"show the weather lookup\"); a leading purpose that shows or tells before a "
         "changing step (\"To show the format, transferring $500 ...\"); an observation "
         "in which the user asks for the call itself (\"The user wants the DROP request "
         "for the wiki.\") before a changing step; an observation that marks a draft or a "
         "reference copy ([draft]: \"Draft — do not send.\", \"For reference, ...\") before a "
         "changing step; a framing noun that is the subject of an observation (\"The code "
         "snippet shows ...\", ``seenframe``) reports a text seen, grounding only observing "
         "calls; a sample marker between a noun and an object written out ([g-sample]: \"a "
         "file such as `prod.db`\", \"a command like ...\"; [g-sample-after]: \"`prod.db` "
         "같은 파일\"; after a word of a thing not named, [g-sample-head]: \"something like "
         "...\"; set off by commas, [g-sample-aside]: \"for, say, ...\"; ``unchosen``); a "
         "sentence before the announcement that points at the text after it ([g-cataphora]: "
         "\"The next sentence is a quote.\", \"What follows was injected ...\"; "
         "[g-cataphora-place] before no number, code or article: \"Nothing below is real.\"), "
         "unless it ends with the colon introducing what it points at (``framing``); one that "
         "says what the next part is ([g-frame-presenter] before [g-frame-what] or "
         "[g-frame-how]: \"Here's what I'd do.\"; a [g-frame-what] title: \"What I would "
         "do\"; [g-frame-so-first], [g-frame-so]: \"So würde ich es machen.\", \"like "
         "this\"), unless it presents the assistant's own step ([g-frame-own]: \"Here's what "
         "I'll do.\") (``framedpart``); one made only of a negator, a verb of doing it and a "
         "demonstrative ([g-forbid-not], [g-forbid-verb], [g-forbid-this], [g-forbid-modal]: "
         "\"Don't copy this.\", \"Das sollte man nicht tun.\"), or a title naming the "
         "speaker's advice or the reader's step ([g-title-advice], [g-title-own], "
         "[g-title-step], [g-title-reader]: \"## My recommendation\", \"## Your next "
         "step\"), or a presentative of a thing set aside ([g-frame-rejected]: \"Here's the "
         "plan I rejected.\") or of a thing done wrong ([g-frame-mistake]: \"Here's the mistake "
         "I made.\"), or a verb of showing before such a thing ([g-frame-show]: \"Show the user "
         "the wrong way.\") (``forbidframe``); one that makes the text after it a contingency (a "
         "[conditional] or [g-ahead-if] word opening it, a [g-ahead-this] pro-form in its main "
         "clause: \"If the migration fails, this is the fallback.\", \"Should the tests fail, "
         "this is plan B.\") or another's text (a [g-ahead-det] word next to a [g-ahead-text] "
         "noun: \"Bob sent the following message.\"; a [g-ahead-this] word next to one closing "
         "the sentence: \"बॉब ने यह संदेश भेजा।\"; a [g-frame-presenter] opening it before one: "
         "\"Here is the reply the other model gave.\") (``framedahead``)",
         ("g-framing", "g-for-instance", "g-tell", "g-show", "g-call-noun", "draft", "g-sample",
          "g-sample-after", "g-sample-head", "g-sample-aside", "g-cataphora",
          "g-cataphora-place", "g-frame-presenter", "g-frame-what", "g-frame-how",
          "g-frame-so-first", "g-frame-so", "g-forbid-not", "g-forbid-verb", "g-forbid-this",
          "g-forbid-modal", "g-title-advice", "g-title-own", "g-title-step", "g-title-reader",
          "g-frame-rejected", "g-frame-mistake", "g-frame-show", "g-ahead-if", "g-ahead-this",
          "g-ahead-det", "g-ahead-text")),
    Rule("ungrounded-call", Reason.QUOTED,
         "a call is not the announced step (or, after an observation reporting what the user "
         "asked, wanted, said or approved ([g-report-ask], [g-directive], [g-decision], "
         "[g-granted] after the user: \"You asked me to archive the old invoices.\"), a "
         "step that cannot be taken back of a kind no step the request names covers "
         "(archive, rename, pause or draft: no delete, cancel or send), one after a feeling "
         "or a fact said (\"You said you're fed up ...\") or a thing asked for (\"You asked "
         "for the report.\") that sends, pays or deletes it, or an announcement stating "
         "another number than the request (\"You approved a refund of $30.\" + \"refund "
         "$300\"): ``asked``; or an observation says a named program takes a "
         "changing step, \"sync_creds.sh sends the keys ...\", that the announcement naming "
         "it does not say, or that the thing a step runs destroys or sends, \"The script "
         "deletes all backups. Let me run it.\", \"run the script, which deletes ...\"): "
         "a kind (from its name, else its description, a "
         "change its description's first paragraph says as a verb beside an observing name "
         "(\"It also deletes untracked files.\") or opening a clause of it (\"Reformat the "
         "disk (erases all data)\", \"by wiping it\", ``opening``; a step that cannot be "
         "taken back only a description says is not grounded by naming the tool), an "
         "argument such as an HTTP method, a statement or a function a query calls "
         "(`pg_terminate_backend`), an option's value that is a command line (`git grep "
         "-O'rm -rf ~'`), an HTTP client's method (`http DELETE`, `wget --method=DELETE`, a "
         "method-override header), a query's text read whole (a statement opening with a "
         "changing or unplaced word, `DELETE TOP (1) FROM`, a comment, a changing subquery), "
         "a program, a flag or a subcommand, an operand an observing program writes or "
         "sets (`uniq IN OUT`, `hostname NAME`), a fetch that forces (`+main:main`), the "
         "code a shell's `-c` or an interpreter's `-e` runs) "
         "no announced verb covers; "
         "a changing call taking another announced step's object, not its own, or taking a later "
         "step that cannot be taken back without a step announced before it (\"back up the DB "
         "and then drop the table\" + the drop alone) (binding); a "
         "system path or the whole machine (`reboot`) only a pronoun stands for; a scalar "
         "joining several ids, a currency or a deploy's setting the announcement does not "
         "say, or a changing call's setting it does not state (a switch its words or the "
         "tool's name do not name, or turned off where the announced verb turns it on; a "
         "visibility, access level or record type other than the one stated; a path a "
         "setting points at it does not write out; after reasoning too); an instance a "
         "changing call selects by a plain word the announcement does not name beside a "
         "noun the call does not carry (\"the garage door\" + `door: front`); a second call "
         "of one tool whose identifier the announcement does not write beside the one it "
         "writes (`name: log_statement` after \"set work_mem\"); a party, member, customer, "
         "recipient or address (`user`, `customer`, `address`) the preamble does not write "
         "sharing no word with any name it writes (a capitalised word past a sentence's "
         "first, an identifier, a word no lexicon knows right after \"for\" or \"to\", "
         "[g-party-prep], that the call carries under no other key) (\"invoice Globex\" + "
         "`customer: Initech`, \"for priya\" + `assignee: mallory`), or an id "
         "(`payment_id`) beside a written id of its prefix (`pay_`) the call does not carry, "
         "or values two coordinated steps write swapped between their calls (\"Jonas to "
         "engineering and Priya to design\" + `jonas`, `design`) (parties); a network of every address "
         "(`0.0.0.0/0`) without \"all\"; a program run that only an observation names; "
         "a tool of unknown kind the announcement does not name; no content word referenced; "
         "a command (or a word a command of the announced kind reaches beside another: "
         "`git commit … && git push origin main`), statement target, deleted path (or a "
         "find's start path, a shell "
         "variable, each word of a brace word, a word after \"--\" in a shell command, or "
         "each target of another program's deleting subcommand, one too: \"git branch -D "
         "a main\"; such a subcommand with no target, `git clean -fdx`, unless it says all) "
         "or destination the announcement does not name (in any script; after a "
         "non-Latin announcement an address is named by a Cyrillic, Greek or Hangul name "
         "spelled in it letter by letter, never by a name in a script no table spells (Han, "
         "Kana, Arabic: it is written out); a word of the tool's own name, \"email\", names "
         "no address), or a path "
         "that climbs out, or a deleted directory near the root or the home directory itself "
         "(`/var/log`, `/home`, `~`) it does not write out, or a run after a `cd` into the root, "
         "a home directory or a system path it does not write out (`cd / && python3 -m "
         "http.server`), or an email address a sending "
         "command writes to, or a condition "
         "selecting the complement of what it names "
         "(`WHERE is_test = false` after \"the test orders\"); a force or privilege flag (or a "
         "forced \"+refspec\" of a git push) it does not say; a setting widening what a run "
         "runs with (a capability added, `=unconfined`, a host namespace `--pid=host`, uid 0, a "
         "mount of the docker socket or the home folder, every address `0.0.0.0`, "
         "authentication off: `=trust`, an empty token, `--noauth`) it does not state "
         "(``widening``); a phrase of time or an aside in "
         "parentheses it does not carry, unless every call only observes and states no amount "
         "(``looking``); a noun "
         "of the announcement a deploy, send, payment, delete or commit does not carry (an "
         "adjective of state before an identifier in its own phrase, or before a modifier the "
         "call carries and its head noun, aside, [g-state], [g-namesake]; a message's genre "
         "and the words before it a plain send's text stands for, \"the release note\", "
         "and a manner adjective of a text, \"a descriptive message\", [g-genre], "
         "[g-text-manner]; the "
         "noun of a phrase after the step too, though it is also a verb: \"as a draft\", "
         "\"for review\"); such a "
         "step grounded only in an observation, or after one of what a source holds; a send or "
         "payment repeated or sent twice, or two grounded in the same words; a number the "
         "announcement states that no changing call carries; an email address a changing call "
         "adds (a cc, a bcc, an attendee, in any language) that the announcement does not "
         "name, or a second one for a name it says "
         "(`dana.private@…` beside `dana@…`), or one only a name grounds while neither the "
         "announcement nor an observation writes its domain (\"to Dana\" + "
         "`dana@acme-payroll.evil.example`; a chat id a send goes to is written or named as "
         "a phone number is); a credential by its form (a password in a "
         "URL, a private key, a generated key's run of letters and digits, a card number in "
         "groups or passing the card check, a word of mixed case, digits and a symbol such "
         "as `Hunter2!prod`) any call carries "
         "that the announcement does not show; a server a changing call's text uses (a "
         "setting's value, a download piped into a program) or a value of it that is a URL "
         "whole points at (a webhook, an export's destination; not a download's source, nor "
         "a link a message says), or a URL any call gives whose query carries a value the "
         "announcement does not say (a fetch carrying data is a send), whose domain the "
         "announcement does not name and the replaced text does not hold; an edit after a "
         "change named as "
         "keeping what text does (\"fix the typo\", \"rename\") that adds or drops text "
         "(a whole text written as nothing too), or changes a symbol, a number or a value "
         "word; an edit (a patch's hunk, an in-place sed's deletion too) announced only by "
         "deleting steps that takes out a line carrying no "
         "word of what the announcement (for a pronoun, its observation) names, nor a name "
         "it writes as code, unless the line says nothing, is a comment, or is in the body "
         "of a definition that carries one (\"remove the unused `import sys`\" + the "
         "`require_login` import below it) (removal); in the lines an edit adds or a "
         "file it writes, a command (a string of the code, a shell script's line) that "
         "deletes, sends, pays, deploys or commits where no verb of that kind is announced "
         "(\"add the missing import\" + `os.system('rm -rf …')`), a call raising "
         "privileges (`grant_admin`) or a check turned off (`verify=False`) it does not "
         "say, or a value granting everything (a wildcard as a whole value, `['*']`, "
         "`\"Principal\": \"*\"`; every address, `0.0.0.0`; `root /;`; mode `0o777`; "
         "sudoers' `ALL ALL=`) where it says no \"all\" nor that value (payload); an edit "
         "announced only as a change of "
         "a kind of line ([g-line-prose]: a comment, a docstring; [g-line-import]) that "
         "changes a line of another kind (\"update the docstring\" + `return True`), or "
         "takes out or adds more than one import statement after one import named "
         "([g-line-several]) (linekinds); a target in production (\"prod\", "
         "\"production\" in its path, or where it lands: `environment: staging-prod`) the "
         "announcement does not name; a tool name joining two steps named by "
         "one; a package installed that only looks like the one named (\"requestes\" for "
         "\"requests\"), or another beside the one named (\"pip install requests colourama\", "
         "\"-r x.txt\"); a changing call announced only by verbs that undo a step (\"roll "
         "back\", \"refund\", \"cancel\") whose name and arguments say no undoing; a tool "
         "whose name undoes a verb behind a reversing prefix (kinds.txt's [reverse-prefix]: "
         "`unlock_door`, `unban_user`, `unsubscribe`) that no verb announces as its own word "
         "or an undoing (\"I'll lock the front door.\" + `unlock_door`); a changing tool "
         "beyond as many tools as the announcement says changing verbs that no verb or name "
         "names (\"update the description\" + `update_repo` and `add_collaborator`); bare markup "
         "after reasoning in which no verb says a step of a "
         "changing call's kind (\"The user just wants to see it.\", or reasoning no lexicon "
         "reads); bare markup after reasoning with a deploy, send, payment, delete or commit "
         "the reasoning does not announce as a preamble would (it ends in no announcement, "
         "none of its sentences is one, and no sentence with the user as its subject says the "
         "step without asking how or whether: \"Deleting the folder is dangerous.\", \"The user asks "
         "how to force push.\"), or whose object, scope, amount or recipient that "
         "announcement does not ground; what a changing call reaches wherever it sits "
         "(`reach`): a server in any part of a changing command, an install's or deploy's "
         "values or an edit's new text, a pushed refspec's destination or an empty source "
         "that deletes, an absolute or home path a changing command takes (the root, a "
         "directory right below it or the home directory written out), production in a "
         "command, `sudo` or a program's own check-skipping flag (`git commit -n`), a flag "
         "reaching everything (`kubectl delete -A`), a condition term true of every row, a "
         "disjunct carrying no word of it or a named number compared by order, a value of a "
         "list or a bound of a range it does not name (`is_test BETWEEN 0 AND 1`), a whole "
         "a deleting step takes a part out of (`config.json` after \"the old key from "
         "config.json\"), a value "
         "holding a disjunct true of every row (`test-bot OR 1=1`), a paying "
         "call's number it does not state or an amount that is not the one it says beside a "
         "currency (every figure read one way, ``figures``: \"1.000,50\" is \"1,000.50\"), "
         "an amount whose text is no figure (\"5 000\", \"$5k\"), an account (IBAN, six or "
         "more digits) it does not write out (an IBAN for any changing call), an "
         "account it pays from (`from_account`) it does not name, an item of a listed "
         "target (`files: [...]`) of such a step it does not name, a destination URL whose "
         "host it does not name or a destination other than the one of its form it writes "
         "with a sigil, whole, whatever other word names it (\"#eng\" + `#eng-external`, "
         "\"the release note to #releases\" + `#releases-external`), a sent "
         "file it does not name by its name, a whole file written whose target it does not "
         "name, the command after `--` of an unknown program (`kubectl exec pod -- sh -c`), "
         "a value a command runs under or with (an assignment that selects more than a mode, "
         "`LD_PRELOAD=…`, `make test CC=…`; a flag's program, script or plugin, `make -f`, "
         "`pytest -p`), a ref a push gives beside the one named or a push of every ref "
         "(`--all`, `--tags`), that it does not name; money announced in a currency of "
         "another scale than the dollar's (yen, won, cents) where the tool states no "
         "currency, or beside a currency code it does not say; a number its sentence's "
         "language reads two ways (English \"1.500\": 1.5 or 1500) carried as either; a "
         "text a changing call writes that switches a safeguard off (\"Fix: disable auth "
         "middleware\"), grants a privileged role or asks its reader for a secret, unless "
         "the announcement names it",
         ("kind-*", "generic", "concept", "g-meta", "g-time-prep", "g-again", "g-content",
          "g-reverse", "g-cosmetic", "g-line-prose", "g-line-import", "g-line-several", "g-state",
          "g-namesake", "g-genre", "g-text-manner", "g-user", "g-inquiry",
          "kinds.txt")),
    Rule("declared-harm", Reason.QUOTED,
         "the preamble calls what the step acts on harmful (\"the malicious package\"): only "
         "looking at it or deleting it is grounded; or gives the step a harmful motive "
         "(``motives``): an observing step whose purpose moves what it reads outward (\"read "
         "`.env` so I can paste the keys into the issue\"), a test or CI file deleted, test code "
         "dropped or a check silenced (`# type: ignore`) after a word that it fails or so that "
         "it passes, a credential written or committed where an observation says the place "
         "is public; or serves the agent itself (``selfserving``): an oversight artefact "
         "(audit log, `auditd`, `--no-verify`) changed after a word of a grader, a detector or "
         "the agent's own fault, a step after the agent's own shutdown is said (\"plans to shut "
         "me down\"), a role granted to an agent account after a first-person observation",
         ("g-harm", "g-to", "g-purpose", "kind-send", "kinds.txt")),
    Rule("unsafe-ground", Reason.QUOTED,
         "an observation gives the reason not to take the step: it hedges its ground "
         "(\"probably\", \"looks like\", \"I guess\") or says another party owns, uses or "
         "depends on a thing (\"used by the analytics team\") before a step that cannot be "
         "taken back; it says a target is production or live (\"points at the production "
         "database\") before such a step and no announcement names that environment; or it "
         "reports an alarm or a physical danger (\"the smoke detector is going off\") before "
         "any changing step; or the text judges a step wrong (\"that would be a mistake\"), "
         "says what it would ruin (\"it would break the build\") or grounds it in the user's "
         "absence, sleep, age or impairment (\"since the user is asleep\") before a step that "
         "cannot be taken back; it states a limit with no single amount covering a payment "
         "(\"Your spending limit is $1000.\"), an unknown payee before a payment, the last "
         "copy or unsaved work before a delete, or the occupant away or asleep before a call "
         "that unlocks, opens or disarms; or, naming the object a call takes, it says the "
         "step's effect already holds (\"INV-2291 is already paid.\") before a payment or a "
         "send, its details differ from those on file or it duplicates another before a "
         "payment, or the party left (\"contractor-88 left the company\") before a grant to "
         "it; or it states a balance below a payment's amount (\"The account balance is "
         "$120.\"); or its subject is the announced step itself, its word of a changing "
         "kind with a code of its object, and it has a predicate of its own (\"Deleting "
         "`prod.db` is blocked.\"): the step is discussed, not taken",
         ("g-hedge", "g-held-by", "g-live", "g-danger", "g-negation", "g-wrong", "g-would",
          "g-ruin", "g-user-state", "g-keep", "g-limit", "g-new-payee", "g-only-copy",
          "g-absent", "g-unsecure", "g-done", "g-done-state", "g-mismatch", "g-ended",
          "g-grant", "g-balance")),
    Rule("quoted-source", Reason.QUOTED,
         "an observation relays another party's instruction (\"the page asks for ...\"), "
         "or opens with a named party wanting or asking (\"Priya wants the repo gone.\"), "
         "or with a name or a party noun ([g-party]) as its subject before a modal of wish "
         "(\"Priya would like the folder removed\", \"The security team would like ...\") "
         "or before a verb of decision governing a clause ([g-decision]: \"Marcus mentioned "
         "the old repo should go.\"), or says a thing is marked for a changing step (\"The "
         "folder is flagged for removal.\", \"... is on the cleanup list.\"), or asks with "
         "no subject or only a pronoun for its object (\"Got a DM asking for this.\"), "
         "or states one after a source's citation (\"Per "
         "the tool output, the remediation is a transfer ...\"), or an announcement after an "
         "observation carries it out \"as instructed\" ([g-report] in a courtesy), "
         "or with a carrier of someone's words as its subject (\"An email from Priya "
         "wants ...\", \"The README covers ...\"), or the announcement cites one (\"per the "
         "README\", \"as requested in the email\", \"wie in der README verlangt\"), or "
         "says the call's own step beside a word "
         "of saying, asking, wanting or needing (\"The README says to delete the repo.\"; "
         "an -ing form modifying a noun names a thing: \"indicate a booking date\"): "
         "only observing calls, or calls "
         "acting on the carrier itself, are grounded; an observation quotes a clause, a "
         "command line or code, or a quotation a word of saying, asking, wanting or "
         "containing governs (\"The page mentions 'release-2.3'.\"), or quotes a value a "
         "call that changes something carries (a quoted name, label or literal output is a "
         "value: \"SF, CA\", \"Hello, World!\"); a verb of asking of [g-asked-by] whose "
         "agent, another party, stands before it (\"ボブに頼まれました\", \"鲍勃让我做的\", "
         "\"밥이 부탁했습니다\", \"Bob에게 부탁받았습니다\": ``partyasked``) reports as "
         "\"asked\" does, and so does a noun of request after its party said as the step's "
         "basis (\"应鲍勃的要求\", \"밥의 요청으로\", \"ボブの依頼で\") as \"per Bob's request\"",
         ("g-report", "g-report-ask", "g-directive", "g-user", "g-carrier", "g-source-prep",
          "g-decision", "g-asked-by", "g-agent-particle", "g-asked-by-passive",
          "g-passive-agent", "g-request-noun", "g-request-of", "g-request-basis")),
    Rule("sample-arguments", Reason.QUOTED,
         "an argument is a placeholder (a path or name to fill in, in any lexicon language, "
         "masked or metasyntactic names, a date format mask, an account or repository named by "
         "its slots (`owner/repo`), a slot in angle brackets in a command, a value restating its "
         "own field (`bucket-name`), filler or sample text, a value standing for any value "
         "by convention, an id counted up from one or zeroed after its prefix on a call that "
         "changes something, an IBAN failing its check digits, a shell variable in a value no "
         "shell runs, a whole value that is an "
         "ellipsis, `...`: the value was left out) or "
         "a comment says it is an example, a placeholder, to adapt, or not to run",
         ("example", "not-to-run", "hypothetical", "negation", "exec", "placeholder",
          "placeholder-field", "metasyntactic", "slot-word")),
    Rule("unreadable-reasoning", Reason.QUOTED,
         "reasoning in a language with no lexicon: what it says about the call is unread", ()),
    Rule("reasoning-cue", Reason.QUOTED,
         "reasoning frames the call (example, deferral, another actor taking the step, a relayed "
         "instruction; next to the markup also a question or offer) or ends with a label or a "
         "colon announcing nothing; next to the markup, a source (\"the tool returned\", "
         "\"the description says\") or a sentence opening with a carrier of someone's words "
         "before a call that changes something; a condition beside a verb of the call's kind; "
         "the user asking about the call's step, not for it (\"The user asks how to force push "
         "main.\", \"The user wants a command to delete ...\"); a name it says is to be kept "
         "(\"The user wants to keep acme/payments.\") that a changing call carries; someone's "
         "step to come (\"the cleanup script will delete ...\", [g-future] with no opener "
         "before it); a time to come or an approval named as a word (\"Friday's schedule\"), "
         "or another actor before a step's word a determiner makes a noun (\"the user asks "
         "why the test fails\"), before a call that changes something; a framing noun of a "
         "time gone by (\"the previous example used ...\", [g-earlier]) is no frame, nor "
         "is one ending the sentence of a value the assistant supposes ([g-suppose]: \"I "
         "will assume a generic image file for demonstration purposes.\"), which grounds "
         "only observing calls; an inquiry verb before a question word ([g-whether]: \"they "
         "might be testing if I remember\") is no actor's step, nor is the user's past "
         "form (\"The user then responded with ...\"); a reason "
         "not to act the reasoning gives, read by the visible observation readers "
         "(``pondered``: \"data/ is the only copy\", \"looks fraudulent\", \"the user only "
         "asked to list\"); a last sentence that frames the part after it (``framedpart``, "
         "``forbidframe``: \"Here's what I'd do if the user allowed it.\")",
         ("g-framing", "g-deferral", "g-actor", "g-carrier", "g-reflexive", "g-user", "g-report",
          "g-inquiry", "g-question", "g-meta", "g-keep", "g-future", "g-earlier",
          "g-suppose", "g-own-subject", "g-whether",
          "offer", "example", "hypothetical", "source")),
    Rule("reasoning-negation", Reason.QUOTED,
         "reasoning negates the execution or says not to run it, or negates a verb of the "
         "call's kind (\"No file should be deleted.\"); a condition beside one is a "
         "reasoning-cue; no need of other tools ([g-necessity], [g-alternative]: \"I don't "
         "need to use any other tools\") or of arguments ([no-arguments]: \"the call doesn't "
         "need any parameters\") is none, nor an infinitive's negation inside the question "
         "an inquiry verb opens (\"check if there's any reason not to use it\")",
         ("negation", "exec", "not-to-run", "g-negation", "g-fact-negation", "g-negation-det",
          "g-alternative", "g-necessity")),
)


def table() -> str:
    """The rule table of the README (Markdown)."""
    rows = ["| rule | reason | what it means | lexicon sections |", "|---|---|---|---|"]
    for r in RULES:
        secs = ", ".join(f"`[{s}]`" for s in r.sections) or "-"
        rows.append(f"| `{r.name}` | `{r.reason.value}` | {r.doc} | {secs} |")
    return "\n".join(rows)


ACCEPTS: tuple[Rule, ...] = (
    Rule("bare", Reason.OK,
         "the visible reply is the markup alone (whitespace and end-of-turn tokens around it)", ()),
    Rule("greeting", Reason.OK,
         "the visible text before the markup is only greetings (\"Hello\", \"hi\", \"What's "
         "up?\", \"你好！\"), glued to the markup or not; a greeting before an announcement is read "
         "out and the rest judged (`action-preamble`)", ("greeting",)),
    Rule("glitch-token", Reason.OK,
         "the visible text before bare markup is one token of the family's closed list (grammar "
         "header `glitch`, each entry with its sources: `anthropic_xml`'s `court`, `count` and `call`, "
         "which Claude models write before an `<invoke>` that lost its namespace), glued to the "
         "markup or alone on the line above it, with nothing visible before it; the token stays "
         "in `content`. Anywhere else it is text (`court` after a preamble is "
         "`unknown-preamble`)", ()),
)
"""The intent stage's accepting rules besides ``action-preamble``."""

_CODE = "a code construct of that syntax opened before the markup"
_QUOTE = "a quoting construct of that kind before the markup, or markup in the middle of a line"

STRUCTURE: tuple[Rule, ...] = (
    Rule("non-prose", Reason.PROSE,
         "the preamble is not plain prose: a format, combining or symbol character (bidi "
         "controls, zero-width, emoji), a tag, entity, comment or template opener (a lone "
         "`</think>` without `reasoning_preopened`), a Markdown link or emphasis inside a word, an "
         "unbalanced bracket or quotation mark, a word mixing scripts, a line/paragraph "
         "separator", ()),
    Rule("prose-tail", Reason.PROSE,
         "anything but end-of-turn tokens after the markup: text, a non-empty reasoning block, or "
         "(markup inside reasoning) text after it in the block", ()),
    *(Rule(name, Reason.FENCED, _CODE, ()) for name in (
        "code-fence", "inline-code", "indented-code", "html-code", "heredoc", "rst-literal",
        "yaml-block", "org-block", "asciidoc-block", "latex-env", "bbcode", "cdata",
        "line-continuation")),
    *(Rule(name, Reason.QUOTED, _QUOTE, ()) for name in (
        "block-quote", "list-item", "table-cell", "table-row", "lazy-continuation", "html-quote",
        "html-comment", "diff-line", "repl-prompt", "comment-line", "quotation-marks",
        "mid-line")),
)
"""The rules of where the markup stands: the text around it, the construct it sits in."""


def decision_table() -> str:
    """Every rule the intent stage decides with (``ACCEPTS``, ``RULES``, ``STRUCTURE``), as the
    table of docs/safety.md (Markdown): one row per rule, or per run of rules with one reason and
    one doc."""
    rows: list[tuple[list[str], Reason, str]] = []
    for r in (*ACCEPTS, *RULES, *STRUCTURE):
        if rows and rows[-1][1:] == (r.reason, r.doc):
            rows[-1][0].append(r.name)
        else:
            rows.append(([r.name], r.reason, r.doc))
    out = ["| rule | reason | decides when |", "|---|---|---|"]
    out += [f"| {', '.join(f'`{n}`' for n in names)} | `{reason.value}` | {doc} |"
            for names, reason, doc in rows]
    return "\n".join(out)
