/*
 * shuffle_audit/matrix.h - the card-by-position matrix, by the chain
 * (matrix.c).
 */
#ifndef SA_MATRIX_H
#define SA_MATRIX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "big.h"
#include "census.h"
#include "fraction.h"
#include "reduce.h"
#include "shuffle.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The card-by-position matrix.
 *
 * sa_matrix_run() works out P(card c ends at position p) for every card
 * and position, exactly: each cell is a count over a common denominator
 * D (sa_matrix_runs), and row c adds up to D.  A shuffle with a step form
 * is followed card by card as a Markov chain over the positions, at any
 * deck size up to SA_MATRIX_MAX_CARDS, under any reduction (each step's
 * chances from sa_reduce_weights); others, and picks by label from
 * biased words, come from the census, summed by card and position
 * (sa_matrix_from_census), which also serves to check the chain.
 *
 * A uniform matrix (every cell 1/n) is necessary for a fair shuffle but
 * not sufficient: a random rotation of the deck has one, and reaches
 * only n of the n! orderings.
 */
#define SA_MATRIX_MAX_CARDS 1024

enum sa_matrix_method {
	SA_MATRIX_CHAIN = 0,	/* followed step by step */
	SA_MATRIX_CENSUS,	/* summed from the census */
	SA_MATRIX_FORMULA	/* the chain solved: the naive shuffle's */
};

typedef struct sa_matrix_opts {
	sa_reduce reduce;	/* zero: ideal draws */
	unsigned threads;	/* 0: the machine's cores */
	bool census;		/* from the census even with a step form */
	uint64_t max_bytes;	/* for the census; 0: sa_memory_available() */
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_matrix_opts;

typedef struct sa_matrix sa_matrix;

typedef struct sa_matrix_info {
	const sa_shuffle *shuffle;
	size_t n;
	sa_reduce reduce;
	enum sa_matrix_method method;
	bool uniform;			/* every cell is 1/n */
	size_t max_card, max_pos;	/* a largest cell (the first) */
	size_t min_card, min_pos;	/* a smallest cell (the first) */
} sa_matrix_info;

/*
 * True when SH's matrix on N cards under R comes from the chain: a step
 * form with no reduction of its own, steps drawing below at most
 * SA_REDUCE_MAX_K, and no retried step under a biased reduction.  Else
 * sa_matrix_run takes it from the census, with the census's limits.
 */
bool sa_matrix_by_chain(const sa_shuffle *sh, size_t n, const sa_reduce *r);

/*
 * The chain's work, sized before it starts: STEPS, the bits of the common
 * denominator (BITS, a float: the sum of log2 of each step's total) and
 * WORK, about n^2 products of one 64-bit word by the denominator's words
 * as they grow, a step, four times that for a step of two draws (an
 * estimate, not a count; about 10 ns each on two cores of 2026).
 * sa_matrix_size returns SA_ETOOBIG, WHY saying which bound binds, past
 * SA_MATRIX_MAX_STEPS steps (decided from the step count alone, before
 * any step is looked at) or SA_MATRIX_MAX_WORK (about 45 minutes);
 * sa_matrix_run refuses the same.  SA_OK, with nothing to size, when
 * the matrix comes from the census instead.
 */
#define SA_MATRIX_MAX_STEPS (UINT64_C(1) << 24)
#define SA_MATRIX_MAX_WORK 2.75e11
typedef struct sa_matrix_work {
	uint64_t steps;
	double bits, work;
	char why[192];
} sa_matrix_work;

int sa_matrix_size(const sa_shuffle *sh, size_t n, const sa_reduce *r,
    sa_matrix_work *w);

/*
 * The matrix of SHUFFLE on N cards into *OUT (sa_matrix_free()).
 * SA_EINVAL for N outside 1 .. SA_MATRIX_MAX_CARDS (or the shuffle's
 * limit), and the census's statuses when it comes from the census.
 */

int sa_matrix_run(const sa_shuffle *shuffle, size_t n,
    const sa_matrix_opts *opts, sa_matrix **out);
int sa_matrix_from_census(const sa_census *c, sa_matrix **out);
void sa_matrix_free(sa_matrix *m);	/* NULL is fine */
const sa_matrix_info *sa_matrix_about(const sa_matrix *m);

/* Cell (CARD, POS) as a count over sa_matrix_runs(), or as P exactly. */
int sa_matrix_count(const sa_matrix *m, size_t card, size_t pos,
    sa_big *out);
int sa_matrix_runs(const sa_matrix *m, sa_big *out);
int sa_matrix_cell(const sa_matrix *m, size_t card, size_t pos,
    sa_fraction *out);
/* The cell's ratio to fair, P n: 1 for a fair cell. */
int sa_matrix_ratio(const sa_matrix *m, size_t card, size_t pos,
    sa_fraction *out);
/* The largest |ratio - 1| over the cells: 0 for a uniform matrix. */
int sa_matrix_max_deviation(const sa_matrix *m, sa_fraction *out);

/*
 * The block of cards C0 .. C1-1 by positions P0 .. P1-1, for a picture:
 * MEAN its cells' mean ratio to fair, exactly, and SHADE (for a colour
 * only, not a figure) (MEAN - 1) over the largest deviation, in -1 .. 1.
 * Either may be NULL.
 */
int sa_matrix_block(const sa_matrix *m, size_t c0, size_t c1, size_t p0,
    size_t p1, sa_fraction *mean, double *shade);

#ifdef __cplusplus
}
#endif

#endif /* SA_MATRIX_H */
