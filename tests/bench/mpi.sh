#!/bin/sh
# tests/bench/mpi.sh MPI-BINARY BINARY - what the Open MPI build shares
# out, timed under mpirun -np 1 and -np 2 against the single process in
# the same run (ratios, not seconds: the machines here are shared):
#
#   - an audit of a plugin (the naive shuffle as a shared object, 8
#     cards: 8^8 runs, each run twice);
#   - a seed space (Durstenfeld's shuffle of 5 cards, 2^26 mulberry32
#     seeds, one thread: the single process one, each rank one);
#   - a sample (10^7 decks of 52 cards in 2 streams: the single process
#     on two threads already, so -np 2 shows MPI's cost, not a gain);
#   - the naive census of 11 and 12 cards, sharded by leading card
#     (strong scaling: the same census on 1 and 2 ranks; with 1 rank
#     mpirun runs the single-process engine, with 2 the sharded one,
#     each rank on a core);
#   - the peak memory of each rank of the 12-card census on 4 ranks,
#     against the single process's peak (the goal: at most a third),
#     from /usr/bin/time.
#
# Each report must be the single process's, byte for byte; the times
# are printed, with the speed-up of 2 ranks over 1 (2 at best on two
# cores; mpirun's start, about a second here, is in every -np figure).
# Run by make bench-mpi.
set -e
mpi=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
single=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
cp "$top"/build/plugins/naive.so "$work"/
cd "$work"

seconds() {	# OUT COMMAND...: its wall-clock seconds, its report in OUT
	out=$1
	shift
	s=$(date +%s.%N)
	"$@" > "$out" 2> /dev/null || true
	e=$(date +%s.%N)
	echo "$e $s" | awk '{ printf "%.2f", $1 - $2 }'
}

row() {	# NAME ARGS...: single, -np 1, -np 2, and the speed-up
	name=$1
	shift
	t0=$(seconds one "$single" "$@")
	t1=$(seconds np1 mpirun --allow-run-as-root --oversubscribe -np 1 \
	    "$mpi" "$@")
	t2=$(seconds np2 mpirun --allow-run-as-root --oversubscribe -np 2 \
	    "$mpi" "$@")
	cmp -s one np1 && cmp -s one np2 && same=yes || same=NO
	printf '%-26s %8s %8s %8s %8s %5s\n' "$name" "$t0" "$t1" "$t2" \
	    "$(echo "$t1 $t2" | awk '{ printf "%.2f", $1 / $2 }')" "$same"
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-26s %8s %8s %8s %8s %5s\n' "work" "alone s" "np 1 s" "np 2 s" \
    "np1/np2" "same"
row "plugin audit, 8 cards" census --plugin ./naive.so -n 8 --summary
row "seed space, 2^26 seeds" seed-space -n 5 --seeds 0-67108863 \
    --threads 1
row "sample, 10^7 decks of 52" sample -a durstenfeld -n 52 \
    --decks 10000000 --threads 2 --seed 5
row "naive census, 11 cards" census -n 11 --summary
[ "${BENCH_MAX:-12}" -lt 12 ] ||
	row "naive census, 12 cards" census -n 12 --summary

[ "${BENCH_MAX:-12}" -ge 12 ] && [ -x /usr/bin/time ] || exit 0
single_kb=$(/usr/bin/time -f %M "$single" census -n 12 --summary 2>&1 \
    > one | tail -1)
mpirun --allow-run-as-root --oversubscribe -np 4 sh -c \
    'exec /usr/bin/time -f "rank %M" "$0" "$@"' "$mpi" census -n 12 \
    --summary > np4 2> np4.err || true
rank_kb=$(sed -n 's/^rank \([0-9]*\)$/\1/p' np4.err | sort -n | tail -1)
cmp -s one np4 && same=yes || same=NO
echo "12-card census, peak memory: single process $single_kb KB;" \
    "the largest of 4 ranks $rank_kb KB," \
    "$(echo "$rank_kb $single_kb" | awk '{ printf "%.2f", $1 / $2 }') of it" \
    "(goal: at most 0.33); the same report: $same"
