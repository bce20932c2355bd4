/*
 * rng.c - real generators behind the draw oracle: mulberry32 for
 * repeatable deals, the system's entropy for deals nobody can predict.
 */
#define _DEFAULT_SOURCE

#include <errno.h>
#include <sys/random.h>

#include "shuffle_audit.h"

/*
 * mulberry32, by Tommy Ettinger, as published: add the Weyl constant
 * 0x6D2B79F5 to the state, then mix.  Every step is modulo 2^32.
 */
uint32_t
sa_mulberry32_next(uint32_t *state)
{
	uint32_t z = *state += 0x6D2B79F5u;

	z = (z ^ (z >> 15)) * (z | 1u);
	z ^= z + (z ^ (z >> 7)) * (z | 61u);
	return z ^ (z >> 14);
}

/* The high 64 bits of the 128-bit product A * B. */
static uint64_t
mulhi64(uint64_t a, uint64_t b)
{
	uint64_t al = (uint32_t)a, ah = a >> 32;
	uint64_t bl = (uint32_t)b, bh = b >> 32;
	uint64_t mid1 = ah * bl, mid2 = al * bh;
	uint64_t low = al * bl;
	uint64_t carry = ((low >> 32) + (uint32_t)mid1 + (uint32_t)mid2) >> 32;

	return ah * bh + (mid1 >> 32) + (mid2 >> 32) + carry;
}

static uint64_t
mulberry32_draw(sa_oracle *o, uint64_t bound)
{
	sa_mulberry32 *g = (sa_mulberry32 *)o;
	uint64_t x = sa_mulberry32_next(&g->state);

	/* floor(x * bound / 2^32): the multiply step of a seeded JavaScript deal. */
	if (bound <= UINT64_C(1) << 32)
		return (x * bound) >> 32;
	x = x << 32 | sa_mulberry32_next(&g->state);
	return mulhi64(x, bound);
}

/* The top BITS bits of the next output, or of the next two for > 32. */
static uint64_t
mulberry32_raw(sa_oracle *o, unsigned bits)
{
	sa_mulberry32 *g = (sa_mulberry32 *)o;
	uint64_t x = sa_mulberry32_next(&g->state);

	if (bits <= 32)
		return x >> (32 - bits);
	x = x << 32 | sa_mulberry32_next(&g->state);
	return x >> (64 - bits);
}

void
sa_mulberry32_init(sa_mulberry32 *g, uint32_t seed)
{
	g->base.draw = mulberry32_draw;
	g->base.raw = mulberry32_raw;
	g->base.word_bits = 0;
	g->base.fail = NULL;
	g->state = seed;
}

static uint64_t
sys_word(sa_sysrandom *g)
{
	uint64_t w = 0;
	unsigned char *p = (unsigned char *)&w;
	size_t got = 0;

	while (got < sizeof w) {
		ssize_t k = getrandom(p + got, sizeof w - got, 0);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			g->err = SA_ESYS;
			return 0;
		}
		got += (size_t)k;
	}
	return w;
}

/*
 * Unbiased by rejection: 2^64 mod bound words, those below
 * (2^64 - bound) mod bound = -bound % bound, are thrown away, which
 * leaves a multiple of bound words, each value below bound taken by
 * exactly (2^64 - min) / bound of them.  Fewer than half the words are
 * ever rejected, so the loop ends quickly.
 */
static uint64_t
sys_draw(sa_oracle *o, uint64_t bound)
{
	sa_sysrandom *g = (sa_sysrandom *)o;
	uint64_t min, w;

	if (bound < 2)
		return 0;
	min = -bound % bound;
	do {
		w = sys_word(g);
		if (g->err != SA_OK)
			return 0;
	} while (w < min);
	return w % bound;
}

static uint64_t
sys_raw(sa_oracle *o, unsigned bits)
{
	return sys_word((sa_sysrandom *)o) >> (64 - bits);
}

void
sa_sysrandom_init(sa_sysrandom *g)
{
	g->base.draw = sys_draw;
	g->base.raw = sys_raw;
	g->base.word_bits = 0;
	g->base.fail = NULL;
	g->err = SA_OK;
}
