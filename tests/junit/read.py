"""tests/junit/read.py FILE - census -f junit's report as a real consumer
reads it: junitparser (Debian's python3-junitparser), the library GitHub's
publish-unit-test-result-action reads JUnit XML with.  Prints each test
case's suite, name, result and message; exit 1 when the file holds no
test case, or its counts disagree with its cases."""
import sys

import junitparser

xml = junitparser.JUnitXml.fromfile(sys.argv[1])
cases = 0
for suite in xml:
    for case in suite:
        cases += 1
        kinds = [type(r).__name__ + " " + (r.type or "") for r in case.result]
        message = case.result[0].message if case.result else ""
        print(f"{suite.name} | {case.name} | {', '.join(kinds) or 'passed'}"
              f" | {message}")
    bad = sum(1 for c in suite for r in c.result
              if isinstance(r, junitparser.Failure))
    err = sum(1 for c in suite for r in c.result
              if isinstance(r, junitparser.Error))
    if (suite.tests, suite.failures, suite.errors) != (cases, bad, err):
        print(f"counts disagree: {suite.tests} {suite.failures} "
              f"{suite.errors} against {cases} {bad} {err}")
        sys.exit(1)
if cases == 0:
    print("no test case")
    sys.exit(1)
