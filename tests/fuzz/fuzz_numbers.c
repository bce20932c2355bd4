/*
 * fuzz_numbers.c - the checked number parser behind every numeric
 * option, and the shuffle and reduction specs (-a NAME[:PARAM],
 * --reduce METHOD:BITS).  A value accepted is within the bounds asked;
 * a spec accepted names a real shuffle or method with a parameter in
 * range.
 */
#include "cli.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *s = fuzz_string(data, size);
	uint64_t v = 0, min = size % 7, max = UINT64_MAX >> (size % 64);
	sa_shuffle sh;
	sa_reduce r;

	if (cli_parse_uint("-n", s, min, max, &v) && (v < min || v > max))
		abort();
	if (sa_shuffle_parse(s, &sh) == SA_OK && sh.param != NULL &&
	    sh.value != 0 && (sh.value < sh.param_min ||
	    sh.value > SA_PARAM_MAX))
		abort();
	if (sa_reduce_parse(s, &r) == SA_OK && (r.bits < 1 || r.bits > 64))
		abort();
	free(s);
	return 0;
}
