/*
 * test_rng.c - the generators of rng.c: mulberry32 against its
 * definition and the published outputs, its page of 52-card deals and
 * its draw; xoshiro256** against its authors' reference outputs; the
 * system's entropy.
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
 * mulberry32 written out from its definition with 64-bit arithmetic and
 * explicit reductions mod 2^32, to check the library's 32-bit version.
 */
static uint32_t
by_hand(uint64_t *state)
{
	const uint64_t m = UINT64_C(0xffffffff);
	uint64_t z, t;

	*state = (*state + 0x6D2B79F5u) & m;
	z = *state;
	t = ((z ^ (z >> 15)) * (z | 1)) & m;
	t = (t ^ ((t + ((t ^ (t >> 7)) * (t | 61))) & m)) & m;
	return (uint32_t)(t ^ (t >> 14));
}

static void
test_mulberry32(void **state)
{
	/* First outputs from the published JavaScript, run under Node.js. */
	static const struct {
		uint32_t seed;
		uint32_t out[4];
	} known[] = {
		{ 0, { 1144304738u, 1416247u, 958946056u, 627933444u } },
		{ 1, { 2693262067u, 11749833u, 2265367787u, 4213581821u } },
		{ 12345, { 4207900869u, 1317490944u, 2079646450u, 3513001552u } },
		{ 4294967295u, { 3850105811u, 813802916u, 3073704848u,
		    4054706436u } },
	};

	(void)state;
	for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
		uint32_t s = known[k].seed;

		for (int i = 0; i < 4; i++)
			assert_int_equal(sa_mulberry32_next(&s), known[k].out[i]);
	}
	for (uint32_t seed = 0; seed < 2000; seed += 7) {
		uint32_t s = seed * 2654435761u;
		uint64_t h = s;

		for (int i = 0; i < 50; i++)
			assert_int_equal(sa_mulberry32_next(&s), by_hand(&h));
	}
}

/* Seed 12345 deals K Q A J from A K Q J; 12346 deals J A Q K. */
static void
test_seed_page_deal(void **state)
{
	const sa_shuffle *d = sa_shuffle_find("durstenfeld");
	static const unsigned want[2][4] = { { 1, 2, 0, 3 }, { 3, 0, 2, 1 } };

	(void)state;
	for (int k = 0; k < 2; k++) {
		sa_mulberry32 g;
		unsigned deck[4] = { 0, 1, 2, 3 };

		sa_mulberry32_init(&g, 12345u + (uint32_t)k);
		d->run(d, deck, 4, &g.base);
		assert_memory_equal(deck, want[k], sizeof deck);
	}
}

/* floor(x * k / 2^32) for the first output of seed 12345, at k = 4. */
static void
test_mulberry32_draw(void **state)
{
	sa_mulberry32 g;

	(void)state;
	sa_mulberry32_init(&g, 12345);
	assert_int_equal(sa_draw(&g.base, 4),
	    (uint64_t)4207900869u * 4 >> 32);
	assert_int_equal(sa_draw(&g.base, 1), 0);
	/* A bound past 2^32 uses two outputs and stays below the bound. */
	for (int i = 0; i < 1000; i++)
		assert_true(sa_draw(&g.base, UINT64_C(10000000000)) <
		    UINT64_C(10000000000));
}

/*
 * xoshiro256** against its authors' reference code (xoshiro256starstar.c,
 * Blackman and Vigna, 2018), compiled and run apart from this tree from
 * the state {1, 2, 3, 4}: its first six outputs.  Then Lemire's bounded
 * draw: below 1 always 0, below 2^32 within range, and the same seed and
 * stream give the same draws while another stream does not.
 */
static void
test_xoshiro256(void **state)
{
	static const uint64_t want[6] = {
		UINT64_C(0x0000000000002d00), UINT64_C(0x0000000000000000),
		UINT64_C(0x000000005a007080), UINT64_C(0x10e0000000009d80),
		UINT64_C(0x10e0b61ce1009d80), UINT64_C(0x0870021ce143ad00),
	};
	sa_xoshiro256 g, h;
	int same = 0;

	(void)state;
	sa_xoshiro256_init(&g, 7, 0);
	g.s[0] = 1;
	g.s[1] = 2;
	g.s[2] = 3;
	g.s[3] = 4;
	for (int i = 0; i < 6; i++)
		assert_true(sa_xoshiro256_next(&g) == want[i]);
	sa_xoshiro256_init(&g, 42, 0);
	sa_xoshiro256_init(&h, 42, 0);
	for (int i = 0; i < 1000; i++) {
		uint64_t a = sa_draw(&g.base, 52), b = sa_draw(&h.base, 52);

		assert_true(a < 52 && a == b);
		assert_true(sa_draw(&g.base, 1) == 0 && sa_draw(&h.base, 1) == 0);
		assert_true(sa_draw(&g.base, SA_DRAW_MAX) < SA_DRAW_MAX);
		(void)sa_draw(&h.base, SA_DRAW_MAX);
	}
	sa_xoshiro256_init(&g, 42, 0);
	sa_xoshiro256_init(&h, 42, 1);
	for (int i = 0; i < 64; i++)
		same += sa_xoshiro256_next(&g) == sa_xoshiro256_next(&h);
	assert_true(same < 2);
}

/*
 * The system oracle: every draw in range, and all six faces of a die in
 * 600 throws.  A fair die misses some face in 600 throws with probability
 * below 6 * (5/6)^600, about 1e-47.
 */
static void
test_sysrandom(void **state)
{
	sa_sysrandom g;
	int seen[6] = { 0 };

	(void)state;
	sa_sysrandom_init(&g);
	for (int i = 0; i < 600; i++) {
		uint64_t v = sa_draw(&g.base, 6);

		assert_true(v < 6);
		seen[v] = 1;
	}
	for (int i = 0; i < 6; i++)
		assert_true(seen[i]);
	assert_int_equal(sa_draw(&g.base, 1), 0);
	assert_true(sa_draw(&g.base, UINT64_MAX) < UINT64_MAX);
	assert_int_equal(g.err, SA_OK);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mulberry32),
		cmocka_unit_test(test_seed_page_deal),
		cmocka_unit_test(test_mulberry32_draw),
		cmocka_unit_test(test_xoshiro256),
		cmocka_unit_test(test_sysrandom),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
