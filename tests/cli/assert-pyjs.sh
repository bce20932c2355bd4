# tests/cli/assert-pyjs.sh - sourced by the cases of the assertion inside
# Python's and JavaScript's own test runners (sa_harness.assert_fair under
# unittest and pytest, assertFair under node --test and Jest): each runs
# an example of tests/examples/frameworks/ with its real runner, as a user
# would, and shows the lines its output must hold, made the same on every
# machine.
#
#   fw_setup LANG    a new directory holding tests/examples/frameworks/LANG
#                    and the harness as `shuffle-audit harness LANG`
#                    prints it; the case goes there.  SHUFFLE_AUDIT, which
#                    tests/cli.sh sets to its binary, is unset: the
#                    harness finds shuffle-audit on PATH, as a user's does
#   fw_report FILE   of a runner's output: each test's outcome, the
#                    exception's name and first line, the report's verdict,
#                    commonest and rarest lines and the reproducing command
#                    (the directory it names, the runner's timings and the
#                    interpreter's and Jest's paths made the same)
#   fw_again FILE WORDS  runs the reproducing command of FILE that holds
#                    WORDS, from here, and prints its exit status and its
#                    verdict
#   fw_python        the real path of python3 (a version manager's shim
#                    needs the PATH a case takes away)
#   JEST             the Jest that .ci/run installs with npm (SA_JEST, if
#                    set); tests/cli.sh skips the jest-* cases without it

JEST=${SA_JEST:-/tmp/shuffle-audit-jest/node_modules/.bin/jest}

fw_setup() {
	# The runners' output as on a terminal-less desk, wherever the case
	# runs: pytest prints its summary lines whole, not cut to COLUMNS,
	# where CI or BUILD_NUMBER is set (as on a CI runner).
	unset SHUFFLE_AUDIT CI BUILD_NUMBER GITHUB_ACTIONS
	COLUMNS=80
	export COLUMNS
	fw_dir=$(mktemp -d "./fw-$1.XXXXXX") &&
	    cp -R "$TOP/tests/examples/frameworks/$1/." "$fw_dir" &&
	    cd "$fw_dir" || return 1
	case $1 in
	python) shuffle-audit harness python > sa_harness.py ;;
	js) shuffle-audit harness javascript > sa_harness.js ;;
	esac
}

fw_python() {
	python3 -c 'import sys; print(sys.executable)'
}

fw_report() {
	sed -e 's/^E  *//' -e 's/^ *//' "$1" | sed -n \
	    -e '/^test_[a-z_]* (.*) \.\.\. /p' \
	    -e '/^test_[a-z_]*\.py::[^ ]* \(PASSED\|FAILED\|ERROR\)/p' \
	    -e '/^\(not \)\{0,1\}ok [0-9]* - /p' \
	    -e '/^[✓✕] /p' \
	    -e '/^\(FAILED\|OK\|Tests:\)/p' \
	    -e '/^[a-z_.]*\(AuditError\|AssertionError\)[:'"'"']/p' \
	    -e "/^name: '/p" \
	    -e '/^\(verdict\|commonest\|rarest\) /p' \
	    -e '/^reproduce (in /p' \
	    -e '/^shuffle-audit \(census exited\|not found\)/p' \
	    -e "/^error: 'shuffle-audit not found/p" |
	sed -e "s|(in $PWD)|(in .)|" \
	    -e 's/ ([0-9.]* m\{0,1\}s)$//' -e 's/ *\[ *[0-9]*%\]$//' \
	    -e 's/^\(FAILED\|OK\) (\(.*\)) in [0-9.]*s$/\1 (\2)/' \
	    -e 's/^\(test_[a-z_]*\) (.*) \.\.\. /\1 ... /' \
	    -e 's/\(SHUFFLE_AUDIT_CHILD=[0-9]*\) [^ ]*\(python3\|node\)[^ ]* /\1 \2 /' \
	    -e 's| [^ ]*/jest -i | jest -i |'
}

fw_again() {
	fw_cmd=$(sed -n 's/^[E ]*reproduce (in [^)]*): //p' "$1" |
	    grep -F -- "$2" | head -1)
	sh -c "$fw_cmd" > again.out 2>&1
	echo "again: exit $?"
	sed -n 's/^verdict  *//p' again.out
}
