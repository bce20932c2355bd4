#!/bin/sh
# tests/recipes.sh - README's CI recipes, run as written on a tarball
# that make dist makes (tests/recipes.py reads and runs them).
#
# Run by make check-recipes, which passes MAKE.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
make=${MAKE:-make}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tarball=$("$make" -s -C "$top" dist) || exit 1
cp "$top/$tarball" "$tmp/"
# The recipes run as nobody (when this runs as root), who must reach
# the tarball and the projects.
chmod 755 "$tmp"
python3 "$top/tests/recipes.py" "$top" "$tmp/$tarball" "$tmp"
