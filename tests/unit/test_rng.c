/*
 * test_rng.c - mulberry32, the system oracle, traces, walks, notations.
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
static void
half_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	for (size_t i = n; i-- > 1;) {
		size_t j = i / 2 + sa_draw(o, i - i / 2 + 1);
		unsigned x = deck[i];

		deck[i] = deck[j];
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
	.run = half_run, .steps = half_steps, .step = half_step,
};

static void
check_fast(const char *name)
{
	const size_t n = 12;
	const sa_shuffle *sh = name == NULL ? &half_shuffle :
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
	check_fast(NULL);
}

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

/*
 * The seed space against deals done one by one another way: mulberry32
 * through the deal's own oracle (sa_mulberry32) for the fast walk, and
 * glibc's real srand() and rand() % k, with Durstenfeld's loop written
 * out here, for the plain one; the counts agree ordering by ordering,
 * add up to the seeds, and the exact chi-square matches one worked out
 * here in floating point.
 */
static void
test_seed_space(void **state)
{
	const sa_shuffle *durst = sa_shuffle_find("durstenfeld");
	const sa_seeded_gen *m32 = sa_seeded_find("mulberry32");
	const sa_seeded_gen *libc = sa_seeded_find("glibc");
	sa_seeds_opts o = { .first = 1000, .count = 60000, .threads = 2 };
	uint64_t want[120], total = 0;
	double x = 0;
	sa_fraction chi;
	sa_seeds *s;

	(void)state;
	memset(want, 0, sizeof want);
	for (uint64_t seed = 1000; seed < 61000; seed++) {
		sa_mulberry32 g;
		unsigned deck[5] = { 0, 1, 2, 3, 4 };

		sa_mulberry32_init(&g, (uint32_t)seed);
		durst->run(durst, deck, 5, &g.base);
		want[sa_perm_rank(deck, 5)]++;
	}
	assert_int_equal(sa_seeds_run(durst, 5, m32, &o, &s), SA_OK);
	assert_true(sa_seeds_about(s)->fast);
	for (uint64_t r = 0; r < 120; r++) {
		double e = 60000.0 / 120;

		assert_int_equal(sa_seeds_count(s, r), want[r]);
		total += sa_seeds_count(s, r);
		x += ((double)want[r] - e) * ((double)want[r] - e) / e;
	}
	assert_int_equal(total, 60000);
	sa_fraction_init(&chi);
	assert_int_equal(sa_seeds_chi2(s, &chi), SA_OK);
	assert_true(fabs(sa_fraction_to_double(&chi) - x) < 1e-9 * x);
	sa_seeds_free(s);

	memset(want, 0, sizeof want);
	for (unsigned seed = 0xfffff000u; seed != 0; seed++) {
		unsigned deck[4] = { 0, 1, 2, 3 };

		srand(seed);
		for (unsigned i = 3; i > 0; i--) {
			unsigned j = (unsigned)rand() % (i + 1), t = deck[i];

			deck[i] = deck[j];
			deck[j] = t;
		}
		want[sa_perm_rank(deck, 4)]++;
	}
	o = (sa_seeds_opts){ .first = 0xfffff000u, .threads = 3 };
	assert_int_equal(sa_seeds_run(durst, 4, libc, &o, &s), SA_OK);
	assert_false(sa_seeds_about(s)->fast);
	assert_int_equal(sa_seeds_about(s)->seeds, 4096);
	for (uint64_t r = 0; r < 24; r++)
		assert_int_equal(sa_seeds_count(s, r), want[r]);
	sa_seeds_free(s);
	sa_fraction_free(&chi);
	/* outside the space, or too many cards */
	o = (sa_seeds_opts){ .first = UINT64_C(1) << 32 };
	assert_int_equal(sa_seeds_run(durst, 4, libc, &o, &s), SA_ERANGE);
	o = (sa_seeds_opts){ .first = 5, .count = UINT64_C(1) << 32 };
	assert_int_equal(sa_seeds_run(durst, 4, libc, &o, &s), SA_ERANGE);
	o = (sa_seeds_opts){ .count = 5 };
	assert_int_equal(sa_seeds_run(durst, 13, libc, &o, &s), SA_EINVAL);
}

/*
 * The match: the poker shuffle of 52 cards from 3,000 delphi seeds,
 * against the same deals done here one by one, their first cards
 * compared pair by pair (no keys, no sort): the seeds that deal seed
 * 3777's first five cards, and for each k the sum over seeds of the
 * seeds that share their first k cards.
 */
static void
test_seed_match(void **state)
{
	enum { SEEDS = 3000, FIRST = 3000, PICK = 777, N = 52 };
	const sa_shuffle *poker = sa_shuffle_find("poker-1999");
	const sa_seeded_gen *delphi = sa_seeded_find("delphi");
	sa_seeds_opts o = { .first = FIRST, .count = SEEDS, .threads = 2 };
	static unsigned char top[SEEDS][8];
	static uint64_t same[SEEDS];
	unsigned seen[5];
	uint64_t matches = 0;
	sa_seeds_match m;

	(void)state;
	for (unsigned s = 0; s < SEEDS; s++) {
		unsigned deck[N];
		sa_seeded g;

		sa_seeded_init(&g, delphi, FIRST + s);
		for (unsigned i = 0; i < N; i++)
			deck[i] = i;
		poker->run(poker, deck, N, &g.base);
		for (int i = 0; i < 8; i++)
			top[s][i] = (unsigned char)deck[i];
	}
	for (int i = 0; i < 5; i++)
		seen[i] = top[PICK][i];
	for (unsigned s = 0; s < SEEDS; s++)
		matches += memcmp(top[s], top[PICK], 5) == 0;
	assert_int_equal(sa_seeds_match_run(poker, N, delphi, &o, seen, 5, 3,
	    &m), SA_OK);
	assert_int_equal(m.seeds, SEEDS);
	assert_int_equal(m.matches, matches);
	assert_int_equal(m.depth, 8);
	assert_true(m.listed >= 1 && m.first[0] <= FIRST + PICK);
	for (size_t k = 1; k <= 8; k++) {
		double sum = 0;

		memset(same, 0, sizeof same);
		for (unsigned a = 0; a < SEEDS; a++)
			for (unsigned b = a; b < SEEDS; b++)
				if (memcmp(top[a], top[b], k) == 0)
					same[a] += b == a ? 1 : 2;
		for (unsigned a = 0; a < SEEDS; a++)
			sum += (double)same[a];
		assert_true(fabs(sa_fraction_to_double(&m.remain[k - 1]) *
		    SEEDS - sum) < 1e-6 * sum);
	}
	sa_seeds_match_free(&m);
	/* a seen card not in the deck, more seen cards than the deck */
	seen[0] = N;
	assert_int_equal(sa_seeds_match_run(poker, N, delphi, &o, seen, 1, 0,
	    &m), SA_EINVAL);
	assert_int_equal(sa_seeds_match_run(poker, 3, delphi, &o, seen, 5, 0,
	    &m), SA_EINVAL);
}

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

/* The naive shuffle of 3 cards with draws 2, 0, 2 (OEIS: j = 3, 1, 3). */
static void
test_trace(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	static const uint64_t draws[] = { 2, 0, 2 };
	static const unsigned decks[4][3] = {
		{ 0, 1, 2 }, { 2, 1, 0 }, { 1, 2, 0 }, { 1, 2, 0 },
	};
	static const uint64_t bad[] = { 2, 3, 0 };
	sa_trace t;

	(void)state;
	assert_int_equal(sa_trace_run(naive, 3, NULL, draws, 3, 0, &t), SA_OK);
	assert_int_equal(t.steps, 3);
	for (size_t k = 0; k < 3; k++) {
		assert_int_equal(t.bound[k], 3);
		assert_int_equal(t.value[k], draws[k]);
	}
	assert_memory_equal(t.deck, decks, sizeof decks);
	sa_trace_free(&t);

	assert_int_equal(sa_trace_run(naive, 3, NULL, bad, 3, 0, &t),
	    SA_ERANGE);
	assert_int_equal(t.steps, 1);	/* the second draw, 3, is out */
	sa_trace_free(&t);
	assert_int_equal(sa_trace_run(naive, 3, NULL, draws, 2, 0, &t),
	    SA_ESHORT);
	assert_int_equal(t.steps, 2);
	sa_trace_free(&t);
	assert_int_equal(sa_trace_run(sa_shuffle_find("durstenfeld"), 3, NULL,
	    draws, 3, 0, &t), SA_ELONG);
	sa_trace_free(&t);
}

/* A trace from a generator records the bounds the shuffle asked for. */
static void
test_trace_seeded(void **state)
{
	sa_mulberry32 g;
	sa_trace t;

	(void)state;
	sa_mulberry32_init(&g, 12345);
	assert_int_equal(sa_trace_run(sa_shuffle_find("durstenfeld"), 4,
	    &g.base, NULL, 0, 0, &t), SA_OK);
	assert_int_equal(t.steps, 3);
	assert_int_equal(t.bound[0], 4);
	assert_int_equal(t.bound[1], 3);
	assert_int_equal(t.bound[2], 2);
	/* The deck at the end: K Q A J. */
	assert_int_equal(t.deck[3 * 4 + 0], 1);
	assert_int_equal(t.deck[3 * 4 + 1], 2);
	assert_int_equal(t.deck[3 * 4 + 2], 0);
	assert_int_equal(t.deck[3 * 4 + 3], 3);
	sa_trace_free(&t);
}

struct collect {
	unsigned target[3];
	char found[8][8];
	int count, runs;
};

static int
collect(void *ctx, const unsigned *deck, size_t n, const uint64_t *draws,
    const uint64_t *bounds, size_t ndraws)
{
	struct collect *c = ctx;

	(void)bounds;
	c->runs++;
	if (memcmp(deck, c->target, n * sizeof *deck) != 0)
		return 0;
	assert_int_equal(ndraws, 3);
	assert_true(c->count < 8);
	for (size_t k = 0; k < ndraws; k++)
		c->found[c->count][k] = (char)('1' + draws[k]);
	c->found[c->count][ndraws] = '\0';
	c->count++;
	return 0;
}

/*
 * OEIS A192053's example: the naive shuffle of 3 cards lands on 2,3,1
 * (our 120) from j = 1,1,2; 1,3,1; 2,2,2; 2,3,3; 3,1,3 (1-based).
 */
static void
test_walk_oeis_example(void **state)
{
	struct collect c = { { 1, 2, 0 }, { { 0 } }, 0, 0 };

	(void)state;
	assert_int_equal(sa_walk(sa_shuffle_find("naive"), 3, 0, collect, &c),
	    SA_OK);
	assert_int_equal(c.runs, 27);
	assert_int_equal(c.count, 5);
	assert_string_equal(c.found[0], "112");
	assert_string_equal(c.found[1], "131");
	assert_string_equal(c.found[2], "222");
	assert_string_equal(c.found[3], "233");
	assert_string_equal(c.found[4], "313");
}

static int
stop_at_three(void *ctx, const unsigned *deck, size_t n,
    const uint64_t *draws, const uint64_t *bounds, size_t ndraws)
{
	int *runs = ctx;

	(void)deck;
	(void)n;
	(void)draws;
	(void)bounds;
	(void)ndraws;
	return ++*runs == 3 ? 42 : 0;
}

static void
test_walk_stops(void **state)
{
	int runs = 0;

	(void)state;
	assert_int_equal(sa_walk(sa_shuffle_find("naive"), 3, 0, stop_at_three,
	    &runs), 42);
	assert_int_equal(runs, 3);
}

static void
test_notations(void **state)
{
	/* Position 0 holds card 1, 1 holds 2, 2 holds 0, 3 holds 3. */
	static const unsigned p[] = { 1, 2, 0, 3 };
	static const unsigned id[] = { 0, 1, 2 };
	char buf[64];

	(void)state;
	sa_perm_format_as(p, 4, SA_NOTATION_ARRAY, buf, sizeof buf);
	assert_string_equal(buf, "1203");
	/* Card 0 ended at 2, card 1 at 0, card 2 at 1, card 3 at 3. */
	sa_perm_format_as(p, 4, SA_NOTATION_INVERSE, buf, sizeof buf);
	assert_string_equal(buf, "2013");
	/* Card 0 -> position 2, card 2 -> 1, card 1 -> 0; 3 stays. */
	assert_int_equal(sa_perm_format_as(p, 4, SA_NOTATION_CYCLES, buf,
	    sizeof buf), 10);
	assert_string_equal(buf, "(0 2 1)(3)");
	sa_perm_format_as(id, 3, SA_NOTATION_CYCLES, buf, sizeof buf);
	assert_string_equal(buf, "(0)(1)(2)");
	/* Cut short, still terminated, full length reported. */
	assert_int_equal(sa_perm_format_as(p, 4, SA_NOTATION_CYCLES, buf, 4),
	    10);
	assert_string_equal(buf, "(0 ");
}

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
		cmocka_unit_test(test_mulberry32),
		cmocka_unit_test(test_seed_page_deal),
		cmocka_unit_test(test_mulberry32_draw),
		cmocka_unit_test(test_xoshiro256),
		cmocka_unit_test(test_sample),
		cmocka_unit_test(test_sample_fast),
		cmocka_unit_test(test_seeded_glibc),
		cmocka_unit_test(test_seeded_java),
		cmocka_unit_test(test_seeded_dotnet),
		cmocka_unit_test(test_seeded_mt19937_delphi),
		cmocka_unit_test(test_seed_space),
		cmocka_unit_test(test_seed_match),
		cmocka_unit_test(test_sysrandom),
		cmocka_unit_test(test_trace),
		cmocka_unit_test(test_trace_seeded),
		cmocka_unit_test(test_walk_oeis_example),
		cmocka_unit_test(test_walk_stops),
		cmocka_unit_test(test_notations),
		cmocka_unit_test(test_reduce_weights),
		cmocka_unit_test(test_reduce_scale),
		cmocka_unit_test(test_reduce_draw),
		cmocka_unit_test(test_reduced_census),
		cmocka_unit_test(test_unbiased_methods),
		cmocka_unit_test(test_reduce_parse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
