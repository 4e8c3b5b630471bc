"""Recall widenings of h65f: a purpose clause fronted before the step in every language's own
order (``fronted._purpose_first``, Hindi "के लिए" a postposition), an ordinal day before its
month ("am 5. Mai"), "the last few", and the impersonal "si" inside an Italian check's clause;
each with the nearest replies that must still refuse."""

from __future__ import annotations

from functools import partial

from tests.intent_sets import call_recovered, call_refused
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("read_file", "path"), _tool("delete_file", "path"), _tool("get_weather", "city"),
         _tool("search_flights", "origin", "destination", "date"),
         _tool("book_hotel", "city", "date"), _tool("bash", "command")]


_README = ("read_file", {"path": "README.md"})
_DELETE = ("delete_file", {"path": "README.md"})


_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)


def test_fronted_purpose_in_each_languages_order() -> None:
    for pre in ("Um die Projektstruktur zu verstehen, lese ich zuerst die Datei README.md.",
                "Om de structuur te begrijpen, lees ik eerst het bestand README.md.",
                "För att förstå hur projektet är uppbyggt läser jag först filen README.md.",
                "Untuk memahami struktur proyek ini, saya akan membaca file README.md "
                "terlebih dahulu."):
        _ok(pre, *_README)
    _ok("ज़रूर! आपकी यात्रा की तैयारी के लिए मैं दिल्ली का मौसम देखता हूँ।", "get_weather",
        {"city": "Delhi"})


def test_fronted_purpose_keeps_refusing_what_it_must() -> None:
    # a deferral, a condition, a negation or another actor inside the purpose refuses
    _refused("Um morgen die Datei README.md zu löschen, lösche ich die Datei README.md.",
             *_DELETE, "conditional")
    _refused("Bevor du die Datei README.md löschst, lösche ich die Datei README.md.",
             *_DELETE, "conditional")
    _refused("Um die Datei nicht zu löschen, lösche ich die Datei README.md.", *_DELETE,
             "negation")
    _refused("Untuk pengguna, saya akan menghapus file README.md.", *_DELETE, "other-actor")
    _refused("Om het bestand morgen te verwijderen, verwijder ik het bestand README.md.",
             *_DELETE, "conditional")
    _refused("कल के लिए मैं README.md फ़ाइल हटाता हूँ।", *_DELETE, "conditional")
    # the purpose's verb is no step taken: the step announced after it is the one grounded
    for pre in ("Um die Datei README.md zu löschen, lese ich zuerst die Datei README.md.",
                "För att radera filen README.md läser jag filen README.md.",
                "Untuk menghapus file README.md, saya akan membaca file README.md.",
                "README.md फ़ाइल हटाने के लिए मैं फ़ाइल पढ़ता हूँ।"):
        _refused(pre, *_DELETE, "ungrounded-call")


def test_ordinal_day_before_its_month() -> None:
    _ok("Ich suche nach Flügen von Berlin nach Wien am 5. Mai.", "search_flights",
        {"origin": "BER", "destination": "VIE", "date": "2025-05-05"})
    _ok("Gerne helfe ich bei der Reiseplanung. Ich suche Flüge von Berlin nach Wien am 4. April.",
        "search_flights", {"origin": "BER", "destination": "VIE", "date": "2025-04-04"})
    _ok("Ich buche das Hotel in Wien am 5. Mai.", "book_hotel",
        {"city": "Wien", "date": "2025-05-05"})
    # a changing step on a date the call does not carry still refuses
    _refused("Ich buche das Hotel in Wien am 5. Mai.", "book_hotel", {"city": "Wien"},
             "ungrounded-call")
    _refused("Ich buche das Hotel in Wien am 5. Mai.", "book_hotel",
             {"city": "Wien", "date": "2025-06-05"}, "ungrounded-call")
    _refused("Ich buche das Hotel in Wien am Montag, 5. Mai.", "book_hotel", {"city": "Wien"},
             "conditional")


def test_last_few_is_a_quantity() -> None:
    _ok("Let me look at the last few commits to see when this broke.", "bash",
        {"command": "git log --oneline -10"})
    _ok("Let me read the first few lines of README.md.", *_README)
    _refused("Let me read the last few lines of README.md.", *_DELETE, "ungrounded-call")
    _refused("Let me delete the last few files.", "bash", {"command": "rm -rf ~"})


def test_impersonal_si_inside_a_check() -> None:
    _ok("Non conosco ancora questo progetto. Leggo il file README.md per capire come si avvia.",
        *_README)
    _refused("Si cancella il file README.md.", *_DELETE, "unknown-preamble")
    _refused("Leggo il file README.md per capire come non si avvia.", *_README, "negation")
    _refused("Leggo il file README.md per capire come si cancella.", *_DELETE, "ungrounded-call")
