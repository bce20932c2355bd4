/*
 * shuffle_audit/big.h - exact unsigned integers of any size (big.c).
 */
#ifndef SA_BIG_H
#define SA_BIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sa_big sa_big;

/*
 * Exact unsigned integers of any size, for the figures that outgrow 64
 * bits: n^n and n! for the divisibility argument, 2^S for a generator's
 * state space.  A zeroed sa_big (or one from sa_big_init) is 0.  Every
 * function that can allocate returns SA_OK or SA_ENOMEM; on SA_ENOMEM
 * its result is unchanged or zero, never half written.  Results may not
 * share storage with operands unless a function says so.
 */
struct sa_big {
	uint32_t *limb;		/* least significant first */
	size_t len;		/* limbs in use; 0 for zero; limb[len-1] != 0 */
	size_t cap;
};

void sa_big_init(sa_big *a);
void sa_big_free(sa_big *a);
int sa_big_set_u64(sa_big *a, uint64_t v);
int sa_big_copy(sa_big *dst, const sa_big *src);
bool sa_big_is_zero(const sa_big *a);
/* True, with the value in *OUT, when A fits in 64 bits. */
bool sa_big_to_u64(const sa_big *a, uint64_t *out);
int sa_big_cmp(const sa_big *a, const sa_big *b);	/* -1, 0 or 1 */
int sa_big_mul_u64(sa_big *a, uint64_t m);		/* A *= M */
int sa_big_add(sa_big *a, const sa_big *b);		/* A += B */
int sa_big_mul(sa_big *r, const sa_big *a, const sa_big *b); /* R = A * B */
/* A /= D, returning A mod D.  D must not be 0. */
uint32_t sa_big_div_u32(sa_big *a, uint32_t d);
/* A mod D, A unchanged.  D must not be 0. */
uint32_t sa_big_mod_u32(const sa_big *a, uint32_t d);
/* The greatest common divisor of A and B (0 when both are 0). */
uint64_t sa_gcd(uint64_t a, uint64_t b);
/*
 * Q = A / B and R = A mod B, either of Q and R may be NULL.  B must not
 * be 0 (SA_EINVAL).
 */
int sa_big_divmod(sa_big *q, sa_big *r, const sa_big *a, const sa_big *b);
int sa_big_pow_u32(sa_big *r, uint32_t base, uint32_t exp);	/* base^exp */
/* A -= B; B must not exceed A (SA_EINVAL). */
int sa_big_sub(sa_big *a, const sa_big *b);
/* R = the greatest common divisor of A and B. */
int sa_big_gcd(sa_big *r, const sa_big *a, const sa_big *b);
int sa_big_factorial(sa_big *r, uint32_t n);			/* n! */
/* R = C(A, K), the binomial coefficient (0 when K > A). */
int sa_big_binomial(sa_big *r, uint64_t a, uint32_t k);
int sa_big_pow2(sa_big *r, uint32_t exp);			/* 2^exp */
/* Base-2 logarithm, for display only; -infinity is not returned: 0 -> 0. */
double sa_big_log2(const sa_big *a);
/* The decimal digits of A in a string the caller frees; NULL, errno set,
 * when memory runs out. */
char *sa_big_to_dec(const sa_big *a);
/*
 * NUM / DEN in lowest terms as "N/D" (or "N" when D divides NUM), a
 * string the caller frees; NULL when DEN is 0 or memory runs out.
 */
char *sa_big_fraction_to_dec(const sa_big *num, const sa_big *den);

#ifdef __cplusplus
}
#endif

#endif /* SA_BIG_H */
