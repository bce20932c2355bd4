#!/bin/sh
# tests/units.sh TEST...
#
# Runs the unit tests named, each under $RUNNER when that is set (make
# check-valgrind's valgrind), UNIT_JOBS of them at a time (default 1),
# in the order given: make check-unit names the longest first, so that
# no test is left running alone at the end.  A test's output is printed
# whole when it ends, under "== TEST", so that two never interleave; the
# run goes on past a test that fails, says which, and fails.

set -u
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
export logs
RUNNER=${RUNNER:-}
export RUNNER

# shellcheck disable=SC2016
printf '%s\n' "$@" | xargs -P "${UNIT_JOBS:-1}" -I TEST sh -c '
	t=$1
	log=$logs/$(basename "$t")
	# shellcheck disable=SC2086
	$RUNNER "$t" > "$log" 2>&1
	rc=$?
	[ $rc -eq 0 ] || { echo "units.sh: $t: exit status $rc"; \
	    echo "$t" >> "$logs/failed"; } >> "$log"
	flock "$logs/lock" sh -c "echo \"== \$1\"; cat \"\$2\"" sh "$t" "$log"
	exit 0' sh TEST
if [ -s "$logs/failed" ]; then
	echo "units.sh: failed:" $(cat "$logs/failed")
	exit 1
fi
