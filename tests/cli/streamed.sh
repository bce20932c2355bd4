# tests/cli/streamed.sh - sourced by the streamed walk's cases: an audit's
# report when the program streams its walk against the report of the same
# audit over the plain protocol with --batch (--no-stream), byte for byte,
# with its exit status.  The forecast's line, which an audit slower than
# 10 s writes and whose figures are the clock's, is held back in both;
# so are the lines on how the reals were placed, the cells tried and
# the runs made again (a walk's are chosen at random under --repeat),
# which differ by route (every run kept of a walk is placed; a plan's
# runs are not, and are counted at lcm(1..n) cells with none tried), so
# the plans are counted at the cells the walk was counted at; and the
# line on the runs made again by copies with raw words placed otherwise
# (raw placed: a walk's kept runs; none on the plain protocol).  Code
# whose deck moves with those bits (Go's Perm, Java's
# nextInt(3), C#'s Next(3) in library mode) is the model's on a walk
# (exit 4) and counted on the plain protocol, so it is not compared here:
# its own cases hold the walk's verdict.  Nor is code that reduces the
# raw words it reads whole (C's rand() % k, Rust's raw() % k): on a walk
# every placement of its words agrees, so its verdict stands at their
# width (1); plans place none, so there the second model decides (4).
#
#   same_report CARDS COMMAND [OPTIONS]   prints "COMMAND: same" or the
#                                         first lines that differ, or
#                                         that the audit was refused
#                                         (exit 2), which compares
#                                         nothing
unplaced() {
	awk '/^(reals placed|real cells|runs made again|raw placed) /{ skip = 1; next }
	    skip && /^ /{ next } { skip = 0; print }'
}
same_report() {
	cards=$1
	cmd=$2
	shift 2
	SHUFFLE_AUDIT_HINT=1000000 shuffle-audit census -n "$cards" \
	    --exec "$cmd" "$@" > st.raw 2> st.err
	echo "exit $?" >> st.raw
	unplaced < st.raw > st.out
	cells=$(sed -n 's/^real cells *\([0-9]*\).*/\1/p' st.raw)
	SHUFFLE_AUDIT_HINT=1000000 shuffle-audit census -n "$cards" \
	    --exec "$cmd" "$@" ${cells:+--real-cells $cells} --batch \
	    --no-stream > pl.raw 2> pl.err
	echo "exit $?" >> pl.raw
	unplaced < pl.raw > pl.out
	if [ "$(tail -1 pl.out)" = "exit 2" ]; then
		# Two refusals alike would hold the walk to nothing.
		echo "$cmd${*:+ $*}: refused, not compared"
	elif cmp -s st.out pl.out && cmp -s st.err pl.err; then
		echo "$cmd${*:+ $*}: same"
	else
		echo "$cmd${*:+ $*}: differs"
		diff st.out pl.out | head -5
		diff st.err pl.err | head -5
	fi
}
