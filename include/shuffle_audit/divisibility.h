/*
 * shuffle_audit/divisibility.h - the divisibility argument and run counts
 * (divisibility.c).
 */
#ifndef SA_DIVISIBILITY_H
#define SA_DIVISIBILITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "big.h"
#include "reduce.h"
#include "shuffle.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The divisibility argument.
 *
 * A shuffle with R runs can be fair on n cards only if n! divides R.
 * sa_divisibility_for() works out R exactly from the shuffle's step form
 * (the product of the step counts), n! and R mod n!.  When n! does not
 * divide R it also finds the witness: the smallest prime p that divides
 * n! more often than it divides R (Legendre's formula for n!, the step
 * counts for R).  Needs the step form (SA_EINVAL without one); N may be
 * as large as memory allows.
 */
typedef struct sa_divisibility {
	size_t n;
	sa_big runs;		/* every run the shuffle can take */
	sa_big orderings;	/* n! */
	sa_big remainder;	/* runs mod n! */
	bool divides;		/* remainder == 0 */
	uint32_t prime;		/* the witness, or 0 when n! divides runs */
	uint64_t prime_in_orderings;	/* times PRIME divides n! */
	uint64_t prime_in_runs;		/* times PRIME divides the runs */
	/*
	 * For the naive shuffle's argument (n - 1 divides n!, but not n^n,
	 * as n and n - 1 share no factor), from 3 cards: n! and the runs
	 * modulo n - 1, and gcd(n, n - 1); all 0 below 3 cards.
	 */
	uint32_t orderings_mod_n1, runs_mod_n1;
	uint64_t gcd_n_n1;
} sa_divisibility;

int sa_divisibility_for(const sa_shuffle *shuffle, size_t n,
    sa_divisibility *d);

/* The same argument for a run count RUNS given outright. */
int sa_divisibility_of(const sa_big *runs, size_t n, sa_divisibility *d);
void sa_divisibility_free(sa_divisibility *d);

/*
 * The number of runs of the step form on N cards, exactly; SA_EINVAL
 * for a shuffle with neither a step form nor runs(), SA_ETOOBIG when the
 * count has more than SA_RUNS_MAX_BITS bits (the divisibility argument
 * over it would take minutes to hours: swaps:4294967295 has 2^33 steps).
 */
#define SA_RUNS_MAX_BITS (UINT64_C(1) << 18)
int sa_runs_exact(const sa_shuffle *shuffle, size_t n, sa_big *runs);

/*
 * SA_OK when the run count of the step form on N cards has at most
 * MAX_BITS bits (or comes in closed form from runs()), SA_ETOOBIG when
 * it has more, decided without computing it and stopping at the first
 * step that settles it.
 */
int sa_runs_fit(const sa_shuffle *shuffle, size_t n, uint64_t max_bits);

/*
 * The raw-word runs of the step form on N cards when each draw below k
 * is made from words by R: each draw multiplies them by the words R
 * keeps for k (2^B for modulo and multiply).  SA_EINVAL for a step that
 * retries or draws below more than SA_REDUCE_MAX_K; SA_ETOOBIG past
 * SA_RUNS_MAX_BITS bits.
 */
int sa_runs_reduced(const sa_shuffle *shuffle, size_t n, const sa_reduce *r,
    sa_big *runs);

#ifdef __cplusplus
}
#endif

#endif /* SA_DIVISIBILITY_H */
