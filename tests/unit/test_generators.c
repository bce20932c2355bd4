/*
 * test_generators.c - the seeded generators of libraries
 * (generators.c), bit for bit against their references; rng.c's own
 * are test_rng.c's.
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
 * The seeded generators against their references, bit for bit.  glibc:
 * the C library's own srand() and rand(), run here, over seeds either
 * side of 2^31 (where glibc's seeding sees a negative word) and 0 (which
 * glibc takes as 1).  java.util.Random and MT19937: outputs printed by
 * OpenJDK 17 (tests' comment: java.util.Random(seed), nextInt() then
 * nextInt(52, 16, 2^30+1, 7, 2, 10^9+7, 3, ...)) and by libstdc++'s
 * std::mt19937(seed), including the C++ standard's 10000th output of
 * the default seed, 4123659995.  delphi: its recurrence worked out
 * apart, in 64-bit arithmetic reduced by hand.
 */
static void
test_seeded_glibc(void **state)
{
	const uint32_t seeds[] = { 0, 1, 2, 12345, 0x7fffffffu, 0x80000000u,
	    0x80000007u, 0xfffffffeu, 0xffffffffu };
	const sa_seeded_gen *gen = sa_seeded_find("glibc");
	sa_seeded g;

	(void)state;
	assert_non_null(gen);
	for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
		sa_seeded_init(&g, gen, seeds[i]);
		srand(seeds[i]);
		for (int k = 0; k < 40; k++)
			assert_int_equal(sa_seeded_next(&g), (uint32_t)rand());
		for (int k = 0; k < 40; k++) {
			uint64_t bound = (uint64_t)k * 7919 + 2;

			assert_int_equal(sa_draw(&g.base, bound),
			    (uint64_t)rand() % bound);
		}
	}
}

static void
test_seeded_java(void **state)
{
	static const struct {
		uint64_t seed;
		uint32_t first[3];
		uint64_t draws[14];
	} want[] = {
		{ 42, { 3124862261u, 234785527u, 2934422497u },
		  { 12, 4, 595021505, 3, 1, 196118093, 2, 26, 5, 819572292,
		    1, 1, 995688456, 0 } },
		{ 0, { 3139482720u, 3571011896u, 1033096058u },
		  { 47, 10, 663681053, 2, 0, 283218712, 2, 29, 4, 827187473,
		    2, 1, 888030077, 0 } },
		{ UINT64_C(140737488367673), { 3701416150u, 56734513u,
		    1859692834u },
		  { 48, 5, 1048081118, 1, 0, 296681188, 2, 43, 6, 577432708,
		    5, 0, 384696168, 2 } },
	};
	const uint64_t bounds[7] = { 52, 16, 1073741825, 7, 2, 1000000007,
	    3 };
	/* Collections.shuffle(0 .. 9, new Random(7)) */
	const unsigned shuffled[10] = { 0, 1, 9, 3, 7, 4, 8, 5, 2, 6 };
	const sa_seeded_gen *gen = sa_seeded_find("java");
	unsigned deck[10];
	sa_seeded g;

	(void)state;
	assert_non_null(gen);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		sa_seeded_init(&g, gen, want[i].seed);
		for (int k = 0; k < 3; k++)
			assert_int_equal(sa_seeded_next(&g), want[i].first[k]);
		for (int k = 0; k < 14; k++)
			assert_int_equal(sa_draw(&g.base, bounds[k % 7]),
			    want[i].draws[k]);
	}
	sa_seeded_init(&g, gen, 7);
	for (unsigned i = 0; i < 10; i++)
		deck[i] = i;
	sa_shuffle_find("durstenfeld")->run(sa_shuffle_find("durstenfeld"),
	    deck, 10, &g.base);
	for (int i = 0; i < 10; i++)
		assert_int_equal(deck[i], shuffled[i]);
}

/*
 * .NET's System.Random(seed) against outputs printed by Mono 6.8 here
 * (Debian's mono-runtime, whose Random is Microsoft's reference source):
 * Next() three times, then Next(k) for k = 52, 16, 2^30 + 1, 7, 2,
 * 10^9 + 7, 3, 2^31 - 1, twice over; and Durstenfeld's loop over 0 .. 9
 * with Next(i + 1) and seed 7.  Seeds 0 and 2^31 - 1 nearly agree, the
 * mark of MSEED - seed going negative.
 */
static void
test_seeded_dotnet(void **state)
{
	static const struct {
		uint64_t seed;
		uint32_t first[3];
		uint64_t draws[16];
	} want[] = {
		{ 0, { 1559595546u, 1755192844u, 1649316166u },
		  { 29, 3, 600097979, 6, 0, 977549759, 0, 626863973, 24, 10,
		    504134541, 6, 0, 862370159, 2, 1454235444 } },
		{ 42, { 1434747710u, 302596119u, 269548474u },
		  { 27, 2, 281956738, 5, 1, 173651171, 2, 503774878, 13, 8,
		    343847766, 2, 0, 517451103, 0, 1748346701 } },
		{ 161803399, { 613510103u, 1016357251u, 1046844936u },
		  { 11, 8, 63104408, 3, 0, 617609977, 0, 1846625171, 17, 9,
		    411599831, 0, 1, 211970512, 1, 430587625 } },
		{ 2147483647, { 1559595546u, 1755192844u, 1649316172u },
		  { 29, 3, 600097978, 6, 0, 977549759, 0, 626863973, 24, 10,
		    504134541, 6, 0, 862370150, 2, 1454235444 } },
		{ 1000000007, { 1229119533u, 990667485u, 297471707u },
		  { 33, 2, 385200345, 4, 1, 257630392, 1, 838587449, 5, 4,
		    397963116, 4, 1, 947781927, 1, 460706539 } },
	};
	const uint64_t bounds[8] = { 52, 16, 1073741825, 7, 2, 1000000007,
	    3, 2147483647 };
	const unsigned shuffled[10] = { 4, 1, 8, 6, 9, 2, 0, 5, 7, 3 };
	const sa_seeded_gen *gen = sa_seeded_find("dotnet");
	const sa_shuffle *durst = sa_shuffle_find("durstenfeld");
	unsigned deck[10];
	sa_seeded g;

	(void)state;
	assert_non_null(gen);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		sa_seeded_init(&g, gen, want[i].seed);
		for (int k = 0; k < 3; k++)
			assert_int_equal(sa_seeded_next(&g), want[i].first[k]);
		for (int k = 0; k < 16; k++)
			assert_int_equal(sa_draw(&g.base, bounds[k % 8]),
			    want[i].draws[k]);
	}
	sa_seeded_init(&g, gen, 7);
	for (unsigned i = 0; i < 10; i++)
		deck[i] = i;
	durst->run(durst, deck, 10, &g.base);
	for (int i = 0; i < 10; i++)
		assert_int_equal(deck[i], shuffled[i]);
	(void)sa_draw(&g.base, UINT64_C(1) << 31);
	assert_int_equal(g.err, SA_EBOUND);
}

static void
test_seeded_mt19937_delphi(void **state)
{
	static const struct {
		uint32_t seed, out[5];
	} want[] = {
		{ 5489, { 3499211612u, 581869302u, 3890346734u, 3586334585u,
		    545404204u } },
		{ 0, { 2357136044u, 2546248239u, 3071714933u, 3626093760u,
		    2588848963u } },
		{ 0xffffffffu, { 419326371u, 479346978u, 3918654476u,
		    2416749639u, 3388880820u } },
		{ 12345, { 3992670690u, 3823185381u, 1358822685u, 561383553u,
		    789925284u } },
	};
	const sa_seeded_gen *mt = sa_seeded_find("mt19937");
	const sa_seeded_gen *delphi = sa_seeded_find("delphi");
	sa_seeded g;
	uint64_t x = 99;

	(void)state;
	assert_non_null(mt);
	assert_non_null(delphi);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		sa_seeded_init(&g, mt, want[i].seed);
		for (int k = 0; k < 5; k++)
			assert_int_equal(sa_seeded_next(&g), want[i].out[k]);
	}
	sa_seeded_init(&g, mt, 5489);
	for (int k = 1; k < 10000; k++)
		(void)sa_seeded_next(&g);
	assert_int_equal(sa_seeded_next(&g), 4123659995u);
	sa_seeded_init(&g, delphi, 99);
	for (int k = 0; k < 1000; k++) {
		uint64_t bound = (uint64_t)k + 1;

		x = (x * 134775813 + 1) % (UINT64_C(1) << 32);
		assert_int_equal(sa_draw(&g.base, bound), x * bound /
		    (UINT64_C(1) << 32));
	}
	/* unknown names, and java's int bound */
	assert_null(sa_seeded_find("randu"));
	sa_seeded_init(&g, sa_seeded_find("java"), 1);
	(void)sa_draw(&g.base, UINT64_C(1) << 31);
	assert_int_equal(g.err, SA_EBOUND);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seeded_glibc),
		cmocka_unit_test(test_seeded_java),
		cmocka_unit_test(test_seeded_dotnet),
		cmocka_unit_test(test_seeded_mt19937_delphi),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
