/*
 * Plugins that attack the auditor through the memory it shares with
 * them, for the tests: --plugin forge.so:forge_fair and so on.  Each is
 * the naive shuffle (unfair on 3 cards: 27 runs over 6 orderings) and
 * each writes into every shared writable mapping of its process (the
 * lines of /proc/self/maps marked rw-s), which is where an auditor that
 * counted in the plugin's process kept its tally and its "done".
 *
 *   forge_fair     a thread waits for the census to end (the word after
 *                  the odometer's header turning from -1) and writes a
 *                  uniform tally over the mapping's end, and runs and
 *                  sequences to match: "fair", had the auditor trusted it
 *   scribble       writes 0x41 over every shared mapping each run
 *   scribble_abort the same, then aborts on the fifth run
 *   kill_parent    sends SIGKILL to its parent (the auditor) on the
 *                  second run
 *   sigio_parent   on the second run, makes its parent the owner of one
 *                  end of a socket pair (ioctl FIOSETOWN), SIGKILL its
 *                  signal (F_SETSIG) and O_ASYNC set, then writes into
 *                  the other end; says "sigio: denied" on stderr when a
 *                  step is refused
 *   pidns          on the second run, names every thread of its parent
 *                  by its id in /proc and sends it SIGKILL (../pidns.h),
 *                  each outcome noted in $SA_PIDNS_LOG
 *   limit_parent   on the second run, sets its parent's file-size limit
 *                  to 0 (prlimit64); says "limit: denied" when refused
 *   mover          on its third run, starts a thread that keeps moving
 *                  the first two words of every shared mapping (where an
 *                  odometer keeps its runs and place), and spins for ever
 */
#define _GNU_SOURCE

#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <shuffle_audit.h>

#include "../auditor.h"
#include "../pidns.h"

sa_plugin_fn forge_fair, scribble, scribble_abort, kill_parent, sigio_parent,
    pidns, limit_parent, mover;

static void
naive(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = 0; i < n; i++) {
		size_t j = (size_t)sa_draw(o, n);
		unsigned t = deck[i];

		deck[i] = deck[j];
		deck[j] = t;
	}
}

/* Calls EACH on every shared writable mapping. */
static void
shared_maps(void (*each)(unsigned char *at, size_t len))
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];

	if (f == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		unsigned long lo, hi;
		char perms[8];

		if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) == 3 &&
		    strcmp(perms, "rw-s") == 0)
			each((unsigned char *)lo, (size_t)(hi - lo));
	}
	fclose(f);
}

static void
fill(unsigned char *at, size_t len)
{
	memset(at, 0x41, len);
}

static unsigned char *found;
static size_t found_len;

static void
remember(unsigned char *at, size_t len)
{
	if (found == NULL) {
		found = at;
		found_len = len;
	}
}

/*
 * The old layout: an 80-byte odometer header, then an int that is -1
 * while the census runs, then runs and sequences (64 bits each); the
 * tally of 3! counts at the mapping's end.
 */
static void *
forger(void *arg)
{
	volatile int *status = (volatile int *)(found + 80);
	uint64_t *runs = (uint64_t *)(found + 88);
	uint64_t *tally = (uint64_t *)(found + found_len) - 6;

	(void)arg;
	while (*status == -1)
		;
	for (int r = 0; r < 6; r++)
		tally[r] = 4;
	runs[0] = 24;
	runs[1] = 24;
	*status = 0;
	return NULL;
}

void
forge_fair(unsigned *deck, size_t n, sa_oracle *o)
{
	static int started;
	pthread_t t;

	if (!started) {
		started = 1;
		shared_maps(remember);
		if (found != NULL && found_len > 200)
			pthread_create(&t, NULL, forger, NULL);
	}
	naive(deck, n, o);
}

void
scribble(unsigned *deck, size_t n, sa_oracle *o)
{
	shared_maps(fill);
	naive(deck, n, o);
}

void
scribble_abort(unsigned *deck, size_t n, sa_oracle *o)
{
	static int calls;

	shared_maps(fill);
	naive(deck, n, o);
	if (++calls == 5)
		abort();
}

void
kill_parent(unsigned *deck, size_t n, sa_oracle *o)
{
	static int calls;

	if (++calls == 2)
		kill(auditor(), SIGKILL);
	naive(deck, n, o);
}

void
sigio_parent(unsigned *deck, size_t n, sa_oracle *o)
{
	static int calls;
	int sv[2], owner = (int)auditor();

	if (++calls == 2 && socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0) {
		if (ioctl(sv[0], FIOSETOWN, &owner) != 0 ||
		    fcntl(sv[0], F_SETSIG, SIGKILL) != 0 ||
		    fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) | O_ASYNC) != 0)
			fprintf(stderr, "forge: sigio: denied\n");
		else if (write(sv[1], "x", 1) != 1)
			abort();
		close(sv[0]);
		close(sv[1]);
	}
	naive(deck, n, o);
}

/* On the second run, the attack of ../pidns.h on every thread of the
 * auditor. */
void
pidns(unsigned *deck, size_t n, sa_oracle *o)
{
	static int calls;

	if (++calls == 2)
		pidns_attack();
	naive(deck, n, o);
}

void
limit_parent(unsigned *deck, size_t n, sa_oracle *o)
{
	static int calls;
	struct rlimit none = { 0, 0 };

	if (++calls == 2 && prlimit(auditor(), RLIMIT_FSIZE, &none, NULL) != 0)
		fprintf(stderr, "forge: limit: denied\n");
	naive(deck, n, o);
}

static void *
move(void *arg)
{
	volatile uint64_t *w = (volatile uint64_t *)found;

	(void)arg;
	for (;;) {
		w[0]++;
		w[1] = (w[1] + 1) % 3;
	}
	return NULL;
}

void
mover(unsigned *deck, size_t n, sa_oracle *o)
{
	static int calls;
	pthread_t t;

	if (++calls == 3) {
		shared_maps(remember);
		if (found != NULL)
			pthread_create(&t, NULL, move, NULL);
		for (;;)
			;
	}
	naive(deck, n, o);
}
