"""The closed table of units by dimension (issue 25, round 35; read by ``units``): the
symbols and words, in the lexicon's languages, that bind a number to a unit ("70°F",
"500 grams", "2 TB", "¥5000", "15 %") or state the unit a tool takes ("in degrees
Celsius", ``size_mb``, ``set_budget_usd``).

Each entry is ``unit: forms``; a unit names one scale of its dimension, and a form that
may stand for several units (``$``, "dollars") lists them all, so a mismatch is only read
when no unit the form may stand for is one the tool states."""

from __future__ import annotations

_DOLLARS = "USD CAD AUD NZD SGD HKD MXN"

TABLE: dict[str, dict[str, str]] = {
    "temperature": {
        "C": "°c ℃ celsius centigrade цельсия цельсий 摂氏 摄氏 攝氏 섭씨 سيليزية مئوية",
        "F": "°f ℉ fahrenheit fahrenheita fahrenheitu fahrenheits фаренгейта фаренгейт "
             "华氏 華氏 화씨 فهرنهايت",
        "K": "kelvin кельвин",
    },
    "mass": {
        "mcg": "mcg µg μg ug microgram micrograms microgramos microgrammes mikrogramm "
               "mikrogramů микрограмм 微克 マイクログラム",
        "mg": "mg milligram milligrams miligramos milligrammes milligramm miligramy миллиграмм "
              "毫克 ミリグラム",
        "g": "^g gram grams gramos grammes gramm gramy grammi gramas грамм граммов ^克 グラム",
        "kg": "kg kgs kilogram kilograms kilogramos kilogrammes kilogramm kilogramy "
              "килограмм килограммов 公斤 千克 キログラム",
        "lb": "lb lbs",
        "oz": "oz ounce ounces",
    },
    "volume": {
        "ml": "ml milliliter milliliters millilitre millilitres мл 毫升",
        "l": "liter liters litre litres litro litros литр литров ^升",
    },
    "storage": {
        "B": "bytes",
        "KB": "kb kib kilobyte kilobytes",
        "MB": "mb mib megabyte megabytes мб",
        "GB": "gb gib gigabyte gigabytes гб",
        "TB": "tb tib terabyte terabytes тб",
        "PB": "pb pib petabyte petabytes",
    },
    "speed": {
        "km/h": "km/h kmh kph km/hr kilometers_per_hour kilometres_per_hour км/ч",
        "mph": "mph miles_per_hour",
        "m/s": "m/s meters_per_second",
        "kn": "knots",
    },
    "percent": {
        "%": "% ％ percent per_cent pct prozent por_ciento pour_cent per_cento por_cento "
             "procent procento процентов процента процент persen yüzde パーセント 퍼센트 "
             "百分之",
    },
    "money": {
        "cent": "cent cents ¢ céntimos centimes centavos cents_usd",
        _DOLLARS: "$ dollar dollars dólares dollari долларов доллар 美元 ドル 달러",
        "USD": "usd us$",
        "CAD": "cad c$ ca$", "AUD": "aud a$ au$", "NZD": "nzd nz$", "HKD": "hkd hk$",
        "SGD": "sgd s$", "MXN": "mxn mx$",
        "SEK NOK DKK ISK": "^kr kr.", "NOK DKK": "^kroner",
        "SEK": "^sek ^kronor", "NOK": "^nok", "DKK": "^dkk", "ISK": "^isk ^krónur",
        "EUR": "€ eur euro euros евро 欧元 ユーロ 유로",
        "GBP": "£ gbp sterling",
        "JPY CNY": "¥ ￥",
        "JPY": "jpy yen ^円 日元 ^엔",
        "CNY": "cny rmb yuan ^元 人民币",
        "INR": "₹ inr rupee rupees रुपये",
        "KRW": "₩ krw ^won ^원",
        "RUB": "₽ рублей рубля рубль",
        "TRY": "₺ ^lira",
        "PLN": "zł pln złotych",
        "CHF": "chf",
        "BRL": "brl r$ ^reais",
    },
    "count": {
        "share": "shares ^share ^акций ^株",
        "unit": "^units",
        "piece": "^pieces ^items",
    },
}
"""dimension -> unit(s) (space-separated when a form may stand for several) -> forms
(lowercase; ``_`` joins the words of one form; a ``^`` form is read only bound to a
number or in a key's name: "won", "units", "元" are words of other kinds in prose)."""

FRACTION = ("fraction", "between 0 and 1", "0-1", "0–1", "0 to 1", "0..1", "0.0-1.0",
            "0.0 to 1.0", "as a decimal")
"""What says a field takes a share as a fraction of one (``rate: 0.15`` for 15 %)."""

MINUS = ("minus", "menos", "moins", "meno", "минус", "мінус", "マイナス", "零下", "eksi", "âm", "ناقص",
         "마이너스")
"""Words that write a number's minus sign ("minus 18 degrees")."""

DEGREE = ("degrees", "degree", "grad", "grade", "graden", "grados", "grado", "gradi", "graus",
          "degrés", "stopni", "stopnie", "stopnia", "derajat", "grader", "градусов", "градуса",
          "градус", "درجة", "derece", "độ", "fok", "astetta", "stupňů")
"""Words of degrees that may stand between a number and its scale ("140 degrees
Fahrenheit"): no unit themselves (an angle, either scale)."""

DOLLAR_SCALE = frozenset({"USD", "CAD", "AUD", "NZD", "SGD", "EUR", "GBP", "CHF"})
"""Currencies whose unit is worth within a factor of two of the US dollar's (h90d): a tool
that states no currency takes an amount in its own, and reading an amount of one of these
as another moves about what was announced; an amount in any other currency (yen, won,
rupees, cents: a unit worth a hundredth of these) carried there moves orders of magnitude
more (``units``)."""

USUAL: dict[str, dict[str, str]] = {
    "dollar": {"": "USD"},
    "yen or yuan": {"": "JPY", "zh": "CNY"},
    "krona or krone": {"sv": "SEK"},
}
"""The currency a form that stands for several (``TABLE``: ``$``, ``¥``, ``kr``) names unless
the text says another, by the text's language ("" any other): ``signs``. A form with no usual
currency in a language ("kr" in English: Swedish, Norwegian, Danish) names none there."""

USUAL_OF: dict[frozenset[str], str] = {
    frozenset(_DOLLARS.split()): "dollar",
    frozenset({"JPY", "CNY"}): "yen or yuan",
    frozenset({"SEK", "NOK", "DKK", "ISK"}): "krona or krone",
}
"""The ``USUAL`` row of each set of currencies a form may stand for."""

SYSTEMS: dict[str, dict[str, str]] = {
    "metric": {"temperature": "C", "speed": "km/h m/s", "mass": "kg g mg mcg"},
    "imperial": {"temperature": "F", "speed": "mph", "mass": "lb oz"},
    "standard": {"temperature": "K", "speed": "m/s"},
}
"""A tool's system of units as the value of a key of units (``units: imperial``,
OpenWeather's ``standard`` is kelvin) and the units it takes in each dimension: "in Celsius"
+ ``units: imperial`` reads Fahrenheit (read by ``readsizes``)."""

DURATION_KEYS = frozenset({"timeout", "interval", "delay", "wait", "sleep", "ttl", "period",
                           "backoff", "deadline"})
"""Key name words of a duration a tool takes as a number: one that states no unit takes
seconds or milliseconds by convention, never minutes ("5-minute timeout" + ``timeout: 5``
refuses, ``keyedunits``)."""

FRACTION_KEYS = frozenset({"fraction", "ratio", "rate"})
"""Key name words of a share written as a fraction of one (``tax_rate: 0.08`` for 8 %)."""

STORAGE_SUFFIXES: dict[str, str] = {"ki": "KB", "mi": "MB", "gi": "GB", "ti": "TB", "pi": "PB",
                                    "k": "KB", "m": "MB", "g": "GB", "t": "TB"}
"""The suffixes glued to a size (Kubernetes' ``512Mi``, the JVM's and nginx's ``2m``, read so
only beside a size the text states); the others are ``TABLE``'s forms (``512MB``, ``2GiB``)."""

TEMPERATURE_KEYS = frozenset({"temperature", "temp", "thermostat", "setpoint"})
"""Key name words of a temperature a call sets (``temperature``, ``oven_temp_c``): a bare
figure carried there is read as one written with degrees (``writtennumbers``)."""
