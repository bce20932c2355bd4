/*
 * fuzz_fit.c - fit's reader of decks, fed any bytes as its input: the
 * first byte picks the deck size (2 to 9), the base, the delimiter and
 * card names; the rest is the text read.  It must count whole decks or
 * stop at a bad line with a message, and never read past the input.
 */
#include "../../src/cli/cli_fit.c"

#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const int delims[4] = { -1, ',', ';', '|' };
	struct fit_args a;
	struct reader rd;
	int in[2];
	unsigned pick = size ? data[0] : 0;

	if (size > 60000)
		return 0;	/* more than a pipe holds without a reader */
	memset(&a, 0, sizeof a);
	a.names = (pick & 0x80) != 0;
	a.n = a.names ? 52 : 2 + pick % 8;
	a.base = (pick >> 3) & 1;
	a.delim = delims[(pick >> 4) & 3];
	a.alpha = 1e-6;
	/* small lines, so they cross reads and overflow */
	if (!reader_new(&rd, &a, 256) || pipe(in) < 0)
		abort();
	if (size > 1 && write(in[1], data + 1, size - 1) != (ssize_t)(size - 1))
		abort();
	close(in[1]);
	if (read_decks(&rd, in[0], 0) && sa_fit_samples(rd.fit) > rd.line)
		abort();	/* more decks counted than lines read */
	close(in[0]);
	reader_free(&rd);
	return 0;
}
