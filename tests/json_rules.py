"""tests/json_rules.py - the rules of the man page's JSON OUTPUT, on one
command's JSON (standard input); prints each breach, one a line.

  - a number computed in floating point is the shortest text that reads
    back as the same double: no more significant digits than Python's
    repr of that double (which is the shortest), so no trailing zeros;
  - lists are arrays: no string is a list of numbers (separated by
    blanks or commas);
  - where a report judges, `verdict` (a string) stands beside `fair`,
    `rejected` or `uniform` (true or false);
  - each `NAME_exact` is a string (or null, beside a null NAME), beside
    NAME, a number or null; or an array of strings beside an array;
  - a whole number past 2^53, which a reader holding numbers as doubles
    cannot keep, has `NAME_exact` beside it: its digits, as a string;
  - each `NAME_text` is a string, a figure past the doubles' normal
    range (below 2^-1022 or above the largest), beside NAME, the double
    it reads as (0 or a subnormal), or null above the largest;
  - an ordering (the members in ORDERINGS) is a string in its notation,
    with commas past 10 cards: not a list, though it looks like one.
"""
import json
import re
import sys


class Num(float):
    """A float that remembers its text."""
    def __new__(cls, text):
        n = float.__new__(cls, float(text))
        n.text = text
        return n


# The members that hold an ordering in the notation asked for.
ORDERINGS = {"commonest", "rarest", "ordering", "start", "ends", "deck",
             "max_ordering", "min_ordering", "witness"}

# The smallest normal double, 2^-1022.
DBL_MIN = 2.0 ** -1022


def digits(text):
    """The significant digits of a number's text."""
    mant = re.split(r"[eE]", text)[0].lstrip("-").replace(".", "")
    return len(mant.strip("0")) or 1


def padded(text):
    """Whether the text's fraction ends in a zero or a bare point."""
    mant = re.split(r"[eE]", text)[0]
    return "." in mant and (mant.endswith("0") or mant.endswith("."))


def check(o, where, out, key=None):
    if isinstance(o, list):
        for i, v in enumerate(o):
            check(v, "%s[%d]" % (where, i), out)
        return
    if not isinstance(o, dict):
        if isinstance(o, Num) and (padded(o.text) or
                                   digits(o.text) > digits(repr(float(o)))):
            out.append("%s: %s is not the shortest text of its double (%r)"
                       % (where, o.text, float(o)))
        if isinstance(o, str) and key not in ORDERINGS and \
                re.fullmatch(r"-?\d+(?:[ ,]-?\d+)+", o):
            out.append("%s: \"%s\" is a list written as a string"
                       % (where, o))
        return
    for judged in ("fair", "rejected", "uniform"):
        if judged not in o or where != "$":	# a report, not its rows
            continue
        if not isinstance(o[judged], bool):
            out.append("%s.%s is not true or false" % (where, judged))
        if not isinstance(o.get("verdict"), str):
            out.append("%s has %s but no verdict string" % (where, judged))
    if "verdict" in o and not isinstance(o["verdict"], str):
        out.append("%s.verdict is not a string" % where)
    for k, v in o.items():
        if isinstance(v, int) and not isinstance(v, bool) and \
                abs(v) > 2 ** 53 and o.get(k + "_exact") != str(v):
            out.append("%s.%s is past 2^53 with no %s_exact of its digits"
                       % (where, k, k))
        if k.endswith("_exact"):
            base = k[:-len("_exact")]
            if base not in o:
                out.append("%s.%s has no %s beside it" % (where, k, base))
            elif isinstance(v, list):
                if not (isinstance(o[base], list) and
                        len(o[base]) == len(v) and
                        all(isinstance(x, str) for x in v)):
                    out.append("%s.%s is not an array of strings as long "
                               "as %s" % (where, k, base))
            elif v is None:
                if o[base] is not None:
                    out.append("%s.%s is null beside a number" % (where, k))
            elif not isinstance(v, str):
                out.append("%s.%s is not a string" % (where, k))
            elif not (o[base] is None or isinstance(o[base], (int, float))):
                out.append("%s.%s is not a number" % (where, base))
        if k.endswith("_text"):
            text_beside(o, where, k, out)
        check(v, "%s.%s" % (where, k), out, k)


def text_beside(o, where, k, out):
    """NAME_text: a figure past the doubles' normal range, as a string,
    beside NAME, the double it reads as (null for one past the largest)."""
    base, v = k[:-len("_text")], o[k]
    try:
        x = float(v)
    except (TypeError, ValueError):
        out.append("%s.%s is not a figure written as a string" % (where, k))
        return
    if base not in o:
        out.append("%s.%s has no %s beside it" % (where, k, base))
    elif x != 0 and DBL_MIN <= abs(x) < float("inf"):
        out.append("%s.%s: %s is a normal double, a plain number"
                   % (where, k, v))
    elif abs(x) == float("inf") and o[base] is not None:
        out.append("%s.%s is not null beside %s" % (where, base, v))
    elif abs(x) != float("inf") and (isinstance(o[base], bool) or
                                     o[base] != x):
        out.append("%s.%s is not the double %s reads as" % (where, base, v))


breaches = []
check(json.load(sys.stdin, parse_float=Num), "$", breaches)
print("\n".join(breaches))
