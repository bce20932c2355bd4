#!/bin/sh
# tests/fuzz/run.sh DIR SECONDS TARGET... - for each target, its
# regression inputs (tests/fuzz/regress/TARGET, each must pass), then
# SECONDS of libFuzzer from a fresh copy of its corpus, DIR/fuzz_TARGET
# the binary.  FUZZ_JOBS targets at a time (default 2: a fuzzer is one
# process, and a loaded machine's two cores stay busy); each target's
# lines are printed whole when it ends.  A crash's input is kept as
# DIR/crash-TARGET-*, the log's tail printed, and the run fails.
set -u
dir=$1 secs=$2
shift 2
export dir secs
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
export logs

# shellcheck disable=SC2016
printf '%s\n' "$@" | xargs -P "${FUZZ_JOBS:-2}" -I TARGET sh -c '
	t=$1
	out=$logs/$t
	log=$dir/$t.log
	rm -rf "$dir/corpus-$t"
	mkdir -p "$dir/corpus-$t"
	cp tests/fuzz/corpus/"$t"/* "$dir/corpus-$t/" 2>/dev/null
	if [ -d "tests/fuzz/regress/$t" ] &&
	    ! "$dir/fuzz_$t" tests/fuzz/regress/"$t"/* > "$log" 2>&1; then
		{ tail -40 "$log"; echo "fuzz: $t: a regression input fails"; } \
		    > "$out"
		echo "$t" >> "$logs/failed"
	elif ! "$dir/fuzz_$t" -max_total_time="$secs" -timeout=20 \
	    -rss_limit_mb=2048 -artifact_prefix="$dir/crash-$t-" \
	    "$dir/corpus-$t" > "$log" 2>&1; then
		{ tail -40 "$log"; echo "fuzz: $t: FAILED"; } > "$out"
		echo "$t" >> "$logs/failed"
	else
		echo "fuzz: $t: $(sed -n "s/^Done \([0-9]*\) runs.*/\1/p" \
		    "$log") runs in $secs s, no crash" > "$out"
	fi
	flock "$logs/lock" cat "$out"
	exit 0' sh TARGET
if [ -s "$logs/failed" ]; then
	echo "fuzz: failed:" $(cat "$logs/failed")
	exit 1
fi
