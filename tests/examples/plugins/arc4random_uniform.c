/*
 * Durstenfeld's shuffle over OpenBSD's arc4random_uniform() rule, at
 * the auditor's word width B (sa_word_bits): a draw below u throws back
 * the words below 2^B mod u, (2^B - u) mod u, and takes the rest mod u.
 * The words kept are a multiple of u in number, so every layer of a
 * census by layers is uniform:
 *
 *   shuffle-audit census --plugin arc4random_uniform.so -n 4 \
 *       --raw-bits 3 --layers --depth 6
 *
 * The rule is OpenBSD's (lib/libc/crypt/arc4random_uniform.c); this is
 * a fresh writing of it over B-bit words, not a copy.
 */
#include <shuffle_audit.h>

static uint64_t
uniform(sa_oracle *o, uint64_t upper)
{
	uint64_t span = UINT64_C(1) << sa_word_bits(o);
	uint64_t min, r;

	if (upper < 2)
		return 0;
	min = (span - upper) % upper;	/* 2^B mod upper */
	do
		r = sa_word(o);
	while (r < min);
	return r % upper;
}

void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)uniform(o, i);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}
