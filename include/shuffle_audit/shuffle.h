/*
 * shuffle_audit/shuffle.h - shuffles: sa_shuffle, the step form and the
 * built-in shuffles (shuffle.c, over cardtable.c, closed.c).
 */
#ifndef SA_SHUFFLE_H
#define SA_SHUFFLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "big.h"
#include "oracle.h"
#include "reduce.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Shuffles.
 *
 * run() shuffles DECK[0 .. N-1] in place, asking O for every random
 * number.  It must make the same draws and the same moves whenever it is
 * given the same answers: the census re-runs it from the start for every
 * sequence of draws.
 *
 * Shuffles made of steps may also describe themselves step by step,
 * which lets the census count them by dynamic programming instead of
 * walking every run: steps() gives the number of steps for N cards, and
 * step() fills in step S (0-based) as one of
 *
 *   SA_STEP_SWAP   draw j below COUNT, then swap positions POS and LO + j;
 *   SA_STEP_PICK   draw a card c below COUNT; if c lies at POS or after,
 *                  swap it into POS, otherwise draw again (a retry);
 *   SA_STEP_SWAP2  draw a and then b below COUNT, then swap a and b.
 *
 * The step form must describe exactly what run() does; the test suite
 * checks that it does, draw sequence by draw sequence.
 */
enum sa_step_kind {
	SA_STEP_SWAP = 0,
	SA_STEP_PICK,
	SA_STEP_SWAP2
};

typedef struct sa_step {
	size_t pos;
	size_t lo;
	uint64_t count;
	enum sa_step_kind kind;
} sa_step;

/* The largest value a shuffle's parameter (swaps:M, sort-keys:K) takes. */
#define SA_PARAM_MAX UINT64_C(4294967295)

typedef struct sa_shuffle sa_shuffle;
struct sa_shuffle {
	const char *name;	/* as given to -a */
	const char *summary;	/* one line, no final full stop */
	const char *runs_formula; /* runs in terms of n ("n^n"), or NULL */
	void (*run)(const sa_shuffle *self, unsigned *deck, size_t n,
	    sa_oracle *o);
	size_t (*steps)(const sa_shuffle *self, size_t n);
	void (*step)(const sa_shuffle *self, size_t n, size_t s, sa_step *out);
	/* The exact run count, for shuffles without a step form, or NULL. */
	int (*runs)(const sa_shuffle *self, size_t n, sa_big *out);
	const char *source;	/* where the shuffle comes from */
	const char *param;	/* its parameter's letter ("M"), or NULL */
	const char *param_default; /* the default, in words ("2n") */
	uint64_t param_min;	/* the smallest value the parameter takes */
	/* ... and the largest is SA_PARAM_MAX */
	uint64_t value;		/* the parameter; 0 for its default */
	size_t max_cards;	/* the most cards run() can take; 0: any */
	/*
	 * How the shuffle makes its draws when nobody says otherwise, as
	 * for sa_reduce_parse ("modulo:31" for rand() % k), or NULL for
	 * ideal draws.
	 */
	const char *reduce;
	/*
	 * The caller's own data for run() and the rest, which the library
	 * passes along untouched (a plugin's function, say); NULL for the
	 * built-in shuffles.
	 */
	void *ctx;
	/*
	 * The exact number of runs that end on DECK, by a proven formula,
	 * or NULL.  With it (and runs()), the census counts every ordering
	 * without walking a run (SA_ENGINE_CLOSED), however many runs there
	 * are: sort-keys:K by descents, for one.  The test suite checks each
	 * formula against a walk.
	 */
	int (*closed)(const sa_shuffle *self, size_t n, const unsigned *deck,
	    sa_big *out);
	const char *closed_formula;	/* that formula in words, or NULL */
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
};

/*
 * Whether SH draws its keys as integers below a width and sorts them
 * stably (sort-keys:K): true with the width K and the N keys of a run
 * of N cards, for sa_ties_bound (Fractions).
 */
bool sa_shuffle_keys(const sa_shuffle *sh, size_t n, uint64_t *width,
    uint64_t *keys);

/* The reduction SH uses by default, in OUT (NONE when it has none). */
void sa_shuffle_reduce(const sa_shuffle *sh, sa_reduce *out);
/*
 * The reduction a run of SH makes its draws by: ASKED (may be NULL)
 * when one was asked for, else SH's own (sa_shuffle_reduce); the one
 * call every engine and command settles it with.
 */
sa_reduce sa_reduce_settle(const sa_shuffle *sh, const sa_reduce *asked);

/*
 * The parameter of SH for N cards: its value, or its default for N.
 * 0 when SH takes no parameter.
 */
uint64_t sa_shuffle_param(const sa_shuffle *sh, size_t n);

/*
 * Parses SPEC, a name or name:VALUE, into OUT.  SA_OK; SA_EUNKNOWN for a
 * name no built-in has; SA_EPARAM for a value that is not a whole number
 * of at least OUT->param_min, or given to a shuffle without a parameter
 * (OUT then describes the shuffle named, so a message can say more).
 */
int sa_shuffle_parse(const char *spec, sa_shuffle *out);

/* The built-in shuffles, in the order `algorithms` lists them. */
size_t sa_shuffle_count(void);
const sa_shuffle *sa_shuffle_at(size_t i);	/* NULL when I is too big */
const sa_shuffle *sa_shuffle_find(const char *name); /* NULL if unknown */

#ifdef __cplusplus
}
#endif

#endif /* SA_SHUFFLE_H */
