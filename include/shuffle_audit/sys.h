/*
 * shuffle_audit/sys.h - the system: cores, memory the process may take,
 * the clock and time limits on long work (sys.c).
 */
#ifndef SA_SYS_H
#define SA_SYS_H

#include <stdbool.h>
#include <stdint.h>

#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 * The memory this process may still take, in bytes: the least of the
 * machine's physical memory, the room its control group leaves (cgroup
 * v2 memory.max or v1 memory.limit_in_bytes, less what the group uses,
 * for the group and its ancestors), RLIMIT_AS less the address space
 * mapped and RLIMIT_DATA less the data mapped.  *WHAT (when WHAT is not
 * NULL) names the one that binds.  0 when none can be found.
 */
uint64_t sa_memory_available(const char **what);

typedef struct sa_time_limit sa_time_limit;	/* see sa_clock() */

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

#ifdef __cplusplus
}
#endif

#endif /* SA_SYS_H */
