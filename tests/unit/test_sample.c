/*
 * test_sample.c - decks dealt by xoshiro256** (sample.c), both ways,
 * against the census.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"

/*
 * Sampling is repeatable.  Through the oracle (here with draws by
 * modulo:32, which keeps sa_sample_run off its fast path) the counts of
 * sa_sample_run with one thread are those of the decks sa_sample_each
 * deals, in order.  The fast path (Durstenfeld's shuffle, ideal draws)
 * gives the same counts twice, and its 20,000 decks of 6 are judged: at
 * alpha 1e-6 a fair shuffle is rejected at most once in a million such
 * runs, and this seed is fixed, so the verdict is too.
 */
struct tally6 {
	sa_fit *fit;
	uint64_t decks;
};

static int
count_deck(void *ctx, const unsigned *deck, size_t n)
{
	struct tally6 *t = ctx;

	(void)n;
	t->decks++;
	return sa_fit_add(t->fit, deck, NULL);
}

static void
test_sample(void **state)
{
	const sa_shuffle *durst = sa_shuffle_find("durstenfeld");
	sa_sample_opts o = { .decks = 20000, .seed = 5, .threads = 1 };
	struct tally6 t = { NULL, 0 };
	sa_fit *f, *g;
	sa_fit_result r;

	(void)state;
	assert_int_equal(sa_reduce_parse("modulo:32", &o.reduce), SA_OK);
	assert_int_equal(sa_fit_new(6, &t.fit), SA_OK);
	assert_int_equal(sa_fit_new(6, &f), SA_OK);
	assert_int_equal(sa_sample_each(durst, 6, &o, count_deck, &t), SA_OK);
	assert_int_equal(sa_sample_run(durst, 6, &o, f), SA_OK);
	assert_int_equal(t.decks, 20000);
	assert_int_equal(sa_fit_samples(f), 20000);
	for (size_t i = 0; i < 6; i++)
		for (size_t p = 0; p < 6; p++)
			assert_int_equal(sa_fit_cell(f, i, p),
			    sa_fit_cell(t.fit, i, p));
	sa_fit_free(f);
	sa_fit_free(t.fit);
	memset(&o.reduce, 0, sizeof o.reduce);
	o.threads = 2;
	assert_int_equal(sa_fit_new(6, &f), SA_OK);
	assert_int_equal(sa_fit_new(6, &g), SA_OK);
	assert_int_equal(sa_sample_run(durst, 6, &o, f), SA_OK);
	assert_int_equal(sa_sample_run(durst, 6, &o, g), SA_OK);
	for (size_t i = 0; i < 6; i++)
		for (size_t p = 0; p < 6; p++)
			assert_int_equal(sa_fit_cell(f, i, p),
			    sa_fit_cell(g, i, p));
	assert_int_equal(sa_fit_judge(f, 1e-6, &r), SA_OK);
	assert_false(r.rejected);
	sa_fit_free(f);
	sa_fit_free(g);
/* No decks, one card, or a shuffle too small: refused. */
	assert_int_equal(sa_fit_new(6, &f), SA_OK);
	o.decks = 0;
	assert_int_equal(sa_sample_run(durst, 6, &o, f), SA_EINVAL);
	sa_fit_free(f);
}

/*
 * The fast path at 12 cards, where it counts each card as its position is
 * settled (Durstenfeld's and the forward shuffles) or from the finished
 * deck (the naive one), against the exact matrix, an independent method:
 * every row and column adds up to the decks, a cell the matrix says is
 * impossible (Sattolo's fixed points) stays empty, and the counts fit
 * the exact probabilities by chi-square.  A correct sampler fails that
 * with probability below 1e-9 a shuffle (the seed is fixed, so the
 * outcome is too); a card counted at the wrong position, or a draw off
 * by one, gives a statistic thousands of degrees of freedom out.
 */
/* A test shuffle's run: its own swap steps, each from the oracle. */
static void
run_by_steps(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o)
{
	for (size_t s = 0; s < self->steps(self, n); s++) {
		sa_step st;
		size_t j;
		unsigned x;

		self->step(self, n, s, &st);
		j = st.lo + (size_t)sa_draw(o, st.count);
		x = deck[st.pos];
		deck[st.pos] = deck[j];
		deck[j] = x;
	}
}

static size_t
half_steps(const sa_shuffle *self, size_t n)
{
	(void)self;
	return n - 1;
}

static void
half_step(const sa_shuffle *self, size_t n, size_t s, sa_step *out)
{
	size_t i = n - 1 - s;

	(void)self;
	*out = (sa_step){ i, i / 2, i - i / 2 + 1, SA_STEP_SWAP };
}

/* Biased and lopsided (its matrix is not its own transpose), every step
 * final: a card counted at (position, card) instead of (card, position)
 * shows here and not in a symmetric matrix. */
static const sa_shuffle half_shuffle = {
	.name = "test-half", .summary = "swap i with a position from [i/2, i]",
	.run = run_by_steps, .steps = half_steps, .step = half_step,
};

/*
 * Durstenfeld's steps at even positions and Sattolo's at odd ones: it
 * descends like both, so the loop kept for a plan that descends with one
 * offset (sample.c's fast_descending) must not take it, and a plan taken
 * for Durstenfeld's or Sattolo's draws from the wrong bound at half its
 * steps.
 */
static void
mixed_step(const sa_shuffle *self, size_t n, size_t s, sa_step *out)
{
	size_t i = n - 1 - s;

	(void)self;
	*out = (sa_step){ i, 0, i + 1 - i % 2, SA_STEP_SWAP };
}

static const sa_shuffle mixed_shuffle = {
	.name = "test-mixed", .summary = "Durstenfeld's and Sattolo's steps",
	.run = run_by_steps, .steps = half_steps, .step = mixed_step,
};

static void
check_fast(const char *name)
{
	const size_t n = 12;
	const sa_shuffle *sh = name == NULL ? &half_shuffle :
	    strcmp(name, "test-mixed") == 0 ? &mixed_shuffle :
	    sa_shuffle_find(name);
	sa_sample_opts o = { .decks = 240000, .seed = 11, .threads = 1 };
	sa_matrix_opts mo = { .threads = 1 };
	sa_fraction p;
	sa_matrix *m;
	sa_fit *f;
	double x = 0, df = -(double)(2 * n - 1);

	assert_non_null(sh);
	assert_int_equal(sa_fit_new(n, &f), SA_OK);
	assert_int_equal(sa_sample_run(sh, n, &o, f), SA_OK);
	assert_int_equal(sa_matrix_run(sh, n, &mo, &m), SA_OK);
	sa_fraction_init(&p);
	for (size_t c = 0; c < n; c++) {
		uint64_t row = 0, col = 0;

		for (size_t q = 0; q < n; q++) {
			uint64_t got = sa_fit_cell(f, c, q);
			double want;

			row += got;
			col += sa_fit_cell(f, q, c);
			assert_int_equal(sa_matrix_cell(m, c, q, &p), SA_OK);
			want = sa_fraction_to_double(&p) * (double)o.decks;
			if (want == 0) {
				assert_int_equal(got, 0);
				continue;
			}
			x += ((double)got - want) * ((double)got - want) / want;
			df++;
		}
		assert_int_equal(row, o.decks);
		assert_int_equal(col, o.decks);
	}
	assert_true(sa_chi2_log10_sf(df, x) > -9);
	sa_fraction_free(&p);
	sa_matrix_free(m);
	sa_fit_free(f);
}

static void
test_sample_fast(void **state)
{
	(void)state;
	check_fast("durstenfeld");
	check_fast("naive");
	check_fast("forward");
	check_fast("sattolo");
	check_fast("forward-exclusive");
	check_fast("test-mixed");
	check_fast(NULL);
}

/*
 * A deal sized from its step form before it starts: a step of swaps
 * draws a pair, so swaps:M makes 2M draws (counted here from M, not by
 * the library's rule), durstenfeld n - 1; past 2^30 from mulberry32 or
 * 2^21 from getrandom the deal is refused, and nothing is dealt.
 */
static void
test_deal_size(void **state)
{
	sa_shuffle sh;
	sa_deal_work w;

	(void)state;
	assert_int_equal(sa_deal_size(sa_shuffle_find("durstenfeld"), 52,
	    false, &w), SA_OK);
	assert_true(w.draws == 51.0);
	assert_int_equal(sa_shuffle_parse("swaps:4294967295", &sh), SA_OK);
	assert_int_equal(sa_deal_size(&sh, 5, false, &w), SA_ETOOBIG);
	assert_true(w.draws == 2.0 * 4294967295.0);
	assert_true(w.max == UINT64_C(1) << 30);
	assert_non_null(strstr(w.why, "8589934590 draws"));
	assert_int_equal(sa_shuffle_parse("swaps:2000000", &sh), SA_OK);
	assert_int_equal(sa_deal_size(&sh, 5, false, &w), SA_OK);
	assert_int_equal(sa_deal_size(&sh, 5, true, &w), SA_ETOOBIG);
	assert_true(w.max == UINT64_C(1) << 21);
	assert_int_equal(sa_shuffle_parse("swaps:1048576", &sh), SA_OK);
	assert_int_equal(sa_deal_size(&sh, 5, true, &w), SA_OK);
	assert_int_equal(sa_shuffle_parse("swaps:1048577", &sh), SA_OK);
	assert_int_equal(sa_deal_size(&sh, 5, true, &w), SA_ETOOBIG);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample),
		cmocka_unit_test(test_sample_fast),
		cmocka_unit_test(test_deal_size),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
