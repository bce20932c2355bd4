/*
 * shuffle_audit/claims.h - the common claims, each checked now (claims.c).
 */
#ifndef SA_CLAIMS_H
#define SA_CLAIMS_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The claims (claims.c): the common claims about the naive and
 * Fisher-Yates shuffles and the seeded deal, and those this tool proves,
 * each checked now into OUT (SA_CLAIMS of them): its sentence (TEXT),
 * whether it HELD, and the figure behind it (MEASURED), every figure
 * computed.  UPTO: the naive shuffle's fairness from 2 to UPTO cards (2
 * to SA_CLAIMS_UPTO_MAX); PATTERNS_UPTO: its patterns counted from 3 to
 * that (at most SA_CLAIMS_PATTERNS_MAX; 12 takes minutes and about
 * 4 GiB).  A claim whose figure could not be computed does not hold,
 * and its measurement says why.  SA_EINVAL for sizes out of range.
 */
#define SA_CLAIMS 11
#define SA_CLAIMS_UPTO_MAX 10
#define SA_CLAIMS_PATTERNS_MAX 12

typedef struct sa_claim {
	const char *text;
	bool held;
	char measured[512];
	char text_buf[192];
} sa_claim;

int sa_claims_check(size_t upto, size_t patterns_upto, sa_claim *out);

#ifdef __cplusplus
}
#endif

#endif /* SA_CLAIMS_H */
