/*
 * shuffle_audit/statespace.h - the state-space argument (statespace.c).
 */
#ifndef SA_STATESPACE_H
#define SA_STATESPACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "big.h"
#include "fraction.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif /* SA_STATESPACE_H */
