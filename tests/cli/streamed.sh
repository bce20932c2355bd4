# tests/cli/streamed.sh - sourced by the streamed walk's cases: an audit's
# report when the program streams its walk against the report of the same
# audit over the plain protocol with --batch (--no-stream), byte for byte,
# with its exit status.  The forecast's line, which an audit slower than
# 10 s writes and whose figures are the clock's, is held back in both.
#
#   same_report CARDS COMMAND [OPTIONS]   prints "COMMAND: same" or the
#                                         first lines that differ, or
#                                         that the audit was refused
#                                         (exit 2), which compares
#                                         nothing
same_report() {
	cards=$1
	cmd=$2
	shift 2
	SHUFFLE_AUDIT_HINT=1000000 shuffle-audit census -n "$cards" \
	    --exec "$cmd" "$@" > st.out 2> st.err
	echo "exit $?" >> st.out
	SHUFFLE_AUDIT_HINT=1000000 shuffle-audit census -n "$cards" \
	    --exec "$cmd" "$@" --batch --no-stream > pl.out 2> pl.err
	echo "exit $?" >> pl.out
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
