/*
 * internal.h - what the library's files share and callers never see.
 */
#ifndef SA_INTERNAL_H
#define SA_INTERNAL_H

#include "shuffle_audit.h"

/* The census with a reduction (wcensus.c); PLAN is already checked. */
int census_reduced(const sa_shuffle *sh, size_t n, const sa_census_opts *opts,
    const sa_census_plan *plan, sa_census *out);

#endif /* SA_INTERNAL_H */
