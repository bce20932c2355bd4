/*
 * shuffle_audit/reduce.h - the bounded-integer step (--reduce): how raw
 * words become draws below k (reduce.c).
 */
#ifndef SA_REDUCE_H
#define SA_REDUCE_H

#include <stdbool.h>
#include <stdint.h>

#include "big.h"
#include "oracle.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif /* SA_REDUCE_H */
