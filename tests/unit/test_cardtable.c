/*
 * test_cardtable.c - the card table (cardtable.c): riffle, overhand,
 * piles and cut against enumerations written apart.
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
#include "reference.h"

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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_card_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
