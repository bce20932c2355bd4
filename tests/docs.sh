#!/bin/sh
# tests/docs.sh BINARY
#
# The documentation matches the code:
#   - the man page is clean under mandoc -Tlint;
#   - every example in the man page's EXAMPLES and in README.md (lines
#     "$ shuffle-audit ...") is a case in tests/cli/cases, so it is run,
#     with its output compared, by tests/cli.sh; the man page shows the
#     harness examples' programs as they are in the tree, and the README
#     Python's, naming the others;
#   - every command and every long option that --help lists is in the
#     man page;
#   - the usage lines of every command's --help and the man page's
#     SYNOPSIS name only options the parsers take, each with an argument
#     exactly when its parser takes one, and the SYNOPSIS names them all
#     (tests/usage.pl, against `shuffle-audit completions options`);
#   - each list kept by hand beside its table in the code is held to
#     it: the man page's list and README's table of shuffles to
#     'algorithms', src/harness/ and the man page's languages to
#     'harness', its DESCRIPTION's formats to -f's; every command has a
#     case, and each that takes -f is in the JSON sweep below (its
#     list and every plain case ending in -f json);
#   - .ci/run runs the README's test command word for word;
#   - src/completions/ holds what `completions bash|zsh|fish` writes,
#     and every option in them has a description (its --help line);
#   - NEWS's first section is the binary's version;
#   - README's count of the exported names is src/lib/exports.map's;
#   - README's contents list every chapter in order, and reach "Audit
#     your own shuffle" and "Use it in CI" among the first five; no commit
#     hash or issue number is left in README.md or the man page;
#   - README.md has at most 800 lines; neither it nor the man page gives
#     a timing of this machine, and the man page names no test case;
#   - every member of every JSON object the commands print is listed in
#     the man page's JSON OUTPUT section, and the JSON keeps the rules
#     that section states (tests/json_rules.py: shortest numbers, lists
#     as arrays, verdict beside fair, exact forms beside their numbers).
#
# Each part says as it starts what it checks, and the JSON part how far
# it is every ten seconds, so that the run is never silent for long.

set -u
bin=$1
top=$(cd "$(dirname "$0")/.." && pwd)
man=$top/man/shuffle-audit.1
readme=$top/README.md
# The READMEs beside the code, whose examples are run too.
notes="$top/src/README.md $top/tests/README.md $top/tests/bench/README.md"
cases=$top/tests/cli/cases
suite=docs
pass=0 fail=0
. "$top/tests/check.sh"
started=$(date +%s)
said=$started
# A line on the part begun, with the seconds so far.
part() {
	said=$(date +%s)
	echo "docs: $1 ($((said - started)) s)"
}
part "the man page (mandoc -Tlint, rendered by mandoc and man)"

if command -v mandoc >/dev/null 2>&1; then
	out=$(mandoc -Tlint -Wwarning "$man" 2>&1)
	[ -z "$out" ] && check ok || check no "mandoc -Tlint: $out"
else
	check no "mandoc is not installed (apt-get install mandoc)"
fi

# The rendered page shows no macro as a word (a macro called on a text
# line, or parsed where it should not be), and keeps the quotes of the
# JSON example; by mandoc and, where it is installed, by man-db's groff.
rendered_check() {
	name=$1
	text=$2
	leaked=$(printf '%s\n' "$text" | grep -nE \
	    '(^|[[:space:](])(Ns|Ar|Fl|Pq|Ql|Cm|No|Xr|Dq|Op|Ev|Pa|Nm|Sx|Em) [^ ]' |
	    head -3)
	[ -z "$leaked" ] && check ok ||
		check no "$name: macro names in the rendered page: $leaked"
	printf '%s\n' "$text" | grep -qF '{"ordering": "0123", "runs": 10}' &&
		check ok || check no "$name: the JSON example lost its quotes"
	printf '%s\n' "$text" | grep -qF 'and) rarest' &&
		check no "$name: a parenthesis closes early ('and) rarest')" ||
		check ok
}
bs=$(printf '\b')
if command -v mandoc >/dev/null 2>&1; then
	rendered_check mandoc "$(mandoc -Tascii "$man" | sed "s/.$bs//g")"
fi
if command -v man >/dev/null 2>&1 && command -v groff >/dev/null 2>&1; then
	rendered_check man-db "$(MANWIDTH=80 man -l "$man" 2>/dev/null |
	    sed "s/.$bs//g")"
fi

part "the examples of the man page and the READMEs, as cases"
# The commands of the cases file, one per line; and each again without a
# last --time-limit S, which a case of a long example may add (it
# changes no figure, only how long a loaded builder may take).
commands=$(sed -n 's/^[^#][^|]* | [0-9]* | [^|]* | //p' "$cases")
commands=$(printf '%s\n' "$commands"; printf '%s\n' "$commands" |
    sed -n 's/ --time-limit [0-9][0-9]*$//p')

examples() {
	sed -n '/^\.Sh EXAMPLES/,/^\.Sh /s/^\.Dl \$ //p' "$man"
	sed -n 's/^\$ \(shuffle-audit .*\)/\1/p' "$readme" $notes
}
n=0
examples > "${TMPDIR:-/tmp}/docs.$$"
while IFS= read -r ex; do
	n=$((n + 1))
	if printf '%s\n' "$commands" | grep -qxF -- "$ex"; then
		check ok
	else
		check no "example not in tests/cli/cases: $ex"
	fi
done < "${TMPDIR:-/tmp}/docs.$$"
rm -f "${TMPDIR:-/tmp}/docs.$$"
[ "$n" -ge 5 ] && check ok || check no "found only $n examples"

# The harness examples' programs, which the cases build and run
# (tests/examples/harness/), are what the man page's Harnesses shows,
# word for word, each of them; the README's "In your own language"
# shows Python's the same way and names every one in its table.
shows() {
	python3 -c 'import sys
sys.exit(open(sys.argv[1]).read() not in open(sys.argv[2]).read())' "$1" "$2"
}
for f in "$top"/tests/examples/harness/mine.* \
    "$top"/tests/examples/harness/Mine.*; do
	shows "$f" "$man" && check ok ||
		check no "the man page does not show ${f#"$top"/} as it is"
	grep -qF "| \`${f##*/}\` |" "$readme" && check ok ||
		check no "README.md's table of harness programs does not name ${f##*/}"
done
shows "$top/tests/examples/harness/mine.py" "$readme" && check ok ||
	check no "README.md does not show tests/examples/harness/mine.py as it is"
# So is the test file the README's "In your test suite" shows, which
# the cases run under its runner (tests/examples/frameworks/).
for f in "$top"/tests/examples/frameworks/python/test_with_pytest.py; do
	shows "$f" "$readme" && check ok ||
		check no "README.md does not show ${f#"$top"/} as it is"
done

part "every command and option of --help in the man page and README"
for cmd in $("$bin" --help | sed -n 's/^  \([a-z-]*\)  .*/\1/p'); do
	grep -q "^\.Cm $cmd\$" "$man" && grep -q "^\.Ss $cmd\$" "$man" &&
		check ok || check no "command '$cmd' has no section in the man page"
	grep -q "shuffle-audit $cmd" "$readme" &&
		check ok || check no "command '$cmd' is not in README.md"
	for opt in $("$bin" "$cmd" --help | grep -o -- '--[a-z-]*' | sort -u); do
		grep -q "Fl ${opt#-}" "$man" && check ok ||
			check no "option $opt of '$cmd' is not in the man page"
	done
done

# The contents, in order; the chapters a new user needs, near the top.
chapters=$(sed -n 's/^## //p' "$readme" | grep -vx Contents)
listed=$(sed -n '/^## Contents$/,/^## /s/^- \[\(.*\)\](#.*)$/\1/p' "$readme")
[ "$chapters" = "$listed" ] && check ok ||
	check no "README's Contents do not list its chapters in order"
first=$(printf '%s\n' "$listed" | head -5)
for want in "Audit your own shuffle" "Use it in CI"; do
	printf '%s\n' "$first" | grep -qxF "$want" && check ok ||
		check no "README's Contents do not reach '$want' in five"
done
history=$(grep -nE "commit [0-9a-f]{7}|\b[Ii]ssues? [0-9]+\b|issue's" \
	"$readme" "$man" $notes)
[ -z "$history" ] && check ok ||
	check no "development history in the documentation: $history"

# The README is the user's: short enough to read, and free of figures
# this machine measured (they change each round, and live in
# tests/bench/README.md); the man page, the user's reference, names no
# timing of this machine and no test case (a command's name may be a
# case's too).
lines=$(wc -l < "$readme" | tr -d ' ')
[ "$lines" -le 800 ] && check ok ||
	check no "README.md has $lines lines, more than 800"
timed=$(grep -nE 'load (averages? )?(near |about |of )?[0-9]|two (shared )?cores|(measured|seconds|minutes) here' \
	"$readme" "$man")
[ -z "$timed" ] && check ok ||
	check no "timings of this machine in the documentation: $timed"
named=$(sed -n 's/^\([^#][^ |]*\) | .*/\1/p' "$cases" |
	grep -vxF -e version -e help \
	    $("$bin" --help | sed -n 's/^  \([a-z][a-z-]*\)  .*/-e \1/p') |
	grep -owF -f - "$man" | sort -u | tr '\n' ' ')
[ -z "$named" ] && check ok ||
	check no "the man page names test cases: $named"

# NEWS's newest section is this version's, so a release says what it
# changed.
news=$(grep -m1 '^shuffle-audit [0-9]' "$top/NEWS" 2>/dev/null)
[ "$news" = "$("$bin" --version)" ] && check ok ||
	check no "NEWS's first section is '$news', not '$("$bin" --version)'"

# The README's count of the names the shared library exports is the
# length of the list it exports them by (tests/symbols.sh holds the
# list to the headers and the library).
map_names=$(sed -n 's/^[[:space:]]*\(sa_[a-z0-9_]*\);$/\1/p' \
	"$top/src/lib/exports.map" | wc -l | tr -d ' ')
said=$(grep -o '([0-9][0-9]* names)' "$readme" | tr -dc '0-9\n')
[ "$said" = "$map_names" ] && check ok ||
	check no "README.md says the library exports '$said' names; src/lib/exports.map lists $map_names"

part "the usage lines, the SYNOPSIS and the descriptions against the option tables"
# The usage lines and the SYNOPSIS against the parsers' tables.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" completions options > "$tmp/options"
mkdir "$tmp/help"
for cmd in $(sed 1d "$tmp/options" | cut -f1 | sort -u); do
	"$bin" "$cmd" --help > "$tmp/help/$cmd"
done
if command -v mandoc >/dev/null 2>&1; then
	mandoc -Tascii "$man" | sed "s/.$bs//g" |
	    sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' > "$tmp/synopsis"
	out=$(perl "$top/tests/usage.pl" "$tmp/options" "$tmp/help" \
	    "$tmp/synopsis")
	case $out in
	*" 0 failed") check ok ;;
	*) check no "usage lines: $out" ;;
	esac
fi

# Every option of every command is described in the completions by its
# line of the command's --help (the fifth column of the tables), and
# zsh's and fish's scripts carry each description.
bare=$(awk -F'\t' 'NR > 1 && $5 == "" { printf " %s %s%s", $1, $2, $2 == "" ? $3 : "" }' \
	"$tmp/options")
[ -z "$bare" ] && check ok ||
	check no "options whose --help has no line for them (no description):$bare"
bare=$(grep -E "^		    '[(-]" "$top/src/completions/_shuffle-audit" |
	grep -v "\[" | head -3)
[ -z "$bare" ] && check ok || check no "zsh options without a description: $bare"
bare=$(grep -E "^complete .* -[ls] " "$top/src/completions/shuffle-audit.fish" |
	grep -v " -d '[^']" | head -3)
[ -z "$bare" ] && check ok || check no "fish options without a description: $bare"

part "the hand-written lists against the binary's tables"
# Each list has one table in the code; what is written by hand beside
# it is held to it here.  The built-in shuffles (src/lib/shuffle.c's
# table, as 'algorithms' lists it): the man page's list and README's
# table name each, NAME[:PARAM], and no other.
"$bin" algorithms -f tsv | awk -F'\t' 'NR > 1 {
	print $1 ($4 == "" ? "" : "[:" $4 "]") }' | sort > "$tmp/shuffles"
sed -n '/^The shuffles are below/,/^\.El/s/^\.It Cm //p' "$man" |
	sed 's/ Ns Op : Ns Ar \(.*\)$/[:\1]/' | sort > "$tmp/man-shuffles"
sed -n '/^## Every shuffle people write$/,/^## /s/^| `\([^`]*\)` |.*/\1/p' \
	"$readme" | sort > "$tmp/readme-shuffles"
for f in man readme; do
	d=$(diff "$tmp/shuffles" "$tmp/$f-shuffles" | sed -n 's/^[<>] //p' |
	    tr '\n' ' ')
	[ -z "$d" ] && check ok ||
		check no "the $f's list of shuffles differs from 'algorithms': $d"
done
# The commands (the list make writes for main.c, as --help shows it):
# each has a case (and each that takes -f its JSON swept, below).
for cmd in $("$bin" --help | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p'); do
	sed -n 's/^[^#][^|]* | [0-9]* | [^|]* | //p' "$cases" |
	    grep -q "shuffle-audit $cmd\( \|$\)" && check ok ||
		check no "command '$cmd' has no case in tests/cli/cases"
done
# The formats every command takes (cli_report.h's REP_FORMATS, as an
# unknown one's error lists them): the man page's DESCRIPTION names each.
formats=$("$bin" algorithms -f '?' 2>&1 | sed -n 's/.*unknown format (\(.*\))$/\1/p' |
	tr -d ',')
[ -n "$formats" ] && check ok || check no "no list of formats in -f's error"
for f in $formats; do
	[ "$f" = text ] && continue	# "text for a person"
	sed -n '/^Every report comes in/,/for a program\.$/p' "$man" |
	    grep -q "^\.Cm $f\( \|$\)" && check ok ||
		check no "the man page's DESCRIPTION does not name format '$f'"
done
# The harnesses (src/cli/cli_harness.c's table, as 'harness' lists
# them): one file a language, each in src/harness/, every file there a
# language's; the man page names each language.
"$bin" harness -f tsv | awk -F'\t' 'NR > 1 { print $2 }' | sort \
	> "$tmp/harness-files"
(cd "$top/src/harness" && ls) | sort > "$tmp/harness-tree"
d=$(diff "$tmp/harness-files" "$tmp/harness-tree" | sed -n 's/^[<>] //p' |
    tr '\n' ' ')
[ -z "$d" ] && check ok ||
	check no "src/harness/ and 'harness''s files differ: $d"
for lang in $("$bin" harness -f tsv | awk -F'\t' 'NR > 1 { print $1 }'); do
	sed -n '/^\.Ss harness$/,/^\.Ss /p' "$man" |
	    grep -q "^\.Cm $lang\( \|$\)" && check ok ||
		check no "the man page's harness section does not name '$lang'"
done

want=$(sed -n '/^Install what the tests need/,/^```$/p' "$readme" |
	sed -n '/^```sh$/,/^```$/p' | grep -v '^```')
grep -qxF -- "$want" "$top/.ci/run" && check ok ||
	check no ".ci/run does not run the README's test command: $want"

part "every command's JSON against JSON OUTPUT"
# Every JSON member each command prints, at any depth, is named with Ql
# in JSON OUTPUT; a command whose output a plugin needs runs only when
# the example plugins are built (make plugins).
json_doc=$(sed -n '/^\.Sh JSON OUTPUT$/,/^\.Sh /p' "$man" |
	grep -o 'Ql [a-z_]*' | sed 's/^Ql //' | sort -u)
json_keys() {
	python3 -c '
import json, sys
def walk(o, out):
    if isinstance(o, dict):
        for k, v in o.items():
            out.add(k)
            walk(v, out)
    elif isinstance(o, list):
        for v in o:
            walk(v, out)
keys = set()
walk(json.load(sys.stdin), keys)
print("\n".join(sorted(keys)))'
}
"$bin" sample -a naive -n 3 --decks 300 --seed 1 -f perms > "$tmp/decks"
# Decks whose orderings' p-value (about 1e-372) is below every double.
"$bin" sample -a sattolo -n 4 --decks 600 --seed 3 -f perms > "$tmp/cycles"
plugin=$top/build/plugins/lose_card.so
layered=$top/build/plugins/wrong_threshold.so
# The commands swept: these, and for a command they lack, every case of
# it that is one plain command ending in -f json (no shell, no file, not
# a slow-* one), so that a new command's case is swept; each command
# that takes -f is among them (merge prints the JSON of the command
# whose parts it adds).
for c in "census -n 4" "census -n 4 --summary" \
    "census -a comparator-merge -n 3" "census -n 3 --reduce modulo:5" \
    "census -n 3 --reduce modulo:5 --summary" "divisibility -n 4" \
    "divisibility -a durstenfeld -n 4" "state-space" "deal" "deal --random" \
    "trace --seed 1" "trace --draws 0,0,0,0 --reduce modulo:3" \
    "trace --ordering 1032" "algorithms" "claims" \
    "census -n 3 --reduce reject:2 --layers" "matrix -n 4" \
    "fit -n 52 --detect naive" "sample -n 5 --decks 50 --threads 1" \
    "matrix -a rotation -n 3 --reduce modulo:3" \
    "census --plugin $plugin -n 3" \
    "census --plugin $layered -n 3 --raw-bits 2 --layers --depth 3" \
    "census --exec true -n 3 --instances 2" "distance --upto 3" \
    "distance -a overhand -n 4 --upto 2" "algorithms --wild" \
    "seed-space -g dotnet --seeds 0-99 -n 3" \
    "seed-space -n 52 --seeds 0-99 --match 3" "seed-space -n 52 --seeds 0-9" \
    "fit -n 3 $tmp/decks" "harness" "census -a sattolo -n 3 --summary" \
    "matrix -n 20" "fit -n 4 $tmp/cycles" \
    "seed-space -g java --seeds 281474976700656-281474976710655 -n 4" \
    "trace -a durstenfeld -n 12 --seed 3 --notation inverse" \
    "census -n 5 --plan" "census -n 12 --plan --memory 1G" \
    "census -n 14 --plan --ranks 14 --memory 16G"; do printf '%s\n' "$c"; done > "$tmp/sweep"
sed -n 's/^\([^#][^ |]*\) | [01] | [^|]* | shuffle-audit \(.*\) -f json$/\1 \2/p' \
    "$cases" | grep -v '^slow-' | cut -d' ' -f2- |
    grep -v "[][|;&<>()*?~\$\`'\"/\\\\]\|\.so\b" |
    awk 'NR == FNR { listed[$1] = 1; next } !listed[$1]' "$tmp/sweep" - \
    >> "$tmp/sweep"
for cmd in $("$bin" --help | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p'); do
	[ "$cmd" != merge ] && awk -F'\t' -v c="$cmd" \
	    '$1 == c && $2 == "--format"' "$tmp/options" | grep -q . ||
		continue
	grep -q "^$cmd\( \|$\)" "$tmp/sweep" && check ok ||
		check no "command '$cmd' takes -f but the JSON sweep has none of it (a case ending in -f json)"
done
while read -r c; do
	case $c in *"$plugin"* | *"$layered"*)
		[ -f "$plugin" ] && [ -f "$layered" ] || continue ;;
	esac
	[ $(($(date +%s) - said)) -lt 10 ] || part "JSON: now $c -f json"
	# shellcheck disable=SC2086
	"$bin" $c -f json > "$tmp/json" 2>/dev/null
	keys=$(json_keys < "$tmp/json")
	[ -n "$keys" ] || { check no "$c -f json: no JSON"; continue; }
	# The rules JSON OUTPUT states, on the types (tests/json_rules.py).
	breaches=$(python3 "$top/tests/json_rules.py" < "$tmp/json")
	[ -z "$breaches" ] && check ok ||
		check no "$c -f json breaks JSON OUTPUT's rules: $breaches"
	for k in $keys; do
		# NAME_exact beside a number past 2^53, and NAME_text beside
		# one past the doubles' range, are JSON OUTPUT's rules for any
		# NAME (json_rules.py checks them where they are).
		printf '%s\n' "$json_doc" | grep -qx "$k" ||
		    printf '%s\n' "$json_doc" | grep -qx "${k%_exact}" ||
		    printf '%s\n' "$json_doc" | grep -qx "${k%_text}" &&
			check ok ||
			check no "$c -f json: member '$k' is not in JSON OUTPUT"
	done
done < "$tmp/sweep"

part "src/completions/ against what the binary writes"
# The completions make install copies from the tree are what the binary
# writes (make completions writes them again).
for sh in bash zsh fish; do
	case $sh in
	bash) f=shuffle-audit.bash ;;
	zsh) f=_shuffle-audit ;;
	fish) f=shuffle-audit.fish ;;
	esac
	"$bin" completions "$sh" | cmp -s - "$top/src/completions/$f" &&
		check ok || check no "src/completions/$f is not what 'completions $sh' writes (make completions)"
done

echo "docs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
