#!/bin/sh
# tests/dist.sh - the release tarball is all a user needs.
#
# make dist, twice: the same tree makes the same bytes.  The tarball is
# unpacked in an empty directory and, there, as a user without root
# (nobody, through setpriv, when this runs as root): make, make check,
# make install PREFIX=$HOME/.local, and the installed binary's census of
# the naive shuffle of 4 cards (its README's first command) gives the
# golden output; a program linked through pkg-config runs, and make
# uninstall leaves the prefix empty (the packager's trial).  The tarball
# holds NEWS.  Then, in a clone, the release: the same bytes whatever
# the umask, no changed tree packed, make release only at its tag,
# nothing left behind when it refuses.  A step that fails shows the end of its log; make
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
tar -tzf "$top/$tarball" | grep -qx "shuffle-audit-$version/NEWS" &&
	check ok || check no "the tarball holds no NEWS"
want=$(sed -n 's/^#define SA_VERSION "\(.*\)"/\1/p' \
	"$top/include/shuffle_audit/version.h")
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
# A program of the user's, linked through the installed pkg-config file
# (no LD_LIBRARY_PATH: the .pc's rpath finds the library), run; then
# make uninstall leaves nothing under the prefix.
step link sh -c 'PKG_CONFIG_PATH="$HOME/.local/lib/pkgconfig" &&
	export PKG_CONFIG_PATH && cc -std=c11 -o "$HOME/library" \
	tests/examples/library.c $(pkg-config --cflags --libs shuffle-audit) &&
	env -u LD_LIBRARY_PATH "$HOME/library" > "$HOME/library.out" &&
	cmp -s "$HOME/library.out" tests/examples/library.out'
step uninstall make uninstall PREFIX="$tmp/home/.local"
[ ! -e "$tmp/home/.local" ] && check ok ||
	check no "make uninstall left: $(find "$tmp/home/.local" | head -5)"

# The release from a commit: a clone made under umask 077 packs the same
# bytes, every file root's and 0644 or 0755; a change not committed is
# refused unless DIRTY=1; make release wants HEAD tagged v$version,
# refuses without it before it writes anything, and writes SHA256SUMS
# that sha256sum -c accepts.
if command -v git >/dev/null 2>&1 && [ -e "$top/.git" ]; then
	(umask 077 && git clone -q "$top" "$tmp/clone")
	rel() { "$make" -s -C "$tmp/clone" "$@" 2> "$tmp/rel.err"; }
	rel dist >/dev/null && cmp -s "$tmp/clone/$tarball" "$top/$tarball" &&
		check ok || check no "a clone under umask 077 packs other bytes"
	modes=$(tar -tvzf "$tmp/clone/$tarball" | awk '$2 != "root/root" ||
	    ($1 != "-rw-r--r--" && $1 != "-rwxr-xr-x" && $1 != "drwxr-xr-x")')
	[ -z "$modes" ] && check ok || check no "files not root's 0644/0755: $modes"
	echo changed >> "$tmp/clone/README.md"
	rel dist >/dev/null && check no "make dist packed a changed tree" ||
		{ grep -q 'DIRTY=1' "$tmp/rel.err" && check ok ||
		check no "make dist refused a changed tree without saying why"; }
	rel dist DIRTY=1 >/dev/null && cmp -s "$tmp/clone/$tarball" \
	    "$top/$tarball" && check ok ||
		check no "make dist DIRTY=1 did not pack HEAD"
	git -C "$tmp/clone" checkout -q README.md
	# Refused without the tag, and with it on another commit, before
	# anything is written.
	rm -f "$tmp/clone/$tarball"
	rel release >/dev/null && check no "make release without the tag" ||
		{ grep -q "no tag v$version" "$tmp/rel.err" && check ok ||
		check no "make release refused without saying the tag"; }
	tagit() { git -C "$tmp/clone" -c user.name=t -c user.email=t@t tag \
	    -a "v$version" -m "v$version" "$@"; }
	tagit HEAD~1
	rel release >/dev/null && check no "make release off its tag" ||
		{ grep -q "HEAD is not v$version" "$tmp/rel.err" && check ok ||
		check no "make release off its tag refused without saying so"; }
	[ ! -e "$tmp/clone/$tarball" ] && [ ! -e "$tmp/clone/SHA256SUMS" ] &&
	    check ok || check no "a refused make release left files behind"
	git -C "$tmp/clone" tag -d "v$version" >/dev/null
	tagit
	rel release >/dev/null && (cd "$tmp/clone" &&
	    sha256sum -c SHA256SUMS >/dev/null) && check ok ||
		check no "make release at the tag: no SHA256SUMS that checks"
fi

echo "dist: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
