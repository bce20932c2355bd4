/*
 * status.c - words for the library's status codes, and its version.
 */
#include "shuffle_audit.h"

const char *
sa_version(void)
{
	return SA_VERSION;
}

const char *
sa_strerror(int status)
{
	switch (status) {
	case SA_OK:
		return "success";
	case SA_EINVAL:
		return "invalid argument";
	case SA_ENOMEM:
		return "out of memory";
	case SA_ETOOBIG:
		return "needs more memory than this machine has";
	case SA_EOVERFLOW:
		return "count does not fit in 64 bits";
	case SA_EBOUND:
		return "the shuffle asked for a draw below 0 or above 2^32";
	case SA_EDRAWS:
		return "a run made more draws than allowed";
	case SA_ENOTPERM:
		return "a run did not end on a permutation of the deck";
	case SA_ENONDET:
		return "the same draws led the shuffle somewhere else";
	case SA_ERANGE:
		return "a draw is not below the bound asked for";
	case SA_ESHORT:
		return "the shuffle asked for more draws than were given";
	case SA_ELONG:
		return "more draws were given than the shuffle made";
	case SA_ESYS:
		return "the system's random source failed";
	case SA_EUNKNOWN:
		return "no such name";
	case SA_EPARAM:
		return "bad parameter";
	case SA_EPROTO:
		return "the audited code broke its protocol or failed";
	case SA_EOVERRUN:
		return "a run wrote outside the deck it was given";
	case SA_ETIME:
		return "stopped at the time limit";
	case SA_ECOMM:
		return "a rank of the sharded work failed";
	case SA_ETIES:
		return "more reals tied in one cell than a double keeps in "
		    "order";
	case SA_EMODEL:
		return "the same draws gave another deck with a real placed "
		    "elsewhere in its cell";
	default:
		return "unknown error";
	}
}
