/*
 * shuffle_audit/layers.h - the census by layers, for draws by rejection, its
 * deepening under a time limit, and its pieces for audits (layers.c).
 */
#ifndef SA_LAYERS_H
#define SA_LAYERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "audit.h"
#include "fraction.h"
#include "reduce.h"
#include "shuffle.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/*
 * The census by layers in pieces, for audits: sa_layers_collect walks
 * as sa_layers_run does, with AUDIT's options (may be NULL), but leaves
 * the layers unjudged; sa_layers_merge adds FROM's runs into INTO (both
 * collected, of the same cards and depth); sa_layers_finish sorts,
 * sums and judges, after which the sa_layers_ calls of the public
 * interface apply.  sa_layers_pack writes collected layers into a
 * buffer (malloc'd, *LEN bytes) that sa_layers_unpack reads back in
 * another process of the same program, for SHUFFLE; SA_EINVAL when the
 * buffer is not one it wrote.
 */
int sa_layers_collect(const sa_shuffle *shuffle, size_t n,
    const sa_layers_opts *opts, const sa_audit_opts *audit,
    sa_layers **out);
int sa_layers_merge(sa_layers *into, const sa_layers *from);
int sa_layers_finish(sa_layers *l);
int sa_layers_pack(const sa_layers *l, unsigned char **buf, size_t *len);
int sa_layers_unpack(const sa_shuffle *shuffle, const unsigned char *buf,
    size_t len, sa_layers **out);

#ifdef __cplusplus
}
#endif

#endif /* SA_LAYERS_H */
