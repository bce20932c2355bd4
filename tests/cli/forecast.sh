# tests/cli/forecast.sh - sourced by the forecast case: an audit's
# forecast (the line SHUFFLE_AUDIT_HINT=0 has every audit write, made past
# its 40th run from a second of its pace, or an eighth of its walk where
# that comes sooner, as on a fast machine) against what it counted.  The
# runs foretold hold no clock, so either point gives the same check.
#
#   forecast CARDS COMMAND [OPTIONS]   prints "COMMAND: runs within 3" or
#                                      the factor it is off by
#
# The runs foretold against the runs counted ("runs it can take", exact),
# as a factor either way, held to 3.  The runs foretold are the runs so
# far over the share of the walk's chance walked, so the clock cancels
# out of them; the time foretold is that over the pace, which a loaded
# machine moves by more than 3 within an audit (3.8 was seen with two
# busy loops beside it), so make bench-audit reports the time's error
# and no case asserts it.
forecast() {
	cards=$1
	cmd=$2
	shift 2
	SHUFFLE_AUDIT_HINT=0 shuffle-audit census -n "$cards" --summary \
	    --exec "$cmd" "$@" > fc.out 2> fc.err
	runs=$(sed -n 's/^runs it can take *\([0-9]*\).*/\1/p' fc.out)
	r=$(sed -n 's/.*foretold to take about .* (about \([0-9.e+]*\) runs.*/\1/p' \
	    fc.err)
	if [ -z "$r" ] || [ -z "$runs" ]; then
		echo "$cmd: no forecast: $(cat fc.err)"
		return
	fi
	echo "$r $runs" | awk -v c="$cmd" '{
	    rr = $1 > $2 ? $1 / $2 : $2 / $1
	    printf "%s: runs %s\n", c,
	        rr <= 3 ? "within 3" : sprintf("off by %.1f", rr) }'
}
