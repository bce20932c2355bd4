/*
 * fuzz_report.c - the formatting layer fed untrusted text (a program's
 * label, a protocol line): the JSON it writes is valid UTF-8 with no raw
 * control character, and the text report holds no control character
 * but the newlines that end its lines.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "cli.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* True when S[0 .. LEN) is well-formed UTF-8 (RFC 3629). */
static bool
valid_utf8(const unsigned char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		unsigned c = s[i];
		size_t k;
		unsigned long cp;

		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			k = 1, cp = c & 0x1f;
		else if (c >= 0xe0 && c <= 0xef)
			k = 2, cp = c & 0x0f;
		else if (c >= 0xf0 && c <= 0xf4)
			k = 3, cp = c & 0x07;
		else
			return false;
		if (i + k >= len)
			return false;	/* cut short */
		for (size_t j = 1; j <= k; j++) {
			if ((s[i + j] & 0xc0) != 0x80)
				return false;
			cp = cp << 6 | (s[i + j] & 0x3f);
		}
		if ((k == 2 && cp < 0x800) || (k == 3 && cp < 0x10000) ||
		    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
			return false;
		i += k + 1;
	}
	return true;
}

static void
render(enum rep_format fmt, const char *s, char **buf, size_t *len)
{
	static const struct rep_col cols[] = {
		{ "name", "name", REP_STR, 4, false, true, 0, NULL },
	};
	struct rep_cell cell;
	FILE *f = open_memstream(buf, len);
	report r;

	if (f == NULL)
		abort();
	memset(&cell, 0, sizeof cell);
	cell.s = s;
	rep_begin(&r, f, fmt);
	rep_line(&r, "The %s shuffle", s);
	rep_str(&r, "audited", "audited", s, s);
	rep_table(&r, "rows", cols, 1);
	rep_row(&r, &cell);
	rep_table_end(&r);
	rep_end(&r);
	fclose(f);
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *s = fuzz_string(data, size), *out;
	size_t len;

	render(REP_JSON, s, &out, &len);
	if (!valid_utf8((unsigned char *)out, len))
		abort();
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)out[i] < 0x20 && out[i] != '\n')
			abort();
	free(out);
	render(REP_TEXT, s, &out, &len);
	for (size_t i = 0; i < len; i++)
		if (((unsigned char)out[i] < 0x20 && out[i] != '\n') ||
		    out[i] == 0x7f)
			abort();
	free(out);
	free(s);
	return 0;
}
