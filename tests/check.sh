# tests/check.sh - sourced by the shell suites (browser.sh, docs.sh,
# dist.sh, install.sh, mpi.sh): one verdict into their counts.
#
#   check ok|no WHAT   counts a pass, or a failure, printed as
#                      "FAIL: $suite: WHAT"
# The suite sets suite=NAME and pass=0 fail=0 first.
check() {
	if [ "$1" = ok ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $suite: $2"
	fi
}
