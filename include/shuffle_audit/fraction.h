/*
 * shuffle_audit/fraction.h - exact fractions, their formats and parsing
 * (fraction.c; sa_ties_bound, shuffle.c).
 */
#ifndef SA_FRACTION_H
#define SA_FRACTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "big.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif /* SA_FRACTION_H */
