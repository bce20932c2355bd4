/*
 * test_figures.c - what a census says (figures.c): fair share, ratio,
 * total variation, top rows, histogram, against figures worked out
 * apart.
 */
#include <sys/resource.h>

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"	/* the audit's options */

/*
 * The total variation distance as 2 n! runs TVD = sum |count n! - runs|,
 * summed here ordering by ordering in big integers; the library sums it
 * by another route when the counts fit in 64 bits.  With --reduce the
 * counts are big and the library takes the per-ordering route too.
 */
static void
check_tvd(const char *name, size_t n, const char *reduce)
{
	sa_shuffle sh;
	sa_census_opts o = { .engine = SA_ENGINE_AUTO };
	sa_census *c;
	sa_fraction tvd;
	sa_big want, runs, k;

	assert_int_equal(sa_shuffle_parse(name, &sh), SA_OK);
	if (reduce != NULL)
		assert_int_equal(sa_reduce_parse(reduce, &o.reduce), SA_OK);
	assert_int_equal(sa_census_run(&sh, n, &o, &c), SA_OK);
	sa_fraction_init(&tvd);
	sa_big_init(&want);
	sa_big_init(&runs);
	sa_big_init(&k);
	assert_int_equal(sa_census_tvd(c, &tvd), SA_OK);
	assert_false(tvd.neg);
	if (sa_census_about(c)->wide)
		assert_int_equal(sa_census_runs(c, &runs), SA_OK);
	else
		assert_int_equal(sa_big_set_u64(&runs, sa_census_about(c)->runs), SA_OK);
	for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++) {
		assert_int_equal(sa_census_count_big(c, r, &k), SA_OK);
		assert_int_equal(sa_big_mul_u64(&k, sa_census_about(c)->orderings), SA_OK);
		if (sa_big_cmp(&k, &runs) >= 0) {
			assert_int_equal(sa_big_sub(&k, &runs), SA_OK);
			assert_int_equal(sa_big_add(&want, &k), SA_OK);
		} else {
			sa_big d;

			sa_big_init(&d);
			assert_int_equal(sa_big_copy(&d, &runs), SA_OK);
			assert_int_equal(sa_big_sub(&d, &k), SA_OK);
			assert_int_equal(sa_big_add(&want, &d), SA_OK);
			sa_big_free(&d);
		}
	}
	assert_int_equal(sa_big_cmp(&tvd.num, &want), 0);
	assert_int_equal(sa_big_mul_u64(&runs, 2 * sa_census_about(c)->orderings), SA_OK);
	assert_int_equal(sa_big_cmp(&tvd.den, &runs), 0);
	sa_fraction_free(&tvd);
	sa_big_free(&want);
	sa_big_free(&runs);
	sa_big_free(&k);
	sa_census_free(c);
}

static void
test_tvd(void **state)
{
	(void)state;
	for (size_t n = 1; n <= 7; n++)
		check_tvd("naive", n, NULL);
	check_tvd("durstenfeld", 6, NULL);	/* 0: fair */
	check_tvd("sattolo", 5, NULL);		/* runs N is 24 * 5 */
	check_tvd("comparator-merge", 4, NULL);	/* weighted */
	check_tvd("durstenfeld", 4, "modulo:5");	/* big counts */
}

/*
 * The figures API against figures worked out here another way: the top
 * rows against a full sort by a comparator written here, the histogram
 * against a count of counts, deviations and the fair share against
 * big-integer arithmetic on the counts.  Naive on 6 cards takes the
 * library's counting route to the top rows; a wide census (a
 * reduction) its heap.
 */
static const sa_census *sorted_census;

static int
by_runs_here(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;
	sa_big x, y;
	int k;

	sa_big_init(&x);
	sa_big_init(&y);
	assert_int_equal(sa_census_count_big(sorted_census, a, &x), SA_OK);
	assert_int_equal(sa_census_count_big(sorted_census, b, &y), SA_OK);
	k = sa_big_cmp(&y, &x);		/* most runs first */
	sa_big_free(&x);
	sa_big_free(&y);
	return k != 0 ? k : a < b ? -1 : a > b;
}

static void
check_figures(const char *name, size_t n, const char *reduce)
{
	sa_shuffle sh;
	sa_census_opts o = { .engine = SA_ENGINE_AUTO };
	sa_census *c;
	const sa_census_info *in;
	uint64_t *all, *top;
	static const uint64_t ks[] = { 1, 2, 5, 24, 719 };
	sa_fraction f;
	sa_big k, runs, want;

	assert_int_equal(sa_shuffle_parse(name, &sh), SA_OK);
	if (reduce != NULL)
		assert_int_equal(sa_reduce_parse(reduce, &o.reduce), SA_OK);
	assert_int_equal(sa_census_run(&sh, n, &o, &c), SA_OK);
	in = sa_census_about(c);
	all = malloc(in->orderings * sizeof *all);
	top = malloc(in->orderings * sizeof *top);
	assert_non_null(all);
	assert_non_null(top);
	for (uint64_t r = 0; r < in->orderings; r++)
		all[r] = r;
	sorted_census = c;
	qsort(all, in->orderings, sizeof *all, by_runs_here);
	for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
		uint64_t want_k = ks[i] < in->orderings ? ks[i] : in->orderings;

		assert_int_equal(sa_census_top(c, want_k, top), SA_OK);
		assert_memory_equal(top, all, want_k * sizeof *top);
	}
	assert_int_equal(sa_census_top(c, 0, top), SA_EINVAL);
	assert_int_equal(sa_census_top(c, in->orderings + 1, top), SA_EINVAL);

	/* Deviation: count - runs / n!, by big integers here. */
	sa_fraction_init(&f);
	sa_big_init(&k);
	sa_big_init(&runs);
	sa_big_init(&want);
	assert_int_equal(sa_census_runs(c, &runs), SA_OK);
	for (uint64_t r = 0; r < in->orderings; r++) {
		assert_int_equal(sa_census_deviation(c, r, &f), SA_OK);
		assert_int_equal(sa_census_count_big(c, r, &k), SA_OK);
		assert_true(sa_big_to_u64(&f.den, &(uint64_t){ 0 }));
		/* num / den = |count - runs / n!|: num + sign runs = count n! */
		assert_int_equal(sa_big_mul_u64(&k, in->orderings), SA_OK);
		assert_int_equal(sa_big_copy(&want, &f.num), SA_OK);
		if (f.neg) {
			assert_int_equal(sa_big_add(&want, &k), SA_OK);
			assert_int_equal(sa_big_cmp(&want, &runs), 0);
		} else {
			assert_int_equal(sa_big_add(&want, &runs), SA_OK);
			assert_int_equal(sa_big_cmp(&want, &k), 0);
		}
	}
	/* The fair share and the ratio. */
	assert_int_equal(sa_census_per_ordering(c, &f), SA_OK);
	assert_int_equal(sa_big_cmp(&f.num, &runs), 0);
	assert_int_equal(sa_census_ratio(c, &f), SA_OK);
	assert_int_equal(sa_census_max(c, &k), SA_OK);
	assert_int_equal(sa_big_cmp(&f.num, &k), 0);
	assert_int_equal(sa_census_count_big(c, all[0], &want), SA_OK);
	assert_int_equal(sa_big_cmp(&want, &k), 0);	/* the top row's */
	assert_int_equal(sa_census_min(c, &k), SA_OK);
	assert_int_equal(sa_big_cmp(&f.den, &k), 0);
	assert_int_equal(sa_census_count_big(c, all[in->orderings - 1],
	    &want), SA_OK);
	assert_int_equal(sa_big_cmp(&want, &k), 0);	/* the last row's */
	sa_fraction_free(&f);
	sa_big_free(&k);
	sa_big_free(&runs);
	sa_big_free(&want);
	free(all);
	free(top);
	sa_census_free(c);
}

/* The histogram against a count of counts made here. */
static void
check_histogram(const char *name, size_t n)
{
	sa_census *c;
	sa_histogram h;
	const sa_census_info *in;
	uint64_t listed = 0;

	assert_int_equal(sa_census_run(sa_shuffle_find(name), n, NULL, &c),
	    SA_OK);
	in = sa_census_about(c);
	assert_int_equal(sa_census_histogram(c, &h), SA_OK);
	assert_true(h.count > 0);
	assert_int_equal(h.bucket[0].from, in->min);
	assert_int_equal(h.bucket[h.count - 1].to, in->max);
	for (size_t b = 0; b < h.count; b++) {
		uint64_t here = 0;

		assert_true(h.bucket[b].from <= h.bucket[b].to);
		if (b > 0)
			assert_true(h.bucket[b].from > h.bucket[b - 1].to);
		for (uint64_t r = 0; r < in->orderings; r++) {
			uint64_t v = sa_census_count(c, r);

			here += v >= h.bucket[b].from && v <= h.bucket[b].to;
		}
		assert_int_equal(here, h.bucket[b].orderings);
		assert_true(here > 0);	/* empty buckets are left out */
		listed += here;
	}
	assert_int_equal(listed, in->orderings);
	/* Few counts: one bucket a count (naive 4: counts 8 .. 15). */
	if (in->max - in->min < SA_HISTOGRAM_EXACT)
		for (size_t b = 0; b < h.count; b++)
			assert_int_equal(h.bucket[b].from, h.bucket[b].to);
	sa_histogram_free(&h);
	sa_census_free(c);
}

static void
test_figures(void **state)
{
	sa_census *c;
	sa_histogram h;
	sa_shuffle sh;
	sa_census_opts o = { .engine = SA_ENGINE_AUTO };

	(void)state;
	check_figures("naive", 6, NULL);	/* counting route */
	check_figures("naive", 4, NULL);
	check_figures("sattolo", 5, NULL);	/* unreached: ratio unbounded */
	check_figures("durstenfeld", 4, "modulo:5");	/* wide: the heap */
	check_figures("naive", 3, "multiply:4");
	check_histogram("naive", 4);
	check_histogram("naive", 7);		/* 543 - 64: 32 ranges */
	check_histogram("durstenfeld", 5);
	/* A wide census is not bucketed. */
	assert_int_equal(sa_shuffle_parse("naive", &sh), SA_OK);
	assert_int_equal(sa_reduce_parse("modulo:5", &o.reduce), SA_OK);
	assert_int_equal(sa_census_run(&sh, 3, &o, &c), SA_OK);
	assert_int_equal(sa_census_histogram(c, &h), SA_EOVERFLOW);
	sa_census_free(c);
}

/* The reason of NAME's census on N cards, with --reduce REDUCE. */
static enum sa_census_reason
reason_of(const char *name, size_t n, const char *reduce)
{
	sa_census_opts o = { .engine = SA_ENGINE_AUTO };
	enum sa_census_reason r;
	sa_shuffle sh;
	sa_census *c;

	assert_int_equal(sa_shuffle_parse(name, &sh), SA_OK);
	if (reduce != NULL)
		assert_int_equal(sa_reduce_parse(reduce, &o.reduce), SA_OK);
	assert_int_equal(sa_census_run(&sh, n, &o, &c), SA_OK);
	r = sa_census_reason(c);
	sa_census_free(c);
	return r;
}

/*
 * Half the orderings of 3 cards, the cycles' count but not the cycles:
 * draw 0 or 1 of 2, then leave the deck or swap its first two cards.
 */
static void
not_cycles_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o)
{
	(void)self;
	if (sa_draw(o, 2) == 1 && n >= 2) {
		unsigned t = deck[0];

		deck[0] = deck[1];
		deck[1] = t;
	}
}

/*
 * Each verdict's reason: Sattolo's algorithm reaches only the (n-1)!
 * single cycles, which a Fisher-Yates whose draw is one short does, from
 * 3 cards up (at 2 it has a single run), with its counts narrow or wide;
 * two orderings, as many as the cycles of 3 cards but one of them the
 * identity, are not taken for them.
 */
static void
test_reasons(void **state)
{
	const sa_shuffle not_cycles = { .name = "t", .summary = "t",
	    .run = not_cycles_run };
	sa_census_opts o = { .engine = SA_ENGINE_REPLAY };
	sa_census *c;

	(void)state;
	for (size_t n = 3; n <= 7; n++)
		assert_int_equal(reason_of("sattolo", n, NULL),
		    SA_REASON_CYCLES);
	assert_int_equal(reason_of("sattolo", 2, NULL),
	    SA_REASON_SINGLE_RUN);
	assert_int_equal(reason_of("durstenfeld", 5, NULL), SA_REASON_EVEN);
	assert_int_equal(reason_of("durstenfeld", 1, NULL), SA_REASON_ONE);
	assert_int_equal(reason_of("naive", 4, NULL),
	    SA_REASON_INDIVISIBLE);
	assert_int_equal(reason_of("sattolo", 4, "modulo:5"),
	    SA_REASON_CYCLES);	/* wide counts too */
	assert_int_equal(sa_census_run(&not_cycles, 3, &o, &c), SA_OK);
	assert_int_equal(sa_census_about(c)->reached, 2);
	assert_int_equal(sa_census_reason(c), SA_REASON_INDIVISIBLE);
	sa_census_free(c);
	assert_string_equal(sa_census_reason_words(SA_REASON_CYCLES),
	    "only the cycles");
}

/*
 * The forecast of a census again with raw words a bit wider: the naive
 * shuffle of 4 cards has 4^4 = 256 sequences, so at 8 bits a word (one
 * word a draw, were each draw a raw word) 9 bits give 256 * 256^(1/8) =
 * 512 runs, and 16 bits 256 * 256 = 65536.
 */
static void
test_widened(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	sa_census_opts o = { .engine = SA_ENGINE_REPLAY };
	sa_census *c;

	(void)state;
	assert_int_equal(sa_census_run(naive, 4, &o, &c), SA_OK);
	assert_true(fabs(sa_census_widened_runs(c, 8, 9) - 512) < 1e-9);
	assert_true(fabs(sa_census_widened_runs(c, 8, 16) - 65536) < 1e-6);
	assert_true(sa_census_widened_runs(c, 8, 8) == 256);
	sa_census_free(c);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tvd),
		cmocka_unit_test(test_figures),
		cmocka_unit_test(test_reasons),
		cmocka_unit_test(test_widened),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
