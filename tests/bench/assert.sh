#!/bin/sh
# tests/bench/assert.sh [BINARY] [CARDS] - the audit inside a test suite,
# start to finish: a test that asserts a Fisher-Yates of CARDS (6) cards
# fair, run by its language's own runner (the runner's start, the census,
# and the child that re-runs the test as the audited program, all
# counted), beside the same census of the language's harness example run
# from a shell (census --exec, no runner), best of five each.  The ratio
# is what being a test costs; the target is the whole under 2 seconds on
# two quiet cores (JVM and Mono starts included).  Nothing is asserted.
#
# One row a language, in LIST below, its fields split by " | ":
#   language | tool it needs | build, in the work directory (not timed)
#   | the test's run (timed; must exit 0) | the harness example's
#   command, run in build/harness (timed under census --exec)
# The build and the run see $bin (the binary), $top (the tree), $h
# (build/harness) and $work (the work directory, where they run); the
# harness is on hand as `"$bin" harness LANG`.  A language whose tool is
# missing is left out with a line saying so.
set -e
bin=${1:-./shuffle-audit}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
cards=${2:-6}
top=$(cd "$(dirname "$0")/../.." && pwd)
h=$top/build/harness
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
${CC:-cc} -O2 -o "$work/stopwatch" "$top/tests/bench/stopwatch.c"
make -s -C "$top" harness-examples >/dev/null
# The assertions find the binary by SHUFFLE_AUDIT.
SHUFFLE_AUDIT=$bin
export SHUFFLE_AUDIT

LIST='C | cc | "$bin" harness c > sa_harness.h && cc -O2 -I. -o assert_c "$top/tests/bench/assert_c.c" -lcmocka | ./assert_c | ./mine_c'

# The least of five of the stopwatch's seconds for "$@", run in $1.
best5() {
	dir=$1
	shift
	best=
	for _ in 1 2 3 4 5; do
		(cd "$dir" && "$work/stopwatch" "$work/secs" "$@") \
		    > "$work/out" 2>&1 || { cat "$work/out" >&2; exit 1; }
		t=$(cat "$work/secs")
		if [ -z "$best" ] || awk -v t="$t" -v b="$best" \
		    'BEGIN { exit !(t < b) }'; then
			best=$t
		fi
	done
	echo "$best"
}
trim() { printf '%s' "$1" | sed 's/^ *//; s/ *$//'; }

echo "the audit inside a test suite, Fisher-Yates of $cards cards, start" \
    "to finish, best of five (load $(cut -d' ' -f1-3 /proc/loadavg)):"
printf '%-12s %10s %10s %8s  %s\n' language "test (s)" "audit (s)" \
    test/audit "target: under 2 s"
printf '%s\n' "$LIST" | while IFS= read -r row; do
	[ -n "$row" ] || continue
	lang=$(trim "${row%% | *}"); row=${row#* | }
	tool=$(trim "${row%% | *}"); row=${row#* | }
	build=$(trim "${row%% | *}"); row=${row#* | }
	run=$(trim "${row%% | *}"); row=${row#* | }
	plain=$(trim "$row")
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "$lang: $tool not found, left out"
		continue
	fi
	(cd "$work" && eval "$build") ||
	    { echo "$lang: the build failed" >&2; exit 1; }
	t=$(best5 "$work" sh -c "$run")
	a=$(best5 "$h" "$bin" census --exec "$plain" -n "$cards" --summary)
	echo "$t $a" | awk -v l="$lang" '{
	    printf "%-12s %10.3f %10.3f %8.2f  %s\n", l, $1, $2,
	    $1 / ($2 > 0 ? $2 : 1e-6), $1 < 2 ? "met" : "not met" }'
done
