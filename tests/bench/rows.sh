#!/bin/sh
# tests/bench/rows.sh BINARY [CARDS] - what writing every row costs, and
# sorting them by runs, against the census alone, in the same run: each
# command three times, the best kept.  Ratios, not seconds, are the
# figures to compare between machines.  Nothing is asserted.
bin=${1:-./shuffle-audit}
n=${2:-10}

best() {
	b=
	for _ in 1 2 3; do
		s=$(date +%s.%N)
		"$bin" "$@" > /dev/null || exit 1
		e=$(date +%s.%N)
		t=$(echo "$e - $s" | awk '{ print $1 - $3 }')
		if [ -z "$b" ] || awk -v t="$t" -v b="$b" 'BEGIN { exit !(t < b) }'
		then
			b=$t
		fi
	done
	echo "$b"
}

summary=$(best census -n "$n" --summary)
rows=$(best census -n "$n" -f tsv --top all)
sorted=$(best census -n "$n" -f csv --top all --sort runs)
printf 'census -n %s --summary                 %6.2f s   1.00\n' "$n" "$summary"
printf 'census -n %s -f tsv --top all           %6.2f s  %5.2f\n' "$n" "$rows" \
    "$(echo "$rows $summary" | awk '{ print $1 / $2 }')"
printf 'census -n %s -f csv --top all --sort runs %5.2f s  %5.2f\n' "$n" "$sorted" \
    "$(echo "$sorted $summary" | awk '{ print $1 / $2 }')"
