/*
 * script.h - what the property test's two random adversaries share
 * (exec/adversary.c's script mode, plugins/misbehave.c's script): the
 * stream their actions are drawn from, and the log each misbehaviour is
 * noted in before it is done (tests/cli/procs-property.sh reads it).
 */
#ifndef SA_TEST_SCRIPT_H
#define SA_TEST_SCRIPT_H

#include <stdio.h>

/* The script's stream: splitmix64 of a counter from the seed. */
static unsigned long long script_state;

/* A number below BELOW from the stream. */
static unsigned
pick(unsigned below)
{
	unsigned long long z = (script_state += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return (unsigned)((z ^ (z >> 31)) % below);
}

/* Where the script notes each misbehaviour before it acts. */
static FILE *script_log;

static void
note(const char *what)
{
	if (script_log != NULL) {
		fprintf(script_log, "%s\n", what);
		fflush(script_log);
	}
}

#endif
