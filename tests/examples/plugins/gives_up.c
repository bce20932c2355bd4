/*
 * Plugins that give runs up with a status of their own (oracle->fail),
 * or scribble on what the auditor shares with their process, one symbol
 * each, for the cases: --plugin gives_up.so:even_layers and so on.  No
 * status they pick may pass for one of the auditor's own (a run still
 * going, its time limit, its memory, a count too big): a run given up is
 * the code's misbehaviour, exit status 3, whatever it says.
 */
#define _GNU_SOURCE	/* MAP_ANONYMOUS's name in /proc/self/maps */

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <shuffle_audit.h>
#include <shuffle_audit_audit.h>

sa_plugin_fn even_layers, fail_0, fail_minus1, fail_nomem, fail_toobig,
    fail_overflow, fail_time, fail_cut, scribble_crash;

/* The cards the census of even_layers is worked out for, at most. */
#define EVEN_MAX 6

/* The naive shuffle's run of N cards for the draws V: its deck as a
 * number in base N. */
static unsigned
naive_key(const unsigned *v, size_t n)
{
	unsigned deck[EVEN_MAX], key = 0;

	for (size_t i = 0; i < n; i++)
		deck[i] = (unsigned)i;
	for (size_t i = 0; i < n; i++) {
		unsigned t = deck[i];

		deck[i] = deck[v[i]];
		deck[v[i]] = t;
	}
	for (size_t i = 0; i < n; i++)
		key = key * (unsigned)n + deck[i];
	return key;
}

/*
 * Whether the naive shuffle's run of N cards with draws V (as a number
 * in base N, in the census's order) is one of those that make its
 * layer uneven: every ordering keeps its first MIN runs, MIN the rarest
 * ordering's count, and the rest are given up.
 */
static int
uneven(unsigned index, size_t n)
{
	static unsigned char drop[46656];	/* 6^6 */
	static unsigned count[46656], kept[46656], made;
	unsigned total = 1, least = UINT32_MAX, v[EVEN_MAX];

	for (size_t i = 0; i < n; i++)
		total *= (unsigned)n;
	if (made != n) {
		memset(count, 0, sizeof count);
		for (unsigned r = 0; r < total; r++) {
			for (size_t i = 0, x = r; i < n; i++, x /= n)
				v[n - 1 - i] = (unsigned)(x % n);
			count[naive_key(v, n)]++;
		}
		for (unsigned k = 0; k < total; k++)
			if (count[k] != 0 && count[k] < least)
				least = count[k];
		memset(kept, 0, sizeof kept);
		for (unsigned r = 0; r < total; r++) {
			unsigned key;

			for (size_t i = 0, x = r; i < n; i++, x /= n)
				v[n - 1 - i] = (unsigned)(x % n);
			key = naive_key(v, n);
			drop[r] = kept[key] >= least;
			kept[key] += !drop[r];
		}
		made = (unsigned)n;
	}
	return drop[index];
}

/*
 * The naive shuffle (swap each card with any card: unfair), which gives
 * up with status 1000 exactly the runs that make its layer uneven: were
 * they taken for runs the auditor cut at its depth, what is left would
 * look fair at every layer.
 */
void
even_layers(unsigned *deck, size_t n, sa_oracle *o)
{
	unsigned index = 0;

	for (size_t i = 0; i < n; i++) {
		size_t j = (size_t)sa_draw(o, n);
		unsigned t = deck[i];

		deck[i] = deck[j];
		deck[j] = t;
		index = index * (unsigned)n + (unsigned)j;
	}
	if (n <= EVEN_MAX && o->fail != NULL && uneven(index, n))
		o->fail(o, 1000);
}

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

/* Fair, but gives up with STATUS the run whose first draw is 1. */
static void
fair_but_fail(unsigned *deck, size_t n, sa_oracle *o, int status)
{
	if (n > 1 && sa_draw(o, n) == 1 && o->fail != NULL)
		o->fail(o, status);
	durstenfeld(deck, n, o);
}

/* A status of 0, and statuses that are the library's own words. */
void fail_0(unsigned *d, size_t n, sa_oracle *o) { fair_but_fail(d, n, o, 0); }
void fail_minus1(unsigned *d, size_t n, sa_oracle *o)
{ fair_but_fail(d, n, o, -1); }
void fail_nomem(unsigned *d, size_t n, sa_oracle *o)
{ fair_but_fail(d, n, o, SA_ENOMEM); }
void fail_toobig(unsigned *d, size_t n, sa_oracle *o)
{ fair_but_fail(d, n, o, SA_ETOOBIG); }
void fail_overflow(unsigned *d, size_t n, sa_oracle *o)
{ fair_but_fail(d, n, o, SA_EOVERFLOW); }
void fail_time(unsigned *d, size_t n, sa_oracle *o)
{ fair_but_fail(d, n, o, SA_ETIME); }
/* 1000: what the library once kept for a run cut at the depth. */
void fail_cut(unsigned *d, size_t n, sa_oracle *o)
{ fair_but_fail(d, n, o, 1000); }

/*
 * Writes over the memory its process shares with the auditor (found in
 * /proc/self/maps: the one shared mapping of /dev/zero), so that it
 * names another run of other draws, then crashes: the report must show
 * the auditor's own copy of the run.
 */
static void
scribble(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	unsigned long from, to;
	char perms[8];

	while (f != NULL && fgets(line, sizeof line, f) != NULL) {
		sa_replay_window *w;

		if (sscanf(line, "%lx-%lx %7s", &from, &to, perms) != 3 ||
		    perms[3] != 's' || strstr(line, "/dev/zero") == NULL)
			continue;
		/* The window first, then its draws and their bounds. */
		w = (sa_replay_window *)from;
		w->runs = 4242;
		w->pos = 3;
		memset(w + 1, 0x77, (size_t)(to - from) - sizeof *w);
	}
	if (f != NULL)
		fclose(f);
}

/* Fair, but on the run whose first draw is 2, scribbles and crashes. */
void
scribble_crash(unsigned *deck, size_t n, sa_oracle *o)
{
	if (n > 2 && sa_draw(o, n) == 2) {
		(void)sa_draw(o, n - 1);
		scribble();
		raise(SIGSEGV);
	}
	durstenfeld(deck, n, o);
}
