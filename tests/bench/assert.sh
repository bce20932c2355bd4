#!/bin/sh
# tests/bench/assert.sh [BINARY] [CARDS] - the audit inside a test suite,
# start to finish: a test that asserts a Fisher-Yates of CARDS (6) cards
# fair, run by its language's own runner (the runner's start, the census,
# and the child that re-runs the test as the audited program, all
# counted), beside the same census of the language's harness example run
# from a shell (census --exec, no runner), best of five each.  The ratio
# is what being a test costs; the target is the whole under 2 seconds on
# two quiet cores (JVM and Mono starts included).  Nothing is asserted.
#
# One row a runner, in LIST below, its fields split by " | ":
#   runner | tools it needs | build, in the row's directory (not timed)
#   | the test's run (timed; must exit 0) | the harness example's
#   command, run in build/harness (timed under census --exec)
# Each row has a directory of its own, new, where its build and its run
# are.  The build is run by this shell (the build_* functions below
# write each test, most beside the example files of
# tests/examples/frameworks/ it tests); the run and the example's
# command by sh, which sees the variables exported below ($bin, the
# binary; $top, the tree; $h, build/harness; $cards; and the runners'
# settings).  The tools are words, each a command on PATH or a file's
# absolute path, variables expanded: a row any of whose tools is
# missing is left out with a line saying so.
set -e
bin=${1:-./shuffle-audit}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
cards=${2:-6}
top=$(cd "$(dirname "$0")/../.." && pwd)
h=$top/build/harness
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
${CC:-cc} -O2 -o "$work/stopwatch" "$top/tests/bench/stopwatch.c"
make -s -C "$top" harness-examples >/dev/null
# The assertions find the binary by SHUFFLE_AUDIT.
SHUFFLE_AUDIT=$bin
export SHUFFLE_AUDIT bin top h cards
fw=$top/tests/examples/frameworks

# Python by its interpreter's own path, not a version manager's shim
# (tests/bench/audit.sh says why).  The example's census runs on the
# Python pytest runs on, its script's #! line (else python3's), so that
# the two figures of a row are of one interpreter.
python=
pytest_python=
if command -v python3 >/dev/null 2>&1; then
	python=$(python3 -c 'import sys; print(sys.executable)')
fi
if command -v pytest >/dev/null 2>&1; then
	pytest_python=$(sed -n '1s/^#! *\(\/[^ ]*python[^ ]*\)$/\1/p' \
	    "$(command -v pytest)")
fi
[ -x "$pytest_python" ] || pytest_python=$python
# Jest as tests/cli/assert-pyjs.sh finds it (.ci/run installs it with
# npm); JUnit's jars from Debian's junit5 (tests/cli/junit5.sh); go's
# caches here, and no network (tests/cli/framework-go.sh); cargo's home
# here too (tests/cli/framework-rust.sh).
JEST=${SA_JEST:-/tmp/shuffle-audit-jest/node_modules/.bin/jest}
jars=/usr/share/java
GOCACHE=$work/.gocache GOPATH=$work/.gopath GOPROXY=off GOTOOLCHAIN=local
CARGO_HOME=$work/.cargo RUST_BACKTRACE=0
export python pytest_python JEST jars GOCACHE GOPATH GOPROXY GOTOOLCHAIN \
    CARGO_HOME RUST_BACKTRACE
unset CARGO_TARGET_DIR

# Each row's build, in its directory: the test, and what it needs.
build_c() {
	"$bin" harness c > sa_harness.h &&
	    ${CC:-cc} -O2 -DCARDS="$cards" -I. -o assert_c \
	    "$top/tests/bench/assert_c.c" -lcmocka
}
build_python() {	# test_bench.py (pytest), test_bench_unit.py (unittest)
	"$bin" harness python > sa_harness.py &&
	    cp "$fw/python/shuffles.py" . &&
	    printf '%s\n' 'import sa_harness' 'from shuffles import fisher_yates' \
	    '' '' 'def test_fisher_yates_is_fair():' \
	    "    sa_harness.assert_fair(fisher_yates, cards=$cards)" \
	    > test_bench.py &&
	    printf '%s\n' 'import unittest' '' 'import sa_harness' \
	    'from shuffles import fisher_yates' '' '' \
	    'class TestBench(unittest.TestCase):' \
	    '    def test_fisher_yates_is_fair(self):' \
	    "        sa_harness.assert_fair(fisher_yates, cards=$cards)" \
	    > test_bench_unit.py
}
build_js() {	# bench.test.js (node --test), bench.spec.js (Jest)
	"$bin" harness javascript > sa_harness.js &&
	    cp "$fw/js/shuffles.js" "$fw/js/jest.config.js" . &&
	    printf '%s\n' "const { assertFair } = require('./sa_harness.js');" \
	    "const { fisherYates } = require('./shuffles.js');" '' \
	    "test('Fisher-Yates is fair', () => {" \
	    "  assertFair(fisherYates, { cards: $cards });" '});' \
	    > bench.spec.js &&
	    { echo "const test = require('node:test');"; cat bench.spec.js; } \
	    > bench.test.js
}
build_java() {	# BenchTest, a JUnit 5 test, against Deck.java
	api=$jars/junit-jupiter-api.jar:$jars/apiguardian-api.jar
	api=$api:$jars/opentest4j.jar
	"$bin" harness java > SaHarness.java &&
	    cp "$fw/java/Deck.java" . &&
	    printf '%s\n' 'import org.junit.jupiter.api.Test;' '' \
	    'class BenchTest {' '    @Test' '    void fisherYatesIsFair() {' \
	    '        SaHarness.assertFair(' \
	    '            deck -> Deck.fisherYates(deck, SaHarness.random()),' \
	    "            $cards);" '    }' '}' > BenchTest.java &&
	    javac -d . -cp "$api" SaHarness.java Deck.java BenchTest.java
}
build_csharp() {	# BenchTests.dll, an NUnit test, against Deck.cs
	"$bin" harness csharp > SaHarness.cs &&
	    cp "$fw/csharp/Deck.cs" . &&
	    printf '%s\n' 'using NUnit.Framework;' '' '[TestFixture]' \
	    'public class BenchTests {' '    [Test]' \
	    '    public void FisherYatesIsFair() {' \
	    '        SaHarness.AssertFair(' \
	    '            deck => Deck.FisherYates(deck, SaHarness.Random),' \
	    "            $cards);" '    }' '}' > BenchTests.cs &&
	    mcs -target:library -pkg:nunit -out:BenchTests.dll SaHarness.cs \
	    Deck.cs BenchTests.cs > /dev/null
}
build_go() {	# package deck (deck.go) with bench_test.go, its cache warm
	cp "$fw/go/go.mod" "$fw/go/deck.go" . &&
	    "$bin" harness go | sed 's/^package main$/package deck/' \
	    > sa_harness_test.go &&
	    printf '%s\n' 'package deck' '' 'import "testing"' '' \
	    'func TestFisherYatesIsFair(t *testing.T) {' \
	    "	SaAssertFair(t, func(d []int) { FisherYates(d, SaIntn) }, $cards)" \
	    '}' > bench_test.go &&
	    go test -count=1 . > /dev/null
}
build_rust() {	# the crate deck, tests/bench.rs; rustc --test, or cargo
	cp -R "$fw/rust/." . &&
	    "$bin" harness rust > src/sa_harness.rs && mkdir -p tests &&
	    printf '%s\n' '#[path = "../src/sa_harness.rs"]' 'mod sa_harness;' '' \
	    '#[test]' 'fn fisher_yates_is_fair() {' \
	    '    sa_harness::assert_fair(' \
	    '        |d: &mut Vec<usize>| deck::fisher_yates(d, sa_harness::below),' \
	    "        $cards," '    );' '}' > tests/bench.rs &&
	    if [ "$1" = rustc ]; then
		rustc --edition 2018 --crate-type lib --crate-name deck \
		    src/lib.rs -o libdeck.rlib &&
		rustc --edition 2018 --test tests/bench.rs \
		    --extern deck=libdeck.rlib -o bench_test
	    else
		cargo test --offline --no-run -q --test bench 2> build.err ||
		    { cat build.err >&2; return 1; }
	    fi
}

# The rows: the test, and the harness example (build/harness) whose
# census it is beside.  Each run is what a user types after a first
# run: go test relinks the test binary (its packages cached), cargo test
# finds it fresh, and the test binary rustc --test made (in the build)
# runs.  Jest's audited child is Jest again, running the one test, so
# its row pays Jest's start twice.  The README's JavaScript example draws
# reals (Math.random); its bounded twin, js_draw.js, draws as
# crypto.randomInt does in the test.
# shellcheck disable=SC2016 # expanded by the shells that run them
LIST='C (cmocka) | cc | build_c | ./assert_c | ./mine_c
Python (pytest) | pytest | build_python | pytest -q -p no:cacheprovider test_bench.py | "$pytest_python" mine.py
Python (unittest) | python3 | build_python | "$python" -m unittest -q test_bench_unit | "$python" mine.py
JS (node --test) | node | build_js | node --test bench.test.js | node js_draw.js
JS (Jest) | node $JEST | build_js | "$JEST" bench.spec.js | node js_draw.js
Java (JUnit 5) | java javac $jars/junit-platform-console-standalone.jar | build_java | java -jar "$jars/junit-platform-console-standalone.jar" --disable-banner --details=none -cp . --select-class BenchTest | java Mine
C# (NUnit) | mcs mono nunit-console | build_csharp | nunit-console -nologo -noresult BenchTests.dll | mono mine.exe
Go (go test) | go | build_go | go test -count=1 . | ./mine_go
Rust (rustc --test) | rustc | build_rust rustc | ./bench_test | ./mine_rs
Rust (cargo test) | cargo | build_rust cargo | cargo test --offline -q --test bench | ./mine_rs'

# The least of five of the stopwatch's seconds for "$@", run in $1.
best5() {
	dir=$1
	shift
	best=
	for _ in 1 2 3 4 5; do
		(cd "$dir" && "$work/stopwatch" "$work/secs" "$@") \
		    > "$work/out" 2>&1 || { cat "$work/out" >&2; exit 1; }
		t=$(cat "$work/secs")
		if [ -z "$best" ] || awk -v t="$t" -v b="$best" \
		    'BEGIN { exit !(t < b) }'; then
			best=$t
		fi
	done
	echo "$best"
}
trim() { printf '%s' "$1" | sed 's/^ *//; s/ *$//'; }

echo "the audit inside a test suite, Fisher-Yates of $cards cards, start" \
    "to finish, best of five (load $(cut -d' ' -f1-3 /proc/loadavg)):"
printf '%-20s %9s %9s %10s  %s\n' runner "test (s)" "audit (s)" \
    test/audit "target: under 2 s"
n=0
printf '%s\n' "$LIST" | while IFS= read -r row; do
	[ -n "$row" ] || continue
	lang=$(trim "${row%% | *}"); row=${row#* | }
	tool=$(trim "${row%% | *}"); row=${row#* | }
	build=$(trim "${row%% | *}"); row=${row#* | }
	run=$(trim "${row%% | *}"); row=${row#* | }
	plain=$(trim "$row")
	missing=
	eval "set -- $tool"
	for t; do
		case $t in
		/*) [ -f "$t" ] ;;
		*) command -v "$t" >/dev/null 2>&1 ;;
		esac || missing="$missing $t"
	done
	if [ -n "$missing" ]; then
		echo "$lang:$missing not found, left out"
		continue
	fi
	n=$((n + 1))
	mkdir "$work/$n"
	(cd "$work/$n" && eval "$build") ||
	    { echo "$lang: the build failed" >&2; exit 1; }
	t=$(best5 "$work/$n" sh -c "$run")
	a=$(best5 "$h" "$bin" census --exec "$plain" -n "$cards" --summary)
	echo "$t $a" | awk -v l="$lang" '{
	    printf "%-20s %9.3f %9.3f %10.2f  %s\n", l, $1, $2,
	    $1 / ($2 > 0 ? $2 : 1e-6), $1 < 2 ? "met" : "not met" }'
done
