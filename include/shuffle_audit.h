/*
 * shuffle_audit.h - the public interface of libshuffleaudit.
 *
 * A shuffle is a program over a draw oracle: it rearranges a deck in place
 * and asks the oracle for every random number it needs.  The census feeds
 * such a program every sequence of draws it can make and tallies, with
 * exact integers, the ordering each run lands on.
 *
 * The library never prints and never exits.  Functions that can fail
 * return an SA_ status (SA_OK is zero); sa_strerror() describes one.
 *
 * The draw oracle, the plugin contract and the status codes are in
 * shuffle_audit_plugin.h, included here (oracle.c, status.c); the census
 * of audited code (plugins and programs over the exec protocol) in
 * shuffle_audit_audit.h (exec.c; a walk streamed from a child process
 * and counted by the auditor, stream.c; parts of a run shared out over
 * machines, part.c).
 * This header, section by section (search for "==== N."):
 *
 *   1. Reductions: the bounded-integer step (--reduce): sa_reduce, sa_reducer,
 *      sa_reduce_check (reduce.c)
 *   2. Shuffles: sa_shuffle, the step form, the built-ins (shuffle.c)
 *   3. Big integers: sa_big (big.c)
 *   4. Orderings: ranks and notations (perm.c)
 *   5. The census: options, plan, time foretold, run, facts, counts
 *      (census.c, plan.c, foretell.c, steps.c with steps_pull.c,
 *      steps_push.c and steps_shard.c,
 *      replay.c, stepwalk.c, weighted.c, closed.c); sharded
 *      over ranks (shard.c); the system: cores, memory, the clock and
 *      time limits (sys.c); the time left of long work (eta.c)
 *   6. Fractions: sa_fraction, its formats and parsing (fraction.c)
 *   7. Figures: what a census says: fair share, ratio, distance,
 *      top rows, histogram (figures.c, tally.c)
 *   8. Layers: the census by layers, for draws by rejection, and its
 *      deepening (layers.c)
 *   9. The matrix: card by position, by the chain (matrix.c)
 *  10. Black boxes: fit and sample, decks read from text (fit.c,
 *      sample.c, decks.c)
 *  11. Arguments: divisibility, the state space and the common claims
 *      (divisibility.c, statespace.c, claims.c)
 *  12. Walks and traces: sa_walk, one run draw by draw, the runs that land
 *      on an ordering (replay.c, trace.c)
 *  13. Generators: mulberry32, the seeded generators of libraries,
 *      xoshiro256**, the system's entropy (rng.c, generators.c)
 *  14. Repeats and the card table: a shuffle after another,
 *      done K times, its distance from uniform (repeat.c, distance.c,
 *      cardtable.c)
 *  15. Shuffles from the wild: famous shuffles as models (wild.c)
 *  16. Seed spaces: every seed of a seeded deal, and the attack
 *      from a few seen cards (seedspace.c)
 */
#ifndef SHUFFLE_AUDIT_H
#define SHUFFLE_AUDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#include "shuffle_audit_plugin.h"

typedef struct sa_big sa_big;

/* ==== 1. Reductions ==== */

/*
 * The bounded-integer step.
 *
 * Real code makes "a number below k" from a raw B-bit word r in one of
 * five ways:
 *
 *   MODULO    r % k, as rand() % k does;
 *   MULTIPLY  floor(r * k / 2^B), as Math.floor(Math.random() * k) and
 *             the seeded deal do;
 *   REJECT    draw again while r falls in the last, incomplete block of k
 *             (r >= k * floor(2^B / k)), then r % k: unbiased;
 *   LEMIRE    Lemire's multiply-and-reject (2019): m = r * k, draw again
 *             while m mod 2^B < 2^B mod k, then floor(m / 2^B): unbiased.
 *   SCALE     the word is below M = 2^B - 1 (a generator that never makes
 *             the all-ones word; a real one is thrown back), and the draw
 *             is (int)(r * (1.0 / M) * k) in double arithmetic, as .NET's
 *             Random.Next(k) does with B = 31 (sa_scale).
 *
 * NONE is an ideal draw.  BITS is 1 .. 64 (SCALE: 2 .. 52).
 */
enum sa_reduce_method {
	SA_REDUCE_NONE = 0,
	SA_REDUCE_MODULO,
	SA_REDUCE_MULTIPLY,
	SA_REDUCE_REJECT,
	SA_REDUCE_LEMIRE,
	SA_REDUCE_SCALE
};
/* at 53 bits the largest word scales to 1.0, a value of k: out of range */
#define SA_SCALE_MAX_BITS 52

typedef struct sa_reduce {
	enum sa_reduce_method method;
	unsigned bits;
} sa_reduce;

/* .NET's scaling of a word X below M to a number below K (SCALE). */
uint64_t sa_scale(uint64_t x, uint64_t m, uint64_t k);

/* "modulo:15" into OUT: SA_OK, SA_EUNKNOWN (method) or SA_EPARAM (bits). */
int sa_reduce_parse(const char *spec, sa_reduce *out);

/* The method's name, "modulo" and so on; "ideal" for NONE. */
const char *sa_reduce_name(enum sa_reduce_method m);

/*
 * How the raw words fall below K (1 <= K <= 2^BITS; SA_EINVAL beyond):
 * WEIGHT[v] (for v < K, K <= SA_REDUCE_MAX_K) gets the number of raw
 * words that come out as v, and *TOTAL the number that come out at all
 * (2^BITS, less the words a rejecting method throws back; 2^BITS - 1
 * for SCALE, where K must be below that).  Both exact.
 */
#define SA_REDUCE_MAX_K 4096
int sa_reduce_weights(const sa_reduce *r, uint64_t k, sa_big *weight,
    sa_big *total);

/*
 * A number below K made from raw words of SOURCE (which needs raw()) the
 * way R says.
 */
uint64_t sa_reduce_draw(const sa_reduce *r, sa_oracle *source, uint64_t k);

/*
 * An oracle whose draws are sa_reduce_draw(R, SOURCE, k).  A draw it
 * cannot make (a bound of 0, above 2^BITS for REJECT and LEMIRE, which
 * would throw back every word, or above 2^BITS - 1 for SCALE, which would
 * skip values) returns 0 and leaves ERR at
 * SA_ERANGE and BAD_BOUND at the first such bound: check ERR before
 * trusting a run.
 */
typedef struct sa_reducer {
	sa_oracle base;
	sa_reduce r;
	sa_oracle *source;
	int err;
	uint64_t bad_bound;
} sa_reducer;

/*
 * True when R turns words into numbers below K with no bias: an ideal
 * draw, REJECT and LEMIRE (K <= 2^BITS), MODULO and MULTIPLY where K
 * divides 2^BITS, SCALE only for K = 1.
 */
bool sa_reduce_unbiased(const sa_reduce *r, uint64_t k);

/*
 * True when R's words can make a draw below K at all: not past 2^BITS
 * for REJECT and LEMIRE (every word would be thrown back), nor past
 * 2^BITS - 1 for SCALE (values would be skipped); always for the rest.
 */
bool sa_reduce_reaches(const sa_reduce *r, uint64_t k);

void sa_reducer_init(sa_reducer *o, const sa_reduce *r, sa_oracle *source);

/*
 * Whether R (NONE: SH's own reduction) can make every draw SH asks for
 * on N cards: the one check every command makes before it deals,
 * counts or traces.  SA_OK; SA_ERANGE, with WHY filled in, when a draw
 * is past what R's words reach (sa_reduce_reaches), or when SH draws
 * again until a value is new (the rejection shuffle) and R's words make
 * only some of the values below its bound, so a run would never end;
 * SA_ENOMEM.  WHY's text names the shuffle, the bound, the bits and the
 * bits that would do.
 */
typedef struct sa_reduce_refusal {
	sa_reduce reduce;	/* the reduction judged */
	uint64_t bound;		/* the largest draw the shuffle asks for */
	unsigned bits_needed;	/* the fewest bits that would make it */
	bool loops;		/* the second reason */
	char text[320];
} sa_reduce_refusal;

typedef struct sa_shuffle sa_shuffle;
int sa_reduce_check(const sa_shuffle *sh, size_t n, const sa_reduce *r,
    sa_reduce_refusal *why);

/* ==== 2. Shuffles ==== */

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

/* ==== 3. Big integers ==== */

/*
 * Exact unsigned integers of any size, for the figures that outgrow 64
 * bits: n^n and n! for the divisibility argument, 2^S for a generator's
 * state space.  A zeroed sa_big (or one from sa_big_init) is 0.  Every
 * function that can allocate returns SA_OK or SA_ENOMEM; on SA_ENOMEM
 * its result is unchanged or zero, never half written.  Results may not
 * share storage with operands unless a function says so.
 */
struct sa_big {
	uint32_t *limb;		/* least significant first */
	size_t len;		/* limbs in use; 0 for zero; limb[len-1] != 0 */
	size_t cap;
};

void sa_big_init(sa_big *a);
void sa_big_free(sa_big *a);
int sa_big_set_u64(sa_big *a, uint64_t v);
int sa_big_copy(sa_big *dst, const sa_big *src);
bool sa_big_is_zero(const sa_big *a);
/* True, with the value in *OUT, when A fits in 64 bits. */
bool sa_big_to_u64(const sa_big *a, uint64_t *out);
int sa_big_cmp(const sa_big *a, const sa_big *b);	/* -1, 0 or 1 */
int sa_big_mul_u64(sa_big *a, uint64_t m);		/* A *= M */
int sa_big_add(sa_big *a, const sa_big *b);		/* A += B */
int sa_big_mul(sa_big *r, const sa_big *a, const sa_big *b); /* R = A * B */
/* A /= D, returning A mod D.  D must not be 0. */
uint32_t sa_big_div_u32(sa_big *a, uint32_t d);
/* A mod D, A unchanged.  D must not be 0. */
uint32_t sa_big_mod_u32(const sa_big *a, uint32_t d);
/* The greatest common divisor of A and B (0 when both are 0). */
uint64_t sa_gcd(uint64_t a, uint64_t b);
/*
 * Q = A / B and R = A mod B, either of Q and R may be NULL.  B must not
 * be 0 (SA_EINVAL).
 */
int sa_big_divmod(sa_big *q, sa_big *r, const sa_big *a, const sa_big *b);
int sa_big_pow_u32(sa_big *r, uint32_t base, uint32_t exp);	/* base^exp */
/* A -= B; B must not exceed A (SA_EINVAL). */
int sa_big_sub(sa_big *a, const sa_big *b);
/* R = the greatest common divisor of A and B. */
int sa_big_gcd(sa_big *r, const sa_big *a, const sa_big *b);
int sa_big_factorial(sa_big *r, uint32_t n);			/* n! */
/* R = C(A, K), the binomial coefficient (0 when K > A). */
int sa_big_binomial(sa_big *r, uint64_t a, uint32_t k);
int sa_big_pow2(sa_big *r, uint32_t exp);			/* 2^exp */
/* Base-2 logarithm, for display only; -infinity is not returned: 0 -> 0. */
double sa_big_log2(const sa_big *a);
/* The decimal digits of A in a string the caller frees; NULL, errno set,
 * when memory runs out. */
char *sa_big_to_dec(const sa_big *a);
/*
 * NUM / DEN in lowest terms as "N/D" (or "N" when D divides NUM), a
 * string the caller frees; NULL when DEN is 0 or memory runs out.
 */
char *sa_big_fraction_to_dec(const sa_big *num, const sa_big *den);


/* ==== 4. Orderings ==== */

/*
 * Permutations.
 *
 * An ordering of N cards is the array P in which P[i] is the starting
 * position of the card that ends at position i.  Orderings are ranked in
 * lexicographic order of that array, so rank 0 is the identity and rank
 * N! - 1 the reversal.  N must be at most SA_PERM_MAX.
 */
#define SA_PERM_MAX 20

/* N!, or 0 when N exceeds SA_PERM_MAX (N! would not fit in 64 bits). */
uint64_t sa_factorial(size_t n);

/* The rank of P in [0, N!).  P must be a permutation of 0 .. N-1. */
uint64_t sa_perm_rank(const unsigned *p, size_t n);

/* Fills P with the ordering of rank R.  R must be below N!. */
void sa_perm_unrank(uint64_t r, size_t n, unsigned *p);

/* True when P[0 .. N-1] holds each of 0 .. N-1 exactly once (any N). */
bool sa_perm_check(const unsigned *p, size_t n);

/*
 * How an ordering is written.  ARRAY is P itself (OEIS A192053 writes
 * orderings so, counting from 1); INVERSE lists, card by card, the
 * position each card ended in; CYCLES follows the cards: (0 2 1) means
 * card 0 went to position 2, card 2 to position 1 and card 1 to position
 * 0; that is the cycle form of the inverse, as MathWorld writes it.
 * Cycles start at their smallest card, in increasing order, fixed cards
 * included: (0)(1 3)(2).
 */
enum sa_notation {
	SA_NOTATION_ARRAY = 0,
	SA_NOTATION_INVERSE,
	SA_NOTATION_CYCLES
};

/*
 * Writes the ordering P in notation NOTE into BUF (SIZE bytes): like
 * sa_perm_format, with cycles separated by spaces inside parentheses.
 * Any N.  Inverse and cycles need P to be a permutation of 0 .. N-1:
 * for anything else (a partial deck that repeats a card), or when
 * memory runs out (N above SA_PERM_MAX needs some), BUF is left empty
 * and the result is 0 with errno EINVAL or ENOMEM.
 */
size_t sa_perm_format_as(const unsigned *p, size_t n, enum sa_notation note,
    char *buf, size_t size);

/*
 * Writes the ordering P into BUF (of SIZE bytes) as OEIS A192053 writes
 * orderings, but counting from 0: digits run together when N <= 10,
 * numbers separated by commas otherwise.  Returns the length the full text needs,
 * like snprintf; the text is cut short when SIZE is too small.
 */
size_t sa_perm_format(const unsigned *p, size_t n, char *buf, size_t size);

/* ==== 5. The census ==== */

/*
 * The census.
 *
 * sa_census_run() walks every run SHUFFLE can take on N cards and counts
 * the ordering each lands on.  Every figure it gives is an exact integer
 * or an exact fraction.  Sizes beyond what the engine can do are refused
 * before any work: SA_EOVERFLOW when N! or the number of runs would not
 * fit in 64 bits, SA_ETOOBIG when the work needs more than
 * OPTS->max_bytes.
 */
enum sa_engine {
	SA_ENGINE_AUTO = 0,	/* the fastest engine the shuffle allows */
	SA_ENGINE_STEPS,	/* dynamic programming over the step form */
	SA_ENGINE_REPLAY,	/* re-run the program for every draw sequence */
	SA_ENGINE_WALK,		/* every run of the step form, depth first */
	SA_ENGINE_CLOSED	/* the shuffle's own formula (closed()), */
				/* which auto picks; no walk at all */
};

typedef struct sa_time_limit sa_time_limit;	/* see sa_clock() */

/*
 * Ranks that share one census (Open MPI's, or threads'): the step
 * engine's tables split by leading card, rank K of SIZE holding the
 * orderings whose first card is in its block (sa_census_shard).  The
 * library speaks to the other ranks through EXCHANGE alone, which every
 * rank calls together, in the same order: rank K sends SENDLEN[j] bytes
 * to each rank j, laid end to end at SEND in rank order, and receives
 * RECVLEN[j] bytes from each rank j, laid end to end at RECV (the
 * lengths always agree: the library works them out on both sides).  It
 * returns 0, or anything else when the exchange failed.
 */
typedef struct sa_comm {
	unsigned rank, size;
	void *ctx;
	int (*exchange)(void *ctx, const void *send, const size_t *sendlen,
	    void *recv, const size_t *recvlen);
} sa_comm;

typedef struct sa_census_opts {
	uint64_t max_bytes;	/* 0: sa_memory_available() */
	/*
	 * Memory the caller will need beside the census, counted with it:
	 * EXTRA_BYTES outright and EXTRA_PER_ORDERING for each of the N!
	 * orderings (a row of ranks to sort, say).
	 */
	uint64_t extra_bytes;
	uint64_t extra_per_ordering;
	size_t max_draws;	/* draws in one run; 0: SA_CENSUS_MAX_DRAWS */
	enum sa_engine engine;
	sa_reduce reduce;	/* how each draw is made; zero: the */
				/* shuffle's own (sa_shuffle_reduce) */
	unsigned threads;	/* step engine threads; 0: the machine's cores */
	/*
	 * Called now and then during a long count with the fraction done,
	 * from the thread that started the census; may be NULL.
	 */
	void (*progress)(void *ctx, double done);
	void *progress_ctx;
	/*
	 * A census composed with another (sa_census_then, and so census
	 * --times and distance) stops at this limit; NULL: none.  Its
	 * units are pairs of orderings composed.
	 */
	sa_time_limit *limit;
	/*
	 * Where the census writes the plan it runs by, before it counts (so
	 * a progress callback may read its runs), or the plan it refused
	 * with, whose why says what bound; NULL: not wanted.  With
	 * sa_census_repeat, the plan of one census of the repeated shuffle.
	 */
	struct sa_census_plan *plan;
	/*
	 * A census of a step shuffle on 6 cards or more (no reduction) runs
	 * sharded over COMM's ranks: each holds its block of the tables and
	 * MAX_BYTES is per rank.  Every rank calls sa_census_run with the
	 * same shuffle and options; the census each gets back has the
	 * whole census's facts and figures, and its own block's counts.  On
	 * rank 0 every other count is fetched from its rank as it is asked
	 * for, while the other ranks serve (sa_census_serve) until rank 0
	 * frees its census.  NULL, or a size of 1: one process.
	 */
	const sa_comm *comm;
	/* sa_census_plan_for without COMM: plan for this many ranks (0: 1). */
	unsigned ranks;
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_census_opts;

/* The machine's cores (at least 1). */
unsigned sa_cores(void);

/* The machine's physical memory in bytes, or 0 when it cannot be told. */
uint64_t sa_physical_memory(void);

/*
 * Seconds on the monotonic clock, from an arbitrary start: what the
 * deadlines of the census by layers and of audits are measured in.
 */
double sa_clock(void);

/*
 * The time left of long work, foretold from its pace over the last
 * WINDOW seconds, so that work that slows (a machine that grows busy,
 * steps that grow dear) is foretold anew as it goes, not from its start
 * alone.  The caller owns the clock: every NOW is in seconds from any
 * start (sa_clock() in a program; a test's own numbers), never earlier
 * than the NOW before.  sa_eta_start() begins at NOW with WINDOW seconds
 * (0: SA_ETA_WINDOW); sa_eta_tell() says that the share DONE (0 to 1,
 * never less than the last) is done at NOW.
 */
#define SA_ETA_WINDOW 10.0
#define SA_ETA_KEPT 32
typedef struct sa_eta {
	double window;
	double start;		/* NOW at sa_eta_start */
	double now, done;	/* the last told */
	double told;		/* when sa_eta_due last said yes; < 0: never */
	unsigned len, head;	/* the kept pairs, oldest at HEAD */
	double t[SA_ETA_KEPT], d[SA_ETA_KEPT];
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_eta;

void sa_eta_start(sa_eta *e, double now, double window);
void sa_eta_tell(sa_eta *e, double now, double done);

/*
 * The seconds left at the pace of the last WINDOW seconds told (or of
 * all told, while they span less than a quarter of WINDOW); 0 once the
 * whole is done; -1 while no pace is known (nothing done yet, or no
 * time spent).
 */
double sa_eta_left(const sa_eta *e);

/*
 * True, and remembered, when a line is due at the last NOW told: the
 * first time, once FIRST seconds have passed since the start, and then
 * every EVERY seconds (a terminal's line each quarter second, a log's
 * each minute).
 */
bool sa_eta_due(sa_eta *e, double first, double every);

/*
 * A time limit on long work (seed spaces, samples, composed censuses),
 * and, when the work stops with SA_ETIME, how far it got.  Once the work
 * has run a quarter of a second its pace foretells the whole; when that
 * passes the limit it stops at once, so work that cannot finish is
 * refused within about a second of starting, with its size and the rate
 * measured here.  Work that the forecast let start is still stopped at
 * the limit itself.  UNITS and RATE are in the work's own units (seeds,
 * decks, draws, pairs of orderings), named by the call that fills them.
 */
struct sa_time_limit {
	double seconds;		/* the limit; 0: none */
	double start;		/* when the work began (sa_clock()); 0: */
				/* set by the first call given the limit, */
				/* so that the calls of one job share it */
	/* Filled in with SA_ETIME: */
	double forecast;	/* seconds the whole was foretold to take; */
				/* 0 when it was stopped at the limit */
	double done;		/* the share of the work done, 0 .. 1 */
	double units;		/* the work's size */
	double rate;		/* units a second, as measured */
	/*
	 * FORECAST is a least time, from RATE taken as a speed no machine
	 * passes (and not measured): the work was refused before it began.
	 */
	bool at_least;
	/* UNITS is a least count (from a sample), not the work's size. */
	bool units_at_least;
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
};

/*
 * The memory this process may still take, in bytes: the least of the
 * machine's physical memory, the room its control group leaves (cgroup
 * v2 memory.max or v1 memory.limit_in_bytes, less what the group uses,
 * for the group and its ancestors), RLIMIT_AS less the address space
 * mapped and RLIMIT_DATA less the data mapped.  *WHAT (when WHAT is not
 * NULL) names the one that binds.  0 when none can be found.
 */
uint64_t sa_memory_available(const char **what);

#define SA_CENSUS_MAX_DRAWS 4096

/* What a census of N cards will take, worked out before it starts. */
/*
 * BYTES for a message, as "512 bytes" or "3.6 GiB" (one decimal, cut
 * rather than rounded, so that a limit is never overstated), into BUF.
 */
void sa_format_bytes(uint64_t bytes, char *buf, size_t size);

typedef struct sa_census_plan {
	size_t n;
	uint64_t orderings;	/* N! */
	uint64_t runs;		/* known in advance for the step form, else 0 */
	uint64_t bytes;		/* memory the engine will allocate, with */
				/* the caller's extra bytes */
	uint64_t max_bytes;	/* the limit it was compared with */
	const char *max_what;	/* what sets that limit, in words */
	size_t fits;		/* after SA_ETOOBIG, or SA_EOVERFLOW of the */
				/* orderings: the most cards whose census */
				/* fits under the same limit */
	enum sa_engine engine;	/* the engine that will run */
	/*
	 * Sharded (RANKS > 1): BYTES is the most one rank allocates, and
	 * each step that swaps with the first position sends at most
	 * EXCHANGED bytes from one rank (every count taken as non-zero),
	 * EXCHANGES such steps, EXCHANGED_TOTAL bytes in all.  After SA_ETOOBIG of the step engine,
	 * RANKS_NEEDED is the fewest ranks, each with MAX_BYTES, that
	 * would hold it (0: not even one per leading card), RANK_BYTES
	 * what each would take.
	 */
	unsigned ranks;
	uint64_t exchanged, exchanged_total;
	size_t exchanges;
	unsigned ranks_needed;
	uint64_t rank_bytes;
	char why[384];		/* a refusal's reason, in words, naming */
				/* the limit that binds */
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_census_plan;

/*
 * Works out PLAN for a census of SHUFFLE on N cards under OPTS (which may
 * be NULL for the defaults).  Returns SA_OK, or the status sa_census_run
 * would refuse with (SA_EINVAL for an engine the shuffle cannot use, or a
 * reduction the engine cannot weigh); PLAN is filled in as far as it
 * could be either way.
 */
int sa_census_plan_for(const sa_shuffle *shuffle, size_t n,
    const sa_census_opts *opts, sa_census_plan *plan);

/*
 * How long a census will take on this machine, foretold from one of fewer
 * cards timed here: its time scaled by the work of the engine's steps
 * (the step engine) or by the runs (the walk), each known before either
 * starts.
 */
typedef struct sa_census_forecast {
	double seconds;		/* the census foretold, under the same */
				/* options and engine */
	size_t timed_n;		/* the census timed for it: TIMED_N cards */
	double timed_seconds;	/* in TIMED_SECONDS */
	char why[384];		/* with SA_EINVAL: why none is foretold */
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_census_forecast;

/*
 * Foretells, into F, a census of SHUFFLE on N cards under OPTS (NULL for
 * the defaults; its progress, plan and time limit are not used), by
 * running censuses of fewer cards, the largest foretold to take at most
 * half a second or a 30th of the time foretold (a census of up to 6
 * cards is itself timed).  SA_OK; SA_EINVAL, with WHY, for an engine
 * whose work is not known in advance (the replay's, a formula's); else
 * the status sa_census_plan_for or the timed census returned.
 */
int sa_census_foretell(const sa_shuffle *shuffle, size_t n,
    const sa_census_opts *opts, sa_census_forecast *f);

/* Seconds PLAN's exchanges take at GBITS gigabits a second a rank. */
double sa_census_plan_seconds(const sa_census_plan *plan, double gbits);

/* The orderings rank K of P holds of a census on N cards: [*LO, *HI). */
void sa_census_shard(size_t n, unsigned p, unsigned k, uint64_t *lo,
    uint64_t *hi);

/* A finished census; its storage is the library's. */
typedef struct sa_census sa_census;

/*
 * Counts every run of SHUFFLE on N cards.  On SA_OK, *OUT is a census
 * the caller releases with sa_census_free(); on failure *OUT is NULL.
 * SHUFFLE must outlive the census.
 */
int sa_census_run(const sa_shuffle *shuffle, size_t n,
    const sa_census_opts *opts, sa_census **out);

/*
 * Frees C; NULL is fine.  On rank 0 of a sharded census it also tells
 * the serving ranks to stop, and so must be called on every path.
 */
void sa_census_free(sa_census *c);

/*
 * On a rank other than 0 of a sharded census: answers rank 0's requests
 * for counts until rank 0 frees its census.  SA_OK at once for a census
 * that is not sharded, or on rank 0; SA_ECOMM when an exchange fails.
 */
int sa_census_serve(sa_census *c);

/*
 * The census's plain facts.  RUNS, MAX and MIN are exact when WIDE is
 * false; when it is true (a reduction makes counts past 64 bits) they
 * are 0, and sa_census_runs(), sa_census_max() and sa_census_min() give
 * them at any width.
 */
typedef struct sa_census_info {
	const sa_shuffle *shuffle;
	size_t n;
	uint64_t orderings;	/* N! */
	uint64_t sequences;	/* distinct draw sequences walked */
	/*
	 * The total the counts add up to.  When every run is equally likely
	 * this is the number of runs; when runs have different lengths, each
	 * is weighted by its probability times RUNS, the least common
	 * multiple of the runs' denominators, so counts stay whole.  With a
	 * reduction, each count is the number of ways, raw word by raw word,
	 * to land on the ordering.
	 */
	uint64_t runs;
	uint64_t max, min;	/* the largest and smallest count */
	uint64_t reached;	/* orderings with at least one run */
	uint64_t nmax, nmin;	/* how many orderings have each */
	uint64_t argmax, argmin; /* rank of the first ordering with each */
	bool fair;		/* every ordering has exactly runs / N! */
	bool divides;		/* N! divides the runs */
	bool wide;		/* counts may pass 64 bits (a reduction) */
	bool weighted;		/* runs differ in probability */
	bool renormalised;	/* retries were folded away (SA_STEP_PICK) */
	enum sa_engine engine;	/* the engine that counted */
	sa_reduce reduce;	/* the reduction counted; NONE: plain draws */
	/*
	 * Sharded: RANKS ranks, this one holding the counts of SHARD_LO to
	 * SHARD_HI (else 1, 0 and N!).  A count outside it is fetched by
	 * rank 0 (see sa_census_opts's comm).
	 */
	unsigned ranks;
	uint64_t shard_lo, shard_hi;
	/*
	 * An audit's (sa_census_run_audited with SA_PLACED): the runs that
	 * drew reals and were made again with them placed at both ends of
	 * their cells and at an inner point, each landing on the same deck
	 * (a deck that moved ends the walk).  Summed by sa_census_merge.
	 */
	uint64_t placed;
} sa_census_info;

/* The facts of C, which live as long as C does. */
const sa_census_info *sa_census_about(const sa_census *c);

/*
 * The count of the ordering of rank R (below N!): runs landing on it.
 * sa_census_count() needs a census that is not wide; the others take
 * any.  The big-integer forms return SA_OK or SA_ENOMEM.
 */
uint64_t sa_census_count(const sa_census *c, uint64_t r);
int sa_census_count_big(const sa_census *c, uint64_t r, sa_big *out);
int sa_census_runs(const sa_census *c, sa_big *out);
int sa_census_max(const sa_census *c, sa_big *out);
int sa_census_min(const sa_census *c, sa_big *out);

/* ==== 6. Fractions ==== */

/*
 * An exact fraction, (NEG ? -1 : 1) * NUM / DEN, not necessarily in
 * lowest terms.  DEN is 0 only where a function says the value is
 * unbounded.  A zeroed sa_fraction (or one from sa_fraction_init) is
 * 0/0; sa_fraction_free releases it.
 */
typedef struct sa_fraction {
	sa_big num, den;
	bool neg;
} sa_fraction;

void sa_fraction_init(sa_fraction *f);
void sa_fraction_free(sa_fraction *f);
/* Sets F to (NEG ? -1 : 1) * NUM / DEN; SA_OK or SA_ENOMEM. */
int sa_fraction_set(sa_fraction *f, const sa_big *num, const sa_big *den,
    bool neg);
/* True when F is exactly 0. */
bool sa_fraction_is_zero(const sa_fraction *f);
/*
 * The sign of A - B into *OUT (-1, 0 or 1), exactly; both denominators
 * must be above 0 (SA_EINVAL).  SA_OK or SA_ENOMEM.
 */
int sa_fraction_cmp(const sa_fraction *a, const sa_fraction *b, int *out);

/*
 * F written out, as strings the caller frees (NULL when memory runs out
 * or DEN is 0): _exact in lowest terms, "-25/384" or "3" when the
 * denominator divides; _fixed rounded half away from zero to PLACES
 * decimals; _sig rounded to SIG significant digits, values below 10^-4
 * as d.ddde-N; _sci the same always in that form (a value below 1, F
 * not 0).
 */
char *sa_fraction_exact(const sa_fraction *f);
char *sa_fraction_fixed(const sa_fraction *f, unsigned places);
char *sa_fraction_sig(const sa_fraction *f, unsigned sig);
char *sa_fraction_sci(const sa_fraction *f, unsigned sig);
/*
 * F as _fixed to PLACES decimals (FIXED) or _sig to PLACES significant
 * digits, but never reading as 1 (1, 1.00, ...) when F is not exactly
 * 1: then with the fewest significant digits that do not, up to 64.
 * For a ratio beside a verdict of unfair, which "1.00 times" would
 * contradict.
 */
char *sa_fraction_distinct(const sa_fraction *f, unsigned places,
    bool fixed);
/*
 * S, a probability strictly between 0 and 1 written 2^-K (K from 1 to
 * 4096) or as a decimal 0.DDD (at most 60 decimals), into OUT exactly
 * (initialised by the caller): SA_OK; SA_EPARAM for text of neither
 * form, SA_ERANGE for a decimal of 0 (or K out of range), SA_ENOMEM.
 */
int sa_fraction_parse(const char *s, sa_fraction *out);

/*
 * The odds that any two of KEYS keys, each uniform below WIDTH (at
 * least 2), tie, bounded: C(KEYS, 2) / WIDTH into OUT (initialised by
 * the caller), exactly.  A count that takes the keys as reals that
 * never tie (a harness's wide integers) gives every ordering within
 * that of its true chance: where no two keys tie, the keys fall in the
 * reals' order, and whatever the code does with ties is confined to
 * runs of that probability.  A stable sort gives those runs to the
 * orderings that keep tied cards in place, so sort-keys:K is unfair by
 * less than it.  SA_OK; SA_ERANGE when the bound is 1 or more (it says
 * nothing, and OUT is untouched); SA_ENOMEM.
 */
int sa_ties_bound(uint64_t keys, uint64_t width, sa_fraction *out);

/* F as the nearest double (for statistics and pictures, not figures). */
double sa_fraction_to_double(const sa_fraction *f);

/*
 * sa_fraction_fixed into BUF of SIZE bytes, with a '+' before a value
 * above 0 when PLUS, like snprintf: the length the whole text needs,
 * the text cut short when SIZE is too small; 0 with BUF empty when
 * memory runs out.  Fast when NUM fits in 128 bits and DEN in 64.
 */
size_t sa_fraction_format(const sa_fraction *f, unsigned places, bool plus,
    char *buf, size_t size);

/* ==== 7. Figures ==== */

/*
 * The census's figures, each exact.  Each returns SA_OK, or SA_ENOMEM
 * with OUT unchanged or zero.
 *
 *   per_ordering  runs / N!, what each ordering would get were the
 *                 shuffle fair;
 *   ratio         max / min, the commonest ordering's count over the
 *                 rarest's; DEN is 0 (unbounded) when some ordering is
 *                 never reached;
 *   tvd           the total variation distance from uniform,
 *                 (1/2) sum over orderings of |count / runs - 1 / N!|;
 *   deviation     count - runs / N! for the ordering of rank R: how far
 *                 it is from its fair share, in runs.
 */
int sa_census_per_ordering(const sa_census *c, sa_fraction *out);
int sa_census_ratio(const sa_census *c, sa_fraction *out);
int sa_census_tvd(const sa_census *c, sa_fraction *out);
int sa_census_deviation(const sa_census *c, uint64_t r, sa_fraction *out);

/*
 * The ranks of the K orderings with the most runs, most first, ties in
 * rank order, into RANKS (room for K, K at most N!).  O(N! log K) time,
 * no memory beyond RANKS.  SA_OK, or SA_EINVAL for a K of 0 or past N!.
 */
int sa_census_top(const sa_census *c, uint64_t k, uint64_t *ranks);

/*
 * How many orderings got each count: one bucket per count from the
 * least to the largest when there are at most SA_HISTOGRAM_EXACT of
 * them, else SA_HISTOGRAM_BUCKETS ranges of equal width.  Only the
 * buckets some ordering falls in are listed.  SA_EOVERFLOW for a wide
 * census (its counts are not bucketed), SA_ENOMEM.
 */
#define SA_HISTOGRAM_EXACT 64
#define SA_HISTOGRAM_BUCKETS 32

typedef struct sa_bucket {
	uint64_t from, to;	/* counts from FROM to TO, both included */
	uint64_t orderings;	/* orderings whose count lies there */
} sa_bucket;

typedef struct sa_histogram {
	sa_bucket *bucket;
	size_t count;
} sa_histogram;

int sa_census_histogram(const sa_census *c, sa_histogram *out);
void sa_histogram_free(sa_histogram *h);

/*
 * Where the bias of code that reduces raw words comes from, from two
 * censuses of it on the same N, NARROW with words of fewer bits than
 * WIDE.  A bias of the loop does not depend on the words' width (a
 * loop that draws the wrong bounds is as wrong at any width); a bias of
 * the reduction (r % k, r * k >> b) shrinks as the words widen.  So:
 * SA_BIAS_NONE when both are fair; SA_BIAS_LOOP when they give every
 * ordering the same chance, exactly (sa_census_same_law: the width did
 * not matter); SA_BIAS_REDUCTION when WIDE's distance from uniform is
 * smaller (some of the bias is the reduction's: the loop may still be
 * wrong, which an audit over bounded draws settles); SA_BIAS_UNSETTLED
 * otherwise.  SA_EINVAL for censuses of different N, SA_ENOMEM.
 */
enum sa_bias_cause {
	SA_BIAS_NONE,
	SA_BIAS_LOOP,
	SA_BIAS_REDUCTION,
	SA_BIAS_UNSETTLED
};

int sa_census_bias_cause(const sa_census *narrow, const sa_census *wide,
    enum sa_bias_cause *out);

/*
 * Why census C's verdict is what it is, for its report:
 *   SA_REASON_ONE          fair: one ordering, which every run lands on;
 *   SA_REASON_EVEN         fair: every ordering gets runs / N! exactly;
 *   SA_REASON_SINGLE_RUN   unfair: one run, so always the same ordering;
 *   SA_REASON_CYCLES       unfair: it reaches the (N-1)! orderings that
 *                          are one cycle of all N cards, and no other
 *                          (Sattolo's algorithm; in a Fisher-Yates, the
 *                          draw one short: j < i where j <= i was meant);
 *   SA_REASON_INDIVISIBLE  unfair: N! does not divide the runs;
 *   SA_REASON_UNEVEN       unfair: it does, but they are not shared
 *                          equally.
 * sa_census_reason_words gives a reason in a few words.
 */
enum sa_census_reason {
	SA_REASON_ONE,
	SA_REASON_EVEN,
	SA_REASON_SINGLE_RUN,
	SA_REASON_CYCLES,
	SA_REASON_INDIVISIBLE,
	SA_REASON_UNEVEN
};

enum sa_census_reason sa_census_reason(const sa_census *c);
const char *sa_census_reason_words(enum sa_census_reason r);

/*
 * Whether censuses A and B of the same N give every ordering the same
 * chance, exactly (their counts over their runs, compared as fractions):
 * the test a second model of audited code passes when the code uses
 * its numbers as the first model covers.  SA_EINVAL for censuses of
 * different N, SA_ENOMEM.
 */
int sa_census_same_law(const sa_census *a, const sa_census *b, bool *same);

/*
 * What the second models of audited code say of a verdict of unfair
 * under the first (its raw words a bit wider, its reals placed elsewhere
 * in their cells): HOLDS when every second model counted gives the same
 * chances (the verdict is the code's), DIFFERS when one does not (the
 * model decides: the code uses its numbers in a way the model does not
 * capture), UNCHECKED when one could not be counted (it would cost too
 * much), so the model may decide.  NONE: no question (fair, or no raw
 * words nor reals).
 */
enum sa_model_check {
	SA_MODEL_NONE,
	SA_MODEL_HOLDS,
	SA_MODEL_DIFFERS,
	SA_MODEL_UNCHECKED
};

/*
 * How many times C's runs grow when its raw words widen from BITS to
 * WIDER bits, were each of its draws a raw word (so its sequences a power
 * of 2^BITS): sequences^((WIDER - BITS) / BITS).  A forecast, for
 * deciding whether a census at WIDER bits is cheap; an overestimate when
 * some draws are not raw words.
 */
double sa_census_widen_factor(const sa_census *c, unsigned bits,
    unsigned wider);
/*
 * The runs of C's census again with raw words of WIDER bits, not BITS,
 * foretold: its sequences times that factor; 0 for a wide census (too
 * many to count again).
 */
double sa_census_widened_runs(const sa_census *c, unsigned bits,
    unsigned wider);


/* ==== 8. Layers ==== */

/*
 * The census by layers.
 *
 * Code that draws by rejection (draw again while the word falls in a
 * part that would bias the result) can make any number of draws, so it
 * has infinitely many runs.  sa_layers_run() walks every sequence of
 * draws up to DEPTH draws a run, as the census's replay does, and sorts
 * the runs that finish into layers of equal probability: a run whose
 * draws had bounds k1, k2, ... has probability 1 / (k1 k2 ...), and a
 * layer holds the runs with the same product D (for raw words of B bits,
 * the runs of L words, D = 2^(B L)).  Each layer is an exact tally.  The
 * runs still going after DEPTH draws are the remainder, whose total
 * probability is an exact fraction; every ordering's probability lies
 * between what the layers give it and that plus the remainder.
 *
 * The verdict:
 *
 *   SA_LAYERS_FAIR     every layer is uniform (each gives every ordering
 *                      the same count) and the remainder R is at most
 *                      the bound of sa_layers_bound: 2^-20 / n!.  The
 *                      layers then give each ordering (1 - R) / n!, and
 *                      the runs still going at most R more, so each
 *                      ordering's chance is within R of 1/n!: within a
 *                      part in 2^20 of it.  That is all the layers
 *                      prove: the runs still going may be biased (a
 *                      loop fair for its first rejections and biased
 *                      after), and a census deeper than the depth is
 *                      the only way to see them.  A correct rejection
 *                      sampler consumes a number of words that does not
 *                      depend on the values it accepts, so all its
 *                      layers are uniform and its R falls below any
 *                      bound with depth.
 *   SA_LAYERS_DEPTH    every layer is uniform, but R is above the bound:
 *                      each ordering's chance is within R of 1/n! and
 *                      no nearer is known, so the depth decides
 *                      (sa_layers_foretell names the depth foretold to
 *                      bring R below the bound).
 *   SA_LAYERS_UNFAIR   proven unfair: some ordering's counted
 *                      probability is above 1/n!, or its counted
 *                      probability plus the whole remainder is below
 *                      1/n!, so no deeper census can make it 1/n!.
 *   SA_LAYERS_UNEVEN   some layer is not uniform, but the remainder is
 *                      still too large to prove it: a deeper census
 *                      could settle it.
 */
enum sa_layers_verdict {
	SA_LAYERS_FAIR = 0,
	SA_LAYERS_UNFAIR,
	SA_LAYERS_UNEVEN,
	SA_LAYERS_DEPTH
};

/*
 * The bound a remainder must be at most for every uniform layer to mean
 * fair: 2^-SA_LAYERS_FAIR_BITS / n!, so that every ordering's chance is
 * within a part in 2^20 of 1/n! (a sample would need some n! 2^40 decks
 * to see a bias that small).  sa_layers_bound puts it for N cards into
 * OUT; SA_EOVERFLOW when N! does not fit in 64 bits, SA_ENOMEM.
 */
#define SA_LAYERS_FAIR_BITS 20
int sa_layers_bound(size_t n, sa_fraction *out);

typedef struct sa_layers_opts {
	size_t depth;		/* most draws a run may make; 0: 16 */
	sa_reduce reduce;	/* how draws are made; zero: the */
				/* shuffle's own (sa_shuffle_reduce) */
	uint64_t max_bytes;	/* 0: sa_memory_available() */
	double deadline;	/* above 0: SA_ETIME once sa_clock() */
				/* passes it */
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_layers_opts;

typedef struct sa_layers sa_layers;

/*
 * Walks SHUFFLE on N cards by layers under OPTS (NULL for the
 * defaults) into *OUT, released with sa_layers_free(); *OUT is NULL on
 * failure.  SA_EOVERFLOW when N! or a count does not fit in 64 bits,
 * SA_ETOOBIG when the layers' tallies would not fit in memory, SA_EINVAL
 * for a reduction that is not a rejection (REJECT or LEMIRE, or none)
 * or has more than 32 bits, or a draw the reduction cannot make; and the
 * contract breaches of sa_walk.
 */
int sa_layers_run(const sa_shuffle *shuffle, size_t n,
    const sa_layers_opts *opts, sa_layers **out);
void sa_layers_free(sa_layers *l);	/* NULL is fine */

typedef struct sa_layers_info {
	const sa_shuffle *shuffle;
	size_t n;
	uint64_t orderings;	/* N! */
	size_t depth;		/* the most draws a run was followed for */
	size_t layers;		/* layers with at least one run */
	uint64_t runs;		/* runs that finished within the depth */
	uint64_t unfinished;	/* sequences of DEPTH draws still going */
	/*
	 * What a walk one draw deeper visits: the runs that finished plus,
	 * for each prefix still going, the bound of the draw it asked for
	 * next (2^B for a raw word of B bits); UINT64_MAX when that does
	 * not fit.  Exact, so the next walk's cost can be foretold.
	 */
	uint64_t next_runs;
	enum sa_layers_verdict verdict;
	/*
	 * UNEVEN and UNFAIR: the first layer that is not uniform.  UNFAIR:
	 * WITNESS is the rank of an ordering that proves it, ABOVE true
	 * when its counted probability is above 1/n!, false when its
	 * counted probability plus the remainder is below it.
	 */
	size_t uneven;
	uint64_t witness;
	bool above;
	sa_reduce reduce;	/* the reduction walked; NONE: plain draws */
	uint64_t placed;	/* runs placed elsewhere, as sa_census_info's */
} sa_layers_info;

const sa_layers_info *sa_layers_about(const sa_layers *l);
/*
 * The runs of L's layers again with raw words a bit wider, foretold: at
 * most the sequences it visited (at least 1), each 2^depth times as
 * many.
 */
double sa_layers_widened_runs(const sa_layers *l);

/* One layer: its runs' draws (when they all made as many), D, and more. */
typedef struct sa_layer {
	size_t draws;		/* draws a run made; 0 when they differ */
	uint64_t base;		/* every draw's bound, so 1/D is base^-draws; */
				/* 0 when they differ */
	uint64_t runs;		/* runs in the layer */
	uint64_t reached;	/* orderings they land on */
	uint64_t max, min;	/* the largest and smallest count */
	bool uniform;		/* max == min over all N! orderings */
} sa_layer;

/*
 * Layer K (0 .. layers-1, most probable first) into OUT, with its runs'
 * probability 1/D in PROB (may be NULL); SA_EINVAL past the last.
 */
int sa_layers_layer(const sa_layers *l, size_t k, sa_layer *out,
    sa_fraction *prob);
/* The count of the ordering of rank R in layer K. */
uint64_t sa_layers_count(const sa_layers *l, size_t k, uint64_t r);

/* The remainder: the probability of the runs still going at the depth. */
int sa_layers_remainder(const sa_layers *l, sa_fraction *out);

/*
 * The probability of the ordering of rank R lies in [LO, HI]: LO what
 * the layers give it, HI that plus the remainder.  Either may be NULL.
 */
int sa_layers_mass(const sa_layers *l, uint64_t r, sa_fraction *lo,
    sa_fraction *hi);

/*
 * The depth at which L's remainder is foretold to fall to the bound of
 * sa_layers_bound, from its fall over L's last draw (the remainder one
 * draw shallower is L's plus its layers of runs that made exactly
 * DEPTH draws), were it to keep falling at that rate; L's own depth when
 * it is there already.  A forecast, not a proof: the runs it has not
 * walked may finish otherwise.  0 when it cannot be foretold: a layer
 * whose runs made different numbers of draws, a remainder that did not
 * fall over the last draw, or a depth past SA_CENSUS_MAX_DRAWS.
 */
size_t sa_layers_foretell(const sa_layers *l);

/*
 * Whether censuses by layers A and B of the same N and depth count the
 * same: every ordering the same probability in what the layers counted,
 * and the same remainder (sa_census_same_law for layers).  SA_EINVAL for
 * other N or depths, SA_ENOMEM.
 */
int sa_layers_same_law(const sa_layers *a, const sa_layers *b, bool *same);

/*
 * The census by layers, deepened one draw at a time.  Each depth is a
 * new walk, so the next walk's cost is foretold from the last one's
 * time and what it visits (sa_layers_info.next_runs, exact: a raw word
 * of B bits multiplies each prefix still going by 2^B), and a walk the
 * forecast lets start still stops at the deadline.
 *
 * DEPTH not 0 walks that depth alone.  Otherwise depths from 1 up are
 * walked until the remainder is at most EPS (NULL: never), every run
 * has finished, the next depth would pass SECONDS from the start (or a
 * walk did), or the depth reaches MAX_DEPTH (0: SA_CENSUS_MAX_DRAWS).
 * The last depth walked whole is kept in *OUT, and *STOP says why the
 * deepening ended.  SECONDS 0 is no limit.
 *
 * WALK, when not NULL, walks one depth in place of sa_layers_run (an
 * audit's walker, say): it fills *OUT, and stops with SA_ETIME at
 * DEADLINE (0: none); any other failure is passed back.  PROGRESS, when
 * not NULL, is told each depth walked, with the seconds spent.
 *
 * SA_ETIME with *OUT NULL when not even the first depth was walked in
 * time; otherwise the statuses of sa_layers_run or of WALK.
 */
enum sa_deepen_stop {
	SA_DEEPEN_DEPTH,	/* the depth asked for */
	SA_DEEPEN_REMAINDER,	/* the remainder is at most EPS */
	SA_DEEPEN_FINISHED,	/* every run finished */
	SA_DEEPEN_TIME,		/* the time limit */
	SA_DEEPEN_MAX		/* the most draws a run may make */
};

typedef struct sa_deepen_opts {
	size_t depth;
	size_t max_depth;
	const sa_fraction *eps;
	double seconds;
	sa_reduce reduce;	/* as sa_layers_opts's */
	uint64_t max_bytes;
	int (*walk)(void *ctx, size_t depth, double deadline,
	    sa_layers **out);
	void *walk_ctx;
	void (*progress)(void *ctx, const sa_layers *l, double spent);
	void *progress_ctx;
	/*
	 * With DEPTH and SECONDS, the depths before DEPTH are walked first,
	 * each foretold from the one before, and DEPTH is refused (SA_ETIME)
	 * when foretold past the limit; DIRECT walks DEPTH at once (a part
	 * of a walk split by its first draw, whose depths must agree).
	 */
	bool direct;
	/*
	 * DEPTH is refused only when foretold past MARGIN times SECONDS (0:
	 * once): a default limit, rather than one the caller chose, can
	 * leave room for a forecast that counts a program's start-up as
	 * walking, and still refuse a walk of hours before it starts.
	 */
	double margin;
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_deepen_opts;

typedef struct sa_deepen_result {
	enum sa_deepen_stop stop;
	/*
	 * SA_DEEPEN_TIME: the depth not walked, and the seconds its walk
	 * was foretold to take (0 when its walk was cut at the deadline).
	 */
	size_t next_depth;
	double forecast;
	char why[256];		/* a refusal's reason, in words */
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_deepen_result;

int sa_layers_deepen(const sa_shuffle *shuffle, size_t n,
    const sa_deepen_opts *opts, sa_layers **out, sa_deepen_result *res);

/* ==== 9. The matrix ==== */

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
 * The matrix of SHUFFLE on N cards into *OUT (sa_matrix_free()).
 * SA_EINVAL for N outside 1 .. SA_MATRIX_MAX_CARDS (or the shuffle's
 * limit), and the census's statuses when it comes from the census.
 */
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
 * sa_matrix_size returns SA_ETOOBIG, WHY saying which bound binds, past SA_MATRIX_MAX_STEPS steps (decided from the
 * step count alone, before any step is looked at) or SA_MATRIX_MAX_WORK
 * (about 45 minutes); sa_matrix_run refuses the same.  SA_OK, with
 * nothing to size, when the matrix comes from the census instead.
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

/* ==== 10. Black boxes ==== */

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

/*
 * Decks as lines of text, the form a black box's output is read in
 * (decks.c).  A line holds N entries between separators (blanks, and
 * DELIM when it is not -1): whole numbers from BASE to BASE + N - 1, or,
 * with NAMES (N is 52), the cards' names AS 2S ... 10S JS QS KS, then
 * the hearts, diamonds and clubs (AS is card 0, AH card 13).
 */
typedef struct sa_deck_format {
	size_t n;		/* 2 to SA_FIT_MAX_CARDS */
	unsigned base;		/* 0 or 1 */
	int delim;		/* a byte, or -1: blanks only */
	bool names;
} sa_deck_format;

typedef struct sa_deck_reader sa_deck_reader;

/* A reader of lines in format F: SA_EINVAL for a format out of range. */
int sa_deck_reader_new(const sa_deck_format *f, sa_deck_reader **out);
void sa_deck_reader_free(sa_deck_reader *r);	/* NULL is fine */
/*
 * The deck on LINE (LEN bytes, no newline; a last '\r' is ignored)
 * into DECK[0 .. N-1], each card from 0 to N-1 once: SA_OK, or SA_EINVAL
 * with the reason, such as `entry 3, "x": not a whole number', in WHY
 * (SIZE bytes; may be NULL).
 */
int sa_deck_read(sa_deck_reader *r, const char *line, size_t len,
    unsigned *deck, char *why, size_t size);
/* The card named by S (LEN bytes), as sa_deck_format's NAMES reads it. */
bool sa_card_from_name(const char *s, size_t len, unsigned *card);

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

/* ==== 11. Arguments ==== */

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


/*
 * The state-space argument.  A generator seeded with BITS bits of state
 * starts from at most 2^BITS states, so a deal seeded from it lands on
 * at most 2^BITS orderings of N cards, however good its shuffle.
 * sa_state_space_for() compares 2^BITS with N! exactly (1 <= N < 2^32,
 * BITS >= 1): SA_OK, SA_EINVAL or SA_ENOMEM; S is released with
 * sa_state_space_free() either way.
 */
typedef struct sa_state_space {
	size_t n;
	uint32_t bits;
	sa_big orderings;	/* N! */
	sa_big states;		/* 2^BITS */
	bool covers;		/* 2^BITS >= N!: every ordering reachable */
	/* The largest fraction of the orderings reachable: 2^BITS / N!, or 1. */
	sa_fraction reach;
	uint64_t smallest_uncovered;	/* the smallest n with n! > 2^BITS */
	double log2_orderings;	/* log2 N!, for display only */
} sa_state_space;

int sa_state_space_for(size_t n, uint32_t bits, sa_state_space *s);
/* The same for STATES states (a range of seeds), BITS 0. */
int sa_state_space_count(size_t n, uint64_t states, sa_state_space *s);
void sa_state_space_free(sa_state_space *s);

/*
 * The claims (claims.c): the common claims about the naive and
 * Fisher-Yates shuffles and the seeded deal, and those this tool proves,
 * each checked now into OUT (SA_CLAIMS of them): its sentence (TEXT),
 * whether it HELD, and the figure behind it (MEASURED), every figure
 * computed.  UPTO: the naive shuffle's fairness from 2 to UPTO cards (2
 * to SA_CLAIMS_UPTO_MAX); PATTERNS_UPTO: its patterns counted from 3 to
 * that (at most SA_CLAIMS_PATTERNS_MAX; 12 takes minutes and about
 * 4 GiB).  A claim whose figure could not be computed does not hold,
 * and its measurement says why.  SA_EINVAL for sizes out of range.
 */
#define SA_CLAIMS 11
#define SA_CLAIMS_UPTO_MAX 10
#define SA_CLAIMS_PATTERNS_MAX 12

typedef struct sa_claim {
	const char *text;
	bool held;
	char measured[512];
	char text_buf[192];
} sa_claim;

int sa_claims_check(size_t upto, size_t patterns_upto, sa_claim *out);

/* ==== 12. Walks and traces ==== */

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

/* ==== 13. Generators ==== */

/*
 * Generators behind the oracle.
 *
 * mulberry32 (Tommy Ettinger's 32-bit generator, as published): a 32-bit
 * state, repeatable and entirely predictable.  Its oracle answers a draw
 * below K <= 2^32 as floor(x * K / 2^32) for its next output x: the
 * JavaScript deal's j = Math.floor(u * (i + 1)) with u = x / 2^32, done
 * in integers; K above 2^32 takes two outputs as one 64-bit x, likewise.
 */
uint32_t sa_mulberry32_next(uint32_t *state);

typedef struct sa_mulberry32 {
	sa_oracle base;
	uint32_t state;
} sa_mulberry32;

void sa_mulberry32_init(sa_mulberry32 *g, uint32_t seed);

/*
 * The seeded generators of the libraries people shuffle with, each as
 * its library writes it (generators.c): KIND, its NAME for -g, what it is,
 * where it comes from, the bits of its seed space and of one output.
 * An sa_seeded answers a draw the way its library's shuffle asks (its
 * native draw: mulberry32 and delphi floor(x k / 2^32), glibc and
 * mt19937 the output modulo k, java nextInt(k), dotnet Next(k), that
 * is sa_scale), and gives the top bits
 * of its outputs as raw words.  A bound it cannot take sets ERR to
 * SA_EBOUND.
 */
enum sa_gen_kind {
	SA_GEN_MULBERRY32, SA_GEN_DELPHI, SA_GEN_GLIBC, SA_GEN_JAVA,
	SA_GEN_MT19937, SA_GEN_DOTNET
};

typedef struct sa_seeded_gen {
	enum sa_gen_kind kind;
	const char *name;
	const char *summary;
	const char *source;
	unsigned seed_bits;	/* seeds 0 .. 2^seed_bits - 1 */
	unsigned word_bits;	/* bits of one output */
} sa_seeded_gen;

const sa_seeded_gen *sa_seeded_gens(size_t *count);
const sa_seeded_gen *sa_seeded_find(const char *name); /* NULL if unknown */

typedef struct sa_seeded {
	sa_oracle base;
	const sa_seeded_gen *gen;
	int err;
	uint64_t gen_limit;	/* the largest bound of a native draw */
	uint64_t state;		/* the LCGs' and mulberry32's */
	uint32_t words[624];	/* glibc's 31, MT19937's 624, .NET's 56 */
	int front, rear;
} sa_seeded;

void sa_seeded_init(sa_seeded *g, const sa_seeded_gen *gen, uint64_t seed);
/* The next output: rand()'s 31 bits for glibc, next(32) for java. */
uint32_t sa_seeded_next(sa_seeded *g);

/*
 * xoshiro256** (Blackman and Vigna, 2018), a small fast generator with
 * 256 bits of state, for sampling: draws below k by Lemire's unbiased
 * multiply-and-reject, raw words as its top bits.  Seeded by splitmix64
 * from SEED; STREAM picks one of many disjoint-seeded copies (one for
 * each thread).  S may also be set directly.
 */
typedef struct sa_xoshiro256 {
	sa_oracle base;
	uint64_t s[4];
} sa_xoshiro256;

void sa_xoshiro256_init(sa_xoshiro256 *g, uint64_t seed, uint64_t stream);
uint64_t sa_xoshiro256_next(sa_xoshiro256 *g);

/*
 * The operating system's entropy (getrandom), with unbiased bounded
 * draws by rejection.  If the system source fails, ERR becomes SA_ESYS
 * and draws return 0: check it after use.
 */
typedef struct sa_sysrandom {
	sa_oracle base;
	int err;
} sa_sysrandom;

void sa_sysrandom_init(sa_sysrandom *g);

/* ==== 14. Repeats and the card table ==== */

/*
 * A shuffle after another (repeat.c): the census of doing A and then B,
 * from the census of each, every ordering of A composed with every one B
 * reaches; runs multiply.  SA_EOVERFLOW when the runs pass 128 bits,
 * SA_EINVAL when the decks differ, SA_ETOOBIG when its tables would not
 * fit in OPTS's max_bytes (0: sa_memory_available()), SA_ETIME at OPTS's
 * limit (its units: the pairs of orderings composed, the orderings A
 * reaches times those B reaches).  OPTS may be NULL.
 */
int sa_census_then(const sa_census *a, const sa_census *b,
    const sa_census_opts *opts, sa_census **out);

/*
 * SHUFFLE is INNER done TIMES times (1 .. SA_REPEAT_MAX) on N cards,
 * named "naive*3" or "riffle:1*3"; it lives as long as R and INNER do.
 * A step shuffle repeated keeps a step form.  sa_census_repeat counts it:
 * by the step engine where there is a step form, else by INNER's census
 * composed with itself (sa_census_then: runs within 128 bits).
 */
#define SA_REPEAT_MAX 1000
typedef struct sa_repeated {
	sa_shuffle shuffle;
	const sa_shuffle *inner;
	uint64_t times;
	char name[96];
} sa_repeated;

int sa_shuffle_repeat(sa_repeated *r, const sa_shuffle *inner, size_t n,
    uint64_t times);
int sa_census_repeat(const sa_repeated *r, size_t n,
    const sa_census_opts *opts, sa_census **out);

/*
 * How far a shuffle done K times is from uniform (distance.c), for K from
 * FROM to TO (1 <= FROM <= TO <= SA_DISTANCE_MAX_TIMES): the total
 * variation distance, the separation (1 - n! times the smallest chance),
 * and the commonest ordering's chance over the rarest's (UNBOUNDED when
 * some ordering never comes up; RATIO's denominator is then 0), all
 * exact.  FORMULA: the riffle's, from Bayer and Diaconis 1992, at any
 * deck up to SA_DISTANCE_MAX_CARDS and up to SA_DISTANCE_MAX_RIFFLES
 * riffles in all.  CENSUS: the census, composed with itself (its runs
 * must stay within 128 bits).  AUTO picks the formula where there is
 * one.  ROWS holds TO - FROM + 1 rows, each from sa_distance_row_init.
 */
enum sa_distance_method {
	SA_DISTANCE_AUTO = 0, SA_DISTANCE_FORMULA, SA_DISTANCE_CENSUS
};
#define SA_DISTANCE_MAX_TIMES 1000
#define SA_DISTANCE_MAX_CARDS 1024
#define SA_DISTANCE_MAX_RIFFLES 60

typedef struct sa_distance_opts {
	enum sa_distance_method method;
	sa_census_opts census;	/* for the census: threads, memory */
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_distance_opts;

typedef struct sa_distance_row {
	uint64_t times;
	sa_fraction tvd, separation, ratio;
	bool unbounded;
} sa_distance_row;

void sa_distance_row_init(sa_distance_row *row);
void sa_distance_row_free(sa_distance_row *row);
bool sa_distance_has_formula(const sa_shuffle *sh);
int sa_distance(const sa_shuffle *sh, size_t n, uint64_t from, uint64_t to,
    const sa_distance_opts *opts, sa_distance_row *rows,
    enum sa_distance_method *used);

/* ==== 15. Shuffles from the wild ==== */

/*
 * Shuffles from the wild: famous shuffles from real code, each as a
 * model (an -a ALGORITHM spec, a --reduce spec or NULL, a -g generator or
 * NULL) with what it is and where it is publicly documented (wild.c).
 */
typedef struct sa_wild {
	const char *name;
	const char *what;
	const char *algorithm;
	const char *reduce;
	const char *generator;
	const char *source;
} sa_wild;

const sa_wild *sa_wild_list(size_t *count);

/* ==== 16. Seed spaces ==== */

/*
 * The seed space of a seeded deal (seedspace.c): every seed from FIRST, COUNT
 * of them (0: the rest of the generator's space), seeds GEN, which
 * answers SHUFFLE's draws on N <= SA_SEEDS_MAX_CARDS cards (by REDUCE
 * over its raw words when set), and each ordering dealt is counted.  The
 * info: the seeds, the orderings and those reached, a commonest and a
 * rarest ordering (the first by rank) with their seeds, and whether
 * every ordering is dealt by as many seeds.  sa_seeds_plan says the
 * seeds and the memory first, and SA_ETOOBIG past MAX_BYTES (0:
 * sa_memory_available()), SA_ERANGE for seeds outside the space.
 */
#define SA_SEEDS_MAX_CARDS 12

typedef struct sa_seeds_opts {
	uint64_t first, count;
	sa_reduce reduce;
	unsigned threads;	/* 0: the machine's cores */
	uint64_t max_bytes;
	/* Called now and then with the fraction done; may be NULL. */
	void (*progress)(void *ctx, double done);
	void *progress_ctx;
	sa_time_limit *limit;	/* NULL: none; units are seeds */
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_seeds_opts;

typedef struct sa_seeds_info {
	uint64_t first, seeds;
	uint64_t orderings, reached;
	uint64_t max_rank, max_count;
	uint64_t min_rank, min_count;	/* 0 seeds when some is never dealt */
	bool uniform;
	bool fast;		/* walked by sequences of draws */
	uint64_t last;		/* the last seed dealt */
	uint64_t unreached;	/* orderings never dealt */
	uint64_t df;		/* the chi-square's degrees of freedom */
	bool divides;		/* the orderings divide the seeds: a uniform
				   deal is possible at all */
} sa_seeds_info;

typedef struct sa_seeds sa_seeds;

int sa_seeds_plan(const sa_shuffle *shuffle, size_t n,
    const sa_seeded_gen *gen, const sa_seeds_opts *opts, uint64_t *seeds,
    uint64_t *bytes);
int sa_seeds_run(const sa_shuffle *shuffle, size_t n,
    const sa_seeded_gen *gen, const sa_seeds_opts *opts, sa_seeds **out);
void sa_seeds_free(sa_seeds *s);	/* NULL is fine */
const sa_seeds_info *sa_seeds_about(const sa_seeds *s);
uint64_t sa_seeds_count(const sa_seeds *s, uint64_t rank);
/*
 * The count of the ordering of rank RANK against an even share, count
 * times n! over the seeds, exactly into OUT; SA_OK or SA_ENOMEM.
 */
int sa_seeds_ratio(const sa_seeds *s, uint64_t rank, sa_fraction *out);
/* Pearson's chi-square against every ordering equally often, exactly,
 * on orderings - 1 degrees of freedom. */
int sa_seeds_chi2(const sa_seeds *s, sa_fraction *out);
/* That statistic's p-value, as its base-10 logarithm (0 for one
 * ordering); SA_OK or SA_ENOMEM. */
int sa_seeds_log10_p(const sa_seeds *s, double *out);
/* The share of GEN's seed space S dealt, and *WHOLE when it is all. */
double sa_seeds_share(const sa_seeds *s, const sa_seeded_gen *gen,
    bool *whole);

/*
 * A seed space in parts (--part, then merge): sa_seeds_part narrows O
 * (whose SEEDS seeds start at O->first) to part INDEX (1 .. COUNT) of
 * COUNT, stretches of seeds as even as they go, in order (SA_ERANGE
 * for more parts than seeds).
 * sa_seeds_pack writes S's tally as bytes (malloc'd, *LEN);
 * sa_seeds_unpack reads them back as the seed space of N cards
 * (SA_EINVAL when they are not one, or their counts do not add up to
 * their seeds); sa_seeds_merge adds FROM, the stretch right after
 * INTO's, to INTO, and its figures follow (SA_EINVAL when FROM is not
 * that stretch, of the same cards and path).
 */
int sa_seeds_part(sa_seeds_opts *o, uint64_t seeds, unsigned index,
    unsigned count);
int sa_seeds_pack(const sa_seeds *s, unsigned char **buf, size_t *len);
int sa_seeds_unpack(size_t n, const unsigned char *buf, size_t len,
    sa_seeds **out);
int sa_seeds_merge(sa_seeds *into, const sa_seeds *from);
/*
 * Whether S, merged from parts, is the whole seed space O asks of GEN:
 * its first seed O's FIRST and its seeds every one the range holds (as
 * sa_seeds_plan counts them); SA_EINVAL, WHY saying what differs.
 */
int sa_seeds_whole(const sa_seeds *s, const sa_seeded_gen *gen,
    const sa_seeds_opts *o, char *why, size_t size);

/*
 * The attack from a few seen cards: every seed of the range dealt (N up
 * to SA_SEEDS_MATCH_MAX_CARDS cards), the seeds whose deal starts with
 * the NSEEN cards SEEN counted and the first LIST of them kept; and, for
 * k = 1 .. DEPTH (8, or N if fewer), REMAIN[k-1], the average over the
 * seeds of how many seeds deal the same first k cards as that seed:
 * what is left to guess once k cards are seen.  The plan: the seeds and
 * the memory (16 bytes a seed), as sa_seeds_plan.
 */
#define SA_SEEDS_MATCH_MAX_CARDS 64

typedef struct sa_seeds_match {
	uint64_t seeds, matches;
	uint64_t last;		/* the last seed dealt */
	uint64_t *first;
	size_t listed, depth;
	sa_fraction remain[8];
} sa_seeds_match;

int sa_seeds_match_plan(const sa_shuffle *shuffle, size_t n,
    const sa_seeded_gen *gen, const sa_seeds_opts *opts, size_t nseen,
    uint64_t *seeds, uint64_t *bytes);
int sa_seeds_match_run(const sa_shuffle *shuffle, size_t n,
    const sa_seeded_gen *gen, const sa_seeds_opts *opts,
    const unsigned *seen, size_t nseen, size_t list, sa_seeds_match *out);
void sa_seeds_match_free(sa_seeds_match *m);

#ifdef __cplusplus
}
#endif

#endif /* SHUFFLE_AUDIT_H */
