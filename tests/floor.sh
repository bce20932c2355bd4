#!/bin/sh
# tests/floor.sh FILE... - fails when a command-line file does arithmetic
# on counts itself: the library computes every figure and every decision
# (big integers and fractions built, multiplied, divided, compared), and
# the command line parses, calls and formats.  Formatting, reading and
# freeing the library's numbers is allowed (sa_big_to_dec, sa_fraction_
# exact, _sig, _init, _free ...).
bad=$(grep -nE 'sa_big_(mul|mul_u64|add|sub|divmod|div_u32|mod_u32|gcd|pow_u32|pow2|factorial|binomial|cmp|set_u64|set_parts|copy|is_zero)\(|sa_fraction_(set|cmp)\(|sa_gcd\(' "$@")
if [ -n "$bad" ]; then
	echo "arithmetic on counts in the command line (the library's work):"
	echo "$bad"
	exit 1
fi
echo "floor: 1 passed, 0 failed"
