#!/bin/sh
# tests/recipes.sh - the CI recipes of README's "Use it in CI" run as
# written.
#
# The GitHub Actions and the GitLab CI recipe are read from the README:
# their variables, and each step's shell (a `run:` block, a `script:`
# line).  A tarball made by `make dist` stands in for the release, by a
# file:// URL.  Each recipe runs in a project of its own (the fair
# plugin as src/shuffle_plugin.c, the README's Python example as
# tests/audit_shuffle.py) as a user without root (nobody, when this runs
# as root), with a HOME of its own; GitHub's steps each in
# `bash -eo pipefail` as Actions runs them, with $GITHUB_PATH honoured
# between them, GitLab's lines in
# one `sh -e`, but for the apt-get line, whose packages CI has
# installed.  Each recipe must exit 0, and its version must be the one
# `make dist` made; the GitLab job run again on the naive shuffle must
# fail, exit status 1.
#
# Run by make check-recipes, which passes MAKE.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
make=${MAKE:-make}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

check() {
	if [ "$1" = ok ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: recipes: $2"
	fi
}

tarball=$("$make" -s -C "$top" dist)
version=${tarball#shuffle-audit-}
version=${version%.tar.gz}
cp "$top/$tarball" "$tmp/"

# The recipes' variables and steps, into $tmp/github and $tmp/gitlab.
python3 - "$top/README.md" "$tmp" <<'PY'
import os, re, sys

readme, out = sys.argv[1], sys.argv[2]
text = open(readme).read()
section = text.split("\n## Use it in CI\n", 1)[1].split("\n## ", 1)[0]
blocks = re.findall(r"```yaml\n(.*?)```", section, re.S)
assert len(blocks) == 2, "expected two yaml recipes, found %d" % len(blocks)


def mapping(lines, key):
    """KEY's mapping: the lines indented under 'KEY:'."""
    vals, at = {}, None
    for line in lines:
        if line.strip() == key + ":":
            at = len(line) - len(line.lstrip())
            continue
        if at is None or not line.strip():
            continue
        ind = len(line) - len(line.lstrip())
        if ind <= at:
            break
        k, v = line.strip().split(":", 1)
        vals[k] = v.strip().strip('"')
    return vals


def write(name, env, steps):
    assert steps and all(s.strip() for s in steps), name + ": an empty step"
    d = os.path.join(out, name)
    os.makedirs(d)
    with open(os.path.join(d, "env"), "w") as f:
        for k, v in env.items():
            f.write("%s=%s\n" % (k, v))
    for i, s in enumerate(steps):
        with open(os.path.join(d, "step%02d.sh" % i), "w") as f:
            f.write(s)


# GitHub: run: | blocks (their more-indented lines) and run: lines.
lines = blocks[0].splitlines()
steps, i = [], 0
while i < len(lines):
    m = re.match(r"^(\s*)(?:- )?run: (.*)$", lines[i])
    i += 1
    if not m:
        continue
    if m.group(2) != "|":
        steps.append(m.group(2) + "\n")
        continue
    # The block: the lines indented past the column of "run:".
    at, body = lines[i - 1].index("run:"), []
    while i < len(lines) and (not lines[i].strip() or
            len(lines[i]) - len(lines[i].lstrip()) > at):
        body.append(lines[i].strip())
        i += 1
    steps.append("\n".join(body) + "\n")
write("github", mapping(lines, "env"), steps)

# GitLab: the script: list, one shell.
lines = blocks[1].splitlines()
script = []
on = False
for line in lines:
    if line.strip() == "script:":
        on = True
        continue
    if on and line.strip().startswith("- "):
        script.append(line.strip()[2:])
    elif on and line.strip():
        break
write("gitlab", mapping(lines, "variables"), ["\n".join(script) + "\n"])
PY
[ -f "$tmp/github/step00.sh" ] && [ -f "$tmp/gitlab/step00.sh" ] &&
	check ok || { check no "the README's recipes could not be read"; \
	echo "recipes: $pass passed, $fail failed"; exit 1; }

# Each recipe's project, home and run, as the user.
as_user=
if [ "$(id -u)" = 0 ]; then
	chmod 755 "$tmp"
	as_user="setpriv --reuid=nobody --regid=nogroup --clear-groups --"
fi
for ci in github gitlab; do
	d=$tmp/$ci
	grep -qx "SHUFFLE_AUDIT_VERSION=$version" "$d/env" && check ok ||
		check no "$ci: the recipe's SHUFFLE_AUDIT_VERSION is not $version"
	mkdir -p "$d/project/src" "$d/project/tests" "$d/home" "$d/temp"
	cp "$top/tests/examples/plugins/fair.c" "$d/project/src/shuffle_plugin.c"
	cp "$top/tests/examples/harness/mine.py" "$d/project/tests/audit_shuffle.py"
	: > "$d/github_path"
	[ -n "$as_user" ] && chown -R nobody:nogroup "$d"
	env_args="HOME=$d/home PATH=$PATH SHUFFLE_AUDIT_VERSION=$version
	    SHUFFLE_AUDIT_TARBALL=file://$tmp/$tarball"
	ok=yes
	for step in "$d"/step*.sh; do
		if [ "$ci" = gitlab ]; then
			# CI has installed the packages the apt-get line asks.
			grep -v '^apt-get ' "$step" > "$step.run"
			shell="sh -e"
		else
			cp "$step" "$step.run"
			shell="bash --noprofile --norc -eo pipefail"
		fi
		[ -n "$as_user" ] && chown nobody:nogroup "$step.run"
		extra=$(sed 's|$|:|' "$d/github_path" | tr -d '\n')
		# shellcheck disable=SC2086
		if ! (cd "$d/project" && $as_user env -u MAKEFLAGS -u MAKELEVEL \
		    -u MFLAGS $env_args PATH="$extra$PATH" \
		    RUNNER_TEMP="$d/temp" GITHUB_PATH="$d/github_path" \
		    $shell "$step.run") > "$step.log" 2>&1; then
			tail -20 "$step.log"
			check no "$ci: step ${step##*/} failed (log above)"
			ok=no
			break
		fi
	done
	[ "$ok" = yes ] && check ok
done

# The same GitLab job on an unfair shuffle (the naive one) must fail,
# with the census's exit status 1 (its build is already done).
d=$tmp/gitlab
cp "$top/tests/examples/plugins/naive.c" "$d/project/src/shuffle_plugin.c"
# shellcheck disable=SC2086
(cd "$d/project" && $as_user env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS \
    HOME="$d/home" PATH="$PATH" SHUFFLE_AUDIT_VERSION="$version" \
    SHUFFLE_AUDIT_TARBALL="file://$tmp/$tarball" \
    sh -e "$d/step00.sh.run") > "$d/unfair.log" 2>&1
status=$?
[ "$status" -eq 1 ] && grep -q "^verdict  *unfair" "$d/unfair.log" &&
	check ok || check no "gitlab: an unfair plugin exited $status, not 1"

echo "recipes: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
