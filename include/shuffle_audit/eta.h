/*
 * shuffle_audit/eta.h - the time left of long work, from the pace of its
 * last seconds, on the caller's clock (eta.c).
 */
#ifndef SA_ETA_H
#define SA_ETA_H

#include <stdbool.h>
#include <stdint.h>

#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif /* SA_ETA_H */
