# tests/cli/junit5.sh - sourced by the junit5-* cases: the Java examples
# of the assertion (tests/examples/frameworks/java/) built as a user
# builds them, with the harness as shuffle-audit prints it, and run by
# the JUnit 5 console launcher of Debian's junit5.  SHUFFLE_AUDIT is
# unset, so that the assertion finds shuffle-audit on PATH (tests/cli.sh's
# wrapper, which runs it under RUNNER too).
#
#   junit5_build DIR   copies the examples into DIR (made) and cds there,
#                      then compiles them with javac against JUnit's API
#   junit5 ARGS        the console launcher on DIR's classes; ARGS select
#                      the tests; its XML report goes to rep/ (java as
#                      found on PATH when this was sourced)
#   again TEXT         runs from / the command that a failure's message
#                      in the launcher's output (stdin) gives to
#                      reproduce it, the first one whose line has TEXT:
#                      its exit status and verdict
unset SHUFFLE_AUDIT
jars=/usr/share/java
java=$(command -v java)
junit5_build() {
	mkdir -p "$1" && cd "$1" &&
	cp "$TOP"/tests/examples/frameworks/java/*.java . &&
	shuffle-audit harness java > SaHarness.java &&
	javac -Xlint:all -Werror -d . -cp "$jars/junit-jupiter-api.jar:$jars/apiguardian-api.jar:$jars/opentest4j.jar" *.java
}
junit5() {
	"$java" -jar "$jars/junit-platform-console-standalone.jar" \
	    --disable-banner --disable-ansi-colors --details=none \
	    -cp . --reports-dir rep "$@"
}
again() {
	line=$(grep 'SHUFFLE_AUDIT_CHILD=' | grep -m1 -F "$1" | sed 's/^ *//')
	if [ -z "$line" ]; then
		echo "reproduce: no command for $1"
		return 1
	fi
	echo "reproduce: ${line%% CLASSPATH=*} CLASSPATH=... ${line#* CLASSPATH=* }"
	(cd / && sh -c "$line") > again.out 2> again.err
	echo "exit $?"
	grep '^verdict ' again.out
}
