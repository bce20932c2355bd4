/*
 * distance.c - how far a shuffle done K times is from uniform: total
 * variation, separation, and the commonest ordering against the rarest,
 * each an exact fraction.  For the riffle from Bayer and Diaconis's
 * formula, at any deck; for every other shuffle from its census, done
 * again by composition (repeat.c) as far as the census reaches.
 */
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

void
sa_distance_row_init(sa_distance_row *row)
{
	memset(row, 0, sizeof *row);
	sa_fraction_init(&row->tvd);
	sa_fraction_init(&row->separation);
	sa_fraction_init(&row->ratio);
}

void
sa_distance_row_free(sa_distance_row *row)
{
	sa_fraction_free(&row->tvd);
	sa_fraction_free(&row->separation);
	sa_fraction_free(&row->ratio);
}

/* The three figures of census C into ROW. */
static int
from_census(const sa_census *c, sa_distance_row *row)
{
	const sa_census_info *in = sa_census_about(c);
	sa_big runs, least;
	int status;

	sa_big_init(&runs);
	sa_big_init(&least);
	status = sa_census_tvd(c, &row->tvd);
	if (status == SA_OK)
		status = sa_census_ratio(c, &row->ratio);
	row->unbounded = in->reached < in->orderings;
	/* separation: 1 - n! min / runs = (runs - n! min) / runs */
	if (status == SA_OK)
		status = sa_census_runs(c, &runs);
	if (status == SA_OK)
		status = sa_census_min(c, &least);
	if (status == SA_OK)
		status = sa_big_mul_u64(&least, in->orderings);
	if (status == SA_OK)
		status = sa_fraction_set(&row->separation, &runs, &runs, false);
	if (status == SA_OK)
		status = sa_big_sub(&row->separation.num, &least);
	sa_big_free(&runs);
	sa_big_free(&least);
	return status;
}

/*
 * The orderings SH reaches on N cards, at least: those that SAMPLE runs
 * drawn from xoshiro256** (a fixed seed: the same figure every time)
 * land on, told apart by rank.  Only for a step form of few steps and no
 * reduction, whose census counts every draw sequence, so that each
 * ordering seen is one the census reaches; 0 otherwise.
 */
static uint64_t
reached_at_least(const sa_shuffle *sh, size_t n, const sa_census_opts *o)
{
	enum { SAMPLE = 1 << 20, MAX_STEPS = 4096 };
	uint64_t *rank, seen = 0;
	unsigned deck[SA_PERM_MAX];
	sa_xoshiro256 g;

	if (sh->steps == NULL || sh->reduce != NULL || n > SA_PERM_MAX ||
	    (o != NULL && o->reduce.method != SA_REDUCE_NONE) ||
	    sh->steps(sh, n) > MAX_STEPS ||
	    (rank = malloc(SAMPLE * sizeof *rank)) == NULL)
		return 0;
	sa_xoshiro256_init(&g, 0x5eed, 0);
	for (size_t i = 0; i < SAMPLE; i++) {
		for (size_t j = 0; j < n; j++)
			deck[j] = (unsigned)j;
		sh->run(sh, deck, n, &g.base);
		rank[i] = sa_perm_rank(deck, n);
	}
	qsort(rank, SAMPLE, sizeof *rank, sa_cmp_u64);
	for (size_t i = 0; i < SAMPLE; i++)
		seen += i == 0 || rank[i] != rank[i - 1];
	free(rank);
	return seen;
}

/*
 * Composing the census with itself takes at least L^2 pairs of
 * orderings when it reaches at least L: past the limit even at
 * SA_PAIRS_MAX_RATE, the census is not begun (at 12 cards it takes 2 GB
 * and a minute), and LIMIT says so as sa_census_then would, its units a
 * least count.  Decks of fewer than 10 cards are counted in a second.
 */
static int
composable(const sa_shuffle *sh, size_t n, const sa_census_opts *opts)
{
	sa_time_limit *limit = opts != NULL ? opts->limit : NULL;
	double least;
	uint64_t seen;
	sa_pace pace;

	if (limit == NULL || limit->seconds <= 0 || n < 10 ||
	    (seen = reached_at_least(sh, n, opts)) == 0)
		return SA_OK;
	least = (double)seen * (double)seen;
	sa_pace_start(&pace, limit, least);
	if (!sa_pace_foretell(&pace, least / SA_PAIRS_MAX_RATE, true))
		return SA_OK;
	limit->units_at_least = true;
	return sa_pace_end(&pace, SA_OK);
}

/* Rows FROM .. TO of SH done again and again, by its census. */
static int
by_census(const sa_shuffle *sh, size_t n, uint64_t from, uint64_t to,
    const sa_census_opts *opts, sa_distance_row *rows)
{
	sa_census *one, *cur;
	int status = to > 1 ? composable(sh, n, opts) : SA_OK;

	if (status == SA_OK)
		status = sa_census_run(sh, n, opts, &one);
	if (status != SA_OK)
		return status;
	cur = one;
	for (uint64_t k = 1; k <= to && status == SA_OK; k++) {
		if (k >= from) {
			rows[k - from].times = k;
			status = from_census(cur, &rows[k - from]);
		}
		if (status != SA_OK || k == to)
			break;
		status = sa_census_again(&cur, one, opts);
	}
	if (cur != one)
		sa_census_free(cur);
	sa_census_free(one);
	return status;
}

/* A[r] for r = 1 .. n: the orderings of n cards with r rising sequences
 * (Eulerian numbers), by A(m, r) = r A(m-1, r) + (m-r+1) A(m-1, r-1). */
static int
eulerian(size_t n, sa_big *a)
{
	sa_big t;
	int status = sa_big_set_u64(&a[1], 1);

	sa_big_init(&t);
	for (size_t m = 2; m <= n && status == SA_OK; m++) {
		status = sa_big_set_u64(&a[m], 0);
		for (size_t r = m; r >= 2 && status == SA_OK; r--) {
			status = sa_big_copy(&t, &a[r - 1]);
			if (status == SA_OK)
				status = sa_big_mul_u64(&t, m - r + 1);
			if (status == SA_OK)
				status = sa_big_mul_u64(&a[r], r);
			if (status == SA_OK)
				status = sa_big_add(&a[r], &t);
		}
	}
	sa_big_free(&t);
	return status;
}

/* A = |A - B|, with SCRATCH for the room. */
static int
abs_diff(sa_big *a, const sa_big *b, sa_big *scratch)
{
	int status;

	if (sa_big_cmp(a, b) >= 0)
		return sa_big_sub(a, b);
	status = sa_big_copy(scratch, b);
	if (status == SA_OK)
		status = sa_big_sub(scratch, a);
	return status == SA_OK ? sa_big_copy(a, scratch) : status;
}

/*
 * K riffles: an ordering with r rising sequences has C(2^K + n - r, n)
 * of the N = 2^(nK) runs, and A(n, r) orderings have r of them.  So
 * 2 n! N tvd = sum over r of A(n, r) |n! C(2^K + n - r, n) - N|; the
 * rarest is the reversal (r = n), C(2^K, n); the commonest the identity.
 */
static int
riffle_row(size_t n, uint64_t k, const sa_big *a, sa_distance_row *row)
{
	uint64_t two_k = UINT64_C(1) << k;
	sa_big big_n, fact, c, t, sum;
	int status;

	sa_big_init(&big_n);
	sa_big_init(&fact);
	sa_big_init(&c);
	sa_big_init(&t);
	sa_big_init(&sum);
	status = sa_big_pow2(&big_n, (uint32_t)(n * k));
	if (status == SA_OK)
		status = sa_big_factorial(&fact, (uint32_t)n);
	for (size_t r = 1; r <= n && status == SA_OK; r++) {
		status = sa_big_binomial(&c, two_k + n - r, (uint32_t)n);
		if (status == SA_OK)
			status = sa_big_mul(&t, &c, &fact);
		if (status == SA_OK)
			status = abs_diff(&t, &big_n, &c);
		if (status == SA_OK)
			status = sa_big_mul(&c, &t, &a[r]);
		if (status == SA_OK)
			status = sa_big_add(&sum, &c);
	}
	if (status == SA_OK)
		status = sa_big_mul(&t, &fact, &big_n);
	if (status == SA_OK)
		status = sa_big_mul_u64(&t, 2);
	if (status == SA_OK)
		status = sa_fraction_set(&row->tvd, &sum, &t, false);
	/* separation (N - n! C(2^K, n)) / N; ratio C(2^K+n-1, n) / C(2^K, n) */
	if (status == SA_OK)
		status = sa_big_binomial(&c, two_k, (uint32_t)n);
	row->unbounded = sa_big_is_zero(&c);
	if (status == SA_OK)
		status = sa_big_mul(&t, &c, &fact);
	if (status == SA_OK)
		status = sa_fraction_set(&row->separation, &big_n, &big_n,
		    false);
	if (status == SA_OK)
		status = sa_big_sub(&row->separation.num, &t);
	if (status == SA_OK)
		status = sa_big_binomial(&t, two_k + n - 1, (uint32_t)n);
	if (status == SA_OK)
		status = sa_fraction_set(&row->ratio, &t, &c, false);
	sa_big_free(&big_n);
	sa_big_free(&fact);
	sa_big_free(&c);
	sa_big_free(&t);
	sa_big_free(&sum);
	return status;
}

static int
by_formula(const sa_shuffle *sh, size_t n, uint64_t from, uint64_t to,
    sa_distance_row *rows)
{
	uint64_t each = sa_shuffle_param(sh, n);
	sa_big *a = calloc(n + 1, sizeof *a);
	int status = SA_OK;

	if (a == NULL)
		return SA_ENOMEM;
	if (each == 0 || to > SA_DISTANCE_MAX_RIFFLES / each)
		status = SA_ERANGE;
	if (status == SA_OK)
		status = eulerian(n, a);
	for (uint64_t k = from; k <= to && status == SA_OK; k++) {
		rows[k - from].times = k;
		status = riffle_row(n, k * each, a, &rows[k - from]);
	}
	for (size_t i = 0; i <= n; i++)
		sa_big_free(&a[i]);
	free(a);
	return status;
}

bool
sa_distance_has_formula(const sa_shuffle *sh)
{
	return sh->run == sa_riffle_run;
}

int
sa_distance(const sa_shuffle *sh, size_t n, uint64_t from, uint64_t to,
    const sa_distance_opts *opts, sa_distance_row *rows,
    enum sa_distance_method *used)
{
	static const sa_distance_opts none;

	if (opts == NULL)
		opts = &none;
	if (n == 0 || from == 0 || from > to || to > SA_DISTANCE_MAX_TIMES)
		return SA_EINVAL;
	*used = opts->method;
	if (*used == SA_DISTANCE_AUTO)
		*used = sa_distance_has_formula(sh) ? SA_DISTANCE_FORMULA :
		    SA_DISTANCE_CENSUS;
	if (*used == SA_DISTANCE_FORMULA) {
		if (!sa_distance_has_formula(sh))
			return SA_EINVAL;
		if (n > SA_DISTANCE_MAX_CARDS)
			return SA_ETOOBIG;
		return by_formula(sh, n, from, to, rows);
	}
	return by_census(sh, n, from, to, &opts->census, rows);
}
