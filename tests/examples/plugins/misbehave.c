/*
 * Shuffles that break the plugin contract, one symbol each, for the
 * tests: --plugin misbehave.so:crash and so on.  script is the property
 * test's (tests/cli/procs-property.sh): a random mix of them, and runs
 * given up with statuses of the plugin's own choosing.
 */
#define _GNU_SOURCE	/* syscall, vfork */

#include <sys/syscall.h>
#include <sys/wait.h>

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <shuffle_audit.h>

#include "../auditor.h"
#include "../script.h"

sa_plugin_fn crash, spin, runaway, below_zero, own_random, chatty, quits,
    fork_twin, fork_linger, past_deck, before_deck, escape_spin, leave_group,
    raw_fork, vfork_exit, shell_out, script;

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
		setpgid(0, auditor_group());
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
		setpgid(0, auditor_group());
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

/* A descriptor of the auditor's /proc directory, or of its fd/1. */
static int
auditor_file(const char *what, int flags)
{
	char path[64];

	snprintf(path, sizeof path, "/proc/%ld%s", (long)auditor(), what);
	return open(path, flags);
}

/* After run N's shuffle, one of the script's actions, noted first. */
static void
act(unsigned *deck, size_t n, sa_oracle *o, int calm)
{
	static const int sig[] = { SIGSTOP, SIGTERM, SIGKILL };
	/* Statuses the code may give up a run with, the auditor's among
	 * them: a run cut at the depth (once 1000), its time limit,
	 * memory, a count too big, and -1. */
	static const int own[] = { 0, -1, 1000, SA_ETIME, SA_ENOMEM,
	    SA_ETOOBIG, SA_EOVERFLOW };
	unsigned what = pick(48);
	int fd;

	/* A calm script does only what the audit must shrug off. */
	if (calm && (what < 7 || what > 9))
		what = 47;
	switch (what) {
	case 0:
		note("breach crash");
		raise(SIGSEGV);
		break;
	case 1:
		note("breach stall");
		for (;;)
			pause();
	case 2:
		note("breach exit");
		exit(5);
	case 3:
		note("breach raw fork");
		if (syscall(SYS_fork) == 0)
			_exit(0);
		break;
	case 4:
		note("breach signal to the auditor");
		kill(auditor(), sig[pick(3)]);
		break;
	case 5:
		note("breach moved into the auditor's group");
		setpgid(0, auditor_group());
		break;
	case 6:
		note("breach F_SETOWN to the auditor");
		fcntl(STDERR_FILENO, F_SETOWN, auditor());
		break;
	case 7:
		note("quiet chatter on stdout");
		printf("shuffling %zu cards\n", n);
		fflush(stdout);
		break;
	case 8:
		note("quiet pidfd_send_signal to the auditor");
		if ((fd = auditor_file("", O_RDONLY | O_DIRECTORY)) >= 0) {
			(void)syscall(424 /* pidfd_send_signal */, fd, SIGSTOP,
			    NULL, 0);
			close(fd);
		}
		break;
	case 9:
		note("quiet write into the report");
		if ((fd = auditor_file("/fd/1", O_WRONLY)) >= 0) {
			if (write(fd, "forged\n", 7) != 7)
				perror("script: write");
			close(fd);
		}
		break;
	case 10:
		note("breach a card twice");
		if (n > 1)
			deck[0] = deck[1];
		break;
	case 11:
		note("breach gave the run up with a status of its own");
		o->fail(o, own[pick(sizeof own / sizeof own[0])]);
		break;
	default:
		break;			/* a fair run */
	}
}

/*
 * Fair (Durstenfeld) but for what a script drawn from the seed in
 * $SA_SCRIPT_SEED does before each run, noted in $SA_SCRIPT_LOG.
 */
void
script(unsigned *deck, size_t n, sa_oracle *o)
{
	static int started, calm;

	if (!started) {
		const char *seed = getenv("SA_SCRIPT_SEED");
		const char *log = getenv("SA_SCRIPT_LOG");

		started = 1;
		script_state = strtoull(seed ? seed : "0", NULL, 10);
		script_log = log ? fopen(log, "a") : NULL;
		calm = pick(3) == 0;
	}
	durstenfeld(deck, n, o);
	act(deck, n, o, calm);
}
