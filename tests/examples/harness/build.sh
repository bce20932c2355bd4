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

# Every language the binary lists, each into its file.
"$bin" harness -f tsv | awk -F '\t' 'NR > 1 { print $1, $2 }' |
while read -r lang file; do
	"$bin" harness "$lang" > "$file"
done
cp "$here"/*.py "$here"/*.js "$here"/*.java "$here"/*.go "$here"/*.rs \
    "$here"/*.cs "$here"/*.c "$here"/*.cc .

# Each language's programs are built by a job of its own, the five at
# once (a loaded machine's two cores stay busy), each job's output kept
# and printed whole when it ends, with a line saying so; while any is
# still building, a line every ten seconds says which.
build_java() {
	if have javac; then
		javac -Xlint:all -Werror -d . SaHarness.java Mine.java \
		    JavaOffByOne.java JavaFloat.java JavaReduction.java \
		    JavaCoinSort.java JavaSortKeys.java JavaHidden.java \
		    JavaClockSeed.java
	else
		skip javac
	fi
}
build_go() {
	if have go; then
		# A cache of its own, so that no user's (or root's) home is
		# needed.
		GOCACHE=${GOCACHE:-$(pwd)/.gocache}
		export GOCACHE
		go vet sa_harness.go mine.go
		for p in mine go_naive go_float go_library go_perm \
		    go_shuffle_reals go_sort_less go_sort_keys go_int31_keys \
		    go_hidden; do
			out=$p
			[ $p = mine ] && out=mine_go
			go build -o $out $p.go sa_harness.go
		done
	else
		skip go
	fi
}
build_rust() {
	if have rustc; then
		for p in mine rs_naive rs_float rs_sort_keys rs_hidden rs_modulo; do
			out=$p
			[ $p = mine ] && out=mine_rs
			rustc -O -D warnings $p.rs -o $out
		done
	else
		skip rustc
	fi
}
build_csharp() {
	if have mcs && have mono; then
		for p in Mine CsOffByOne CsFloat CsReduction CsOrderByNext \
		    CsOrderByDouble CsHidden; do
			mcs -warnaserror+ -out:$p.exe SaHarness.cs $p.cs >/dev/null
		done
		mv Mine.exe mine.exe
	else
		skip "mcs or mono"
	fi
}
build_c() {
	cc=${CC:-cc}
	for p in mine c_modulo c_float c_raw_naive c_hidden; do
		out=$p
		[ $p = mine ] && out=mine_c
		$cc -std=c99 -Wall -Wextra -Wpedantic -Werror -O2 -o $out $p.c
	done
	if have "${CXX:-g++}"; then
		for p in c_std c_two_fields; do
			"${CXX:-g++}" -std=c++11 -Wall -Wextra -Wpedantic \
			    -Werror -O2 -o $p $p.cc
		done
	else
		skip "${CXX:-g++}"
	fi
}

jobs="java go rust csharp c"
start=$(date +%s)
echo "harness examples: building $jobs"
for j in $jobs; do
	# set -e holds in each job: its first failing command ends it.  Its
	# exit status, in a file, says it has ended.
	{ ( set -e; build_$j ) > ".build-$j.log" 2>&1; echo $? > ".build-$j.rc"; } &
done
failed= left=$jobs ticks=0
while :; do
	still=
	for j in $left; do
		if [ ! -s ".build-$j.rc" ]; then
			still="$still $j"
			continue
		fi
		cat ".build-$j.log"
		if [ "$(cat ".build-$j.rc")" = 0 ]; then
			echo "harness examples: $j done ($(($(date +%s) - start)) s)"
		else
			echo "harness examples: $j failed"
			failed="$failed $j"
		fi
		rm -f ".build-$j.log" ".build-$j.rc"
	done
	left=$still
	[ -n "$left" ] || break
	sleep 1
	ticks=$((ticks + 1))
	[ $((ticks % 10)) -ne 0 ] ||
		echo "harness examples: building$left ($(($(date +%s) - start)) s)"
done
wait
if [ -n "$failed" ]; then
	echo "harness examples: the build failed:$failed" >&2
	exit 1
fi
