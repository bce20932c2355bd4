#!/bin/sh
# tests/bench/memory.sh BINARY - the census's memory estimate against the
# peak it reaches, on every path the planner models.
#
# The estimate is what the refusal message names when the data limit
# (ulimit -d) is set too low for the census; the peak is the largest
# resident set /usr/bin/time reports (for a plugin audit, of the larger
# of the two processes, while the estimate is their sum), less
# the resident set of a census of 3 cards (the program itself).  The
# ratio peak / estimate should stay within 1/1.25 .. 1.25, but for the
# step engine's tables: they have room for 32-bit counts, which the
# estimate counts, and a census whose counts stay narrow touches less
# of them (about 0.6 at 10 cards).  Nothing is asserted: this prints
# figures.
set -u
bin=${1:-./shuffle-audit}
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
[ -x /usr/bin/time ] || { echo "memory.sh: /usr/bin/time not found"; exit 0; }

peak() {
	/usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1
}
base=$(peak "$bin" census -n 3)
echo "load: $(cut -d' ' -f1-3 /proc/loadavg); program alone: $base KB"
printf '%-58s %10s %10s %6s\n' path estimate peak ratio
while IFS='|' read -r label args; do
	[ -n "$label" ] || continue
	# shellcheck disable=SC2086
	est=$( (ulimit -d 4096; "$bin" census $args 2>&1 >/dev/null) |
	    sed -n 's/.*needs about \([0-9.]*\) \([KMG]i*B\).*/\1 \2/p')
	# shellcheck disable=SC2086
	got=$(peak "$bin" census $args)
	echo "$est" | awk -v got="$got" -v base="$base" -v label="$label" '
	    { m = $2 == "KiB" ? 1 : $2 == "MiB" ? 1024 : 1048576;
	      e = $1 * m;
	      printf "%-58s %8.0f KB %7d KB %6.2f\n", label, e, got - base,
	        (got - base) / e }'
done <<'PATHS'
steps, naive 10 cards|-n 10 --summary
steps, naive 11 cards (counts widen to 32 bits)|-n 11 --summary
steps, Durstenfeld 10 cards|-a durstenfeld -n 10 --summary
replay, Durstenfeld 10 cards|-a durstenfeld -n 10 --engine replay --summary
walk, naive 9 cards, 2 threads|-n 9 --engine walk --threads 2 --summary
steps, --reduce multiply:64, Durstenfeld 10 cards|-a durstenfeld -n 10 --reduce multiply:64 --summary
steps, --reduce modulo:8, Durstenfeld 10 cards|-a durstenfeld -n 10 --reduce modulo:8 --summary
steps, --reduce multiply:64, naive 9 cards|-n 9 --reduce multiply:64 --summary
replay, --reduce multiply:64, Durstenfeld 9 cards|-a durstenfeld -n 9 --engine replay --reduce multiply:64 --summary
--sort runs --top all, Durstenfeld 10 cards|-a durstenfeld -n 10 --sort runs --top all -f tsv
plugin audit, 10 cards (estimate: both processes)|--plugin build/plugins/fair.so -n 10 --summary
PATHS
