/*
 * adversary.c - an exec-protocol program that fights the auditor's
 * process handling, one mode per argument, for the tests.  Each mode
 * shuffles fairly (Durstenfeld over "draw K") until it misbehaves:
 *
 *   escape_pgid_hang R   on run R, moves itself into the auditor's own
 *                        process group and stops answering
 *   escape_pgid_eof      answers every run, then at the end of its input
 *                        moves into the auditor's group and sleeps on
 *   child_escape         answers every run, after starting a child that
 *                        moves into the auditor's group and sleeps
 *   ignore_eof           answers every run, then sleeps on, its input
 *                        closed, with SIGTERM and SIGHUP ignored
 *   deaf R               on run R, stops reading its input and
 *                        answering, though it stays in its group
 *   silent_unbuffered    answers nothing, and never flushes: what a
 *                        program with buffered output looks like
 *   decks S N MODE       for fit --run: writes S decks of N cards
 *                        (the identity), then "sleep" sleeps, "exit3"
 *                        exits with status 3; "join" first moves into
 *                        its parent's process group, then writes its
 *                        decks and sleeps
 *
 * Built by the Makefile into build/exec/adversary.  Its parent is the
 * auditor when the command is "exec adversary ...": sh replaces itself.
 */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXN 64

/* Sleeps until killed. */
static void
forever(void)
{
	for (;;)
		pause();
}

/* Into the process group of this process's parent (the auditor). */
static void
join_parent_group(void)
{
	if (setpgid(0, getpgid(getppid())) != 0)
		perror("adversary: setpgid");
}

static unsigned long long
draw(unsigned long long k)
{
	char line[64];

	printf("draw %llu\n", k);
	fflush(stdout);
	if (fgets(line, sizeof line, stdin) == NULL)
		exit(1);
	return strtoull(line, NULL, 10);
}

static void
shuffle(size_t n)
{
	unsigned deck[MAXN];

	for (size_t i = 0; i < n; i++)
		deck[i] = (unsigned)i;
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)draw(i);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
	printf("deck");
	for (size_t i = 0; i < n; i++)
		printf(" %u", deck[i]);
	printf("\n");
	fflush(stdout);
}

/* fit --run's adversary: S decks of N cards, then what MODE says. */
static int
decks(long s, long n, const char *mode)
{
	if (strcmp(mode, "join") == 0)
		join_parent_group();
	for (long k = 0; k < s; k++) {
		for (long i = 0; i < n; i++)
			printf(i ? " %ld" : "%ld", i);
		printf("\n");
	}
	fflush(stdout);
	if (strcmp(mode, "join") == 0 || strcmp(mode, "sleep") == 0)
		forever();
	return 3;
}

int
main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	long at = argc > 2 ? atol(argv[2]) : 0, runs = 0;
	char line[256];

	if (strcmp(mode, "decks") == 0 && argc > 4)
		return decks(atol(argv[2]), atol(argv[3]), argv[4]);
	if (strcmp(mode, "silent_unbuffered") == 0) {
		printf("draw 2\n");	/* never flushed */
		forever();
	}
	if (strcmp(mode, "child_escape") == 0) {
		pid_t auditors = getpgid(getppid());

		if (fork() == 0) {
			if (setpgid(0, auditors) != 0)
				perror("adversary: setpgid");
			forever();
		}
	}
	while (fgets(line, sizeof line, stdin) != NULL) {
		size_t n = strtoul(line + 8, NULL, 10);	/* "shuffle N" */

		if (n > MAXN)
			return 1;
		runs++;
		if (runs == at && strcmp(mode, "escape_pgid_hang") == 0) {
			join_parent_group();
			forever();
		}
		if (runs == at && strcmp(mode, "deaf") == 0)
			forever();
		shuffle(n);
	}
	if (strcmp(mode, "escape_pgid_eof") == 0) {
		join_parent_group();
		forever();
	}
	if (strcmp(mode, "ignore_eof") == 0) {
		signal(SIGTERM, SIG_IGN);
		signal(SIGHUP, SIG_IGN);
		forever();
	}
	return 0;
}
