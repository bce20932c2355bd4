# tests/cli/framework-rust.sh - sourced by the rust-*-assert cases (issue
# 64): the example crate of tests/examples/frameworks/rust set up as a
# user sets theirs up, and the lines of a test run's output that do not
# vary with the run or with Rust's version.
#
#   rust_example DIR   DIR: the example, with src/sa_harness.rs as
#                      `shuffle-audit harness rust` prints it; cargo's
#                      home in the case's scratch directory (no home
#                      needed), backtraces off, and shuffle-audit found
#                      on PATH (SHUFFLE_AUDIT, which the user's
#                      environment may set, unset); then cd DIR
#   rust_lines FILE    FILE's lines a case compares: each test's result
#                      (sorted: tests end in any order), where a failure
#                      panicked (Rust 1.63 says it after the message,
#                      later ones before it; here before), its first
#                      line, its commonest, rarest and verdict lines and
#                      the command that reproduces it; cargo's hash in
#                      the test binary's name, and a hidden source's last
#                      deck, left out
rust_example() {
	rm -rf "$1" && cp -R "$TOP/tests/examples/frameworks/rust" "$1" &&
	    shuffle-audit harness rust > "$1/src/sa_harness.rs" || return 1
	CARGO_HOME=$PWD/.cargo RUST_BACKTRACE=0
	export CARGO_HOME RUST_BACKTRACE
	unset SHUFFLE_AUDIT CARGO_TARGET_DIR
	cd "$1"
}
rust_lines() {
	grep '^test [^ ]* \.\.\. ' "$1" | sort
	awk '
	function keep(line) {
		if (match(line, /(shuffle-audit census, exit status|audit error:).*/))
			line = substr(line, RSTART)
		else if (line !~ /^(commonest|rarest|verdict|problem)  / &&
		    line !~ /^reproduce: /)
			return
		if (held) buf = buf line "\n"; else print line
	}
	# Rust 1.63: the message in quotes, the place after it.
	/^thread .* panicked at \047/ {
		held = 1; buf = ""
		sub(/^thread .* panicked at \047/, "")
	}
	# Later: the place first, the message on the lines below.
	/^thread .* panicked at [^ ]*:[0-9]+:[0-9]+:$/ {
		sub(/^thread .* panicked at /, ""); sub(/:$/, "")
		print "panicked at " $0
		next
	}
	held && /\047, [^ ]*:[0-9]+:[0-9]+$/ {
		place = $0
		sub(/.*\047, /, "", place)
		sub(/\047, [^ ]*:[0-9]+:[0-9]+$/, "")
		held = 0
		print "panicked at " place
		printf "%s", buf
		keep($0)
		next
	}
	{ keep($0) }' "$1" |
	    sed -e 's/deck-[0-9a-f]\{16\}/deck-HASH/g' \
	    -e 's/its last line: "deck [0-9 ]*"/its last line: "deck ..."/'
}
#   rust_again FILE    the first command FILE says reproduces a failure,
#                      as it is (to run it)
rust_again() {
	sed -n "s/^reproduce: //p" "$1" | sed "s/', [^ ]*:[0-9]*:[0-9]*\$//" |
	    head -1
}
