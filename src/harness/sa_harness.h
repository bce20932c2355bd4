/*
 * sa_harness.h - audit a C or C++ shuffle with shuffle-audit, exactly,
 * as a program of its own (a plugin, shuffle_audit_plugin.h, is the other
 * way, for code built as a shared object).
 *
 * Include it in one file, and hand your shuffle to sa_harness_run():
 *
 *	#include "sa_harness.h"
 *
 *	static void
 *	fisher_yates(unsigned *deck, size_t n)
 *	{
 *		for (size_t i = n; i > 1; i--) {
 *			size_t j = (size_t)sa_harness_draw(i);
 *			unsigned t = deck[i - 1];
 *
 *			deck[i - 1] = deck[j];
 *			deck[j] = t;
 *		}
 *	}
 *
 *	int
 *	main(void)
 *	{
 *		return sa_harness_run(fisher_yates);
 *	}
 *
 * and audit it:
 *
 *	cc -O2 -o mine mine.c
 *	shuffle-audit census --exec ./mine -n 5 --batch
 *
 * Your function gets the cards 0 .. n-1 and shuffles them in place,
 * taking its randomness from here, where it would call its generator:
 *
 *   sa_harness_draw(k), a number below k ("draw K"), judges your loop;
 *   sa_harness_real(), a double in [0, 1) ("real"): a cell of M equal
 *     cells, M = lcm(1..n) unless --real-cells says otherwise, and a place
 *     among the run's earlier reals in it, so (size_t)(sa_harness_real()
 *     * k) is exactly uniform for every k dividing M and reals compare as
 *     independent uniform reals do (a double's 53 bits are another
 *     question: shuffle-audit census -a durstenfeld --reduce
 *     multiply:53);
 *   sa_harness_raw(), a raw word of the --raw-bits B width, for code
 *     that reduces words itself (rand() % k): audit rejection by layers.
 *
 * In C++, sa_harness::engine is a uniform random bit generator of 32-bit
 * words, each a raw word of B bits repeated across the word (v, then v
 * again above it, ...), so that every B adjacent bits vary as a uniform
 * word's would: std::shuffle(v.begin(), v.end(), sa_harness::engine())
 * audits the standard library's own shuffle and its
 * uniform_int_distribution, by layers (census --layers --depth D), at B
 * bits: exact where they read at most B adjacent bits of a word (a range
 * that is a power of two up to 2^B), a model where they reduce a whole
 * word (Lemire's multiplication, libstdc++'s two draws in one), which
 * the audit counts again a bit wider before it calls the code unfair.
 * sa_harness::words<B> is a generator of B-bit words (its max() is
 * 2^B - 1), for --raw-bits B: exact, for code that is told the width.
 *
 * Lines are flushed before every read and at the end of each run; --batch
 * is understood.  C99 or C++11, the C library only.  sa_harness_run
 * returns 0 when shuffle-audit is done, after writing a message to stderr
 * and exiting 2 when the conversation breaks.
 */
#ifndef SA_HARNESS_H
#define SA_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SA_HARNESS_PLAN_MAX 4096	/* the most draws a plan offers */

#define SA_HARNESS_PLACES (UINT64_C(1) << 52)	/* a place, 2^-52 of a cell */

struct sa_harness_state {
	unsigned bits;
	uint64_t cells;
	unsigned place;
	uint64_t plan[SA_HARNESS_PLAN_MAX][2];	/* this run's offered draws */
	size_t planned, used;
	/* the plan's reals taken this run, sorted by cell, then place */
	uint64_t real_cell[SA_HARNESS_PLAN_MAX], real_pos[SA_HARNESS_PLAN_MAX];
	size_t nreal;
	int told;			/* "asked" is said (or no plan) */
	char asked[SA_HARNESS_PLAN_MAX * 12 + 8];
	size_t asked_len;
	char line[1 << 16];
};

static struct sa_harness_state sa_harness_s;

/*
 * Gives the run up: the reason goes to shuffle-audit, which reports it
 * ("error ..."), and to standard error.
 */
static inline void
sa_harness_fail(const char *why)
{
	fprintf(stderr, "sa_harness: %s\n", why);
	printf("error sa_harness: %s\n", why);
	fflush(stdout);
	exit(2);
}

static inline void
sa_harness_tell(void)
{
	struct sa_harness_state *s = &sa_harness_s;

	if (!s->told) {
		fputs("asked", stdout);
		fwrite(s->asked, 1, s->asked_len, stdout);
		fputc('\n', stdout);
		s->told = 1;
	}
}

/* LINE to shuffle-audit, and its answer in sa_harness_s.line. */
static inline const char *
sa_harness_ask(const char *line)
{
	struct sa_harness_state *s = &sa_harness_s;

	sa_harness_tell();
	fputs(line, stdout);
	fputc('\n', stdout);
	if (fflush(stdout) != 0)
		sa_harness_fail("shuffle-audit stopped reading");
	if (fgets(s->line, sizeof s->line, stdin) == NULL ||
	    strchr(s->line, '\n') == NULL)
		sa_harness_fail("shuffle-audit closed the line in the middle of "
		    "a run");
	return s->line;
}

/* The plan's next draw when it has the bound BOUND, into *V. */
static inline int
sa_harness_take(uint64_t bound, const char *word, uint64_t *v)
{
	struct sa_harness_state *s = &sa_harness_s;
	size_t len = strlen(word);

	if (s->told)
		return 0;
	if (s->used < s->planned && s->plan[s->used][0] == bound) {
		*v = s->plan[s->used++][1];
		s->asked[s->asked_len++] = ' ';
		memcpy(s->asked + s->asked_len, word, len);
		s->asked_len += len;
		return 1;
	}
	sa_harness_tell();
	return 0;
}

static inline uint64_t
sa_harness_number(const char *text)
{
	char *end;
	unsigned long long v = strtoull(text, &end, 10);

	if (end == text || (*end != '\n' && *end != '\0' && *end != ' ' &&
	    *end != ':'))
		sa_harness_fail("shuffle-audit answered with no whole number");
	return (uint64_t)v;
}

/* A whole number in [0, k), 1 <= k <= 2^32. */
static inline uint64_t
sa_harness_draw(uint64_t k)
{
	char word[32];
	uint64_t v;

	snprintf(word, sizeof word, "%llu", (unsigned long long)k);
	if (sa_harness_take(k, word, &v))
		return v;
	snprintf(word, sizeof word, "draw %llu", (unsigned long long)k);
	return sa_harness_number(sa_harness_ask(word));
}

/*
 * Cell CELL at place POS as a double, exactly as shuffle-audit makes it:
 * (cell 2^d + a) / (M 2^d), pos = a 2^t with a odd, d = 52 - t.
 */
static inline double
sa_harness_real_at(uint64_t cell, uint64_t pos)
{
	uint64_t a = pos;
	unsigned d = 52 + sa_harness_s.place;

	for (; a % 2 == 0; a /= 2)
		d--;
	return (double)((cell << d) + a) / (double)(sa_harness_s.cells << d);
}

/*
 * The plan's next real into *U: its cell, and its place among the run's
 * earlier reals in that cell when there are any.
 */
static inline int
sa_harness_take_real(double *u)
{
	struct sa_harness_state *s = &sa_harness_s;
	size_t from = 0, to, gap, at = s->used;
	uint64_t cell, lo, hi;

	if (s->told)
		return 0;
	if (at < s->planned && s->plan[at][0] == s->cells) {
		cell = s->plan[at][1];
		while (from < s->nreal && s->real_cell[from] < cell)
			from++;
		for (to = from; to < s->nreal && s->real_cell[to] == cell; to++)
			;
		if (to == from || (at + 1 < s->planned &&
		    s->plan[at + 1][0] == to - from + 1)) {
			gap = from + (to > from ? s->plan[at + 1][1] : 0);
			lo = gap > from ? s->real_pos[gap - 1] : 0;
			hi = gap < to ? s->real_pos[gap] : SA_HARNESS_PLACES;
			memmove(s->real_cell + gap + 1, s->real_cell + gap,
			    (s->nreal - gap) * sizeof *s->real_cell);
			memmove(s->real_pos + gap + 1, s->real_pos + gap,
			    (s->nreal - gap) * sizeof *s->real_pos);
			s->real_cell[gap] = cell;
			s->real_pos[gap] = lo / 2 + hi / 2;
			s->nreal++;
			s->used += to > from ? 2 : 1;
			memcpy(s->asked + s->asked_len, " real", 5);
			s->asked_len += 5;
			*u = sa_harness_real_at(cell, s->real_pos[gap]);
			return 1;
		}
	}
	sa_harness_tell();
	return 0;
}

/*
 * A real in [0, 1): a cell of M and a place among the run's reals in it,
 * so that floor(u * k) for k dividing M and comparisons are exact.
 */
static inline double
sa_harness_real(void)
{
	double u;

	if (sa_harness_take_real(&u))
		return u;
	return strtod(sa_harness_ask("real"), NULL);
}

/* A raw word of the --raw-bits B width. */
static inline uint64_t
sa_harness_raw(void)
{
	uint64_t v;

	if (sa_harness_take(UINT64_C(1) << sa_harness_s.bits, "raw", &v))
		return v;
	return sa_harness_number(sa_harness_ask("raw"));
}

/* Reads the plan after "plan" at P into the state. */
static inline void
sa_harness_read_plan(const char *p)
{
	struct sa_harness_state *s = &sa_harness_s;
	char *end;

	s->planned = 0;
	while (*p == ' ' && s->planned < SA_HARNESS_PLAN_MAX) {
		s->plan[s->planned][0] = strtoull(p + 1, &end, 10);
		if (*end != ':')
			sa_harness_fail("a plan's draw is K:V");
		s->plan[s->planned][1] = strtoull(end + 1, &end, 10);
		s->planned++;
		p = end;
	}
	s->told = 0;
}

static inline int
sa_harness_run(void (*shuffle)(unsigned *deck, size_t n))
{
	struct sa_harness_state *s = &sa_harness_s;
	const char *env;
	unsigned *deck = NULL;

	env = getenv("SHUFFLE_AUDIT_RAW_BITS");
	s->bits = env != NULL ? (unsigned)strtoul(env, NULL, 10) : 32;
	env = getenv("SHUFFLE_AUDIT_REAL_CELLS");
	s->cells = env != NULL ? strtoull(env, NULL, 10) : UINT64_C(1) << 32;
	env = getenv("SHUFFLE_AUDIT_REAL_PLACE");
	s->place = env != NULL ? (unsigned)strtoul(env, NULL, 10) : 0;
	while (fgets(s->line, sizeof s->line, stdin) != NULL) {
		char *plan;
		size_t n;

		if (strncmp(s->line, "shuffle ", 8) != 0 ||
		    strchr(s->line, '\n') == NULL)
			sa_harness_fail("expected \"shuffle N\" from "
			    "shuffle-audit");
		n = (size_t)sa_harness_number(s->line + 8);
		s->told = 1;
		s->used = s->asked_len = s->nreal = 0;
		if ((plan = strstr(s->line, " plan")) != NULL)
			sa_harness_read_plan(plan + 5);
		free(deck);
		if ((deck = (unsigned *)malloc((n ? n : 1) * sizeof *deck)) ==
		    NULL)
			sa_harness_fail("out of memory");
		for (size_t i = 0; i < n; i++)
			deck[i] = (unsigned)i;
		shuffle(deck, n);
		sa_harness_tell();
		fputs("deck", stdout);
		for (size_t i = 0; i < n; i++)
			printf(" %u", deck[i]);
		fputc('\n', stdout);
		if (fflush(stdout) != 0)
			sa_harness_fail("shuffle-audit stopped reading");
	}
	free(deck);
	return 0;
}

#ifdef __cplusplus
namespace sa_harness {
/*
 * 32-bit words, each a raw word v of B bits repeated across the word from
 * bit 0 up (v | v << B | v << 2B ...), so that every B adjacent bits vary
 * as a uniform word's would: what a mask reads and what a shift reads.
 */
struct engine {
	typedef uint32_t result_type;
	static constexpr result_type min() { return 0; }
	static constexpr result_type max() { return UINT32_MAX; }
	result_type operator()()
	{
		uint64_t v = sa_harness_raw(), w = 0;

		for (unsigned at = 0; at < 32; at += sa_harness_s.bits)
			w |= v << at;
		return (result_type)w;
	}
};

/*
 * A generator of B-bit words, as its range says (max() is 2^B - 1): the
 * raw words themselves, so the audit must be run with --raw-bits B.
 */
template <unsigned B>
struct words {
	static_assert(B >= 1 && B <= 32, "1 to 32 bits");
	typedef uint32_t result_type;
	static constexpr result_type min() { return 0; }
	static constexpr result_type max()
	{
		return (result_type)((UINT64_C(1) << B) - 1);
	}
	result_type operator()()
	{
		if (sa_harness_s.bits != B)
			sa_harness_fail("this generator's words are not of the "
			    "--raw-bits width it was built for");
		return (result_type)sa_harness_raw();
	}
};
}
#endif

#endif /* SA_HARNESS_H */
