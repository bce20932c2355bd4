/*
 * shuffle_audit/trace.h - walks and traces: every run visited, one run draw
 * by draw, the runs that land on an ordering (replay.c, trace.c).
 */
#ifndef SA_TRACE_H
#define SA_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "oracle.h"
#include "shuffle.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Walking every run.
 *
 * sa_walk() runs SHUFFLE on N cards once for every sequence of draws it
 * can make, in lexicographic order of the sequences, and after each run
 * calls VISIT with the final deck and the run's draws (DRAWS[k] was drawn
 * below BOUNDS[k]).  A non-zero return from VISIT stops the walk and is
 * returned; otherwise the result is SA_OK or the contract breach that
 * stopped it (SA_EBOUND, SA_EDRAWS, SA_ENOTPERM, SA_ENONDET).  A run may
 * make at most MAX_DRAWS draws (0: SA_CENSUS_MAX_DRAWS).
 */
typedef int sa_visit_fn(void *ctx, const unsigned *deck, size_t n,
    const uint64_t *draws, const uint64_t *bounds, size_t ndraws);

int sa_walk(const sa_shuffle *shuffle, size_t n, size_t max_draws,
    sa_visit_fn *visit, void *ctx);

/*
 * One run, step by step.
 *
 * sa_trace_run() runs SHUFFLE once on the deck 0 .. N-1 and records each
 * draw: its bound, its value, and the deck as it stood when the next draw
 * was asked for (or when the run ended), which is the deck after the
 * moves that the draw led to.  The answers come from SOURCE, or, when
 * SOURCE is NULL, from DRAWS[0 .. NDRAWS-1]: a given draw that is not
 * below its bound is SA_ERANGE, running out is SA_ESHORT, and draws left
 * over are SA_ELONG; T->steps then says which draw it was.
 */
typedef struct sa_trace {
	size_t n;
	size_t steps;		/* draws made */
	uint64_t *bound;	/* bound[k]: draw k was below this */
	uint64_t *value;	/* value[k]: the answer it got */
	unsigned *deck;		/* steps + 1 decks of n cards: deck k is */
				/* the deck before draw k, the last the end */
} sa_trace;

int sa_trace_run(const sa_shuffle *shuffle, size_t n, sa_oracle *source,
    const uint64_t *draws, size_t ndraws, size_t max_draws, sa_trace *t);
void sa_trace_free(sa_trace *t);

/*
 * The runs that land on one ordering: every run of SHUFFLE on N cards
 * walked (sa_walk), and the draws of each that ends on TARGET kept, in
 * the walk's order.  Sized before it starts: SA_ETOOBIG, with WHY in
 * words, past SA_LANDING_MAX_RUNS runs (counted by sa_runs_exact), past
 * SA_LANDING_UNCOUNTED_MAX cards for a shuffle whose runs are not
 * counted ahead, or past SA_PERM_MAX cards.  Else the walk's status;
 * released with sa_landing_free either way.
 */
#define SA_LANDING_MAX_RUNS UINT64_C(1000000000)
#define SA_LANDING_UNCOUNTED_MAX 10

typedef struct sa_landing {
	uint64_t runs;		/* every run walked */
	size_t count;		/* those landing on the target */
	uint64_t **draws;	/* each one's draws, */
	size_t *ndraws;		/* and how many */
	char why[192];		/* SA_ETOOBIG: why */
} sa_landing;

int sa_trace_landing(const sa_shuffle *shuffle, size_t n,
    const unsigned *target, sa_landing *out);
void sa_landing_free(sa_landing *l);

#ifdef __cplusplus
}
#endif

#endif /* SA_TRACE_H */
