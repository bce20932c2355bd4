/*
 * internal.h - what the library's files share and callers never see.
 */
#ifndef SA_INTERNAL_H
#define SA_INTERNAL_H

#include "shuffle_audit.h"

/* Bits set in X. */
static inline unsigned
popcount32(uint32_t x)
{
	x = x - ((x >> 1) & 0x55555555u);
	x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
	x = (x + (x >> 4)) & 0x0f0f0f0fu;
	return (x * 0x01010101u) >> 24;
}

/*
 * Runs FN on each of COUNT (at most 64) jobs of SIZE bytes at JOBS, a
 * thread each; the calling thread takes the first, and runs any job
 * whose thread could not be started after the others.
 */
void sa_parallel(void *(*fn)(void *), void *jobs, size_t size,
    unsigned count);

/* Bits set in each 11-bit number (perm.c). */
extern const uint8_t sa_bits11[2048];

/* Bits set in a set of at most 22 cards, in two lookups. */
static inline unsigned
count22(uint32_t set)
{
	return sa_bits11[set & 2047] + sa_bits11[set >> 11 & 2047];
}

/* The census with a reduction (wcensus.c); PLAN is already checked. */
int sa_census_reduced(const sa_shuffle *sh, size_t n, const sa_census_opts *opts,
    const sa_census_plan *plan, sa_census *out);

/*
 * The walk engine (walk.c): every run of the step form on THREADS
 * threads into *TALLY, ORDERINGS 64-bit counts the caller frees; OPTS
 * (may be NULL) for its progress.
 */
int sa_census_walk(const sa_shuffle *sh, size_t n, uint64_t orderings,
    unsigned threads, const sa_census_opts *opts, uint64_t **tally);

#endif /* SA_INTERNAL_H */
