/*
 * shuffle_audit/figures.h - what a census says: fair share, ratio, distance,
 * deviations, top rows, histogram, reasons (figures.c, tally.c).
 */
#ifndef SA_FIGURES_H
#define SA_FIGURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "census.h"
#include "fraction.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif /* SA_FIGURES_H */
