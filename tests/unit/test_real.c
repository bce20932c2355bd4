/*
 * test_real.c - the reals of audits (exec.c, oracle.c, the plugin
 * header): the cells' default, the text "real" is answered with, and
 * that floor(u * k) never lands on a cell's edge, so that it is exactly
 * uniform for every k dividing the cells, checked against integer
 * arithmetic; the places of tied reals (sa_real_at); and the census of
 * code that compares its reals (a sort by random keys, a pick of the
 * smallest, a comparator on u < 1/2, a float Fisher-Yates, a mix)
 * against an enumeration written here: every cell of every real and
 * every order of the reals within their cells, each with the chance
 * independent uniform reals give it, the reals made by another rule
 * (evenly spaced within their cell) than the library's.
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
#include "reference.h"

/* lcm(1..n) by trial: the smallest multiple of lcm(1..n-1) that k divides. */
static uint64_t
lcm_upto(unsigned n)
{
	uint64_t l = 1;

	for (uint64_t k = 2; k <= n; k++) {
		uint64_t m = l;

		while (m % k != 0)
			m += l;
		l = m;
	}
	return l;
}

static void
test_real_cells_default(void **state)
{
	uint64_t m;

	(void)state;
	for (unsigned n = 0; n <= 22; n++) {
		assert_int_equal(sa_real_cells_for(n, &m), SA_OK);
		assert_true(m == lcm_upto(n));
	}
	assert_true(m == UINT64_C(232792560));	/* lcm(1..22) */
	assert_true(m <= SA_DRAW_MAX);
	assert_int_equal(sa_real_cells_for(23, &m), SA_ERANGE);
	assert_int_equal(sa_real_cells_for(100, &m), SA_ERANGE);
}

/*
 * The cells tried in turn (sa_real_cells_next) against the list made
 * here: each lcm(1..k) and twice it for k = 2 .. n, sorted with the
 * repeats dropped, those below the cap, and the cap last; nothing past
 * it.
 */
static void
test_real_cells_next(void **state)
{
	static const uint64_t caps[] = { 1, 2, 5, 12, 24, 60, 100, 120,
	    UINT64_C(4294967296) };
	uint64_t list[32], m, got;

	(void)state;
	for (unsigned n = 1; n <= 8; n++) {
		for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
			size_t len = 0, at = 0;

			for (unsigned j = 0; j < 2 * n; j++) {
				/* Candidate j: lcm(1..j/2 + 1), doubled when
				 * j is odd; put in order by insertion. */
				unsigned k = j / 2 + 1;
				uint64_t v = (j % 2 + 1) * lcm_upto(k);
				size_t i = len;

				if (k < 2 || k > n || v >= caps[c])
					continue;
				while (i > 0 && list[i - 1] > v)
					i--;
				if (i > 0 && list[i - 1] == v)
					continue;
				memmove(list + i + 1, list + i, (len - i) *
				    sizeof *list);
				list[i] = v;
				len++;
			}
			list[len++] = caps[c];
			for (m = 0; sa_real_cells_next(n, m, caps[c], &got) ==
			    SA_OK; m = got)
				assert_true(at < len && got == list[at++]);
			assert_true(at == len);
			assert_true(m == caps[c]);
		}
	}
	assert_int_equal(sa_real_cells_next(3, 0, 0, &got), SA_ERANGE);
	assert_int_equal(sa_real_cells_next(3, 0, SA_DRAW_MAX + 1, &got),
	    SA_ERANGE);
	assert_int_equal(sa_real_cells_next(3, 0, 12, NULL), SA_ERANGE);
}

/*
 * Cell J of M as the text says it, read back: the same double as the
 * midpoint computed in doubles, which is what a harness computes from a
 * plan; and floor(u * k) is (2J + 1) k div 2M, the exact answer, for K.
 */
static void
check_cell(uint64_t j, uint64_t m, uint64_t k)
{
	char text[40];
	double u, mid = (double)(2 * j + 1) / (double)(2 * m);

	sa_real_text(j, m, text, sizeof text);
	assert_non_null(strchr(text, '\n'));
	u = strtod(text, NULL);
	if (u != mid)
		fail_msg("cell %llu of %llu: \"%s\" reads %.17g, not %.17g",
		    (unsigned long long)j, (unsigned long long)m, text, u, mid);
	assert_true(u > 0 && u < 1);
	if ((uint64_t)floor(u * (double)k) != (2 * j + 1) * k / (2 * m))
		fail_msg("cell %llu of %llu, k %llu: floor(u * k) is %.0f",
		    (unsigned long long)j, (unsigned long long)m,
		    (unsigned long long)k, floor(u * (double)k));
}

/* Every cell of lcm(1..n) up to 11 cards, every k up to n. */
static void
test_real_every_cell(void **state)
{
	(void)state;
	for (unsigned n = 1; n <= 11; n++) {
		uint64_t m = lcm_upto(n);

		for (uint64_t j = 0; j < m; j++)
			for (uint64_t k = 1; k <= n; k++)
				check_cell(j, m, k);
	}
}

/*
 * The largest cells allowed (2^32, lcm(1..22)) and others large: the
 * cells on either side of every edge floor(u * k) could fall on, for
 * many k dividing M, where a rounding would show first.  For k dividing
 * M the exact u * k is at least k / 2M from an integer, and a double's
 * two roundings move it by less than k * 2^-52.
 */
static void
test_real_edges(void **state)
{
	const uint64_t ms[] = { SA_DRAW_MAX, 232792560, UINT64_C(3221225472),
	    UINT64_C(4294967291), 720720, 3 };
	uint64_t s = 12345;

	(void)state;
	for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++) {
		uint64_t m = ms[i];

		for (uint64_t k = 1; k <= 64 && k <= m; k++) {
			if (m % k != 0)
				continue;
			for (int t = 0; t < 200; t++) {
				uint64_t q, mk = m / k, edge;

				s = s * 6364136223846793005u + 1442695040888963407u;
				q = (s >> 33) % k;	/* an edge: q * M / k */
				edge = q * mk;
				check_cell(edge, m, k);
				if (edge > 0)
					check_cell(edge - 1, m, k);
				check_cell(edge + mk - 1, m, k);
			}
			check_cell(0, m, k);
			check_cell(m - 1, m, k);
		}
	}
}

/* sa_real over an oracle: its cells, or 2^32 when it names none. */
static uint64_t last_bound;

static uint64_t
top_draw(sa_oracle *o, uint64_t bound)
{
	(void)o;
	last_bound = bound;
	return bound - 1;
}

static void
test_real_oracle(void **state)
{
	sa_oracle o;
	double u;

	(void)state;
	memset(&o, 0, sizeof o);
	o.draw = top_draw;
	u = sa_real(&o);
	assert_true(last_bound == SA_DRAW_MAX);
	assert_true(u == (double)(2 * SA_DRAW_MAX - 1) / (double)(2 *
	    SA_DRAW_MAX));
	o.real_cells = 6;
	u = sa_real(&o);
	assert_true(last_bound == 6);
	assert_true(u == 11.0 / 12.0);
	assert_true(floor(u * 6) == 5 && floor(u * 3) == 2 && floor(u * 2) == 1);
}


/*
 * sa_real_at: the middle of a cell is the old midpoint; a place and the
 * second model's (halved) stay inside the cell, in order, with
 * floor(u * k) the cell's for every k dividing M; too deep a place is
 * refused.
 */
static void
test_real_places(void **state)
{
	const uint64_t ms[] = { 1, 2, 12, 60, 27720, 232792560, SA_DRAW_MAX };
	double u, v;

	(void)state;
	for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++) {
		uint64_t m = ms[i];

		for (uint64_t j = 0; j < m && j < 50; j++) {
			uint64_t cell = j * 7919 % m;
			double prev = -1;

			assert_int_equal(sa_real_at(cell, SA_REAL_PLACES / 2, m, 0,
			    &u), SA_OK);
			assert_true(u == (double)(2 * cell + 1) / (double)(2 * m));
			/* places 2^40 * odd and even, d up to 13: in order,
			 * inside the cell, floor(u * k) the cell's */
			for (uint64_t pos = SA_REAL_PLACES >> 12;
			    pos < SA_REAL_PLACES; pos += SA_REAL_PLACES >> 12) {
				for (unsigned place = 0; place <= 1; place++) {
					assert_int_equal(sa_real_at(cell, pos, m,
					    place, &v), SA_OK);
					assert_true(v * (double)m > (double)cell);
					assert_true(v * (double)m < (double)cell +
					    1);
					for (uint64_t k = 1; k <= 24; k++)
						if (m % k == 0 && (uint64_t)floor(v *
						    (double)k) != cell / (m / k))
							fail_msg("cell %llu of %llu, "
							    "place %llu: floor(u * "
							    "%llu) is %.0f",
							    (unsigned long long)cell,
							    (unsigned long long)m,
							    (unsigned long long)pos,
							    (unsigned long long)k,
							    floor(v * (double)k));
				}
				assert_int_equal(sa_real_at(cell, pos, m, 0, &v),
				    SA_OK);
				assert_true(v > prev);
				prev = v;
			}
		}
	}
	/* 2^32 cells keep places to depth 19 (2^32 2^19 = 2^51), not 20 */
	assert_int_equal(sa_real_at(5, UINT64_C(3) << 33, SA_DRAW_MAX, 0, &u),
	    SA_OK);
	assert_int_equal(sa_real_at(5, UINT64_C(3) << 32, SA_DRAW_MAX, 0, &u),
	    SA_ETIES);
	assert_int_equal(sa_real_at(5, UINT64_C(3) << 33, SA_DRAW_MAX, 1, &u),
	    SA_ETIES);
	assert_int_equal(sa_real_at(0, 1, 12, 0, &u), SA_ETIES);
	assert_int_equal(sa_real_at(0, 0, 12, 0, &u), SA_EINVAL);
	assert_int_equal(sa_real_at(12, 1, 12, 0, &u), SA_EINVAL);
	assert_int_equal(sa_real_at(0, SA_REAL_PLACES, 12, 0, &u), SA_EINVAL);
	assert_int_equal(sa_real_at(0, SA_REAL_PLACES / 2, 12, 5, &u),
	    SA_EINVAL);
}

/* ---- Code that uses its reals, counted two ways. ---- */

__extension__ typedef unsigned __int128 u128;

/* Each takes R(n) reals, whatever they are, so the enumeration below can
 * give it every vector of R reals. */
enum kind { SORT_KEYS, PICK_SMALLEST, COMPARATOR, FLOAT_FY, NAIVE_FLOAT,
	MIXED };

static size_t
reals_of(enum kind k, size_t n)
{
	switch (k) {
	case SORT_KEYS:
		return n;
	case PICK_SMALLEST:
		return n * (n + 1) / 2 - 1;	/* n + (n-1) + ... + 2 */
	case COMPARATOR:
		return n * (n - 1) / 2;		/* a bubble sort's pairs */
	case FLOAT_FY:
		return n - 1;
	case NAIVE_FLOAT:
		return n;
	case MIXED:
		return 2 * (n - 1);
	}
	return 0;
}

/* The deck sorted by one key a card, ties kept in deck order (stable). */
static void
sort_keys(unsigned *deck, size_t n, sa_oracle *o)
{
	double key[16];

	for (size_t i = 0; i < n; i++)
		key[i] = sa_real(o);
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && key[j] < key[j - 1]; j--) {
			double t = key[j];
			unsigned c = deck[j];

			key[j] = key[j - 1];
			key[j - 1] = t;
			deck[j] = deck[j - 1];
			deck[j - 1] = c;
		}
}

/* Position i gets the remaining card with the smallest of fresh keys. */
static void
pick_smallest(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = 0; i + 1 < n; i++) {
		size_t best = i;
		double low = sa_real(o);

		for (size_t j = i + 1; j < n; j++) {
			double u = sa_real(o);

			if (u < low) {
				low = u;
				best = j;
			}
		}
		unsigned c = deck[i];

		deck[i] = deck[best];
		deck[best] = c;
	}
}

/* Every pair of a bubble sort's passes swapped when u < 1/2. */
static void
comparator(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = 0; i + 1 < n; i++)
		for (size_t j = 0; j + 1 < n - i; j++)
			if (sa_real(o) < 0.5) {
				unsigned c = deck[j];

				deck[j] = deck[j + 1];
				deck[j + 1] = c;
			}
}

static void
float_fy(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)floor(sa_real(o) * (double)i);
		unsigned c = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = c;
	}
}

/* The naive loop: every position swapped with floor(u * n). */
static void
naive_float(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = 0; i < n; i++) {
		size_t j = (size_t)floor(sa_real(o) * (double)n);
		unsigned c = deck[i];

		deck[i] = deck[j];
		deck[j] = c;
	}
}

/* A float Fisher-Yates step, then, when a second real is below the
 * first, the card just placed swapped with the one placed before it. */
static void
mixed(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = n; i > 1; i--) {
		double u = sa_real(o), v = sa_real(o);
		size_t j = (size_t)floor(u * (double)i);
		unsigned c = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = c;
		if (v < u && i < n) {
			c = deck[i - 1];
			deck[i - 1] = deck[i];
			deck[i] = c;
		}
	}
}

static void
kind_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	switch (*(const enum kind *)self->ctx) {
	case SORT_KEYS:
		sort_keys(deck, n, o);
		break;
	case PICK_SMALLEST:
		pick_smallest(deck, n, o);
		break;
	case COMPARATOR:
		comparator(deck, n, o);
		break;
	case FLOAT_FY:
		float_fy(deck, n, o);
		break;
	case NAIVE_FLOAT:
		naive_float(deck, n, o);
		break;
	case MIXED:
		mixed(deck, n, o);
		break;
	}
}

/* An oracle that hands out a list of reals, for the enumeration. */
struct listed {
	sa_oracle base;
	const double *u;
	size_t at;
};

static double
listed_uniform(sa_oracle *o)
{
	struct listed *l = (struct listed *)o;

	return l->u[l->at++];
}

/*
 * The enumeration: every cell vector C (M^R of them) and every order
 * SIGMA of the R reals (a rank each) that agrees with the cells; the
 * reals are then evenly spaced within each cell in SIGMA's order, and
 * the run has chance M^-R / prod(t_c!), t_c the reals in cell c.  Into
 * WANT (N! counts over the common denominator M^R * R!): each run adds
 * R! / prod(t_c!).
 */
static void
enumerate(enum kind k, size_t n, uint64_t m, uint64_t *want)
{
	size_t r = reals_of(k, n);
	uint64_t cells[16], fact[16];
	unsigned sigma[16], deck[16];
	double u[16];
	const sa_shuffle sh = { .name = "t", .summary = "t", .run = kind_run,
	    .ctx = &k };

	fact[0] = 1;
	for (size_t i = 1; i < 16; i++)
		fact[i] = fact[i - 1] * i;
	memset(cells, 0, sizeof cells);
	for (;;) {
		/* every permutation sigma of 0 .. r-1, by Heap's rule */
		unsigned c[16] = { 0 };
		size_t i = 0;
		uint64_t share = fact[r];

		for (size_t a = 0; a < r; a++)
			sigma[a] = (unsigned)a;
		for (size_t a = 0; a < r; a++) {
			size_t t = 0;

			for (size_t b = a + 1; b < r; b++)
				t += cells[b] == cells[a];
			if (t == 0) {	/* a is its cell's last: divide by t! */
				size_t all = 0;

				for (size_t b = 0; b < r; b++)
					all += cells[b] == cells[a];
				share /= fact[all];
			}
		}
		for (;;) {
			bool agrees = true;

			for (size_t a = 0; a < r && agrees; a++)
				for (size_t b = 0; b < r; b++)
					if (cells[a] < cells[b] &&
					    sigma[a] > sigma[b])
						agrees = false;
			if (agrees) {
				struct listed o;

				for (size_t a = 0; a < r; a++) {
					size_t below = 0, same = 0;

					for (size_t b = 0; b < r; b++)
						if (cells[b] == cells[a]) {
							same++;
							below += sigma[b] <
							    sigma[a];
						}
					u[a] = ((double)cells[a] + (double)(below +
					    1) / (double)(same + 1)) / (double)m;
				}
				memset(&o, 0, sizeof o);
				o.base.uniform = listed_uniform;
				o.u = u;
				for (size_t d = 0; d < n; d++)
					deck[d] = (unsigned)d;
				sh.run(&sh, deck, n, &o.base);
				assert_int_equal(o.at, r);
				want[ref_rank(deck, n)] += share;
			}
			/* the next permutation (Heap's, iterative) */
			while (i < r && c[i] >= i) {
				c[i] = 0;
				i++;
			}
			if (i >= r)
				break;
			{
				size_t x = i % 2 == 0 ? 0 : c[i];
				unsigned t = sigma[x];

				sigma[x] = sigma[i];
				sigma[i] = t;
			}
			c[i]++;
			i = 0;
		}
		/* the next cell vector */
		size_t a = 0;

		while (a < r && ++cells[a] == m)
			cells[a++] = 0;
		if (a == r)
			break;
	}
}

/* The census of KIND on N cards with M cells, against the enumeration. */
static void
check_kind(enum kind k, size_t n, uint64_t m, bool fair)
{
	const sa_shuffle sh = { .name = "t", .summary = "t", .run = kind_run,
	    .ctx = &k };
	sa_census_opts opts;
	sa_audit_opts audit;
	sa_census *c;
	uint64_t want[120] = { 0 }, den = 1, total = 0;
	size_t r = reals_of(k, n);

	for (size_t i = 0; i < r; i++)
		den *= m;
	for (size_t i = 2; i <= r; i++)
		den *= i;
	enumerate(k, n, m, want);
	memset(&opts, 0, sizeof opts);
	opts.engine = SA_ENGINE_REPLAY;
	memset(&audit, 0, sizeof audit);
	audit.real_cells = m;
	for (unsigned place = 0; place <= 1; place++) {
		const sa_census_info *in;

		audit.real_place = place;
		assert_int_equal(sa_census_run_audited(&sh, n, &opts, &audit,
		    &c), SA_OK);
		in = sa_census_about(c);
		if (in->fair != fair)
			fail_msg("kind %d, %zu cards, %llu cells: %s", (int)k, n,
			    (unsigned long long)m, in->fair ? "fair" : "unfair");
		total = 0;
		for (uint64_t rk = 0; rk < in->orderings; rk++) {
			/* count / runs == want / den, by cross-multiplying */
			u128 a = (u128)sa_census_count(c, rk) * den;
			u128 b = (u128)want[rk] * in->runs;

			if (a != b)
				fail_msg("kind %d, %zu cards, %llu cells, place "
				    "%u: ordering %llu has %llu of %llu, the "
				    "enumeration %llu of %llu", (int)k, n,
				    (unsigned long long)m, place,
				    (unsigned long long)rk,
				    (unsigned long long)sa_census_count(c, rk),
				    (unsigned long long)in->runs,
				    (unsigned long long)want[rk],
				    (unsigned long long)den);
			total += want[rk];
		}
		assert_true(total == den);
		sa_census_free(c);
	}
}

/*
 * Ties are common here (few cells), so the places decide: a sort by
 * random keys and a pick of the smallest are fair, as they are over the
 * real numbers, at any number of cells; a comparator on u < 1/2 is
 * counted as it runs (a bubble sort by coin flips is not fair); a float
 * Fisher-Yates is fair where the cells are lcm(1..n), the naive loop
 * is not.  Each uses its reals only through floor(u * k) for k dividing
 * the cells and comparisons, which the enumeration's other values keep
 * as well.
 */
static void
test_real_compared(void **state)
{
	(void)state;
	check_kind(SORT_KEYS, 3, 1, true);
	check_kind(SORT_KEYS, 3, 2, true);
	check_kind(SORT_KEYS, 4, 3, true);
	check_kind(SORT_KEYS, 5, 2, true);
	check_kind(PICK_SMALLEST, 3, 2, true);
	check_kind(PICK_SMALLEST, 3, 3, true);
	check_kind(COMPARATOR, 3, 2, false);
	check_kind(COMPARATOR, 4, 2, false);
	check_kind(FLOAT_FY, 4, 12, true);
	check_kind(NAIVE_FLOAT, 3, 3, false);
	check_kind(NAIVE_FLOAT, 3, 6, false);
	check_kind(MIXED, 3, 6, false);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_real_cells_default),
		cmocka_unit_test(test_real_cells_next),
		cmocka_unit_test(test_real_every_cell),
		cmocka_unit_test(test_real_edges),
		cmocka_unit_test(test_real_oracle),
		cmocka_unit_test(test_real_places),
		cmocka_unit_test(test_real_compared),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
