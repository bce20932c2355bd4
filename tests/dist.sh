#!/bin/sh
# tests/dist.sh - the release tarball is all a user needs.
#
# make dist, twice: the same tree makes the same bytes.  The tarball is
# unpacked in an empty directory and, there, as a user without root
# (nobody, through setpriv, when this runs as root): make, make check,
# make install PREFIX=$HOME/.local, and the installed binary's census of
# the naive shuffle of 4 cards (its README's first command) gives the
# golden output.  A step that fails shows the end of its log; make
# check's output is shown as it runs, since make check-all runs the
# suite here, in the tarball, and not a second time in the tree.
#
# Run by make check-dist, which passes MAKE and WERROR.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
make=${MAKE:-make}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

suite=dist
. "$top/tests/check.sh"

tarball=$("$make" -s -C "$top" dist)
sum=$(cksum < "$top/$tarball")
"$make" -s -C "$top" dist >/dev/null
[ "$(cksum < "$top/$tarball")" = "$sum" ] && check ok ||
	check no "make dist made different bytes twice from the same tree"
version=${tarball#shuffle-audit-}
version=${version%.tar.gz}
want=$(sed -n 's/^#define SA_VERSION "\(.*\)"/\1/p' \
	"$top/include/shuffle_audit_plugin.h")
[ "$version" = "$want" ] && check ok ||
	check no "the tarball is $tarball, the header's version $want"

tar -xzf "$top/$tarball" -C "$tmp"
src=$tmp/shuffle-audit-$version
mkdir "$tmp/home"
as_user=
if [ "$(id -u)" = 0 ]; then
	chmod 755 "$tmp"
	chown -R nobody:nogroup "$src" "$tmp/home"
	as_user="setpriv --reuid=nobody --regid=nogroup --clear-groups --"
fi

# One step in the unpacked tree, as the user: its output to its log (the
# end of which is shown if it fails), or, after --loud, to standard output.
run_step() {
	# shellcheck disable=SC2086
	$as_user env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS HOME="$tmp/home" \
	    PATH="$PATH" sh -c 'cd "$1" && shift && "$@"' sh "$src" "$@"
}
step() {
	loud=0
	[ "$1" = --loud ] && loud=1 && shift
	name=$1
	shift
	if [ "$loud" = 1 ]; then
		run_step "$@" 2>&1
	else
		run_step "$@" > "$tmp/$name.log" 2>&1 ||
			{ tail -30 "$tmp/$name.log"; false; }
	fi
	if [ $? -eq 0 ]; then
		check ok
	else
		check no "$name failed in the unpacked tarball (output above)"
		echo "dist: $pass passed, $fail failed"
		exit 1
	fi
}

werror=${WERROR:+WERROR=$WERROR}
# shellcheck disable=SC2086
step make make $werror
# shellcheck disable=SC2086
# Every case, the heavy ones too (QUICK=, which make check sets).
step --loud check make check QUICK= $werror
step install make install PREFIX="$tmp/home/.local"
"$tmp/home/.local/bin/shuffle-audit" census -n 4 > "$tmp/census.out" 2>&1
cmp -s "$tmp/census.out" "$top/tests/golden/census-n4.out" && check ok ||
	check no "the installed binary's census -n 4 differs from the golden"
[ "$("$tmp/home/.local/bin/shuffle-audit" --version)" = \
    "shuffle-audit $version" ] && check ok ||
	check no "--version does not print $version"

echo "dist: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
