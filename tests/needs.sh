#!/bin/sh
# tests/needs.sh - make check finds what it needs before it builds
# anything, and names the Debian package that holds what is missing:
#
#   - with cmocka.h out of the compiler's sight (-nostdinc), make check
#     and the unit tests' build each stop at once with one line, the
#     package named; make's own "*** ... Error" lines aside, nothing else
#     is said (no compiler error);
#   - with one of the commands CHECK_TOOLS lists (mandoc, python3,
#     pkg-config) missing from a PATH that holds the rest, make check
#     stops the same way, naming its package;
#   - with all of them there, make needs passes and says nothing.
#
# Run by make check-needs, which passes MAKE, CC and UNIT (a unit test's
# path, whose objects it has built).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
make=$(command -v "${MAKE:-make}")
cc=${CC:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

suite=needs
. "$top/tests/check.sh"

# make as a user runs it: none of the flags, nor the jobs, of the make
# that runs this.
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL "$@"; }

# stops WHAT WANT COMMAND...: COMMAND fails, and all it writes on
# standard error but make's own "*** ... Error" lines is the line WANT.
stops() {
	what=$1 want=$2
	shift 2
	"$@" >/dev/null 2> "$tmp/err"
	status=$?
	got=$(grep -v '^make\(\[[0-9]*\]\)\{0,1\}: \*\*\* ' "$tmp/err")
	[ "$status" -ne 0 ] && [ "$got" = "$want" ] && check ok ||
		check no "$what: exit $status, and on stderr: $(cat "$tmp/err")"
}

mk "$make" -s -C "$top" needs > "$tmp/out" 2>&1 && [ ! -s "$tmp/out" ] &&
	check ok || check no "make needs with all there: $(cat "$tmp/out")"

want="shuffle-audit: make check: cmocka.h not found: apt-get install libcmocka-dev"
stops "make check without cmocka.h" "$want" \
    mk "$make" -s -C "$top" check CHECKS= CPPFLAGS=-nostdinc
stops "the unit tests' build without cmocka.h" "$want" \
    mk "$make" -s -C "$top" "$UNIT" CPPFLAGS=-nostdinc

# A PATH of the compiler, sed (which the Makefile runs as it is read) and
# every tool CHECK_TOOLS names but one.
tools=$(sed -n 's/^CHECK_TOOLS = //p' "$top/Makefile")
[ -n "$tools" ] && check ok || check no "no CHECK_TOOLS in the Makefile"
for hide in $tools; do
	bin=$tmp/bin-${hide%%:*}
	mkdir "$bin"
	for t in "${cc%% *}" sed $tools; do
		t=${t%%:*}
		[ "$t" = "${hide%%:*}" ] && continue
		ln -s "$(command -v "$t")" "$bin/$t"
	done
	stops "make check without ${hide%%:*}" \
	    "shuffle-audit: make check: ${hide%%:*} not found: apt-get install ${hide#*:}" \
	    mk PATH="$bin" "$make" -s -C "$top" check CHECKS= CC="$cc"
done

echo "needs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
