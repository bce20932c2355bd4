/*
 * shuffle_audit/distance.h - how far a shuffle done K times is from uniform
 * (distance.c).
 */
#ifndef SA_DISTANCE_H
#define SA_DISTANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "census.h"
#include "fraction.h"
#include "shuffle.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * How far a shuffle done K times is from uniform (distance.c), for K from
 * FROM to TO (1 <= FROM <= TO <= SA_DISTANCE_MAX_TIMES): the total
 * variation distance, the separation (1 - n! times the smallest chance),
 * and the commonest ordering's chance over the rarest's (UNBOUNDED when
 * some ordering never comes up; RATIO's denominator is then 0), all
 * exact.  FORMULA: the riffle's, from Bayer and Diaconis 1992, at any
 * deck up to SA_DISTANCE_MAX_CARDS and up to SA_DISTANCE_MAX_RIFFLES
 * riffles in all.  CENSUS: the census, composed with itself (its runs
 * must stay within 128 bits).  AUTO picks the formula where there is
 * one.  ROWS holds TO - FROM + 1 rows, each from sa_distance_row_init.
 */
enum sa_distance_method {
	SA_DISTANCE_AUTO = 0, SA_DISTANCE_FORMULA, SA_DISTANCE_CENSUS
};
#define SA_DISTANCE_MAX_TIMES 1000
#define SA_DISTANCE_MAX_CARDS 1024
#define SA_DISTANCE_MAX_RIFFLES 60

typedef struct sa_distance_opts {
	enum sa_distance_method method;
	sa_census_opts census;	/* for the census: threads, memory */
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_distance_opts;

typedef struct sa_distance_row {
	uint64_t times;
	sa_fraction tvd, separation, ratio;
	bool unbounded;
} sa_distance_row;

void sa_distance_row_init(sa_distance_row *row);
void sa_distance_row_free(sa_distance_row *row);
bool sa_distance_has_formula(const sa_shuffle *sh);
int sa_distance(const sa_shuffle *sh, size_t n, uint64_t from, uint64_t to,
    const sa_distance_opts *opts, sa_distance_row *rows,
    enum sa_distance_method *used);

#ifdef __cplusplus
}
#endif

#endif /* SA_DISTANCE_H */
