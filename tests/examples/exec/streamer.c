/*
 * streamer.c - the exec protocol's streamed walk written by hand, with
 * no harness: Durstenfeld's shuffle (a draw below i for i = n .. 2),
 * whose draws have fixed bounds, so its odometer is a plain mixed-radix
 * counter.  It offers the walk on its first line, walks every run in the
 * auditor's order (its part, its depth, its repeats) and writes each
 * run's changed draws and deck; then it answers the plain protocol's
 * "shuffle N" lines, which the auditor replays runs with.
 *
 * With one argument it breaks the protocol one way, on the walk's third
 * run, for the cases: "skip" leaves the run out, "repeat" writes the
 * second run again in its place, "bound" reports the run's last draw as
 * its bound (out of range), "lie" writes another deck for the run than
 * its shuffle gives, which the auditor's own replay of it must catch,
 * and "short" writes a deck of one card too few.  "hide SEED" walks
 * honestly, but its plain protocol swaps the first two cards of one run
 * of the n! (its place in the odometer's order chosen by SEED): a lie in
 * one run, told only where the auditor looks, which only a replay of
 * that run can catch.  "plan" says "stream 1
 * plan" and takes the replays as plans; "planlie" is "lie" so, and
 * "planhide SEED" "hide SEED".  "bench" is the
 * honest walk, appending its own user and system CPU seconds to the
 * file BENCH_CPU names when its input ends (tests/bench/audit.sh).
 */
#include <sys/resource.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 20
#define OUT (1 << 16)

static unsigned char out[OUT];
static size_t have;

static void
flush_out(void)
{
	if (have > 0 && fwrite(out, 1, have, stdout) != have)
		exit(1);
	have = 0;
	fflush(stdout);
}

static void
le(uint64_t v, size_t len)
{
	for (size_t i = 0; i < len; i++)
		out[have++] = (unsigned char)(v >> (8 * i));
}

static void
shuffle(const unsigned long long *v, size_t n, unsigned *deck)
{
	for (size_t i = 0; i < n; i++)
		deck[i] = (unsigned)i;
	for (size_t i = n; i > 1; i--) {
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[v[n - i]];
		deck[v[n - i]] = t;
	}
}

/*
 * Run V (M draws, the first FROM unchanged since the run before; cut
 * after DEPTH draws when DEPTH is below M) written out; HOW bends it.
 */
static void
put_run(const unsigned long long *v, size_t n, size_t m, size_t from,
    size_t depth, const char *how)
{
	size_t end = depth > 0 && depth < m ? depth : m;
	unsigned deck[MAXN];

	if (have + 16 + 9 * m + n > OUT)
		flush_out();
	out[have++] = 'R';
	out[have++] = 'K';
	le(from < end ? from : end, 4);
	for (size_t d = from; d < end; d++) {
		out[have++] = 'v';
		le(n - d - 1, 4);	/* a draw below n - d */
		le(strcmp(how, "bound") == 0 && d + 1 == end ? n - d :
		    v[d], 4);
	}
	if (end < m) {		/* cut at the depth */
		out[have++] = 'd';
		le(n - end - 1, 4);
		return;
	}
	shuffle(v, n, deck);
	if (strcmp(how, "lie") == 0) {
		unsigned t = deck[0];

		deck[0] = deck[1];
		deck[1] = t;
	}
	out[have++] = 'D';
	out[have++] = (unsigned char)(strcmp(how, "short") == 0 ? n - 1 : n);
	for (size_t i = 0; i < n; i++)
		out[have++] = (unsigned char)deck[i];
}

static unsigned long long
repeats(unsigned long long done, unsigned long long every,
    unsigned long long floor_)
{
	unsigned long long k = done + 1, least = (floor_ + k - 1) / k;
	unsigned long long base = done % every == 0 ? 1 : 0;

	return k <= floor_ && least > base ? least : base;
}

static void
walk(const unsigned long long *a, const char *bent)
{
	size_t n = (size_t)a[0], m = n > 1 ? n - 1 : 0, depth = (size_t)a[3];
	size_t len = depth > 0 && depth < m ? depth : m, from = 0;
	unsigned long long part = a[1], parts = a[2], v[MAXN] = { 0 };
	unsigned long long done = 0, written = 0, prev[MAXN] = { 0 };
	int full = 0;	/* the next run written keeps nothing */

	for (;;) {
		int skip = parts > 1 && (len ? v[0] : 0) % parts != part;
		const char *how = ++written == 3 ? bent : "";

		if (strcmp(how, "skip") == 0) {
			full = 1;	/* left out: the next run keeps nothing */
		} else if (strcmp(how, "repeat") == 0) {
			put_run(prev, n, m, m, depth, "");
		} else {
			put_run(v, n, m, full ? 0 : from, depth, how);
			full = 0;
		}
		memcpy(prev, v, sizeof v);
		if (len == m && !skip) {
			for (unsigned long long t = a[5] ? repeats(done, a[5],
			    a[6]) : 0; t > 0; t--)
				put_run(v, n, m, m, depth, "");
			done++;
		}
		/* The odometer moves on, as the auditor's does. */
		size_t k = skip ? (len > 0) : len;

		while (!skip && k > 0 && v[k - 1] + 1 == n - (k - 1))
			k--;
		if (k == 0)
			break;
		if (k == 1) {
			unsigned long long x = v[0] + 1;

			while (x % parts != part && x < n)
				x++;
			if (x >= n)
				break;
			v[0] = x;
		} else {
			v[k - 1]++;
		}
		for (size_t d = k; d < len; d++)
			v[d] = 0;
		from = k - 1;
	}
	out[have++] = 'E';
	le(0, 4);
	le(0, 2);
	flush_out();
}

/* A planned run's first line: the bounds of the plan's draws it took. */
static int
asked(const unsigned long long *pk, size_t taken)
{
	printf("asked");
	for (size_t t = 0; t < taken; t++)
		printf(" %llu", pk[t]);
	printf("\n");
	return 1;
}

/* Run V's place in the odometer's order of the n! runs, from 0. */
static unsigned long long
place(const unsigned long long *v, size_t n)
{
	unsigned long long at = 0;

	for (size_t d = 0; d + 1 < n; d++)
		at = at * (n - d) + v[d];
	return at;
}

/* The place of the run "hide SEED" lies about: SEED's hash below n!. */
static unsigned long long
hidden(const char *seed, size_t n)
{
	unsigned long long runs = 1, h = strtoull(seed, NULL, 10);

	for (size_t i = 2; i <= n; i++)
		runs *= i;
	h = (h + 1) * 0x9e3779b97f4a7c15ULL;
	return (h ^ h >> 29) % runs;
}

int
main(int argc, char **argv)
{
	const char *bent = argc > 1 ? argv[1] : "";
	int plans = strncmp(bent, "plan", 4) == 0;
	char line[256];
	unsigned long long a[7];

	char first[256];
	int held;

	if (fgets(first, sizeof first, stdin) == NULL)
		return 0;
	if (plans)
		bent += 4;
	printf(plans ? "stream 1 plan\n" : "stream 1\n");
	fflush(stdout);
	if (fgets(line, sizeof line, stdin) == NULL)
		return 2;
	held = strcmp(line, "plain\n") == 0;	/* declined: the plain walk */
	if (!held) {
		if (sscanf(line, "walk %llu %llu %llu %llu %llu %llu %llu",
		    &a[0], &a[1], &a[2], &a[3], &a[4], &a[5], &a[6]) != 7 ||
		    a[0] > MAXN || a[2] == 0)
			return 2;
		walk(a, bent);
	}
	/* The plain protocol: the auditor's replays, or the whole walk. */
	while (held ? (held = 0, memcpy(line, first, sizeof line), 1) :
	    fgets(line, sizeof line, stdin) != NULL) {
		size_t n = strtoul(line + 8, NULL, 10), np = 0, taken = 0;
		unsigned long long v[MAXN], pk[MAXN], pv[MAXN];
		unsigned deck[MAXN];
		char *s = strstr(line, " plan");
		int told = s == NULL;

		/* A plan's draws, K:V each, taken while their bounds fit. */
		for (s = s ? s + 5 : NULL; s != NULL && *s == ' ' && np < MAXN;
		    np++) {
			pk[np] = strtoull(s + 1, &s, 10);
			pv[np] = *s == ':' ? strtoull(s + 1, &s, 10) : 0;
		}
		for (size_t i = n; i > 1; i--) {
			if (!told && taken < np && pk[taken] == i) {
				v[n - i] = pv[taken++];
				continue;
			}
			if (!told)
				told = asked(pk, taken);
			printf("draw %zu\n", i);
			fflush(stdout);
			if (fgets(line, sizeof line, stdin) == NULL)
				return 1;
			v[n - i] = strtoull(line, NULL, 10);
		}
		if (!told)
			told = asked(pk, taken);
		shuffle(v, n, deck);
		if (strcmp(bent, "hide") == 0 && n > 1 &&
		    place(v, n) == hidden(argc > 2 ? argv[2] : "0", n)) {
			unsigned t = deck[0];

			deck[0] = deck[1];
			deck[1] = t;
		}
		printf("deck");
		for (size_t i = 0; i < n; i++)
			printf(" %u", deck[i]);
		printf("\n");
		fflush(stdout);
	}
	if (strcmp(bent, "bench") == 0 && getenv("BENCH_CPU") != NULL) {
		struct rusage u;
		FILE *f = fopen(getenv("BENCH_CPU"), "a");

		getrusage(RUSAGE_SELF, &u);
		if (f != NULL) {
			fprintf(f, "%.6f %.6f\n", (double)u.ru_utime.tv_sec +
			    (double)u.ru_utime.tv_usec / 1e6,
			    (double)u.ru_stime.tv_sec +
			    (double)u.ru_stime.tv_usec / 1e6);
			fclose(f);
		}
	}
	return 0;
}
