#!/bin/sh
# tests/bench/fit.sh BINARY [SEEDS] - make bench-fit: fit's stated odds
# against what fair and biased decks really do.
#
# For 3, 10 and 52 cards, SEEDS (default 1000) seeds of Durstenfeld's
# shuffle are dealt by `sample` and judged at alpha 0.1, 0.05 and 0.01:
# the share of fair samples rejected is printed beside alpha with its
# 95% Wilson interval, and whether that is consistent with "at most
# alpha" (at 3 cards both tests run, each at alpha / 2, and the verdict
# comes out below alpha: 0.6 of it, exactly, at 30 decks).  Then the naive
# shuffle is dealt in as many decks as `fit --detect` says give power
# 0.5 (and 0.9 at 10 cards) at alpha 0.01, and the share rejected is
# printed beside that prediction.  Nothing is asserted: this measures
# the calibration (a figure outside its interval now and then is what
# 95% intervals do: about 1 in 20 of the rows).  The load average is
# printed beside it; the figures do not depend on it.
set -u
bin=${1:?usage: fit.sh BINARY [SEEDS]}
seeds=${2:-1000}

# Wilson's interval for K of N at 95%: "lo hi".
wilson() {
	awk -v k="$1" -v n="$2" 'BEGIN {
		z = 1.959964; p = k / n; d = 1 + z * z / n
		c = (p + z * z / (2 * n)) / d
		h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
		printf "%.4f %.4f", (c - h < 0 ? 0 : c - h), c + h }'
}

# How many of SEEDS samples of ALGO, N cards, DECKS decks, are rejected
# at ALPHA.
rejected() {
	k=0 s=1
	while [ "$s" -le "$seeds" ]; do
		"$bin" sample -a "$1" -n "$2" --decks "$3" --seed "$s" \
		    --threads 1 --alpha "$4" -f json |
		    grep -q '"rejected": true' && k=$((k + 1))
		s=$((s + 1))
	done
	echo "$k"
}

# A row: ALGO N DECKS ALPHA WANT SIDE, SIDE "at most" for false alarms
# (the stated odds are a bound: the interval must reach down to it) or
# "near" for power (the interval must hold it).
row() {
	k=$(rejected "$1" "$2" "$3" "$4")
	set -- "$@" "$k" $(wilson "$k" "$seeds")
	# $6 side, $7 k, $8 lo, $9 hi
	awk -v w="$5" -v side="$6" -v lo="$8" -v hi="$9" -v k="$7" \
	    -v n="$seeds" -v what="$1, $2 cards, $3 decks, alpha $4" 'BEGIN {
		ok = side == "at most" ? lo <= w : w >= lo && w <= hi
		in_it = ok ? "yes" : "NO"
		printf "%-44s %5.3f [%.3f, %.3f]  %s %-5g %s\n", what,
		    k / n, lo, hi, side, w, in_it }'
}

echo "fit's calibration, $seeds seeds a row (load $(cut -d' ' -f1-3 /proc/loadavg))"
echo "false alarms: fair decks rejected, against alpha"
for spec in "3 30" "10 100" "52 300"; do
	set -- $spec
	for alpha in 0.1 0.05 0.01; do
		row durstenfeld "$1" "$2" "$alpha" "$alpha" "at most"
	done
done
echo "power: the naive shuffle rejected, against fit --detect's prediction"
for spec in "3 0.5" "10 0.5" "10 0.9" "52 0.5"; do
	set -- $spec
	d=$("$bin" fit -n "$1" --detect naive --alpha 0.01 --power "$2" -f json |
	    sed -n 's/.*"decks": \([0-9]*\).*/\1/p')
	row naive "$1" "$d" 0.01 "$2" near
done
