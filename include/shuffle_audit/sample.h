/*
 * shuffle_audit/sample.h - decks dealt by xoshiro256** and counted, and a
 * deal sized before it starts (sample.c).
 */
#ifndef SA_SAMPLE_H
#define SA_SAMPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fit.h"
#include "reduce.h"
#include "shuffle.h"
#include "sys.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Sampling: DECKS decks of SHUFFLE on N cards, each dealt from
 * xoshiro256** seeded with SEED (a stream a thread), draws by Lemire's
 * unbiased bound or by REDUCE over its raw words.  sa_sample_run()
 * counts them into FIT over THREADS threads (0: the cores; the decks
 * depend on SEED and THREADS); sa_sample_each() deals them in one
 * stream, in order, to EACH (a non-zero return stops it).
 */
typedef struct sa_sample_opts {
	uint64_t decks;
	uint64_t seed;
	sa_reduce reduce;
	unsigned threads;
	/*
	 * Called now and then with the fraction of the decks dealt, from
	 * the thread that called (or its first helper's share); may be NULL.
	 */
	void (*progress)(void *ctx, double done);
	void *progress_ctx;
	sa_time_limit *limit;	/* NULL: none; units are decks */
	/*
	 * When PARTS is above 1, sa_sample_run deals only the streams
	 * PART modulo PARTS (SA_ERANGE for more parts than streams), so
	 * that the PARTS runs deal the whole run's decks between them.
	 */
	unsigned part, parts;
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_sample_opts;

int sa_sample_run(const sa_shuffle *shuffle, size_t n,
    const sa_sample_opts *opts, sa_fit *fit);
int sa_sample_each(const sa_shuffle *shuffle, size_t n,
    const sa_sample_opts *opts,
    int (*each)(void *ctx, const unsigned *deck, size_t n), void *ctx);

/*
 * One deal sized before it starts: the draws a deck of SHUFFLE on N
 * cards makes (its steps, twice that when a step draws a pair; a step
 * that retries counted once; 0 without a step form, whose decks are
 * small), and whether a deal from mulberry32 (about 2 ns a draw) or from
 * getrandom, RANDOM (about 1.2 us a draw: one call a word), stays within
 * SA_DEAL_MAX_DRAWS or SA_DEAL_MAX_DRAWS_RANDOM, a few seconds either
 * way.  sa_deal_size returns SA_ETOOBIG past it, WHY saying so (swaps:M
 * with M near 2^32 makes 2^33 draws: 17 s, or 3 hours from getrandom).
 */
#define SA_DEAL_MAX_DRAWS (UINT64_C(1) << 30)
#define SA_DEAL_MAX_DRAWS_RANDOM (UINT64_C(1) << 21)
typedef struct sa_deal_work {
	double draws;		/* a deck's, at least */
	uint64_t max;		/* the bound that applies */
	char why[160];
} sa_deal_work;

double sa_draws_a_deck(const sa_shuffle *shuffle, size_t n);
int sa_deal_size(const sa_shuffle *shuffle, size_t n, bool random,
    sa_deal_work *w);

#ifdef __cplusplus
}
#endif

#endif /* SA_SAMPLE_H */
