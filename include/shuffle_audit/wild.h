/*
 * shuffle_audit/wild.h - famous shuffles from real code, as models
 * (wild.c).
 */
#ifndef SA_WILD_H
#define SA_WILD_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Shuffles from the wild: famous shuffles from real code, each as a
 * model (an -a ALGORITHM spec, a --reduce spec or NULL, a -g generator or
 * NULL) with what it is and where it is publicly documented (wild.c).
 */
typedef struct sa_wild {
	const char *name;
	const char *what;
	const char *algorithm;
	const char *reduce;
	const char *generator;
	const char *source;
} sa_wild;

const sa_wild *sa_wild_list(size_t *count);

#ifdef __cplusplus
}
#endif

#endif /* SA_WILD_H */
