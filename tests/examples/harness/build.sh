#!/bin/sh
# tests/examples/harness/build.sh BINARY DIR - the harness examples, built
# into DIR the way the README tells a user to: each harness as BINARY
# prints it (shuffle-audit harness LANG), beside the examples, and every
# program compiled with its language's own toolchain.  A language whose
# toolchain is not installed is left out with a line saying so; its
# cases skip (tests/cli.sh).  A build that fails fails this script.
set -eu
# Not inside the make that ran this: rustc would warn of its jobserver.
unset MAKEFLAGS MFLAGS MAKELEVEL
bin=$1
dir=$2
here=$(cd "$(dirname "$0")" && pwd)
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
mkdir -p "$dir"
cd "$dir"
have() { command -v "$1" >/dev/null 2>&1; }
skip() { echo "harness examples: $1 not found: its cases will skip"; }

for lang in python javascript java go rust csharp c; do
	"$bin" harness $lang > "$("$bin" harness -f tsv |
	    awk -F '\t' -v l=$lang '$1 == l { print $2 }')"
done
cp "$here"/*.py "$here"/*.js "$here"/*.java "$here"/*.go "$here"/*.rs \
    "$here"/*.cs "$here"/*.c "$here"/*.cc .

if have javac; then
	javac -Xlint:all -Werror -d . SaHarness.java Mine.java JavaOffByOne.java \
	    JavaFloat.java JavaReduction.java JavaCoinSort.java JavaSortKeys.java \
	    JavaHidden.java
else
	skip javac
fi
if have go; then
	# A cache of its own, so that no user's (or root's) home is needed.
	GOCACHE=${GOCACHE:-$(pwd)/.gocache}
	export GOCACHE
	go vet sa_harness.go mine.go
	for p in mine go_naive go_float go_library go_perm go_shuffle_reals \
	    go_sort_less go_sort_keys go_hidden; do
		out=$p
		[ $p = mine ] && out=mine_go
		go build -o $out $p.go sa_harness.go
	done
else
	skip go
fi
if have rustc; then
	rustc -O -D warnings mine.rs -o mine_rs
	rustc -O -D warnings rs_naive.rs -o rs_naive
	rustc -O -D warnings rs_float.rs -o rs_float
	rustc -O -D warnings rs_sort_keys.rs -o rs_sort_keys
	rustc -O -D warnings rs_hidden.rs -o rs_hidden
else
	skip rustc
fi
if have mcs && have mono; then
	for p in Mine CsOffByOne CsFloat CsReduction CsOrderByNext \
	    CsOrderByDouble CsHidden; do
		mcs -warnaserror+ -out:$p.exe SaHarness.cs $p.cs >/dev/null
	done
	mv Mine.exe mine.exe
else
	skip "mcs or mono"
fi
cc=${CC:-cc}
$cc -std=c99 -Wall -Wextra -Wpedantic -Werror -O2 -o mine_c mine.c
$cc -std=c99 -Wall -Wextra -Wpedantic -Werror -O2 -o c_modulo c_modulo.c
$cc -std=c99 -Wall -Wextra -Wpedantic -Werror -O2 -o c_float c_float.c
$cc -std=c99 -Wall -Wextra -Wpedantic -Werror -O2 -o c_raw_naive c_raw_naive.c
$cc -std=c99 -Wall -Wextra -Wpedantic -Werror -O2 -o c_hidden c_hidden.c
if have "${CXX:-g++}"; then
	"${CXX:-g++}" -std=c++11 -Wall -Wextra -Wpedantic -Werror -O2 \
	    -o c_std c_std.cc
else
	skip "${CXX:-g++}"
fi
