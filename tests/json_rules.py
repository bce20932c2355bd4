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
    cannot keep, has `NAME_exact` beside it: its digits, as a string.
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


def digits(text):
    """The significant digits of a number's text."""
    mant = re.split(r"[eE]", text)[0].lstrip("-").replace(".", "")
    return len(mant.strip("0")) or 1


def padded(text):
    """Whether the text's fraction ends in a zero or a bare point."""
    mant = re.split(r"[eE]", text)[0]
    return "." in mant and (mant.endswith("0") or mant.endswith("."))


def check(o, where, out):
    if isinstance(o, list):
        for i, v in enumerate(o):
            check(v, "%s[%d]" % (where, i), out)
        return
    if not isinstance(o, dict):
        if isinstance(o, Num) and (padded(o.text) or
                                   digits(o.text) > digits(repr(float(o)))):
            out.append("%s: %s is not the shortest text of its double (%r)"
                       % (where, o.text, float(o)))
        if isinstance(o, str) and re.fullmatch(r"-?\d+(?:[ ,]-?\d+)+", o):
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
        check(v, "%s.%s" % (where, k), out)


breaches = []
check(json.load(sys.stdin, parse_float=Num), "$", breaches)
print("\n".join(breaches))
