/*
 * shuffle_audit/status.h - the status codes every failing function returns,
 * and their descriptions (status.c).
 */
#ifndef SA_STATUS_H
#define SA_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes.  Every failing function returns one of these. */
enum {
	SA_OK = 0,
	SA_EINVAL,	/* an argument is outside its documented range */
	SA_ENOMEM,	/* an allocation failed */
	SA_ETOOBIG,	/* the work needs more memory than it may take */
	SA_EOVERFLOW,	/* a count would not fit in 64 bits */
	SA_EBOUND,	/* a draw below 0, or above SA_DRAW_MAX */
	SA_EDRAWS,	/* a run made more draws than allowed */
	SA_ENOTPERM,	/* a run did not end on a permutation of the deck */
	SA_ENONDET,	/* the same draws led the shuffle somewhere else */
	SA_ERANGE,	/* a given draw is not below the bound asked for */
	SA_ESHORT,	/* the shuffle asked for more draws than were given */
	SA_ELONG,	/* more draws were given than the shuffle made */
	SA_ESYS,	/* the system's random source failed */
	SA_EUNKNOWN,	/* no such name */
	SA_EPARAM,	/* a parameter is malformed or out of range */
	SA_EPROTO,	/* audited code broke its protocol or failed */
	SA_EOVERRUN,	/* a run wrote outside the deck it was given */
	SA_ETIME,	/* the work reached its deadline and was stopped */
	SA_ECOMM,	/* a rank of sharded work failed to exchange */
	SA_ETIES,	/* more reals tied in one cell than a double orders */
	SA_EMODEL	/* the same draws gave another deck with a number */
			/* placed elsewhere in what the census counted */
};

/* A short lower-case description of STATUS, never NULL. */
const char *sa_strerror(int status);

#ifdef __cplusplus
}
#endif

#endif /* SA_STATUS_H */
