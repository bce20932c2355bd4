#!/bin/sh
# tests/bench/audit.sh [BINARY] [CARDS] - runs a second of an --exec
# audit, for a tiny C protocol client (tests/bench/client.c) and for the
# Python Fisher-Yates example, as programs were spoken to before --batch
# (a line a draw, every run twice, one copy) and with every speed-up
# (--batch, --repeat 1/64, --instances 2), against the plain in-process
# loop (the fair plugin, Durstenfeld's shuffle in a child process).
# Each command runs three times and the best is kept; the ratios are the
# figures to compare between machines.  Nothing is asserted.
set -e
bin=${1:-./shuffle-audit}
n=${2:-7}
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
${CC:-cc} -O2 -o "$work/client" "$top/tests/bench/client.c"
make -s -C "$top" plugins >/dev/null

# The runs of Durstenfeld's shuffle on N cards: N!.
runs() {
	awk -v n="$1" 'BEGIN { r = 1; for (i = 2; i <= n; i++) r *= i; print r }'
}

# The best of three: runs a second of "$bin" census ARGS on N cards.
rate() {
	cards=$1
	shift
	best=
	for _ in 1 2 3; do
		s=$(date +%s.%N)
		"$bin" census -n "$cards" --summary "$@" > /dev/null
		e=$(date +%s.%N)
		t=$(echo "$e $s" | awk '{ print $1 - $2 }')
		if [ -z "$best" ] || awk -v t="$t" -v b="$best" \
		    'BEGIN { exit !(t < b) }'; then
			best=$t
		fi
	done
	echo "$(runs "$cards") $best" | awk '{ printf "%.0f", $1 / $2 }'
}

fast="--batch --repeat 1/64 --instances 2"
loop=$(rate 9 --plugin "$top/build/plugins/fair.so")
c_before=$(rate "$n" --exec "$work/client")
c_after=$(rate "$n" --exec "$work/client" $fast)
echo "speed-ups: $fast"
printf '%-36s %9s runs/s\n' "in-process loop (plugin, 9 cards)" "$loop"
printf '%-36s %9s runs/s  %6.1fx\n' "C client, $n cards, before" "$c_before" 1
printf '%-36s %9s runs/s  %6.1fx\n' "C client, $n cards, speed-ups" \
    "$c_after" "$(echo "$c_after $c_before" | awk '{ print $1 / $2 }')"
if command -v python3 >/dev/null 2>&1; then
	py="python3 $top/tests/examples/exec/fisher_yates.py"
	p_before=$(rate "$n" --exec "$py")
	p_after=$(rate "$n" --exec "$py" $fast)
	printf '%-36s %9s runs/s  %6.1fx\n' "Python, $n cards, before" \
	    "$p_before" 1
	printf '%-36s %9s runs/s  %6.1fx\n' "Python, $n cards, speed-ups" \
	    "$p_after" "$(echo "$p_after $p_before" | awk '{ print $1 / $2 }')"
fi
