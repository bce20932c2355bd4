#!/bin/sh
# tests/floor.sh FILE... - fails when a command-line file does arithmetic
# on counts itself: the library computes every figure and every decision
# (big integers and fractions built, multiplied, divided, compared), and
# the command line parses, calls and formats.  Formatting, reading and
# freeing the library's numbers is allowed (sa_big_to_dec, sa_fraction_
# exact, _sig, _init, _free ...).  Run on src/cli and src/run.
bad=$(grep -nE 'sa_big_(mul|mul_u64|add|sub|divmod|div_u32|mod_u32|gcd|pow_u32|pow2|factorial|binomial|cmp|set_u64|set_parts|copy|is_zero)\(|sa_fraction_(set|cmp)\(|sa_gcd\(' "$@")
# And no operator applied to a count the library reports (an info
# struct's orderings, runs, seeds, ...): a share, a remainder, a degree of
# freedom or a forecast made of them is a figure the library gives.
fields='(orderings|seeds|runs|sequences|reached|max_count|min_count|unfinished|matches|nmax|nmin)'
bad="$bad$(grep -nE "[a-z_]+(->|\.)$fields\b\s*([-+*/%]|<<)([^-+>=]|$)|[^-+<]([-+*/%]|<<)\s*(\((double|uint64_t)\)\s*)?\(?[a-z_]+(->|\.)$fields\b" "$@" |
	grep -vE '^[^:]+:[0-9]+:[[:space:]]*(/?\*|//)')"
if [ -n "$bad" ]; then
	echo "arithmetic on counts in the command line (the library's work):"
	echo "$bad"
	exit 1
fi
echo "floor: 1 passed, 0 failed"
