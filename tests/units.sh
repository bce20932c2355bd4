#!/bin/sh
# tests/units.sh TEST...
#
# Runs the unit tests named, each under $RUNNER when that is set (make
# check-valgrind's valgrind), UNIT_JOBS of them at a time (default 1),
# in the order given: make check-unit names the longest first, so that
# no test is left running alone at the end.  A test that passes prints
# one line as it ends, cmocka's own summary ("[  PASSED  ] 12 test(s).",
# and its skipped tests' lines when it skipped some); one that fails
# prints its whole output under "== TEST", so that two never interleave.
# The run goes on past a test that fails, says which, and fails.  At
# the end, the tests counted over every program:
#   unit: P passed, F failed, S skipped
# (a program that ends badly with no failure of cmocka's counts as one).

set -u
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
export logs
RUNNER=${RUNNER:-}
export RUNNER
: > "$logs/counts"

# shellcheck disable=SC2016
printf '%s\n' "$@" | xargs -P "${UNIT_JOBS:-1}" -I TEST sh -c '
	t=$1
	log=$logs/$(basename "$t")
	# shellcheck disable=SC2086
	$RUNNER "$t" > "$log" 2>&1
	rc=$?
	# cmocka says what passed, failed and was skipped.
	counts=$(awk -v rc=$rc "
	    /^\[  PASSED  \] [0-9]+ test/ { p = \$4 }
	    /^\[  FAILED  \] [0-9]+ test/ { f = \$4 }
	    /^\[  SKIPPED \] [0-9]+ test/ { s = \$4 }
	    END { if (rc != 0 && f == 0) f = 1; print p + 0, f + 0, s + 0 }" \
	    "$log")
	if [ $rc -eq 0 ]; then
		flock "$logs/lock" sh -c "echo \"\$1\" >> \"\$2/counts\"
		    grep -E \"^\\[  (PASSED  \\] [0-9]+ test|SKIPPED \\] )\" \"\$3\"" \
		    sh "$counts" "$logs" "$log"
	else
		echo "units.sh: $t: exit status $rc" >> "$log"
		flock "$logs/lock" sh -c "echo \"\$1\" >> \"\$2/counts\"
		    echo \"\$3\" >> \"\$2/failed\"
		    echo \"== \$3\"; cat \"\$4\"" sh "$counts" "$logs" "$t" "$log"
	fi
	exit 0' sh TEST
echo "unit: $# programs"
awk '{ p += $1; f += $2; s += $3 }
    END { printf "unit: %d passed, %d failed, %d skipped\n", p, f, s }' \
    "$logs/counts"
if [ -s "$logs/failed" ]; then
	echo "units.sh: failed:" $(cat "$logs/failed")
	exit 1
fi
