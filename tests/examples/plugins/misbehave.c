/*
 * Shuffles that break the plugin contract, one symbol each, for the
 * tests: --plugin misbehave.so:crash and so on.
 */
#define _GNU_SOURCE	/* syscall, vfork */

#include <sys/syscall.h>
#include <sys/wait.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <shuffle_audit.h>

sa_plugin_fn crash, spin, runaway, below_zero, own_random, chatty, quits,
    fork_twin, fork_linger, past_deck, before_deck, escape_spin, leave_group,
    raw_fork, vfork_exit, shell_out;

static void
durstenfeld(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)sa_draw(o, i);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}

/* Crashes on the run whose first draw is the last value. */
void
crash(unsigned *deck, size_t n, sa_oracle *o)
{
	if (n > 1 && sa_draw(o, n) == n - 1)
		raise(SIGSEGV);
	durstenfeld(deck, n, o);
}

/* Loops for ever, without drawing, on its third run. */
void
spin(unsigned *deck, size_t n, sa_oracle *o)
{
	if (n > 1 && sa_draw(o, n) == 2)
		for (;;)
			;
	durstenfeld(deck, n, o);
}

/* Draws for ever. */
void
runaway(unsigned *deck, size_t n, sa_oracle *o)
{
	(void)deck;
	(void)n;
	for (;;)
		(void)sa_draw(o, 2);
}

/* Asks for a number below 0. */
void
below_zero(unsigned *deck, size_t n, sa_oracle *o)
{
	(void)sa_draw(o, n - n);
	(void)deck;
}

/* Uses rand() alongside the oracle. */
void
own_random(unsigned *deck, size_t n, sa_oracle *o)
{
	durstenfeld(deck, n, o);
	if (n > 1 && rand() % 2) {
		unsigned t = deck[0];

		deck[0] = deck[1];
		deck[1] = t;
	}
}

/* Fair, but chatters on stdout, which must not reach the report. */
void
chatty(unsigned *deck, size_t n, sa_oracle *o)
{
	printf("shuffling %zu cards\n", n);
	fflush(stdout);
	durstenfeld(deck, n, o);
}

/* Exits in the middle of the census. */
void
quits(unsigned *deck, size_t n, sa_oracle *o)
{
	if (n > 1 && sa_draw(o, n) == 1)
		exit(7);
	durstenfeld(deck, n, o);
}

/* Forks on its second run and lets both copies go on counting. */
void
fork_twin(unsigned *deck, size_t n, sa_oracle *o)
{
	static int runs;

	if (++runs == 2)
		(void)fork();
	durstenfeld(deck, n, o);
}

/* Forks a copy that sleeps for ever, and shuffles fairly. */
void
fork_linger(unsigned *deck, size_t n, sa_oracle *o)
{
	static int done;

	if (!done++ && fork() == 0)
		for (;;)
			pause();
	durstenfeld(deck, n, o);
}

/* Fair, but writes one entry past the deck. */
void
past_deck(unsigned *deck, size_t n, sa_oracle *o)
{
	durstenfeld(deck, n, o);
	deck[n] = 0;
}

/* Fair, but writes the entry before the deck. */
void
before_deck(unsigned *deck, size_t n, sa_oracle *o)
{
	durstenfeld(deck, n, o);
	deck[-1] = 1;
}

/*
 * Moves itself into the auditor's process group on its third run, then
 * loops for ever: a kill of its own group misses it.
 */
void
escape_spin(unsigned *deck, size_t n, sa_oracle *o)
{
	if (n > 1 && sa_draw(o, n) == 2) {
		setpgid(0, getpgid(getppid()));
		for (;;)
			;
	}
	durstenfeld(deck, n, o);
}

/* Fair, but moves into the auditor's process group on its first run. */
void
leave_group(unsigned *deck, size_t n, sa_oracle *o)
{
	static int done;

	if (!done++)
		setpgid(0, getpgid(getppid()));
	durstenfeld(deck, n, o);
}

/*
 * Fair, but makes a copy of itself with the raw system call on its first
 * run, which no fork handler sees; the copy exits at once and is
 * reaped, so nothing is left behind.
 */
void
raw_fork(unsigned *deck, size_t n, sa_oracle *o)
{
	static int done;

	if (!done++) {
		long pid = syscall(SYS_fork);

		if (pid == 0)
			_exit(0);
		if (pid > 0)
			waitpid((pid_t)pid, NULL, 0);
	}
	durstenfeld(deck, n, o);
}

/* The same by vfork(). */
void
vfork_exit(unsigned *deck, size_t n, sa_oracle *o)
{
	static int done;

	if (!done++) {
		pid_t pid = vfork();

		if (pid == 0)
			_exit(0);
		if (pid > 0)
			waitpid(pid, NULL, 0);
	}
	durstenfeld(deck, n, o);
}

/* The same by system(). */
void
shell_out(unsigned *deck, size_t n, sa_oracle *o)
{
	static int done;

	if (!done++ && system("true") != 0)
		return;		/* the lost cards would say so */
	durstenfeld(deck, n, o);
}
