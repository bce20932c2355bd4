/*
 * test_placed.c - a real placed elsewhere in its cell (sa_real_at's
 * SA_PLACE_LOW, _HIGH and _INNER), and the audit that makes every run
 * that drew reals again under those placements (sa_audit_opts's
 * PLACED), against what is worked out here with exact fractions:
 *   - each placement keeps a real strictly inside its cell (checked by
 *     integer arithmetic on the double's exact value) and the order of
 *     the reals of a cell; LOW and HIGH stay within 2^-K of a cell's
 *     width from its ends; the inner point is no fraction of
 *     denominator up to 1000;
 *   - code whose deck depends on where a real falls inside its cell,
 *     not only on the cell (rounding half to even, whose boundaries fall
 *     on the cells' midpoints; thresholds at 0.3 and 0.6), is fair when
 *     counted at the midpoints alone, though the exact chances worked
 *     out here from its boundaries are not equal: placed, it ends with
 *     SA_EMODEL; code that uses its reals through floor(u * k) for k
 *     dividing the cells is counted fair either way, as the exact
 *     chances say; code that also changes its deck on its own (a
 *     counter kept between calls) ends with SA_ENONDET;
 *   - counted from 2 cells at the cells each moved run proposes
 *     (sa_replay_edge), rounding ends at 4 cells, the thresholds at 10,
 *     with the exact chances.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"

__extension__ typedef unsigned __int128 u128;

/*
 * Whether the double U lies strictly inside cell CELL of M: CELL / M <
 * U < (CELL + 1) / M, exactly.  U = F 2^(E - 53) with F < 2^53 an
 * integer, so the test is CELL 2^(53 - E) < F M < (CELL + 1) 2^(53 - E).
 */
static bool
inside(double u, uint64_t cell, uint64_t m)
{
	int e;
	double f = frexp(u, &e);
	u128 mant = (u128)ldexp(f, 53), lhs = mant * m, scale;

	assert_true(e <= 0 && 53 - e < 120);
	scale = (u128)1 << (53 - e);
	return lhs > (u128)cell * scale && lhs < (u128)(cell + 1) * scale;
}

/* The bits of M. */
static unsigned
bits_of(uint64_t m)
{
	unsigned b = 0;

	for (; m != 0; m >>= 1)
		b++;
	return b;
}

static void
test_placements(void **state)
{
	static const uint64_t ms[] = { 1, 2, 3, 6, 12, 60, 840, 27720,
	    720720 };
	static const unsigned places[] = { SA_PLACE_LOW, SA_PLACE_HIGH,
	    SA_PLACE_INNER };

	(void)state;
	for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++) {
		uint64_t m = ms[i];
		unsigned k = sa_real_place_bits(m);

		/* As documented: min(20, (51 - bits) / 2). */
		assert_int_equal(k, (51 - bits_of(m)) / 2 < 20 ?
		    (51 - bits_of(m)) / 2 : 20);
		for (size_t p = 0; p < 3; p++)
			for (uint64_t c = 0; c < m && c < 7; c++) {
				uint64_t cell = (c * 7919) % m;
				double prev = 0;

				/* Places of depth up to 10, in order. */
				for (uint64_t pos = SA_REAL_PLACES >> 10;
				    pos < SA_REAL_PLACES;
				    pos += SA_REAL_PLACES >> 10) {
					double u, h;

					assert_int_equal(sa_real_at(cell, pos, m,
					    places[p], &u), SA_OK);
					assert_true(inside(u, cell, m));
					assert_true(u > prev);
					prev = u;
					h = u * (double)m - (double)cell;
					if (places[p] == SA_PLACE_LOW)
						assert_true(h < ldexp(1, -(int)k));
					if (places[p] == SA_PLACE_HIGH)
						assert_true(1 - h <
						    ldexp(1, -(int)k));
				}
			}
	}
	/*
	 * The inner point of the first real (depth 1): C / 2^K, C odd, K as
	 * many bits as the double keeps past the cells' and the depth's, so
	 * no p / q of small q; and its low bits vary, so that code reading
	 * bit 32 of a real (a coin, floor(u * 2^32) & 1) is seen to.
	 */
	for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++) {
		double u;
		unsigned k = 51 - bits_of(ms[i]) - 1;
		uint64_t num;

		assert_int_equal(sa_real_at(0, SA_REAL_PLACES / 2, ms[i],
		    SA_PLACE_INNER, &u), SA_OK);
		num = (uint64_t)ldexp(u * (double)ms[i], (int)k);
		assert_true(ldexp((double)num, -(int)k) == u * (double)ms[i]);
		assert_true(num % 2 == 1);
		for (uint64_t q = 1; q <= 1000; q++)
			assert_true((num * q) % (UINT64_C(1) << k) != 0);
		assert_true(fabs(u * (double)ms[i] - 0.381966) < 0.001);
	}
	{
		double u, v;

		assert_int_equal(sa_real_at(0, SA_REAL_PLACES / 2, 2,
		    SA_PLACE_INNER, &u), SA_OK);
		assert_int_equal(sa_real_at(0, SA_REAL_PLACES / 2, 2,
		    SA_PLACE_MID, &v), SA_OK);
		assert_true((uint64_t)ldexp(v, 32) % 2 == 0);
		assert_true((uint64_t)ldexp(u, 32) % 2 == 1 ||
		    (uint64_t)ldexp(u, 31) % 2 == 1);
	}
	/* A place too deep for the cells and K, and a place unknown. */
	{
		double u;

		assert_int_equal(sa_real_at(0, 1, 12, SA_PLACE_LOW, &u),
		    SA_ETIES);
		assert_int_equal(sa_real_at(0, SA_REAL_PLACES / 2, 12, 5, &u),
		    SA_EINVAL);
	}
}

/* ---- Code over reals, audited with and without placements ---- */

enum kind { ROUND, THRESHOLD, FLOOR, OWN_COUNTER, LOW_BIT_LOOP };

static void
swap(unsigned *deck, size_t a, size_t b)
{
	unsigned t = deck[a];

	deck[a] = deck[b];
	deck[b] = t;
}

static unsigned counter;	/* OWN_COUNTER's state between calls */
static uint64_t calls;		/* the runs made, however made */

static void
kind_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	enum kind k = *(const enum kind *)self->ctx;
	double u;

	calls++;

	switch (k) {
	case ROUND:	/* j = round half to even of u i, i from n - 1 */
		for (size_t i = n - 1; i >= 1; i--)
			swap(deck, i, (size_t)lrint(sa_real(o) * (double)i));
		break;
	case THRESHOLD:	/* 3 cards: j by 0.3 and 0.6, then a coin */
		u = sa_real(o);
		swap(deck, 2, u < 0.3 ? 0 : u < 0.6 ? 1 : 2);
		if (sa_real(o) < 0.5)
			swap(deck, 0, 1);
		break;
	case FLOOR:	/* Durstenfeld's over floor(u i) */
		for (size_t i = n; i > 1; i--)
			swap(deck, i - 1, (size_t)floor(sa_real(o) *
			    (double)i));
		break;
	case OWN_COUNTER:	/* FLOOR, then a swap every third call */
		for (size_t i = n; i > 1; i--)
			swap(deck, i - 1, (size_t)floor(sa_real(o) *
			    (double)i));
		if (++counter % 3 == 0)
			swap(deck, 0, 1);
		break;
	case LOW_BIT_LOOP:	/* coins from bit 32 of reals, drawn again */
		for (size_t i = n - 1; i >= 1; i--) {
			size_t j;

			do
				j = (size_t)((uint64_t)ldexp(sa_real(o), 32) &
				    1) * 2 + ((uint64_t)ldexp(sa_real(o), 32) &
				    1);
			while (j > i);
			swap(deck, i, j);
		}
		break;
	}
}

/*
 * The exact chance of each ordering of 3 cards, times 120 (all are
 * multiples of 1/120), worked out from the code's boundaries: for a
 * step j(u) of a uniform u, the chance of j is the length of the
 * interval that gives it.  ROUND: lrint(2u) is 0 on [0, 1/4), 1 on
 * [1/4, 3/4), 2 on [3/4, 1); lrint(u) is 0 on [0, 1/2), 1 on [1/2, 1)
 * (the ties have chance 0).  THRESHOLD: 0.3, 0.3, 0.4, then 1/2 each.
 * FLOOR: 1/3 each, then 1/2.  Each ordering is ranked as sa_perm_rank
 * ranks it.
 */
static void
exact(enum kind k, uint64_t want[6])
{
	uint64_t a[3], b[2] = { 60, 60 };	/* 120ths */

	switch (k) {
	case ROUND:
		a[0] = 30, a[1] = 60, a[2] = 30;
		break;
	case THRESHOLD:
		a[0] = 36, a[1] = 36, a[2] = 48;
		break;
	default:
		a[0] = a[1] = a[2] = 40;
		break;
	}
	memset(want, 0, 6 * sizeof *want);
	for (size_t j = 0; j < 3; j++)
		for (size_t c = 0; c < 2; c++) {
			unsigned deck[3] = { 0, 1, 2 };
			uint64_t rank;

			swap(deck, 2, j);
			if (k == THRESHOLD && c == 0)	/* u < 1/2 */
				swap(deck, 0, 1);
			else if (k != THRESHOLD)
				swap(deck, 1, c);
			rank = sa_perm_rank(deck, 3);
			/* a[j] / 120 times b[c] / 120, over 120: / 120. */
			want[rank] += a[j] * b[c] / 120;
		}
}

/*
 * The census of K on 3 cards, placed or not: its status, *FAIR, and in
 * PLACED_SEQS the sequences it says were placed, SEQS those it walked.
 */
static uint64_t placed_seqs, seqs;

static int
audit(enum kind k, bool placed, bool *fair)
{
	const sa_shuffle sh = { .name = "t", .summary = "t", .run = kind_run,
	    .ctx = &k };
	sa_census_opts opts;
	sa_audit_opts ao;
	sa_census *c = NULL;
	int status;

	memset(&opts, 0, sizeof opts);
	opts.engine = SA_ENGINE_REPLAY;
	memset(&ao, 0, sizeof ao);
	ao.twice = true;
	ao.real_place = placed ? SA_PLACED : 0;
	assert_int_equal(sa_real_cells_for(3, &ao.real_cells), SA_OK);
	status = sa_census_run_audited(&sh, 3, &opts, &ao, &c);
	*fair = status == SA_OK && sa_census_about(c)->fair;
	placed_seqs = status == SA_OK ? sa_census_about(c)->placed : 0;
	seqs = status == SA_OK ? sa_census_about(c)->sequences : 0;
	sa_census_free(c);
	return status;
}

static bool
uniform(const uint64_t want[6])
{
	for (size_t i = 1; i < 6; i++)
		if (want[i] != want[0])
			return false;
	return true;
}

static void
test_placed_census(void **state)
{
	uint64_t want[6], sum;
	bool fair;

	(void)state;
	/* The exact chances: rounding and thresholds are not fair. */
	exact(ROUND, want);
	assert_false(uniform(want));
	sum = 0;
	for (size_t i = 0; i < 6; i++)
		sum += want[i];
	assert_true(sum == 120);
	exact(THRESHOLD, want);
	assert_false(uniform(want));
	exact(FLOOR, want);
	assert_true(uniform(want));

	/* At the midpoints alone, both look fair: the model's verdict. */
	assert_int_equal(audit(ROUND, false, &fair), SA_OK);
	assert_true(fair);
	assert_int_equal(audit(THRESHOLD, false, &fair), SA_OK);
	assert_true(fair);
	/* Placed, neither gets a verdict. */
	assert_int_equal(audit(ROUND, true, &fair), SA_EMODEL);
	assert_int_equal(audit(THRESHOLD, true, &fair), SA_EMODEL);
	/* floor(u k), k dividing the cells: fair either way, as it is;
	 * placed, every sequence (each draws reals) is said to be placed,
	 * and none when not. */
	assert_int_equal(audit(FLOOR, true, &fair), SA_OK);
	assert_true(fair);
	assert_true(seqs > 6);
	assert_true(placed_seqs == seqs);
	assert_int_equal(audit(FLOOR, false, &fair), SA_OK);
	assert_true(fair);
	assert_true(placed_seqs == 0);
	/* Both ends of every cell at the cost of the repeat: counted near
	 * the low ends, made again near the high ends in place of the
	 * first repeat, and at an inner point in place of a second one or
	 * in one run in 64 more.  Three placements after the count, as
	 * before, would make 2 runs more a sequence. */
	{
		uint64_t bare, with;

		calls = 0;
		assert_int_equal(audit(FLOOR, false, &fair), SA_OK);
		bare = calls;
		calls = 0;
		assert_int_equal(audit(FLOOR, true, &fair), SA_OK);
		with = calls;
		assert_true(bare >= 2 * seqs);
		assert_true(with <= bare + (seqs + 63) / 64);
	}
	/* Randomness of its own: the run made again as it was moves too. */
	counter = 0;
	assert_int_equal(audit(OWN_COUNTER, true, &fair), SA_ENONDET);
	/* A loop on a real's low bits: placed elsewhere, the run asks for
	 * other draws (a coin drawn again), and the same again as it was:
	 * the model's, not randomness of its own. */
	assert_int_equal(audit(LOW_BIT_LOOP, true, &fair), SA_EMODEL);
}

/*
 * The cells that follow the code (sa_replay_edge, find_edges): counted
 * from 2 cells, each count that a placed run moves proposes the cells
 * where that run moved, and the next count is made there, as the
 * auditor's runner does.  Rounding at 3 cards is counted at 4 cells
 * (its edges 1/4, 1/2, 3/4), the thresholds 0.3 and 0.6 at 10, floor
 * at 6; and at the cells the search ends on, every run placed agrees
 * and the tallies are the exact chances worked out above from the
 * code's boundaries (exact()), count for count.
 */
static uint64_t
cells_found(enum kind k, uint64_t want_cells)
{
	const sa_shuffle sh = { .name = "t", .summary = "t", .run = kind_run,
	    .ctx = &k };
	uint64_t val[64], bound[64], m = 2, exact_120[6], total = 0;
	sa_replay_window w;
	sa_census_opts opts;
	sa_audit_opts ao;
	sa_census *c = NULL;
	int status;
	unsigned tries = 0;

	for (;;) {
		memset(&w, 0, sizeof w);
		w.val = val;
		w.bound = bound;
		w.cap = 64;
		memset(&opts, 0, sizeof opts);
		opts.engine = SA_ENGINE_REPLAY;
		memset(&ao, 0, sizeof ao);
		ao.twice = true;
		ao.real_place = SA_PLACED;
		ao.real_cells = m;
		ao.window = &w;
		ao.find_edges = 1;
		status = sa_census_run_audited(&sh, 3, &opts, &ao, &c);
		assert_true(++tries <= 4);
		if (status != SA_EMODEL)
			break;
		/* A finer multiple of the cells, each time. */
		assert_true(w.edge_cells > m && w.edge_cells % m == 0);
		m = w.edge_cells;
	}
	assert_int_equal(status, SA_OK);
	assert_true(m == want_cells);
	exact(k, exact_120);
	for (uint64_t r = 0; r < 6; r++)
		total += sa_census_count(c, r);
	for (uint64_t r = 0; r < 6; r++)
		assert_true(sa_census_count(c, r) * 120 == exact_120[r] * total);
	sa_census_free(c);
	return m;
}

static void
test_edge_cells(void **state)
{
	uint64_t cells = 0, val[2] = { 0, 1 }, bound[2] = { 2, 2 };
	sa_audit_opts ao;
	enum kind k = THRESHOLD;
	const sa_shuffle sh = { .name = "t", .summary = "t", .run = kind_run,
	    .ctx = &k };

	(void)state;
	assert_true(cells_found(ROUND, 4) == 4);
	assert_true(cells_found(THRESHOLD, 10) == 10);
	assert_true(cells_found(FLOOR, 6) == 6);
	/* One run alone: its first real in cell 0 of 2, [0, 1/2), where
	 * the threshold 0.3 moves it, its second in the other cell (one in
	 * the same cell would take a place draw too): 10 cells put 0.3 on
	 * an edge. */
	memset(&ao, 0, sizeof ao);
	ao.real_cells = 2;
	assert_int_equal(sa_replay_edge(&sh, 3, val, bound, 2, &ao, &cells),
	    SA_OK);
	assert_true(cells == 10);
	/* Its first real in cell 1, [1/2, 1), where 0.6 moves it: 10. */
	val[0] = 1;
	val[1] = 0;
	cells = 0;
	assert_int_equal(sa_replay_edge(&sh, 3, val, bound, 2, &ao, &cells),
	    SA_OK);
	assert_true(cells == 10);
	/* floor(u k) at 6 cells, its edges on the cells' edges: no point
	 * inside a cell moves a run. */
	k = FLOOR;
	ao.real_cells = 6;
	bound[0] = bound[1] = 6;
	for (val[0] = 0; val[0] < 6; val[0]++)
		for (val[1] = 0; val[1] < 6; val[1]++)
			if (val[1] != val[0])
				assert_int_equal(sa_replay_edge(&sh, 3, val,
				    bound, 2, &ao, &cells), SA_ERANGE);
	/* Cells past what the search looks at. */
	ao.real_cells = 65537;
	bound[0] = bound[1] = 65537;
	assert_int_equal(sa_replay_edge(&sh, 3, val, bound, 2, &ao, &cells),
	    SA_ERANGE);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_placements),
		cmocka_unit_test(test_placed_census),
		cmocka_unit_test(test_edge_cells),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
