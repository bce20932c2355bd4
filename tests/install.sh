#!/bin/sh
# tests/install.sh - make install and make uninstall, as a packager runs
# them (DESTDIR) and as a user without root does (PREFIX=$HOME/.local):
#
#   - the staged install holds exactly the files listed below (no
#     record of its own), its shuffle-audit.pc no rpath for /usr/lib and
#     its paths by ${prefix} and ${exec_prefix} (a LIBDIR elsewhere as
#     it is), make uninstall leaves the stage empty, directories too, and
#     neither runs ldconfig (a package's scripts do);
#   - a path that holds ' " | & ` $ \ or a newline (PREFIX, DESTDIR,
#     LIBDIR) is refused with one line naming it, before anything is
#     installed; make uninstall refuses one too, and removes nothing;
#   - under a PREFIX with a space (and a #), a program builds through
#     pkg-config's escaped output, shared and static, and runs;
#   - ldconfig runs for a LIBDIR among the system's (SYSTEM_LIBDIRS), and
#     for no other (a fake ldconfig first on PATH notes each call);
#   - under a PREFIX: tests/examples/library.c builds through
#     pkg-config, once against the shared library (which must be the one
#     it loads, by its soname, found by the rpath the .pc gives) and
#     once statically, and both print what
#     tests/examples/library.out holds; the shared library exports sa_
#     names only; pkg-config's version is the binary's;
#   - the installed completions answer as a user's TAB would: bash, and
#     zsh and fish where installed (CI installs both), for
#     "shuffle-audit cen", "census -a " (the names 'algorithms' lists),
#     "census --re", "harness " (the names 'harness' lists) and
#     "census --reduce le" (the reductions, with widths to start from);
#   - in zsh and fish, every long option of every command is listed
#     with its description (its line of the command's --help) when a
#     user types "shuffle-audit CMD --" and TAB;
#   - make uninstall removes every file and the directories it made.
#
# Run by make check-install, which passes MAKE.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
make=${MAKE:-make}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0 skip=0

suite=install
. "$top/tests/check.sh"

# ldconfig, as make install finds it: a note of each call.
mkdir "$tmp/bin"
printf '#!/bin/sh\necho ldconfig "$@" >> "%s/ldconfig.log"\n' "$tmp" \
    > "$tmp/bin/ldconfig"
chmod 755 "$tmp/bin/ldconfig"
PATH=$tmp/bin:$PATH
export PATH
ldconfig_ran() { [ -e "$tmp/ldconfig.log" ] && rm -f "$tmp/ldconfig.log"; }

# --- as a packager: DESTDIR, PREFIX=/usr --------------------------------
stage=$tmp/stage
"$make" -s -C "$top" install DESTDIR="$stage" PREFIX=/usr >/dev/null
(cd "$stage" && find . -type f -o -type l | sort) > "$tmp/files"
cat > "$tmp/want" <<'EOF'
./usr/bin/shuffle-audit
./usr/include/shuffle_audit.h
./usr/include/shuffle_audit_audit.h
./usr/include/shuffle_audit_plugin.h
./usr/lib/libshuffleaudit.a
./usr/lib/libshuffleaudit.so
./usr/lib/libshuffleaudit.so.0
./usr/lib/libshuffleaudit.so.VERSION
./usr/lib/pkgconfig/shuffle-audit.pc
./usr/share/bash-completion/completions/shuffle-audit
./usr/share/fish/vendor_completions.d/shuffle-audit.fish
./usr/share/man/man1/shuffle-audit.1
./usr/share/zsh/site-functions/_shuffle-audit
EOF
# and each language's harness, as the installed binary lists them,
"$stage/usr/bin/shuffle-audit" harness -f tsv | awk -F '\t' 'NR > 1 {
	print "./usr/share/shuffle-audit/harness/" $2 }' >> "$tmp/want"
# and each module of the public header, beside it.
(cd "$top/include" && ls shuffle_audit/*.h) | sed 's|^|./usr/include/|' \
    >> "$tmp/want"
version=$("$stage/usr/bin/shuffle-audit" --version | sed 's/^shuffle-audit //')
sed -i "s/VERSION\$/$version/" "$tmp/want"
sort -o "$tmp/want" "$tmp/want"
diff -u "$tmp/want" "$tmp/files" >&2 && check ok ||
	check no "the staged install's files differ from the list (diff above)"
printf '%s\n' prefix=/usr 'exec_prefix=${prefix}' \
    'libdir=${exec_prefix}/lib' 'includedir=${prefix}/include' > "$tmp/pc-want"
head -4 "$stage/usr/lib/pkgconfig/shuffle-audit.pc" | diff -u "$tmp/pc-want" - >&2 &&
	check ok || check no "shuffle-audit.pc's paths for PREFIX=/usr (diff above)"
grep -q rpath "$stage/usr/lib/pkgconfig/shuffle-audit.pc" &&
	check no "shuffle-audit.pc gives an rpath for /usr/lib" || check ok
"$make" -s -C "$top" uninstall DESTDIR="$stage" PREFIX=/usr >/dev/null
left=$(cd "$stage" && find . -mindepth 1)
[ -z "$left" ] && check ok ||
	check no "make uninstall left in the stage: $left"
ldconfig_ran && check no "make install ran ldconfig for a DESTDIR" ||
	check ok

# A LIBDIR and an INCLUDEDIR outside PREFIX are named as they are.
"$make" -s -C "$top" install DESTDIR="$stage" PREFIX=/usr LIBDIR=/opt/lib \
    INCLUDEDIR=/opt/include >/dev/null
printf '%s\n' prefix=/usr 'exec_prefix=${prefix}' libdir=/opt/lib \
    includedir=/opt/include > "$tmp/pc-want"
head -4 "$stage/opt/lib/pkgconfig/shuffle-audit.pc" | diff -u "$tmp/pc-want" - >&2 &&
	check ok || check no "shuffle-audit.pc's paths for LIBDIR=/opt/lib (diff above)"
rm -rf "$stage"

# --- paths no quoting carries: refused at once, nothing installed -------
# Each character in PREFIX; then in DESTDIR and in LIBDIR.
nl='
'
refused() { # VAR VALUE SHOWN CHAR-TEXT [make args]: refused as it should be
	var=$1 value=$2 shown=$3 what=$4
	shift 4
	"$make" -s -C "$top" install "$var=$value" "$@" >/dev/null \
	    2> "$tmp/refused.err"
	status=$?
	want="shuffle-audit: make install: $var $shown: cannot hold $what"
	got=$(grep '^shuffle-audit:' "$tmp/refused.err")
	[ "$status" -ne 0 ] && [ "$got" = "$want" ] &&
	    [ ! -e "$tmp/refused" ] && check ok ||
		check no "$var=$shown: exit $status, '$got', or installed: $(find "$tmp/refused" 2>/dev/null | head -3)"
	rm -rf "$tmp/refused"
}
for c in "'" '"' '|' '&' '`' '$' '\'; do
	refused PREFIX "$tmp/refused/a${c}b" "$tmp/refused/a${c}b" \
	    "the character $c"
done
refused PREFIX "$tmp/refused/a${nl}b" "$tmp/refused/a\\nb" "a newline"
refused DESTDIR "$tmp/refused/a|b" "$tmp/refused/a|b" "the character |" \
    PREFIX=/usr
refused LIBDIR "$tmp/refused/a&b" "$tmp/refused/a&b" "the character &" \
    PREFIX="$tmp/refused"

# --- paths with spaces: a DESTDIR and a PREFIX, each beside a file named
# by the path's first word (which an unquoted rm would take) -------------
spaced=$tmp/"spaced x"
mkdir -p "$spaced"
echo keep > "$tmp/spaced"
mkdir -p "$spaced/opt"
echo keep > "$spaced/opt/victim"
"$make" -s -C "$top" install DESTDIR="$spaced" PREFIX="/opt/victim x" \
    >/dev/null 2>&1
(cd "$spaced/opt/victim x" 2>/dev/null && find . -type f -o -type l |
	sort) > "$tmp/files-spaced"
sed 's|^\./usr/|./|' "$tmp/want" > "$tmp/want-spaced"
diff -u "$tmp/want-spaced" "$tmp/files-spaced" >&2 && check ok ||
	check no "install with spaces in DESTDIR and PREFIX: files differ"
"$make" -s -C "$top" uninstall DESTDIR="$spaced" PREFIX="/opt/victim x" \
    >/dev/null 2>&1
left=$(cd "$spaced" && find . -mindepth 1 | sort | tr '\n' ' ')
[ "$left" = "./opt ./opt/victim " ] && [ -f "$tmp/spaced" ] && check ok ||
	check no "uninstall with spaces left '$left' or took \$tmp/spaced"
rm -rf "$spaced" "$tmp/spaced"

# --- a PREFIX with a space: pkg-config escapes it (a backslash before
# it), which a shell reads where it parses the line (make's $(shell),
# or eval); the library is found by the rpath, shared, and linked
# statically ----------------------------------------------------------
sp=$tmp/"sp ace#1"/.local
"$make" -s -C "$top" install PREFIX="$sp" >/dev/null
pc() { PKG_CONFIG_PATH="$sp/lib/pkgconfig" pkg-config "$@" shuffle-audit; }
# Shared, as a Makefile would build it (make's $(shell), whose output
# the recipe's shell parses); static, by eval in a script.
printf '%s\n' 'sp-shared: ; $(CC) -std=c11 -o $@ $(SRC) $(shell pkg-config --cflags --libs shuffle-audit)' > "$tmp/sp.mk"
env -u MAKEFLAGS -u MFLAGS PKG_CONFIG_PATH="$sp/lib/pkgconfig" \
    "$make" -s -C "$tmp" -f sp.mk SRC="$top/tests/examples/library.c" \
    CC="${CC:-cc}" >/dev/null &&
	"$tmp/sp-shared" | cmp -s - "$top/tests/examples/library.out" &&
	check ok || check no "the example linked under a PREFIX with a space"
readelf -d "$tmp/sp-shared" | grep -qF "[$sp/lib]" && check ok ||
	check no "the example's rpath is not '$sp/lib'"
eval "${CC:-cc} -std=c11 -static -o \"\$tmp/sp-static\" \"\$top/tests/examples/library.c\" $(pc --static --cflags --libs)" &&
	"$tmp/sp-static" | cmp -s - "$top/tests/examples/library.out" &&
	check ok || check no "the example linked statically under a PREFIX with a space"
ldconfig_ran && check no "make install ran ldconfig for LIBDIR $sp/lib" ||
	check ok
# make uninstall refuses a path no quoting carries, and removes nothing.
"$make" -s -C "$top" uninstall PREFIX="$sp" MANDIR="$sp/x\"y" >/dev/null \
    2> "$tmp/uninstall.err"
grep -qxF "shuffle-audit: make uninstall: MANDIR $sp/x\"y: cannot hold the character \"" \
    "$tmp/uninstall.err" && [ -f "$sp/bin/shuffle-audit" ] && check ok ||
	check no "make uninstall with a \" in MANDIR: $(cat "$tmp/uninstall.err")"
"$make" -s -C "$top" uninstall PREFIX="$sp" >/dev/null
[ ! -e "$tmp/sp ace#1" ] && check ok ||
	check no "make uninstall left: $(find "$tmp/sp ace#1" | head -3)"

# --- ldconfig for the system's own LIBDIR, here one the test names -------
sys=$tmp/sys
"$make" -s -C "$top" install PREFIX="$sys" SYSTEM_LIBDIRS="/usr/lib $sys/lib" \
    >/dev/null
ldconfig_ran && check ok ||
	check no "make install did not run ldconfig for a system LIBDIR"
"$make" -s -C "$top" uninstall PREFIX="$sys" >/dev/null
rm -rf "$sys"

# --- as a user: PREFIX=$HOME/.local -------------------------------------
home=$tmp/home
mkdir "$home"
prefix=$home/.local
"$make" -s -C "$top" install PREFIX="$prefix" >/dev/null
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
ldconfig_ran && check no "make install ran ldconfig for LIBDIR $prefix/lib" ||
	check ok
pc_version=$(pkg-config --modversion shuffle-audit 2>&1)
[ "$pc_version" = "$version" ] && check ok ||
	check no "pkg-config --modversion says '$pc_version', the binary $version"

# Shared: the binary needs libshuffleaudit.so.0, and finds it by the rpath
# that shuffle-audit.pc gives for a libdir outside the system's.
libdir=$(pkg-config --variable=libdir shuffle-audit)
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -o "$tmp/shared" "$top/tests/examples/library.c" \
    $(pkg-config --cflags --libs shuffle-audit) &&
	"$tmp/shared" | cmp -s - "$top/tests/examples/library.out" &&
	check ok || check no "the example linked against the shared library"
readelf -d "$tmp/shared" | grep -q 'NEEDED.*\[libshuffleaudit\.so\.0\]' &&
	check ok || check no "the shared example does not need libshuffleaudit.so.0"
readelf -d "$libdir/libshuffleaudit.so" |
    grep -q 'SONAME.*\[libshuffleaudit\.so\.0\]' && check ok ||
	check no "libshuffleaudit.so's soname is not libshuffleaudit.so.0"
others=$(nm -D --defined-only "$libdir/libshuffleaudit.so" |
	awk 'NF == 3 && $2 != "A" && $3 !~ /^sa_/ { print $3 }')
[ -z "$others" ] && check ok ||
	check no "libshuffleaudit.so exports names without sa_: $others"
unversioned=$(nm -D --defined-only "$libdir/libshuffleaudit.so" |
	awk 'NF == 3 && $2 != "A" && $3 !~ /@@SHUFFLE_AUDIT_0$/ { print $3 }')
[ -z "$unversioned" ] && check ok ||
	check no "libshuffleaudit.so exports names outside SHUFFLE_AUDIT_0: $unversioned"

# Static: pkg-config --static adds Libs.private (libm, pthreads).
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -static -o "$tmp/static" \
    "$top/tests/examples/library.c" \
    $(pkg-config --static --cflags --libs shuffle-audit) &&
	"$tmp/static" | cmp -s - "$top/tests/examples/library.out" &&
	check ok || check no "the example linked statically"
readelf -d "$tmp/static" 2>&1 | grep -q NEEDED &&
	check no "the static example still needs shared libraries" ||
	check ok

# The completions, from where each shell looks under the prefix.
PATH=$prefix/bin:$PATH
export PATH
bin=$prefix/bin/shuffle-audit
{
	echo "== shuffle-audit cen"; echo census
	echo "== shuffle-audit census -a "
	"$bin" algorithms -f tsv | sed 1d | cut -f1 | sort
	echo "== shuffle-audit census --re"
	printf '%s\n' --real-cells --reduce --remainder --repeat
	echo "== shuffle-audit harness "
	"$bin" harness -f tsv | sed 1d | cut -f1 | sort
	echo "== shuffle-audit census --reduce le"
	printf '%s\n' lemire:16 lemire:32 lemire:8
} > "$tmp/want-comp"
set -- "shuffle-audit cen" "shuffle-audit census -a " \
    "shuffle-audit census --re" "shuffle-audit harness " \
    "shuffle-audit census --reduce le"

# Every command's long options, a line each: command, option.
"$bin" completions options | awk -F'\t' 'NR > 1 && $2 != "" {
    print $1 "\t" $2 }' > "$tmp/longopts"
# described LIST PATTERN SHELL COMMAND...: in LIST, what SHELL showed
# after "shuffle-audit COMMAND --" for each COMMAND, every long option
# of the command is on a line of its own followed by PATTERN (its
# description).
described() {
	list=$1 pattern=$2 shell=$3
	shift 3
	missing=
	for c; do
		sed -n "/^== shuffle-audit $c --\$/,/^== /p" "$list" \
		    > "$tmp/one"
		for o in $(awk -F'\t' -v c="$c" '$1 == c { print $2 }' \
		    "$tmp/longopts"); do
			grep -qE -- "^$o$pattern" "$tmp/one" ||
				missing="$missing $c $o;"
		done
	done
	[ $# -gt 0 ] && [ -z "$missing" ] && check ok ||
		check no "$shell lists without a description:$missing"
}

bash "$top/tests/completions/bash_complete.bash" \
    "$prefix/share/bash-completion/completions/shuffle-audit" "$@" \
    > "$tmp/bash" 2>&1
diff -u "$tmp/want-comp" "$tmp/bash" >&2 && check ok ||
	check no "bash's completions differ (diff above)"

if command -v zsh >/dev/null 2>&1; then
	: > "$tmp/zsh-raw"
	zsh -f "$top/tests/completions/zsh_complete.zsh" \
	    "$prefix/share/zsh/site-functions" "$tmp/zsh-raw" "$@" >/dev/null
	# Each line's words, sorted, once each (zsh offers some twice).
	: > "$tmp/words"
	while IFS= read -r l; do
		case $l in
		'== '*)	sort -u "$tmp/words"; : > "$tmp/words"; echo "$l" ;;
		*)	echo "$l" >> "$tmp/words" ;;
		esac
	done < "$tmp/zsh-raw" > "$tmp/zsh"
	sort -u "$tmp/words" >> "$tmp/zsh"
	diff -u "$tmp/want-comp" "$tmp/zsh" >&2 && check ok ||
		check no "zsh's completions differ (diff above)"
	# The list zsh shows (a command with one long option has it put
	# in the line, no list): each option with its description.
	listed=$(cut -f1 "$tmp/longopts" | uniq -c | awk '$1 > 1 { print $2 }')
	for c in $listed; do
		printf 'shuffle-audit %s --\n' "$c"
	done | tr '\n' '\0' | xargs -0 zsh -f \
	    "$top/tests/completions/zsh_list.zsh" \
	    "$prefix/share/zsh/site-functions" 2>&1 | tr -d '\r' |
	    sed 's/\x1b\[[0-9;?]*[a-zA-Z]//g' > "$tmp/zsh-list"
	# shellcheck disable=SC2086
	described "$tmp/zsh-list" ' *-- [^ ]' zsh $listed
else
	echo "SKIP: install: zsh is not installed"
	skip=$((skip + 1))
fi

if command -v fish >/dev/null 2>&1; then
	for line in "$@"; do
		echo "== $line"
		HOME=$tmp XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data \
		    XDG_DATA_DIRS=$prefix/share fish -c \
		    "complete -C '$line'" | cut -f1 | sort
	done > "$tmp/fish" 2>&1
	diff -u "$tmp/want-comp" "$tmp/fish" >&2 && check ok ||
		check no "fish's completions differ (diff above)"
	# What fish offers after "CMD --": each option with its
	# description, after a tab.
	for c in $(cut -f1 "$tmp/longopts" | uniq); do
		echo "echo '== shuffle-audit $c --'"
		echo "complete -C 'shuffle-audit $c --'"
	done > "$tmp/fish-lines"
	HOME=$tmp XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data \
	    XDG_DATA_DIRS=$prefix/share fish "$tmp/fish-lines" \
	    > "$tmp/fish-list" 2>&1
	described "$tmp/fish-list" '	[^ ]' fish $(cut -f1 "$tmp/longopts" |
	    uniq)
else
	echo "SKIP: install: fish is not installed"
	skip=$((skip + 1))
fi

"$make" -s -C "$top" uninstall PREFIX="$prefix" >/dev/null
left=$(cd "$home" && find . -mindepth 1)
[ -z "$left" ] && check ok || check no "make uninstall left: $left"

echo "install: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
