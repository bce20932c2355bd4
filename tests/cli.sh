#!/bin/sh
# tests/cli.sh BINARY [--update]
#
# Runs every case of tests/cli/cases against BINARY.  A case is one line:
#
#   name | status | stderr fragment | command
#
# split on the first three " | ", so the command may hold pipes.  The
# command runs under sh with `shuffle-audit` on PATH (under $RUNNER, e.g.
# valgrind, when that is set).  It passes when
#   - the exit status is as given;
#   - stdout equals tests/golden/NAME.out, or is empty when there is none;
#   - stderr is empty when no fragment is given; otherwise it holds the
#     fragment, and when the status is 2 it is one line that starts with
#     "shuffle-audit: ";
#   - stdout parses as JSON when the command asks for -f json.
# Cases named slow-* are skipped when $RUNNER or $SKIP_SLOW is set, and
# native-* when $RUNNER or $SANITIZED is; the stdout of cases
# named any-* (random deals) is not compared, only required; *pidns-*
# cases are skipped where the kernel refuses the user a pid namespace.
# With --update, golden files are rewritten from the actual output.
# ONLY, a shell pattern, limits the run to the cases it names, and
# ONLY_LIST, a file of names (one a line), to those it lists.
# SHARDS=N runs the cases in N processes at once, and prints their
# reports one after another, then the sum.  The shards take cases from
# one queue, the heavy ones (tests/cli/heavy, slow-*) first, each case
# claimed by the first shard to create its file in CLAIMS, so that no
# shard is left with a long tail while the others idle; SHARD=k/N is how
# each learns it is one, and without CLAIMS, shard k runs case i when i
# is k modulo N.
# SAMPLE=K runs one case in K, those whose index is 0 modulo K (the
# cases file goes topic by topic, so every topic is run), and counts the
# rest as skipped: the valgrind pass, the slowest, runs a third of the
# cases that the sanitizer pass runs in full.
# QUICK=1 runs one in three of the heavy cases that tests/cli/heavy
# lists (those taking seconds each: a representative set, every kind
# of them kept), the rest counted as skipped: make check's set; make
# check-all runs them all.
# TIMES=FILE appends each case's seconds and name to FILE (tests/
# README.md says how the heavy list was made from them).
# Progress goes to standard output as the cases run: a failure at once,
# with its diff, and with SHARDS, a line of the cases done every ten
# seconds; at the end, the skipped cases by their reason.

set -u

bin=$1
update=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
cases=$here/cli/cases
golden=$here/golden

case $bin in
/*) ;;
*) bin=$(pwd)/$bin ;;
esac
if [ ! -x "$bin" ]; then
	echo "cli.sh: $bin: not an executable" >&2
	exit 2
fi

# The heavy list names cases that exist: a case renamed must not leave
# make check's third of them silently short.
missing=$(awk -F' [|] ' 'NR == FNR { if ($1 !~ /^#/) have[$1] = 1; next }
    !/^#/ && !($0 in have) { print }' "$cases" "$here/cli/heavy")
if [ -n "$missing" ]; then
	echo "cli.sh: tests/cli/heavy names cases that are not in tests/cli/cases:" $missing
	exit 2
fi

# No case leaves a file in the source tree (one did, and the release
# check's clean-tree test then failed on CI): in a clone, the tree's
# status after the run is the one before it.
tree_before=
if [ -z "${SHARD:-}" ] && git -C "$here/.." rev-parse --git-dir > /dev/null 2>&1; then
	tree_before=$(git -C "$here/.." status --porcelain 2>/dev/null)
fi
tree_same() {
	[ -n "${SHARD:-}" ] || [ -n "$update" ] && return 0
	git -C "$here/.." rev-parse --git-dir > /dev/null 2>&1 || return 0
	now=$(git -C "$here/.." status --porcelain 2>/dev/null)
	[ "$now" = "$tree_before" ] && return 0
	echo "cli.sh: the cases changed the source tree (git status before and after differ):"
	printf '%s\n' "$now" | head -5
	return 1
}

if [ "${SHARDS:-1}" -gt 1 ] && [ -z "${SHARD:-}" ] && [ -z "$update" ]; then
	logs=$(mktemp -d)
	pids=
	trap 'kill $pids 2>/dev/null; rm -rf "$logs"; exit 130' INT
	trap 'kill $pids 2>/dev/null; rm -rf "$logs"; exit 143' TERM
	: > "$logs/done"
	: > "$logs/failed"
	: > "$logs/skips"
	mkdir "$logs/claims"
	total=$(grep -cv '^$\|^#' "$cases")
	k=0
	while [ $k -lt "$SHARDS" ]; do
		# A shard's failures go straight to our standard output (its
		# descriptor 3), the rest to its log; each case it is done
		# with, run or skipped, adds a byte to DONE_FILE.
		SHARD=$k/$SHARDS DONE_FILE=$logs/done FAILED_FILE=$logs/failed \
		    SKIPS_FILE=$logs/skips CLAIMS=$logs/claims \
		    sh "$0" "$bin" 3>&1 > "$logs/$k" 2>&1 &
		pids="$pids $!"
		k=$((k + 1))
	done
	start=$(date +%s)
	ticks=0
	while :; do
		alive=no
		for p in $pids; do
			kill -0 "$p" 2>/dev/null && alive=yes
		done
		[ $alive = yes ] || break
		sleep 1
		ticks=$((ticks + 1))
		[ $((ticks % 10)) -eq 0 ] || continue
		echo "cli: $(wc -c < "$logs/done") of $total cases," \
		    "$(wc -c < "$logs/failed") failed," \
		    "$(($(date +%s) - start)) s"
	done
	rc=0
	for p in $pids; do
		wait "$p" || rc=1
	done
	k=0 passed=0 failed=0 skipped=0
	while [ $k -lt "$SHARDS" ]; do
		grep -v '^cli: ' "$logs/$k"
		line=$(grep '^cli: [0-9]* passed, [0-9]* failed, [0-9]* skipped$' \
			"$logs/$k")
		if [ -z "$line" ]; then
			echo "cli.sh: shard $k/$SHARDS did not finish"
			rc=1
		else
			# shellcheck disable=SC2086
			set -- $line
			passed=$((passed + $2))
			failed=$((failed + $4))
			skipped=$((skipped + $6))
		fi
		k=$((k + 1))
	done
	sort "$logs/skips" | uniq -c | sed 's/^ *\([0-9]*\) /cli: skipped \1: /'
	rm -rf "$logs"
	echo "cli: $passed passed, $failed failed, $skipped skipped"
	tree_same || rc=1
	exit $rc
fi

# The source tree, for cases that use its files: cd "$TOP" && ...
TOP=$(cd "$here/.." && pwd)
export TOP
# The binary itself (under $RUNNER), for cases that must exec it with no
# shell between: a shell resets an ignored SIGCHLD.
SA_COMMAND="${RUNNER:+$RUNNER }$bin"
export SA_COMMAND

# A case is run as a user's shell would run it: not inside this make's
# jobserver, which a make in a case would otherwise warn about, and
# without the variables make check-asan and check-valgrind give their
# make on its command line (make puts them in the environment), with
# which a `make audit` in a case would build the tree's own binary
# with the sanitizers.
unset MAKEFLAGS MFLAGS MAKELEVEL CFLAGS CPPFLAGS LDFLAGS O BIN LIB \
	PLUGIN_DIR EXEC_DIR

tmp=$(mktemp -d)
# Interrupted, the run stops: it does not go on to fail every case left.
trap 'rm -rf "$tmp"' EXIT
trap 'echo "cli.sh: interrupted" >&2; exit 130' INT
trap 'echo "cli.sh: terminated" >&2; exit 143' TERM
mkdir "$tmp/bin"
# shellcheck disable=SC2086
printf '#!/bin/sh\nexec %s "%s" "$@"\n' "${RUNNER:-}" "$bin" \
	> "$tmp/bin/shuffle-audit"
chmod +x "$tmp/bin/shuffle-audit"

# The examples the man page and README use, where their commands run,
# and the installed header's stand-in for cc.
cp "$TOP"/tests/examples/plugins/*.c "$TOP"/tests/examples/exec/* "$tmp"/
cp "$TOP"/build/plugins/*.so "$TOP"/build/exec/* "$tmp"/ 2>/dev/null
# The harness examples, built (make harness-examples) where the
# README's commands for them run.
cp -R "$TOP/${HARNESS_DIR:-build/harness}"/* "$tmp"/ 2>/dev/null
# ... and the README's, which run from the repository's root.
mkdir -p "$tmp/tests/examples"
# ... and the README's Rust harness, written into a crate's src/.
mkdir -p "$tmp/src"
ln -s "$TOP/tests/examples/exec" "$tmp/tests/examples/exec"
CPATH=$TOP/include${CPATH:+:$CPATH}
export CPATH

have_python=no
command -v python3 >/dev/null 2>&1 && have_python=yes

passed=0
failed=0
skipped=0

# A shard's failures are written to descriptor 3, the terminal's, at
# once; a run of one process writes them to standard output.
fail() {
	msg="FAIL: $name: $1
      command: $cmd"
	if [ -n "${SHARD:-}" ]; then
		printf '%s\n' "$msg" >&3
		printf x >> "$FAILED_FILE"
	else
		printf '%s\n' "$msg"
	fi
	failed=$((failed + 1))
	ok=no
}
# A case skipped, for WHY: counted, and its reason kept for the end.
skips=${SKIPS_FILE:-$tmp/skips}
skip() {
	skipped=$((skipped + 1))
	echo "$1" >> "$skips"
	done_one
}
# A case done with (run or skipped): a byte for the progress of shards,
# or a line every hundred cases from a run of one.
total=$(grep -cv '^$\|^#' "$cases")
done_n=0
done_one() {
	if [ -n "${DONE_FILE:-}" ]; then
		printf x >> "$DONE_FILE"
		return
	fi
	done_n=$((done_n + 1))
	[ $((done_n % 100)) -ne 0 ] || [ -n "$update" ] ||
		[ -n "${ONLY:-}${ONLY_LIST:-}" ] || echo "cli: $done_n of $total cases, $failed failed"
}
# The heavy cases (tests/cli/heavy), one a line; under QUICK, one in
# three of them is run.
heavy=$here/cli/heavy
heavy_all=$(grep -v '^#' "$heavy" | tr '\n' ' ')
heavy_run=$(grep -v '^#' "$heavy" | awk 'NR % 3 == 1' | tr '\n' ' ')

# The cases numbered from 1 in the file's order (the number SAMPLE and
# a static SHARD go by), one a line after the number and a tab; for a
# queue of shards (CLAIMS), the heavy ones first, the longest to run.
order() {
	awk -F' [|] ' -v queue="${CLAIMS:-}" '
	    NR == FNR { if ($0 !~ /^#/) heavy[$0] = 1; next }
	    /^$/ || /^#/ { next }
	    { line = ++i "\t" $0 }
	    queue != "" && ($1 in heavy || $1 ~ /^slow-/) { print line; next }
	    { rest[++n] = line }
	    END { for (k = 1; k <= n; k++) print rest[k] }' "$heavy" "$cases"
}
# Whether this shard is the first to claim case $1 (its file made with
# noclobber, which one process alone can do).
claim() {
	set -C
	{ true > "$CLAIMS/$1"; } 2>/dev/null
	claimed=$?
	set +C
	return $claimed
}

order > "$tmp/order"
while IFS= read -r line; do
	index=${line%%	*}
	line=${line#*	}
	case ${SHARD:-} in
	*/*)
		if [ -n "${CLAIMS:-}" ]; then
			claim "$index" || continue
		else
			[ $((index % ${SHARD#*/})) -eq "${SHARD%/*}" ] || continue
		fi
		;;
	esac
	case ${SAMPLE:-} in
	'' | 1) ;;
	*)
		if [ $((index % SAMPLE)) -ne 0 ]; then
			skip "one case in $SAMPLE is run (SAMPLE=$SAMPLE)"
			continue
		fi
		;;
	esac
	name=${line%% | *}
	rest=${line#* | }
	status=${rest%% | *}
	rest=${rest#* | }
	fragment=${rest%% | *}
	cmd=${rest#* | }
	ok=yes
	# ONLY='claims*' runs (or updates) just the cases it matches;
	# ONLY_LIST=FILE just those named in FILE, a name a line.
	# shellcheck disable=SC2254
	case $name in
	${ONLY:-*}) ;;
	*) continue ;;
	esac
	if [ -n "${ONLY_LIST:-}" ] && ! grep -qxF -- "$name" "$ONLY_LIST"; then
		continue
	fi
	# Under QUICK, a heavy case not among the third that is run.
	if [ -n "${QUICK:-}" ]; then
		case " $heavy_all " in
		*" $name "*)
			case " $heavy_run " in
			*" $name "*) ;;
			*)
				skip "heavy cases (tests/cli/heavy) left to make check-all: one in three runs in make check"
				continue
				;;
			esac
			;;
		esac
	fi
	# Cases named slow-* take seconds natively: not under valgrind or
	# the sanitizers (SKIP_SLOW).
	# Cases named py-* need python3, node-* need node, pytest-* pytest,
	# jest-* node and Jest from npm, java-* a JDK,
	# go-* Go, rust-* rustc, cs-* Mono's mcs, cxx-* the C++ plugins
	# (a C++ compiler), x86-* an x86-64 machine, junit-schema* xmllint
	# and junit-consumer Debian's python3-junitparser; rust-cargo-*
	# also cargo, junit5-* a JDK and JUnit 5's console launcher, nunit-*
	# mcs and NUnit's console.
	case $name in
	py-*)
		if [ $have_python = no ]; then
			skip "python3 not found"
			continue
		fi
		;;
	node-*)
		if ! command -v node >/dev/null 2>&1; then
			skip "node not found"
			continue
		fi
		;;
	pytest-*)
		if ! command -v pytest >/dev/null 2>&1; then
			skip "pytest not found (python3-pytest)"
			continue
		fi
		;;
	jest-*)
		# Jest from npm, where .ci/run installs it (tests/cli/assert-pyjs.sh).
		if ! command -v node >/dev/null 2>&1 ||
		    [ ! -x "${SA_JEST:-/tmp/shuffle-audit-jest/node_modules/.bin/jest}" ]; then
			skip "jest not found (npm install --prefix /tmp/shuffle-audit-jest jest@29)"
			continue
		fi
		;;
	java-*)
		# java runs a single source file from JDK 11 on, with javac's
		# compiler inside: a runtime without it cannot.
		if ! command -v javac >/dev/null 2>&1; then
			skip "no JDK (javac) found"
			continue
		fi
		;;
	rust-cargo-*)
		# cargo test (Debian's cargo), on a crate of no dependencies.
		if ! command -v cargo >/dev/null 2>&1; then
			skip "cargo not found"
			continue
		fi
		;;
	junit5-*)
		# The assertion under JUnit 5's console launcher (Debian's
		# junit5), built with javac.
		if ! command -v javac >/dev/null 2>&1 ||
		    [ ! -f /usr/share/java/junit-platform-console-standalone.jar ]; then
			skip "no JDK (javac) or no JUnit 5 console launcher (junit5)"
			continue
		fi
		;;
	nunit-*)
		# The assertion under NUnit's console (Debian's nunit-console),
		# built with mcs against libnunit-cil-dev.
		if ! command -v mcs >/dev/null 2>&1 ||
		    ! command -v nunit-console >/dev/null 2>&1 ||
		    ! pkg-config --exists nunit 2>/dev/null; then
			skip "no mcs, nunit-console or NUnit's pkg-config file (mono-mcs, nunit-console, libnunit-cil-dev)"
			continue
		fi
		;;
	go-* | rust-* | cs-*)
		tool=go
		case $name in rust-*) tool=rustc ;; cs-*) tool=mcs ;; esac
		if ! command -v $tool >/dev/null 2>&1; then
			skip "$tool not found"
			continue
		fi
		;;
	x86-*)
		# int 0x80, the i386 table from x86-64 code.
		if [ "$(uname -m)" != x86_64 ]; then
			skip "x86-* cases (int 0x80): x86-64 only"
			continue
		fi
		;;
	junit-schema*)
		if ! command -v xmllint >/dev/null 2>&1; then
			skip "xmllint not found (libxml2-utils)"
			continue
		fi
		;;
	junit-consumer)
		if ! /usr/bin/python3 -c 'import junitparser' 2>/dev/null; then
			skip "junitparser not found (python3-junitparser)"
			continue
		fi
		;;
	cxx-*)
		if [ ! -f "$TOP/build/plugins/std_shuffle.so" ]; then
			skip "no C++ compiler built the C++ plugins"
			continue
		fi
		;;
	esac
	# Cases named *pidns-* are about the pid namespace audited code runs
	# in: skipped where the kernel refuses one to the user the case runs
	# as (nobody for *-nobody when this is root), as util-linux's
	# unshare finds, and never by what the binary says of itself, so
	# that a binary without the namespace where the kernel allows it
	# fails them.
	case $name in
	*pidns-*)
		u_as=
		case $name in
		*-nobody)
			[ "$(id -u)" != 0 ] ||
				u_as="setpriv --reuid=65534 --regid=65534 --clear-groups"
			;;
		esac
		if ! command -v unshare >/dev/null 2>&1; then
			skip "pidns-* cases: no unshare (util-linux) to ask the kernel for a pid namespace"
			continue
		fi
		if ! (cd / && $u_as unshare --pid --fork true) >/dev/null 2>&1 &&
		    ! (cd / && $u_as unshare --user --pid --fork true) \
		    >/dev/null 2>&1; then
			skip "pidns-* cases: the kernel here refuses a pid namespace (shuffle-audit's isolation is none)"
			continue
		fi
		;;
	esac
	case $name in
	slow-*)
		if [ -n "${RUNNER:-}" ] || [ -n "${SKIP_SLOW:-}" ]; then
			skip "slow-* cases, seconds each natively: not under valgrind or the sanitizers"
			continue
		fi
		;;
	esac
	# forge.so writes into every shared writable mapping of its
	# process, and under valgrind those include valgrind's own (which
	# reports the writes as invalid, rightly): natively and under the
	# sanitizers only.
	case $cmd in
	*forge.so*)
		if [ -n "${RUNNER:-}" ]; then
			skip "forge.so cases: not under valgrind, whose own mappings it writes into"
			continue
		fi
		;;
	esac
	case $name in
	native-*)
		# Resource limits (ulimit -v, -d) that valgrind and the
		# sanitizers, with their own shadow memory, cannot run in,
		# and a closed stderr that valgrind itself needs.
		if [ -n "${RUNNER:-}" ] || [ -n "${SANITIZED:-}" ]; then
			skip "native-* cases (resource limits, a closed stderr): not under valgrind or the sanitizers"
			continue
		fi
		;;
	esac

	# Stdin is /dev/null: a command that reads it must not eat the
	# rest of this file.
	[ -z "${TIMES:-}" ] || t0=$(date +%s.%N)
	# SA_CASE marks the processes this case starts (tests/cli/procs.sh
	# counts only those).
	(cd "$tmp" && SA_CASE=$$.$index PATH="$tmp/bin:$PATH" sh -c "$cmd") \
		< /dev/null > "$tmp/out" 2> "$tmp/err"
	got=$?
	# The isolation field (text, TSV, CSV, JSON) is the one that depends
	# on whether the kernel here allows a pid namespace (shuffle-audit(1),
	# SECURITY CONSIDERATIONS): set aside, so that a golden is the same
	# on every machine, except in the pidns-* cases, which are about it.
	case $name in
	*pidns-*) ;;
	*)
		sed -e '/^isolation[ \t,]/d' -e '/^ *"isolation": /d' \
		    "$tmp/out" > "$tmp/out2"
		mv "$tmp/out2" "$tmp/out"
		;;
	esac
	[ -z "${TIMES:-}" ] || echo "$t0 $(date +%s.%N) $name" |
		awk '{ printf "%.2f %s\n", $2 - $1, $3 }' >> "$TIMES"

	if [ "$update" = --update ] && [ "${name#any-}" = "$name" ]; then
		if [ -s "$tmp/out" ]; then
			cp "$tmp/out" "$golden/$name.out"
		else
			rm -f "$golden/$name.out"
		fi
	fi

	[ "$got" -eq "$status" ] || fail "exit status $got, expected $status"

	# An audit or a census foretold to take more than 10 seconds says so
	# on stderr (shuffle-audit(1), the audit's forecast).  A loaded
	# machine or valgrind can slow one past that, so the line is no
	# failure; the hint-* cases look for it themselves.
	grep -Ev '^shuffle-audit: (audit|census): foretold to take ' \
		"$tmp/err" > "$tmp/err2"
	mv "$tmp/err2" "$tmp/err"

	case $name in
	any-*)
		# Output that differs every run (--random): it must exist.
		[ -s "$tmp/out" ] || fail "no stdout"
		;;
	*)
	if [ -f "$golden/$name.out" ]; then
		cmp -s "$tmp/out" "$golden/$name.out" ||
			fail "stdout differs from golden/$name.out:
$(diff "$golden/$name.out" "$tmp/out" | head -10)"
	elif [ -s "$tmp/out" ]; then
		fail "unexpected stdout: $(head -3 "$tmp/out")"
	fi
		;;
	esac

	if [ -z "$fragment" ]; then
		# Work that runs past a minute (a loaded machine's) writes a
		# progress line a minute off a terminal, and its last: not
		# the case's output.
		grep -v '^shuffle-audit: [a-z-]*  [0-9.]*% done\|^shuffle-audit: [a-z-]*: all .* done in .*; now' \
		    "$tmp/err" > "$tmp/err.kept"
		[ -s "$tmp/err.kept" ] &&
			fail "unexpected stderr: $(head -3 "$tmp/err.kept")"
	else
		grep -qF -- "$fragment" "$tmp/err" ||
			fail "stderr lacks '$fragment': $(head -3 "$tmp/err")"
		if [ "$status" -eq 2 ]; then
			[ "$(wc -l < "$tmp/err")" -eq 1 ] ||
				fail "stderr is not one line: $(cat "$tmp/err")"
			head -1 "$tmp/err" | grep -q '^shuffle-audit: ' ||
				fail "stderr does not start 'shuffle-audit: '"
		fi
	fi

	case $cmd in
	*'|'* | *'>'* | *'&&'*) ;;	# stdout is not the command's own
	*"-f json"*)
		if [ "$have_python" = yes ] && [ "$got" -ne 2 ]; then
			python3 -c 'import json,sys; json.load(sys.stdin)' \
				< "$tmp/out" 2> "$tmp/jerr" ||
				fail "stdout is not JSON: $(tail -1 "$tmp/jerr")"
		fi
		;;
	esac

	[ "$ok" = yes ] && passed=$((passed + 1))
	done_one
done < "$tmp/order"

[ "$have_python" = yes ] || echo "note: python3 not found; JSON outputs were not parsed"
# A shard's reasons are summed by its parent; a run of one says them.
if [ -z "${SKIPS_FILE:-}" ] && [ -s "$skips" ]; then
	sort "$skips" | uniq -c | sed 's/^ *\([0-9]*\) /cli: skipped \1: /'
fi
echo "cli: $passed passed, $failed failed, $skipped skipped"
tree_same || exit 1
[ "$failed" -eq 0 ]
