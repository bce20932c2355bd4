# tests/cli/nunit.sh - sourced by the nunit-* cases: the C# examples of
# the assertion (tests/examples/frameworks/csharp/) built as a user
# builds them, with the harness as shuffle-audit prints it, and run by
# the NUnit console of Debian's nunit-console under Mono.  SHUFFLE_AUDIT
# is unset, so that the assertion finds shuffle-audit on PATH
# (tests/cli.sh's wrapper, which runs it under RUNNER too).
#
#   nunit_build DIR   copies the examples into DIR (made) and cds there,
#                     then compiles the tests into DeckTests.dll against
#                     NUnit (Debian's libnunit-cil-dev) and CheckDeck.exe
#                     against nothing but the harness
#   nunit ARGS        nunit-console on DeckTests.dll; ARGS select the
#                     tests; its XML report is TestResult.xml (the
#                     console as found on PATH when this was sourced)
#   again TEXT        runs from / the command that a failure's message
#                     in the console's output (stdin) gives to reproduce
#                     it, the first one whose line has TEXT: its exit
#                     status and verdict
unset SHUFFLE_AUDIT
console=$(command -v nunit-console)
nunit_build() {
	mkdir -p "$1" && cd "$1" &&
	cp "$TOP"/tests/examples/frameworks/csharp/*.cs . &&
	shuffle-audit harness csharp > SaHarness.cs &&
	mcs -warnaserror+ -target:library -pkg:nunit -out:DeckTests.dll \
	    SaHarness.cs Deck.cs FairTests.cs UnfairTests.cs > /dev/null &&
	mcs -warnaserror+ -out:CheckDeck.exe SaHarness.cs Deck.cs CheckDeck.cs \
	    > /dev/null
}
nunit() {
	"$console" -nologo DeckTests.dll "$@"
}
again() {
	line=$(grep 'SHUFFLE_AUDIT_CHILD=' | grep -m1 -F "$1" | sed 's/^ *//')
	if [ -z "$line" ]; then
		echo "reproduce: no command for $1"
		return 1
	fi
	echo "reproduce: cd ... && ${line#cd * && }"
	(cd / && sh -c "$line") > again.out 2> again.err
	echo "exit $?"
	grep '^verdict ' again.out
}
