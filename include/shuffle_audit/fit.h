/*
 * shuffle_audit/fit.h - decks counted and tested: a black box judged from
 * its output; chi-square tails (fit.c).
 */
#ifndef SA_FIT_H
#define SA_FIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "matrix.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Fairness of a black box from its output.
 *
 * An sa_fit counts decks (permutations in array form: PERM[p] is the
 * item at position p) as they come, item by position and, up to
 * SA_FIT_ORDERINGS_MAX items, ordering by ordering.  sa_fit_judge()
 * tests them.  The item-by-position test is Pearson's statistic X over
 * the n^2 cells scaled by (n-1)/n, on (n-1)^2 degrees of freedom: the
 * cells of permutation decks are not a multinomial sample (every row and
 * column of a deck sums to one), and (n-1)/n X, not X, tends to
 * chi-square (fit.c has the argument).  The orderings test is Pearson's
 * on the n! orderings, n! - 1 degrees of freedom.  Each runs at ALPHA /
 * the number of tests (Bonferroni), so that a fair shuffle is rejected
 * with probability about ALPHA at most; each only with at least
 * SA_FIT_PER_CELL decks a cell expected (5 n decks; 5 n! for the
 * orderings), below which the chi-square's tail does not hold.  The
 * exact chance of a false alarm, enumerated at 3 and 4 cards over every
 * sample (tests/unit/test_fit.c), is at most 1.1 ALPHA for ALPHA from
 * 0.1 to 0.01, 1.25 ALPHA at 0.001 and 1.5 ALPHA at 1e-4; at 1e-6 the
 * orderings test's far tail brings it to 2.1 ALPHA at 3 cards and 35
 * decks, falling as decks grow.
 * Its p-values are logarithms, accurate far into the tail
 * (sa_chi2_log10_sf).
 */
#define SA_FIT_MAX_CARDS 4096
#define SA_FIT_ORDERINGS_MAX 8
#define SA_FIT_PER_CELL 5

typedef struct sa_fit sa_fit;

int sa_fit_new(size_t n, sa_fit **out);	/* N from 2 to SA_FIT_MAX_CARDS */
void sa_fit_free(sa_fit *f);		/* NULL is fine */
/*
 * Whether PERM is a permutation of 0 .. n-1: SA_ERANGE for an entry of n
 * or more, SA_EINVAL for a repeated one, with *BAD its position.
 */
int sa_fit_check(sa_fit *f, const unsigned *perm, size_t *bad);
/*
 * Counts PERM, checked as it goes: when it is not a permutation, nothing
 * is counted and the status and *BAD (unless BAD is NULL) are those of
 * sa_fit_check().
 */
int sa_fit_add(sa_fit *f, const unsigned *perm, size_t *bad);
/* Counts PERM unchecked: one sa_fit_check() passed, or dealt as one. */
void sa_fit_count(sa_fit *f, const unsigned *perm);
uint64_t sa_fit_samples(const sa_fit *f);
uint64_t sa_fit_cell(const sa_fit *f, size_t item, size_t pos);

typedef struct sa_fit_test {
	double stat;		/* the chi-square statistic */
	double df;		/* its degrees of freedom */
	double log10_p;		/* log10 of its p-value */
} sa_fit_test;

typedef struct sa_fit_result {
	size_t n;
	uint64_t samples;
	double alpha;
	unsigned tests;		/* 1, or 2 with the orderings */
	sa_fit_test matrix;
	bool has_orderings;
	sa_fit_test orderings;
	bool rejected;		/* some p-value below ALPHA / TESTS */
	/*
	 * The decks each test needs, SA_FIT_PER_CELL a cell: 5 n, and
	 * 5 n! (0 past SA_FIT_ORDERINGS_MAX items) for the orderings, which
	 * are tested only from there.
	 */
	uint64_t min_samples, orderings_min;
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_fit_result;

/*
 * The tests at ALPHA (0 < ALPHA < 1); SA_EINVAL with no decks counted,
 * SA_ERANGE (with OUT's MIN_SAMPLES) with fewer decks than the item-by-
 * position test needs to keep its odds, and no verdict (OUT's MATRIX
 * figures are filled in all the same, for study).
 */
int sa_fit_judge(const sa_fit *f, double alpha, sa_fit_result *out);

/* log10 P(chi-square(DF) > X), for DF > 0; 0 for X <= 0. */
double sa_chi2_log10_sf(double df, double x);

/*
 * The fewest decks for the item-by-position test at ALPHA to reject a
 * shuffle with matrix M with probability POWER: the noncentral
 * chi-square on (n-1)^2 degrees of freedom whose noncentrality for S
 * decks is S (n-1) sum (p - 1/n)^2 over the cells' chances p (the
 * scaled statistic's, as sa_fit_judge tests it), its Poisson mixture
 * summed; and never fewer than the test needs (5 n).  SA_ERANGE when
 * M is uniform.
 */
int sa_fit_detect(const sa_matrix *m, double alpha, double power,
    uint64_t *samples);

/* Adds FROM's counts into INTO (the same N). */
int sa_fit_merge(sa_fit *into, const sa_fit *from);
/*
 * F's counts as bytes (malloc'd, *LEN), for a part; sa_fit_unpack reads
 * them back as decks of N cards (SA_EINVAL when they are not, or their
 * counts do not add up to their decks).
 */
int sa_fit_pack(const sa_fit *f, unsigned char **buf, size_t *len);
int sa_fit_unpack(size_t n, const unsigned char *buf, size_t len,
    sa_fit **out);

#ifdef __cplusplus
}
#endif

#endif /* SA_FIT_H */
