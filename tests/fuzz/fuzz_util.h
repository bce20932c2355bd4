/*
 * fuzz_util.h - shared by the libFuzzer targets: the input as a C
 * string, since every parser fuzzed here reads one.
 */
#include <stdlib.h>
#include <string.h>

/* DATA as a fresh NUL-terminated string (NUL bytes in it end it early). */
static char *
fuzz_string(const unsigned char *data, size_t size)
{
	char *s = malloc(size + 1);

	if (s == NULL)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}
