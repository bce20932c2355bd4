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

/*
 * xoshiro256** 1.0 (Blackman and Vigna, "Scrambled linear pseudorandom
 * number generators", 2018): output rotl(s1 * 5, 7) * 9, then the xor
 * shifts of its linear engine.  Seeded from a 64-bit seed through
 * splitmix64, as its authors suggest.
 */
static uint64_t
rotl64(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t
sa_xoshiro256_next(sa_xoshiro256 *g)
{
	uint64_t *s = g->s, out = rotl64(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl64(s[3], 45);
	return out;
}

/*
 * A draw below BOUND by Lemire's multiply-and-reject ("Fast random
 * integer generation in an interval", 2019): the high word of x * bound,
 * taking x again while the low word falls below 2^64 mod bound.
 */
static uint64_t
xoshiro_draw(sa_oracle *o, uint64_t bound)
{
	sa_xoshiro256 *g = (sa_xoshiro256 *)o;
	uint64_t x = sa_xoshiro256_next(g), low = x * bound;

	if (bound == 0)
		return 0;
	if (low < bound) {
		uint64_t floor = -bound % bound;

		while (low < floor) {
			x = sa_xoshiro256_next(g);
			low = x * bound;
		}
	}
	return mulhi64(x, bound);
}

static uint64_t
xoshiro_raw(sa_oracle *o, unsigned bits)
{
	uint64_t x = sa_xoshiro256_next((sa_xoshiro256 *)o);

	return bits >= 64 ? x : x >> (64 - bits);
}

void
sa_xoshiro256_init(sa_xoshiro256 *g, uint64_t seed, uint64_t stream)
{
	uint64_t z = seed;

	g->base.draw = xoshiro_draw;
	g->base.raw = xoshiro_raw;
	g->base.word_bits = 0;
	g->base.fail = NULL;
	/* splitmix64, with STREAM's four words skipped 4 at a time */
	for (uint64_t k = 0; k < 4 * stream + 4; k++) {
		uint64_t w = (z += UINT64_C(0x9E3779B97F4A7C15));

		w = (w ^ (w >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
		w = (w ^ (w >> 27)) * UINT64_C(0x94D049BB133111EB);
		w ^= w >> 31;
		if (k >= 4 * stream)
			g->s[k - 4 * stream] = w;
	}
}
