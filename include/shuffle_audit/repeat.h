/*
 * shuffle_audit/repeat.h - a shuffle after another, done K times
 * (repeat.c).
 */
#ifndef SA_REPEAT_H
#define SA_REPEAT_H

#include <stddef.h>
#include <stdint.h>

#include "census.h"
#include "shuffle.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif /* SA_REPEAT_H */
