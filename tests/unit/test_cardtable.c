/*
 * test_cardtable.c - the card table (cardtable.c, repeat.c, distance.c):
 * riffle, overhand, piles and cut against enumerations written apart, a
 * census after another, the distance from uniform.
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

/* Census of SPEC on N cards by ENGINE (AUTO when 0). */
static sa_census *
census_of(const char *spec, size_t n, enum sa_engine engine)
{
	sa_census_opts o;
	sa_shuffle *sh = malloc(sizeof *sh);
	sa_census *c;

	assert_non_null(sh);
	memset(&o, 0, sizeof o);
	o.engine = engine;
	assert_int_equal(sa_shuffle_parse(spec, sh), SA_OK);
	/* the census keeps a pointer to the shuffle: leak it to the end */
	assert_int_equal(sa_census_run(sh, n, &o, &c), SA_OK);
	return c;
}

static void
free_census(sa_census *c)
{
	free((void *)sa_census_about(c)->shuffle);
	sa_census_free(c);
}

/*
 * The card-table shuffles against enumerations written here another way.
 * Riffles: every coin vector of K rounds, each round cutting off as many
 * top cards as there are 0s and dealing them onto the 0s, the rest onto
 * the 1s (the formula's census, and the replay's, must both agree).
 * Overhand: every set of cut gaps, the packets read off bottom first.
 * Pile: two decks worked out by hand.  Cut: the rotation's orderings.
 */
static void
test_card_table(void **state)
{
	(void)state;
	for (unsigned k = 1; k <= 2; k++)
		for (size_t n = 1; n <= 6; n++) {
			uint64_t counts[720] = { 0 };
			char spec[16];
			sa_census *f, *w;

			for (uint64_t v = 0; v < UINT64_C(1) << (n * k); v++) {
				unsigned deck[6], out[6];

				for (unsigned x = 0; x < n; x++)
					deck[x] = x;
				for (unsigned round = 0; round < k; round++) {
					unsigned bits = (unsigned)(v >> (round * n));
					size_t z = 0, t = 0, b;

					for (size_t p = 0; p < n; p++)
						z += !(bits >> p & 1);
					b = z;
					for (size_t p = 0; p < n; p++)
						out[p] = bits >> p & 1 ? deck[b++] :
						    deck[t++];
					memcpy(deck, out, sizeof deck);
				}
				counts[sa_perm_rank(deck, n)]++;
			}
			snprintf(spec, sizeof spec, "riffle:%u", k);
			f = census_of(spec, n, SA_ENGINE_AUTO);
			w = census_of(spec, n, SA_ENGINE_REPLAY);
			assert_int_equal(sa_census_about(f)->engine, SA_ENGINE_CLOSED);
			for (uint64_t r = 0; r < sa_census_about(f)->orderings; r++) {
				assert_int_equal(sa_census_count(f, r), counts[r]);
				assert_int_equal(sa_census_count(w, r), counts[r]);
			}
			free_census(f);
			free_census(w);
		}
	for (size_t n = 1; n <= 7; n++) {
		uint64_t counts[5040] = { 0 };
		sa_census *c = census_of("overhand", n, SA_ENGINE_AUTO);

		for (uint64_t cuts = 0; cuts < UINT64_C(1) << (n - 1); cuts++) {
			unsigned deck[7];
			size_t at = 0, end = n;

			/* packets from the bottom up: each ends at a cut */
			for (size_t i = n; i-- > 0;) {
				if (i == 0 || cuts >> (i - 1) & 1) {
					for (size_t j = i; j < end; j++)
						deck[at++] = (unsigned)j;
					end = i;
				}
			}
			counts[sa_perm_rank(deck, n)]++;
		}
		for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++)
			assert_int_equal(sa_census_count(c, r), counts[r]);
		free_census(c);
	}
	{
		const unsigned pile3[7] = { 6, 3, 0, 4, 1, 5, 2 };
		const unsigned pile2[4] = { 2, 0, 3, 1 };
		sa_census *a = census_of("pile:3", 7, SA_ENGINE_AUTO);
		sa_census *b = census_of("pile", 4, SA_ENGINE_AUTO);
		sa_census *cut = census_of("cut", 6, SA_ENGINE_AUTO);
		sa_census *rot = census_of("rotation", 6, SA_ENGINE_AUTO);

		assert_int_equal(sa_census_about(a)->runs, 1);
		assert_int_equal(sa_census_count(a, sa_perm_rank(pile3, 7)), 1);
		assert_int_equal(sa_census_count(b, sa_perm_rank(pile2, 4)), 1);
		for (uint64_t r = 0; r < 720; r++)
			assert_int_equal(sa_census_count(cut, r),
			    sa_census_count(rot, r));
		free_census(a);
		free_census(b);
		free_census(cut);
		free_census(rot);
	}
}

/* Durstenfeld's shuffle and then the naive one, as one program. */
static void
both_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	const sa_shuffle *d = sa_shuffle_find("durstenfeld");
	const sa_shuffle *v = sa_shuffle_find("naive");

	(void)self;
	d->run(d, deck, n, o);
	v->run(v, deck, n, o);
}

/*
 * One shuffle after another, composed from the two censuses, against the
 * replay of one program doing both (Durstenfeld then naive, 4 cards); a
 * riffle after a riffle against two riffles walked run by run; and
 * sort-keys:4 against riffle:2, each walked: sorting by random keys below
 * K undoes a K-riffle, so each ordering's count is the other's count of
 * its inverse (Bayer and Diaconis 1992, section 3).
 */
static void
test_census_then(void **state)
{
	sa_shuffle both = { .name = "both", .summary = "both",
	    .run = both_run, .max_cards = 8 };
	sa_census_opts o;
	sa_census *a, *b, *ab, *walked, *r1, *r2;

	(void)state;
	memset(&o, 0, sizeof o);
	o.engine = SA_ENGINE_REPLAY;
	a = census_of("durstenfeld", 4, SA_ENGINE_AUTO);
	b = census_of("naive", 4, SA_ENGINE_AUTO);
	assert_int_equal(sa_census_then(a, b, NULL, &ab), SA_OK);
	assert_int_equal(sa_census_run(&both, 4, &o, &walked), SA_OK);
	assert_int_equal(sa_census_about(ab)->runs, sa_census_about(walked)->runs);
	for (uint64_t r = 0; r < 24; r++)
		assert_int_equal(sa_census_count(ab, r),
		    sa_census_count(walked, r));
	sa_census_free(ab);
	sa_census_free(walked);
	r1 = census_of("riffle", 5, SA_ENGINE_AUTO);
	assert_int_equal(sa_census_then(r1, r1, NULL, &ab), SA_OK);
	r2 = census_of("riffle:2", 5, SA_ENGINE_REPLAY);
	for (uint64_t r = 0; r < 120; r++)
		assert_int_equal(sa_census_count(ab, r), sa_census_count(r2, r));
	sa_census_free(ab);
	free_census(r1);
	walked = census_of("sort-keys:4", 5, SA_ENGINE_REPLAY);
	for (uint64_t r = 0; r < 120; r++) {
		unsigned p[5], inv[5];

		sa_perm_unrank(r, 5, p);
		for (unsigned i = 0; i < 5; i++)
			inv[p[i]] = i;
		assert_int_equal(sa_census_count(walked, r),
		    sa_census_count(r2, sa_perm_rank(inv, 5)));
	}
	free_census(walked);
	free_census(r2);
	free_census(a);
	free_census(b);
	/* a step shuffle repeated (step engine) against composition, and a
	 * riffle repeated (composed) against riffle:3 (formula) */
	{
		const sa_shuffle *naive = sa_shuffle_find("naive");
		sa_shuffle r3;
		sa_repeated rep;
		sa_census *x, *y, *z;

		assert_int_equal(sa_shuffle_repeat(&rep, naive, 4, 3), SA_OK);
		assert_string_equal(rep.shuffle.name, "naive*3");
		assert_non_null(rep.shuffle.steps);
		assert_int_equal(sa_census_repeat(&rep, 4, NULL, &x), SA_OK);
		assert_int_equal(sa_census_about(x)->engine, SA_ENGINE_STEPS);
		a = census_of("naive", 4, SA_ENGINE_AUTO);
		assert_int_equal(sa_census_then(a, a, NULL, &y), SA_OK);
		assert_int_equal(sa_census_then(y, a, NULL, &z), SA_OK);
		assert_int_equal(sa_census_about(x)->runs, sa_census_about(z)->runs);
		for (uint64_t r = 0; r < 24; r++)
			assert_int_equal(sa_census_count(x, r),
			    sa_census_count(z, r));
		sa_census_free(x);
		sa_census_free(y);
		sa_census_free(z);
		free_census(a);
		assert_int_equal(sa_shuffle_repeat(&rep,
		    sa_shuffle_find("riffle"), 5, 3), SA_OK);
		assert_null(rep.shuffle.steps);
		assert_int_equal(sa_census_repeat(&rep, 5, NULL, &x), SA_OK);
		assert_ptr_equal(sa_census_about(x)->shuffle, &rep.shuffle);
		assert_int_equal(sa_shuffle_parse("riffle:3", &r3), SA_OK);
		assert_int_equal(sa_census_run(&r3, 5, NULL, &y), SA_OK);
		for (uint64_t r = 0; r < 120; r++)
			assert_int_equal(sa_census_count(x, r),
			    sa_census_count(y, r));
		sa_census_free(x);
		sa_census_free(y);
		assert_int_equal(sa_shuffle_repeat(&rep, naive, 4, 0),
		    SA_EINVAL);
	}
	/* decks that differ */
	a = census_of("naive", 3, SA_ENGINE_AUTO);
	b = census_of("naive", 4, SA_ENGINE_AUTO);
	assert_int_equal(sa_census_then(a, b, NULL, &ab), SA_EINVAL);
	free_census(a);
	free_census(b);
}

/*
 * The riffle's distances by formula against the census composed with
 * itself, every figure equal as a fraction, from 2 to 7 cards and 1 to
 * 10 riffles; and at 52 cards the table Bayer and Diaconis published
 * (1992, table 1), to its three decimals.
 */
static void
test_distance(void **state)
{
	static const char *const published[10] = { "1.000", "1.000", "1.000",
	    "1.000", "0.924", "0.614", "0.334", "0.167", "0.085", "0.043" };
	const sa_shuffle *riffle = sa_shuffle_find("riffle");
	sa_distance_row f[10], c[10];
	sa_distance_opts o;
	enum sa_distance_method used;

	(void)state;
	memset(&o, 0, sizeof o);
	for (size_t n = 2; n <= 7; n++) {
		for (int i = 0; i < 10; i++) {
			sa_distance_row_init(&f[i]);
			sa_distance_row_init(&c[i]);
		}
		o.method = SA_DISTANCE_FORMULA;
		assert_int_equal(sa_distance(riffle, n, 1, 10, &o, f, &used),
		    SA_OK);
		o.method = SA_DISTANCE_CENSUS;
		assert_int_equal(sa_distance(riffle, n, 1, 10, &o, c, &used),
		    SA_OK);
		for (int i = 0; i < 10; i++) {
			const sa_fraction *x[3] = { &f[i].tvd, &f[i].separation,
			    &f[i].ratio };
			const sa_fraction *y[3] = { &c[i].tvd, &c[i].separation,
			    &c[i].ratio };

			assert_int_equal(f[i].times, (uint64_t)i + 1);
			assert_true(f[i].unbounded == c[i].unbounded);
			for (int j = 0; j < 3; j++) {
				sa_big l, r;

				if (j == 2 && f[i].unbounded)
					continue;
				/* a/b = c/d when a d = c b */
				sa_big_init(&l);
				sa_big_init(&r);
				assert_int_equal(sa_big_mul(&l, &x[j]->num,
				    &y[j]->den), SA_OK);
				assert_int_equal(sa_big_mul(&r, &y[j]->num,
				    &x[j]->den), SA_OK);
				assert_int_equal(sa_big_cmp(&l, &r), 0);
				sa_big_free(&l);
				sa_big_free(&r);
			}
			sa_distance_row_free(&f[i]);
			sa_distance_row_free(&c[i]);
		}
	}
	for (int i = 0; i < 10; i++)
		sa_distance_row_init(&f[i]);
	assert_int_equal(sa_distance(riffle, 52, 1, 10, NULL, f, &used),
	    SA_OK);
	assert_int_equal(used, SA_DISTANCE_FORMULA);
	for (int i = 0; i < 10; i++) {
		char *t = sa_fraction_fixed(&f[i].tvd, 3);

		assert_string_equal(t, published[i]);
		free(t);
		sa_distance_row_free(&f[i]);
	}
	/* no formula for the overhand shuffle; bad ranges */
	o.method = SA_DISTANCE_FORMULA;
	assert_int_equal(sa_distance(sa_shuffle_find("overhand"), 5, 1, 2, &o,
	    f, &used), SA_EINVAL);
	assert_int_equal(sa_distance(riffle, 5, 0, 2, NULL, f, &used),
	    SA_EINVAL);
	assert_int_equal(sa_distance(riffle, 5, 3, 2, NULL, f, &used),
	    SA_EINVAL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_card_table),
		cmocka_unit_test(test_census_then),
		cmocka_unit_test(test_distance),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
