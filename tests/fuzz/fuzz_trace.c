/*
 * fuzz_trace.c - trace's --draws and --ordering readers.  A list read
 * has as many numbers as it has commas plus one; an ordering read is a
 * permutation of the cards asked for.
 */
#include "../../src/cli/cli_trace.c"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *s = fuzz_string(data, size);
	uint64_t *draws = NULL;
	size_t count = 0, commas = 0;
	unsigned p[SA_PERM_MAX];

	for (const char *c = s; *c; c++)
		commas += *c == ',';
	if (parse_draws(s, &draws, &count)) {
		if (count != commas + 1)
			abort();
		free(draws);
	}
	for (size_t n = 1; n <= SA_PERM_MAX; n += 1 + size % 5)
		if (parse_ordering(s, n, p) && !sa_perm_check(p, n))
			abort();
	free(s);
	return 0;
}
