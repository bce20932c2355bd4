# tests/cli/forecast.sh - sourced by the forecast case: an audit's
# forecast (the line SHUFFLE_AUDIT_HINT=0 has every audit write, made from
# its first second) against what it took.
#
#   forecast CARDS COMMAND [OPTIONS]   prints "COMMAND: runs within 3,
#                                      time within 3" or the factors
#
# The runs foretold against the runs counted ("runs it can take", exact)
# and the seconds foretold against the seconds the audit took, each as a
# factor either way, held to 3: the forecast is made in the same audit,
# under the same load, and a factor of 3 is far past the noise of this
# machine (NOTES: 2-3x between runs, not within one).
forecast() {
	cards=$1
	cmd=$2
	shift 2
	s=$(date +%s.%N)
	SHUFFLE_AUDIT_HINT=0 shuffle-audit census -n "$cards" --summary \
	    --exec "$cmd" "$@" > fc.out 2> fc.err
	e=$(date +%s.%N)
	runs=$(sed -n 's/^runs it can take *\([0-9]*\).*/\1/p' fc.out)
	sed -n 's/.*foretold to take about \([0-9.]*\) \(s\|minutes\|hours\) (about \([0-9.e+]*\) runs.*/\1 \2 \3/p' \
	    fc.err > fc.line
	if [ ! -s fc.line ]; then
		echo "$cmd: no forecast: $(cat fc.err)"
		return
	fi
	read -r f unit r < fc.line
	echo "$f $unit $r $runs $e $s" | awk -v c="$cmd" '{
	    f = $2 == "s" ? $1 : $2 == "minutes" ? $1 * 60 : $1 * 3600
	    t = $5 - $6
	    rr = $3 > $4 ? $3 / $4 : $4 / $3
	    tt = f > t ? f / t : t / f
	    printf "%s: runs %s, time %s\n", c,
	        rr <= 3 ? "within 3" : sprintf("off by %.1f", rr),
	        tt <= 3 ? "within 3" : sprintf("off by %.1f (%.1f s foretold, %.1f s taken)", tt, f, t) }'
}
