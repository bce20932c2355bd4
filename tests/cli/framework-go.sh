# tests/cli/framework-go.sh - sourced by the go-test-* cases (issue 64):
# the example package of tests/examples/frameworks/go set up as a user
# sets theirs up, and the lines of go test's output that do not vary.
#
#   go_example DIR   DIR: the example, with sa_harness_test.go as
#                    `shuffle-audit harness go` prints it, in package
#                    deck; go's caches in the case's scratch directory
#                    (no home needed), no network (GOPROXY=off), and
#                    shuffle-audit found on PATH (SHUFFLE_AUDIT, which
#                    the user's environment may set, unset); then
#                    cd DIR
#   go_lines FILE    FILE's lines a case compares: each test's end, the
#                    failure's first line, its commonest, rarest and
#                    verdict lines and the command that reproduces it,
#                    errors; the times, and a hidden source's last deck,
#                    left out
go_example() {
	rm -rf "$1" && cp -R "$TOP/tests/examples/frameworks/go" "$1" &&
	    shuffle-audit harness go |
	    sed 's/^package main$/package deck/' > "$1/sa_harness_test.go" ||
	    return 1
	GOCACHE=$PWD/.gocache GOPATH=$PWD/.gopath GOPROXY=off GOTOOLCHAIN=local
	export GOCACHE GOPATH GOPROXY GOTOOLCHAIN
	unset SHUFFLE_AUDIT
	cd "$1"
}
go_lines() {
	sed -n -e 's/ ([0-9.]*s)$//' -e 's/^ *//' \
	    -e '/^--- \(PASS\|FAIL\)/p' -e '/^[a-z_]*_test.go:[0-9]*: /p' \
	    -e '/^\(commonest\|rarest\|verdict\|problem\)  /p' \
	    -e '/^reproduce: /p' "$1" |
	    sed 's/its last line: "deck [0-9 ]*"/its last line: "deck ..."/'
}
