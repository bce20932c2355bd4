/*
 * test_reduce.c - the bounded-integer step (reduce.c): the weights of
 * each method against words counted one by one, the scaling of .NET,
 * draws, the census under a reduction, the unbiased methods, parsing.
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

/* The value raw word R gives below K, or -1 when the method rejects R. */
static int64_t
by_method(enum sa_reduce_method m, unsigned bits, uint64_t r, uint64_t k)
{
	uint64_t words = UINT64_C(1) << bits;

	switch (m) {
	case SA_REDUCE_MODULO:
		return (int64_t)(r % k);
	case SA_REDUCE_MULTIPLY:
		return (int64_t)(r * k / words);
	case SA_REDUCE_REJECT:
		return r < words / k * k ? (int64_t)(r % k) : -1;
	case SA_REDUCE_LEMIRE:
		/* Lemire 2019, as published: reject when low < 2^B mod k. */
		return (r * k) % words < words % k ? -1 :
		    (int64_t)(r * k / words);
	case SA_REDUCE_SCALE:
		/* .NET's Next(k), word by word, all-ones never made */
		return r == words - 1 || k > words - 1 ? -1 :
		    (int64_t)((double)r * (1.0 / (double)(words - 1)) *
		    (double)k);
	default:
		return -1;
	}
}

/* Every word of up to 9 bits, for every bound up to 2^bits + 3. */
static void
test_reduce_weights(void **state)
{
	sa_big w[SA_REDUCE_MAX_K], total;

	(void)state;
	for (size_t i = 0; i < SA_REDUCE_MAX_K; i++)
		sa_big_init(&w[i]);
	sa_big_init(&total);
	for (int m = SA_REDUCE_MODULO; m <= SA_REDUCE_SCALE; m++) {
		for (unsigned bits = m == SA_REDUCE_SCALE ? 2 : 1; bits <= 9;
		    bits++) {
			uint64_t words = UINT64_C(1) << bits;

			for (uint64_t k = 1; k <= words + 3; k++) {
				sa_reduce r = { (enum sa_reduce_method)m, bits };
				uint64_t count[520] = { 0 }, kept = 0, got;
				int status = sa_reduce_weights(&r, k, w, &total);

				for (uint64_t x = 0; x < words; x++) {
					int64_t v = by_method(r.method, bits, x, k);

					if (v >= 0) {
						count[v]++;
						kept++;
					}
				}
				if (kept == 0 || (m == SA_REDUCE_SCALE &&
				    k >= words)) {
					assert_int_equal(status, SA_EINVAL);
					continue;
				}
				assert_int_equal(status, SA_OK);
				assert_true(sa_big_to_u64(&total, &got));
				assert_int_equal(got, kept);
				for (uint64_t v = 0; v < k; v++) {
					assert_true(sa_big_to_u64(&w[v], &got));
					assert_int_equal(got, count[v]);
				}
			}
		}
	}
	for (size_t i = 0; i < SA_REDUCE_MAX_K; i++)
		sa_big_free(&w[i]);
	sa_big_free(&total);
}

/*
 * scale:31, .NET's Next(k), for every k up to SA_REDUCE_MAX_K, against
 * the exact count of words x below M = 2^31 - 1 with floor(x k / M) = v,
 * ceil((v + 1) M / k) - ceil(v M / k).  M is prime, so x k / M is never
 * a whole number short of x = 0, and is at least 1/M away from one: far
 * more than the double's rounding, so the two must agree.  At bits 2 and
 * 52, the ends of what scale takes, the weights still add up (at 53 the
 * largest word would scale to k itself).
 */
static void
test_reduce_scale(void **state)
{
	const uint64_t m = 2147483647;
	sa_reduce r = { SA_REDUCE_SCALE, 31 };
	sa_big w[SA_REDUCE_MAX_K], total;
	uint64_t got;

	(void)state;
	for (size_t i = 0; i < SA_REDUCE_MAX_K; i++)
		sa_big_init(&w[i]);
	sa_big_init(&total);
	for (uint64_t k = 1; k <= SA_REDUCE_MAX_K; k += k < 64 ? 1 : 61) {
		assert_int_equal(sa_reduce_weights(&r, k, w, &total), SA_OK);
		assert_true(sa_big_to_u64(&total, &got));
		assert_int_equal(got, m);
		for (uint64_t v = 0; v < k; v++) {
			uint64_t hi = ((v + 1) * m + k - 1) / k;
			uint64_t lo = (v * m + k - 1) / k;

			assert_true(sa_big_to_u64(&w[v], &got));
			assert_int_equal(got, hi - lo);
		}
	}
	/* 52 cards: 2147483647 = 52 * 41297762 + 23, so 23 values (0, 2,
	 * 4, ..., 49) get one word more than the others */
	assert_int_equal(sa_reduce_weights(&r, 52, w, &total), SA_OK);
	assert_true(sa_big_to_u64(&w[0], &got));
	assert_int_equal(got, 41297763);
	assert_true(sa_big_to_u64(&w[49], &got));
	assert_int_equal(got, 41297763);
	assert_true(sa_big_to_u64(&w[51], &got));
	assert_int_equal(got, 41297762);
	assert_true(sa_big_to_u64(&w[1], &got));
	assert_int_equal(got, 41297762);
	assert_false(sa_reduce_unbiased(&r, 52));
	assert_true(sa_reduce_unbiased(&r, 1));
	for (unsigned bits = 2; bits <= 52; bits += 50) {
		sa_reduce e = { SA_REDUCE_SCALE, bits };
		uint64_t k = bits == 2 ? 3 : 4096, sum = 0;

		assert_int_equal(sa_reduce_weights(&e, k, w, &total), SA_OK);
		for (uint64_t v = 0; v < k; v++) {
			assert_true(sa_big_to_u64(&w[v], &got));
			sum += got;
		}
		assert_true(sa_big_to_u64(&total, &got));
		assert_int_equal(got, (UINT64_C(1) << bits) - 1);
		assert_int_equal(sum, got);
	}
	/* k beyond the words, and the parse */
	assert_int_equal(sa_reduce_weights(&(sa_reduce){ SA_REDUCE_SCALE, 2 },
	    4, w, &total), SA_EINVAL);
	assert_int_equal(sa_reduce_parse("scale:31", &r), SA_OK);
	assert_int_equal(r.method, SA_REDUCE_SCALE);
	assert_int_equal(sa_reduce_parse("scale:1", &r), SA_EPARAM);
	assert_int_equal(sa_reduce_parse("scale:53", &r), SA_EPARAM);
	assert_string_equal(sa_reduce_name(SA_REDUCE_SCALE), "scale");
	for (size_t i = 0; i < SA_REDUCE_MAX_K; i++)
		sa_big_free(&w[i]);
	sa_big_free(&total);
}

/* Raw words from a list, for sa_reduce_draw. */
struct word_list {
	sa_oracle base;
	const uint64_t *v;
	size_t pos;
};

static uint64_t
word_next(sa_oracle *o, unsigned bits)
{
	struct word_list *l = (struct word_list *)o;

	(void)bits;
	return l->v[l->pos++];
}

/* sa_reduce_draw maps each word as the method says, retrying rejects. */
static void
test_reduce_draw(void **state)
{
	(void)state;
	for (int m = SA_REDUCE_MODULO; m <= SA_REDUCE_SCALE; m++) {
		for (uint64_t k = 1; k <= (m == SA_REDUCE_SCALE ? 7 : 8); k++) {
			for (uint64_t x = 0; x < 8; x++) {
				sa_reduce r = { (enum sa_reduce_method)m, 3 };
				int64_t want = by_method(r.method, 3, x, k);
				uint64_t fallback = 0, list[2];
				struct word_list l = { { .raw = word_next }, list, 0 };
				uint64_t got;

				/* After a rejected word, one the method keeps. */
				while (by_method(r.method, 3, fallback, k) < 0)
					fallback++;
				list[0] = x;
				list[1] = fallback;
				got = sa_reduce_draw(&r, &l.base, k);
				if (want < 0) {
					assert_int_equal(l.pos, 2);
					assert_int_equal(got, by_method(r.method, 3,
					    fallback, k));
				} else {
					assert_int_equal(l.pos, 1);
					assert_int_equal(got, (uint64_t)want);
				}
			}
		}
	}
}

/*
 * The reduced census against a walk over every raw-word sequence: the
 * Durstenfeld shuffle of 4 cards and the naive shuffle of 3, with 3-bit
 * words made into draws by modulo and by multiply.
 */
static void
test_reduced_census(void **state)
{
	static const char *const specs[] = { "modulo:3", "multiply:3",
	    "modulo:2", "multiply:2" };
	static const char *const shuffles[] = { "durstenfeld", "naive" };

	(void)state;
	for (size_t a = 0; a < 2; a++) {
		for (size_t q = 0; q < 4; q++) {
			const sa_shuffle *sh = sa_shuffle_find(shuffles[a]);
			size_t n = a == 0 ? 4 : 3;
			sa_census_opts o;
			sa_census *c;
			sa_trace t;
			uint64_t want[24] = { 0 }, words, seqs, got;

			memset(&o, 0, sizeof o);
			assert_int_equal(sa_reduce_parse(specs[q], &o.reduce),
			    SA_OK);
			assert_int_equal(sa_census_run(sh, n, &o, &c), SA_OK);
			assert_true(sa_census_about(c)->wide);
			/* Learn the bounds from one ideal trace, then walk. */
			assert_int_equal(sa_trace_run(sh, n, NULL, (uint64_t[]){
			    0, 0, 0, 0 }, n == 4 ? 3 : 3, 0, &t), SA_OK);
			words = UINT64_C(1) << o.reduce.bits;
			seqs = 1;
			for (size_t s = 0; s < t.steps; s++)
				seqs *= words;
			for (uint64_t x = 0; x < seqs; x++) {
				uint64_t d[8], rest = x;
				unsigned deck[4] = { 0, 1, 2, 3 };

				for (size_t s = 0; s < t.steps; s++) {
					d[s] = (uint64_t)by_method(o.reduce.method,
					    o.reduce.bits, rest % words, t.bound[s]);
					rest /= words;
				}
				{
					sa_trace one;

					assert_int_equal(sa_trace_run(sh, n, NULL, d,
					    t.steps, 0, &one), SA_OK);
					memcpy(deck, one.deck + one.steps * n,
					    n * sizeof *deck);
					sa_trace_free(&one);
				}
				want[sa_perm_rank(deck, n)]++;
			}
			{
				sa_big b;

				sa_big_init(&b);
				assert_int_equal(sa_census_runs(c, &b), SA_OK);
				assert_true(sa_big_to_u64(&b, &got));
				assert_int_equal(got, seqs);
				for (uint64_t r = 0;
				    r < sa_census_about(c)->orderings; r++) {
					assert_int_equal(sa_census_count_big(c,
					    r, &b), SA_OK);
					assert_true(sa_big_to_u64(&b, &got));
					assert_int_equal(got, want[r]);
				}
				sa_big_free(&b);
			}
			sa_trace_free(&t);
			sa_census_free(c);
		}
	}
}

/* The unbiased methods give the ideal census, scaled. */
static void
test_unbiased_methods(void **state)
{
	static const char *const specs[] = { "reject:3", "lemire:3",
	    "reject:32", "lemire:64" };

	(void)state;
	for (size_t q = 0; q < 4; q++) {
		for (size_t k = 0; k < sa_shuffle_count(); k++) {
			const sa_shuffle *sh = sa_shuffle_at(k);
			sa_census_opts o;
			sa_census *c, *ideal;

			if (sh->max_cards == SA_PERM_MAX || sh->reduce != NULL ||
			    strcmp(sh->name, "rejection") == 0)
				continue;
			memset(&o, 0, sizeof o);
			assert_int_equal(sa_reduce_parse(specs[q], &o.reduce),
			    SA_OK);
			assert_int_equal(sa_census_run(sh, 4, &o, &c), SA_OK);
			assert_int_equal(sa_census_run(sh, 4, NULL, &ideal), SA_OK);
			assert_int_equal(sa_census_about(c)->fair, sa_census_about(ideal)->fair);
			assert_int_equal(sa_census_about(c)->reached, sa_census_about(ideal)->reached);
			/* count * ideal total == ideal count * total */
			for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++) {
				sa_big a, b;

				sa_big_init(&a);
				sa_big_init(&b);
				sa_census_count_big(c, r, &a);
				sa_big_mul_u64(&a, sa_census_about(ideal)->runs);
				sa_census_runs(c, &b);
				sa_big_mul_u64(&b, sa_census_count(ideal, r));
				assert_int_equal(sa_big_cmp(&a, &b), 0);
				sa_big_free(&a);
				sa_big_free(&b);
			}
			sa_census_free(c);
			sa_census_free(ideal);
		}
	}
}

static void
test_reduce_parse(void **state)
{
	sa_reduce r;

	(void)state;
	assert_int_equal(sa_reduce_parse("modulo:15", &r), SA_OK);
	assert_int_equal(r.method, SA_REDUCE_MODULO);
	assert_int_equal(r.bits, 15);
	assert_int_equal(sa_reduce_parse("lemire:64", &r), SA_OK);
	assert_int_equal(sa_reduce_parse("modulo:0", &r), SA_EPARAM);
	assert_int_equal(sa_reduce_parse("modulo:65", &r), SA_EPARAM);
	assert_int_equal(sa_reduce_parse("modulo:", &r), SA_EPARAM);
	assert_int_equal(sa_reduce_parse("modulo", &r), SA_EPARAM);
	assert_int_equal(sa_reduce_parse("modulo:1x", &r), SA_EPARAM);
	assert_int_equal(sa_reduce_parse("modulo:99999999999", &r), SA_EPARAM);
	assert_int_equal(sa_reduce_parse("mod:3", &r), SA_EUNKNOWN);
	assert_int_equal(sa_reduce_parse("ideal:3", &r), SA_EUNKNOWN);
	assert_string_equal(sa_reduce_name(SA_REDUCE_LEMIRE), "lemire");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reduce_weights),
		cmocka_unit_test(test_reduce_scale),
		cmocka_unit_test(test_reduce_draw),
		cmocka_unit_test(test_reduced_census),
		cmocka_unit_test(test_unbiased_methods),
		cmocka_unit_test(test_reduce_parse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
