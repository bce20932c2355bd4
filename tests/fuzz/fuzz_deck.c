/*
 * fuzz_deck.c - deal's --cards/--deck reader: the names read are all
 * different, non-empty and free of white space.
 */
#include "../../src/cli/cli_deal.c"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *s = fuzz_string(data, size);
	struct deck d;

	memset(&d, 0, sizeof d);
	if (deck_from_names(&d, "--cards", s)) {
		for (size_t i = 0; i < d.n; i++) {
			if (d.name[i][0] == '\0')
				abort();
			for (const char *c = d.name[i]; *c; c++)
				if (isspace((unsigned char)*c))
					abort();
			for (size_t j = 0; j < i; j++)
				if (strcmp(d.name[i], d.name[j]) == 0)
					abort();
		}
		deck_free(&d);
	}
	free(s);
	return 0;
}
