/*
 * test_weighted.c - the weighted engine (weighted.c): a census whose
 * draws are made from raw words.  Its replay path, for runs of
 * different lengths, against the chances worked out here word by word
 * (every run scaled by the least common multiple of the runs' totals);
 * and its step path against its replay path, one engine the other's
 * check, under every method of making a draw.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"

/*
 * A shuffle of 3 cards whose runs differ in length: a coin; heads (0)
 * swaps the first two cards and ends, tails draws below 3 and turns the
 * deck left by it.
 */
static void
coin_then_turn(const sa_shuffle *sh, unsigned *deck, size_t n,
    sa_oracle *o)
{
	unsigned d[3];

	(void)sh;
	if (sa_draw(o, 2) == 0) {
		unsigned t = deck[0];

		deck[0] = deck[1];
		deck[1] = t;
		return;
	}
	{
		uint64_t b = sa_draw(o, 3);

		for (size_t i = 0; i < n; i++)
			d[i] = deck[(i + b) % n];
		memcpy(deck, d, n * sizeof *d);
	}
}

/* The count of the ordering P (3 cards) in C, which must fit 64 bits. */
static uint64_t
count_of(const sa_census *c, const unsigned *p)
{
	sa_big b;
	uint64_t v = 0;

	sa_big_init(&b);
	assert_int_equal(sa_census_count_big(c, sa_perm_rank(p, 3), &b),
	    SA_OK);
	assert_true(sa_big_to_u64(&b, &v));
	sa_big_free(&b);
	return v;
}

/*
 * With 2-bit words and r % k, a run of one word has chance w / 4 and a
 * run of two w1 w2 / 16: scaled by 16, heads adds 4 for each of its two
 * words, and each of the 8 pairs of words for tails adds 1, to the turn
 * its second word makes.
 */
static void
test_replay_lengths(void **state)
{
	const sa_shuffle sh = { .name = "coin-then-turn", .summary = "t",
	    .run = coin_then_turn };
	sa_census_opts o;
	sa_census *c;
	uint64_t want[3][3][3] = { { { 0 } } };	/* by the deck's cards */
	unsigned id[3] = { 0, 1, 2 };
	sa_big runs;
	uint64_t total;

	(void)state;
	for (unsigned w1 = 0; w1 < 4; w1++) {
		if (w1 % 2 == 0) {
			want[1][0][2] += 16 / 4;
			continue;
		}
		for (unsigned w2 = 0; w2 < 4; w2++) {
			unsigned b = w2 % 3;

			want[id[b % 3]][id[(1 + b) % 3]][id[(2 + b) % 3]] +=
			    16 / 16;
		}
	}
	memset(&o, 0, sizeof o);
	o.engine = SA_ENGINE_REPLAY;
	assert_int_equal(sa_reduce_parse("modulo:2", &o.reduce), SA_OK);
	assert_int_equal(sa_census_run(&sh, 3, &o, &c), SA_OK);
	assert_true(sa_census_about(c)->wide);
	assert_true(sa_census_about(c)->weighted);
	sa_big_init(&runs);
	assert_int_equal(sa_census_runs(c, &runs), SA_OK);
	assert_true(sa_big_to_u64(&runs, &total));
	assert_int_equal(total, 16);
	sa_big_free(&runs);
	for (unsigned r = 0; r < 6; r++) {
		unsigned p[3];

		sa_perm_unrank(r, 3, p);
		assert_int_equal(count_of(c, p), want[p[0]][p[1]][p[2]]);
	}
	sa_census_free(c);
}

/*
 * The step path and the replay path of the weighted engine agree count
 * for count, for shuffles of swap steps, under every method of making a
 * draw from words of 3 and of 5 bits.
 */
static void
test_steps_against_replay(void **state)
{
	static const char *const specs[] = { "modulo:3", "multiply:3",
	    "reject:3", "lemire:3", "scale:3", "modulo:5", "multiply:5" };
	static const char *const shuffles[] = { "durstenfeld", "naive",
	    "sattolo", "forward" };

	(void)state;
	for (size_t a = 0; a < 4; a++) {
		for (size_t q = 0; q < sizeof specs / sizeof specs[0]; q++) {
			const sa_shuffle *sh = sa_shuffle_find(shuffles[a]);
			sa_census_opts o;
			sa_census *steps, *replay;
			sa_big x, y;

			memset(&o, 0, sizeof o);
			assert_int_equal(sa_reduce_parse(specs[q], &o.reduce),
			    SA_OK);
			o.engine = SA_ENGINE_STEPS;
			assert_int_equal(sa_census_run(sh, 4, &o, &steps), SA_OK);
			o.engine = SA_ENGINE_REPLAY;
			assert_int_equal(sa_census_run(sh, 4, &o, &replay),
			    SA_OK);
			sa_big_init(&x);
			sa_big_init(&y);
			for (uint64_t r = 0; r < 24; r++) {
				assert_int_equal(sa_census_count_big(steps, r,
				    &x), SA_OK);
				assert_int_equal(sa_census_count_big(replay, r,
				    &y), SA_OK);
				assert_int_equal(sa_big_cmp(&x, &y), 0);
			}
			sa_big_free(&x);
			sa_big_free(&y);
			sa_census_free(steps);
			sa_census_free(replay);
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_replay_lengths),
		cmocka_unit_test(test_steps_against_replay),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
