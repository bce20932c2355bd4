/*
 * shuffle_audit/perm.h - orderings: their ranks and notations (perm.c).
 */
#ifndef SA_PERM_H
#define SA_PERM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

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
 * numbers separated by commas otherwise.  Returns the length the full
 * text needs, like snprintf; the text is cut short when SIZE is too
 * small.
 */
size_t sa_perm_format(const unsigned *p, size_t n, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* SA_PERM_H */
