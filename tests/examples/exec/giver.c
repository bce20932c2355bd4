/*
 * giver.c - the naive shuffle (swap each card with any card: unfair),
 * its walk streamed by hand over the exec protocol, which gives runs up
 * with statuses of its own, for the cases.  Its one argument says how:
 *
 *	even	an f 1000 item for exactly the runs that make its layer
 *		uneven, so that what is left would look fair were they
 *		taken for runs the auditor cut at its depth;
 *	S	(a number) an f S item on the walk's third run;
 *	end S	the walk ended where its third run begins, E S, with a
 *		message;
 *	long	the third run written with more draws than --max-draws.
 *
 * None of them may pass for the auditor's own words (a run still going,
 * its time limit, its memory, a count too big): each is the program's
 * misbehaviour, exit status 3.  It walks one part (PARTS 1), its runs
 * cut at a DEPTH below N (a census by layers, deepened); then it answers
 * the plain protocol's "shuffle N" lines.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 6

static void
le(uint64_t v, size_t len)
{
	for (size_t i = 0; i < len; i++)
		putchar((int)(unsigned char)(v >> (8 * i)));
}

static void
naive(const unsigned *v, size_t n, unsigned *deck)
{
	for (size_t i = 0; i < n; i++)
		deck[i] = (unsigned)i;
	for (size_t i = 0; i < n; i++) {
		unsigned t = deck[i];

		deck[i] = deck[v[i]];
		deck[v[i]] = t;
	}
}

static unsigned
key_of(const unsigned *v, size_t n)
{
	unsigned deck[MAXN], key = 0;

	naive(v, n, deck);
	for (size_t i = 0; i < n; i++)
		key = key * (unsigned)n + deck[i];
	return key;
}

/* The LEN draws of run R (in base N, the walk's order) into V. */
static void
digits(unsigned r, size_t len, size_t n, unsigned *v)
{
	for (size_t i = 0; i < len; i++, r /= (unsigned)n)
		v[len - 1 - i] = r % (unsigned)n;
}

/* Which of the N^N runs make their layer uneven, into DROP: every
 * ordering keeps its first MIN runs, MIN the rarest one's count. */
static void
uneven(size_t n, unsigned total, unsigned char *drop)
{
	static unsigned count[46656], kept[46656];
	unsigned least = UINT32_MAX, v[MAXN];

	for (unsigned r = 0; r < total; r++) {
		digits(r, n, n, v);
		count[key_of(v, n)]++;
	}
	for (unsigned k = 0; k < total; k++)
		if (count[k] != 0 && count[k] < least)
			least = count[k];
	for (unsigned r = 0; r < total; r++) {
		unsigned key;

		digits(r, n, n, v);
		key = key_of(v, n);
		drop[r] = kept[key] >= least;
		kept[key] += !drop[r];
	}
}

/* Run V of N draws written whole: its draws, then its deck. */
static void
put_run(const unsigned *v, size_t n)
{
	unsigned deck[MAXN];

	putchar('R');
	for (size_t i = 0; i < n; i++) {
		putchar('v');
		le(n - 1, 4);
		le(v[i], 4);
	}
	naive(v, n, deck);
	putchar('D');
	putchar((int)n);
	for (size_t i = 0; i < n; i++)
		putchar((int)deck[i]);
}

/* Bent run V: given up with an f, an early end or too many draws. */
static int
put_bent(const unsigned *v, size_t n, const char *how, const char *arg,
    unsigned long long max)
{
	if (strcmp(how, "end") == 0) {
		putchar('E');
		le((uint64_t)(uint32_t)(int32_t)atoi(arg), 4);
		le(9, 2);
		fputs("no memory", stdout);
		fflush(stdout);
		return 1;
	}
	putchar('R');
	if (strcmp(how, "long") == 0) {
		for (unsigned long long i = 0; i < 2 * max + 4; i++) {
			putchar('v');
			le(n - 1, 4);
			le(0, 4);
		}
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		putchar('v');
		le(n - 1, 4);
		le(v[i], 4);
	}
	putchar('f');
	le((uint64_t)strtoll(how, NULL, 10), 8);
	return 0;
}

static unsigned long long
repeats(unsigned long long done, unsigned long long every,
    unsigned long long floor_)
{
	unsigned long long k = done + 1, least = (floor_ + k - 1) / k;
	unsigned long long base = done % every == 0 ? 1 : 0;

	return k <= floor_ && least > base ? least : base;
}

/* The runs of N cards cut at DEPTH < N draws: each prefix, then the
 * request it was cut at. */
static void
put_cut(size_t n, size_t depth)
{
	unsigned total = 1, v[MAXN];

	for (size_t i = 0; i < depth; i++)
		total *= (unsigned)n;
	for (unsigned r = 0; r < total; r++) {
		digits(r, depth, n, v);
		putchar('R');
		for (size_t i = 0; i < depth; i++) {
			putchar('v');
			le(n - 1, 4);
			le(v[i], 4);
		}
		putchar('d');
		le(n - 1, 4);
	}
}

/* The walk of A (the walk line's numbers), bent HOW. */
static int
walk(const unsigned long long *a, const char *how, const char *arg)
{
	static unsigned char drop[46656];
	size_t n = (size_t)a[0];
	unsigned total = 1, v[MAXN], done = 0;

	if (a[3] > 0 && a[3] < n) {
		put_cut(n, (size_t)a[3]);
		total = 0;	/* no run is whole */
	}

	for (size_t i = 0; i < n && total > 0; i++)
		total *= (unsigned)n;
	if (strcmp(how, "even") == 0 && total > 0)
		uneven(n, total, drop);
	for (unsigned r = 0; r < total; r++) {
		digits(r, n, n, v);
		if (r == 2 && strcmp(how, "even") != 0) {
			if (put_bent(v, n, how, arg, a[4]))
				return 0;
			continue;
		}
		if (drop[r]) {
			put_bent(v, n, "1000", arg, a[4]);
			continue;
		}
		put_run(v, n);
		for (unsigned long long t = a[5] ? repeats(done, a[5], a[6]) :
		    0; t > 0; t--)
			put_run(v, n);
		done++;
	}
	putchar('E');
	le(0, 4);
	le(0, 2);
	fflush(stdout);
	return 0;
}

int
main(int argc, char **argv)
{
	const char *how = argc > 1 ? argv[1] : "", *arg = argc > 2 ? argv[2] :
	    "0";
	unsigned long long a[7];
	char line[256];

	if (fgets(line, sizeof line, stdin) == NULL)
		return 0;
	printf("stream 1\n");
	fflush(stdout);
	if (fgets(line, sizeof line, stdin) == NULL ||
	    sscanf(line, "walk %llu %llu %llu %llu %llu %llu %llu", &a[0],
	    &a[1], &a[2], &a[3], &a[4], &a[5], &a[6]) != 7 || a[0] > MAXN ||
	    a[0] < 1 || a[2] != 1)
		return 2;
	walk(a, how, arg);
	/* The plain protocol: the auditor's replays. */
	while (fgets(line, sizeof line, stdin) != NULL) {
		size_t n = strtoul(line + 8, NULL, 10);
		unsigned v[MAXN], deck[MAXN];

		if (n > MAXN)
			return 2;
		for (size_t i = 0; i < n; i++) {
			printf("draw %zu\n", n);
			fflush(stdout);
			if (fgets(line, sizeof line, stdin) == NULL)
				return 1;
			v[i] = (unsigned)strtoul(line, NULL, 10);
		}
		naive(v, n, deck);
		printf("deck");
		for (size_t i = 0; i < n; i++)
			printf(" %u", deck[i]);
		printf("\n");
		fflush(stdout);
	}
	return 0;
}
