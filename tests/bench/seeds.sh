#!/bin/sh
# tests/bench/seeds.sh [BINARY] - seeds a second of `seed-space`: all
# 2^32 mulberry32 seeds dealing Durstenfeld's shuffle of 4 cards on two
# threads (issue 14's target: under 30 seconds on this machine's two
# cores), against the same deals through the draw oracle (--reduce
# multiply:32 draws exactly as mulberry32's own floor(x k / 2^32), by the
# general path) on 2^26 seeds in the same run.  The two paths' counts
# on those seeds must agree; the figures are printed, not asserted.
set -e
bin=${1:-./shuffle-audit}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

seconds() {	# COMMAND...: its wall-clock seconds, its output in $work/out
	s=$(date +%s.%N)
	"$@" > "$work/out"
	e=$(date +%s.%N)
	echo "$e $s" | awk '{ printf "%.2f", $1 - $2 }'
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
small=67108863
t_plain=$(seconds "$bin" seed-space -n 4 --threads 2 --seeds 0-$small \
    --reduce multiply:32 -f tsv)
grep -v '^seeds\|^chi\|^p\|^verdict\|^divides\|^uniform\|^max_ratio\|^min_ratio' \
    "$work/out" > "$work/plain"
"$bin" seed-space -n 4 --threads 2 --seeds 0-$small -f tsv |
    grep -v '^seeds\|^chi\|^p\|^verdict\|^divides\|^uniform\|^max_ratio\|^min_ratio' \
    > "$work/fast"
cmp -s "$work/plain" "$work/fast" && same=yes || same=NO
t_full=$(seconds "$bin" seed-space -n 4 --threads 2 -f tsv)
printf '%-50s %8s s\n' "all 2^32 mulberry32 seeds, 4 cards, 2 threads" "$t_full"
printf '%-50s %8s\n' "  / target 30 s" \
    "$(echo "$t_full" | awk '{ printf "%.2f", $1 / 30 }')"
printf '%-50s %8s s\n' "2^26 seeds through the draw oracle, 2 threads" "$t_plain"
printf '%-50s %8s\n' "seeds a second, fast / oracle" \
    "$(echo "$t_full $t_plain" | awk '{ printf "%.1f", (4294967296 / $1) / (67108864 / $2) }')"
printf '%-50s %8s\n' "same counts on 2^26 seeds both ways" "$same"
grep -E '^(seeds|max_seeds|min_seeds|chi_square|verdict)	' "$work/out"
