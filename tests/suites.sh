#!/bin/sh
# tests/suites.sh BUILD CHECK... - make check: the build, then every
# suite, then one summary.
#
# BUILD is made first ($MAKE -k -jBUILD_JOBS), then each make target
# CHECK in turn, whatever those before it did, as make -k would: a unit
# test that fails does not hide the CLI cases.  Their output is shown as
# it comes; a suite that says nothing for ten seconds gets a line that it
# is still running.  A suite's counts are the lines it prints in the
# form "NAME: P passed, F failed" (", S skipped" optional; tests/check.sh
# and the rest), summed; one that exits non-zero with no failure counted
# counts one failure (a build that failed, a script that stopped), and
# one that exits 0 with no counts one pass (the build).  At the end, a
# table of the suites (check-NAME as NAME) with their counts and
# seconds, the total with the wall time and the load average, and last
#
#   check: P passed, F failed, S skipped
#
# Exits 1 when anything failed.  Run by make check, which passes MAKE
# and BUILD_JOBS; the make command line's variables (QUICK=, WERROR=)
# reach every make here through MAKEFLAGS.

set -u
make=${MAKE:-make}
build=$1
shift
tmp=$(mktemp -d)
ticker=
trap '[ -z "$ticker" ] || kill $ticker 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
: > "$tmp/table"
started=$(date +%s)

# While the suite NAME, begun at START, runs: a line after each ten
# seconds in which its log did not grow.
tick() {
	last=-1 quiet=0
	while sleep 1; do
		size=$(wc -c < "$tmp/log")
		if [ "$size" -ne "$last" ]; then
			last=$size quiet=0
			continue
		fi
		quiet=$((quiet + 1))
		if [ "$quiet" -ge 10 ]; then
			quiet=0
			echo "$1: still running ($(($(date +%s) - $2)) s)"
		fi
	done
}

# suite NAME COMMAND...: runs the command, its output shown and kept,
# and adds its row to the table: name, passed, failed, skipped, seconds.
suite() {
	name=$1
	shift
	: > "$tmp/log"
	begun=$(date +%s)
	tick "$name" "$begun" &
	ticker=$!
	{ "$@" 2>&1; echo $? > "$tmp/rc"; } | tee -a "$tmp/log"
	kill $ticker 2>/dev/null
	wait $ticker 2>/dev/null
	ticker=
	awk -v name="$name" -v rc="$(cat "$tmp/rc")" \
	    -v secs=$(($(date +%s) - begun)) '
	    /^[a-z-]+: [0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$/ {
		counted = 1
		p += $2
		f += $4
		if (NF == 7)
			s += $6
	    }
	    END {
		if (rc != 0 && f == 0)
			f = 1
		if (!counted && rc == 0)
			p = 1
		print name, p + 0, f + 0, s + 0, secs
	    }' "$tmp/log" >> "$tmp/table"
}

suite build "$make" --no-print-directory -k -j"${BUILD_JOBS:-2}" "$build"
for c; do
	suite "${c#check-}" "$make" --no-print-directory "$c"
done

load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null ||
	uptime | sed 's/.*average[s]*: *//')
echo
awk -v wall=$(($(date +%s) - started)) -v load="$load" '
    BEGIN { printf "%-10s %8s %8s %8s %8s\n", "suite", "passed", "failed",
	"skipped", "seconds" }
    {
	printf "%-10s %8d %8d %8d %8d%s\n", $1, $2, $3, $4, $5,
	    ($3 > 0 ? "  FAILED" : "")
	p += $2; f += $3; s += $4
    }
    END {
	printf "%-10s %8d %8d %8d %8d  (wall time; load average %s)\n",
	    "all", p, f, s, wall, load
	printf "check: %d passed, %d failed, %d skipped\n", p, f, s
	exit (f > 0)
    }' "$tmp/table"
