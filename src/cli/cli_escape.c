/*
 * cli_escape.c - strings as each format must carry them: JSON strings
 * that are always valid UTF-8, TSV cells and CSV fields of one line
 * each, XML text and attributes, and text with its controls shown.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_escape.h"

/*
 * The length (2 to 4) of the well-formed UTF-8 sequence of a character
 * past U+007F at S, or 0 when the bytes there are not one: a stray
 * continuation byte, a truncated sequence, an overlong form, a
 * surrogate or a code point past U+10FFFF (RFC 3629, section 4).
 */
int
esc_utf8_len(const unsigned char *s)
{
	unsigned lo = 0x80, hi = 0xbf;
	int len;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (s[0] == 0xe0)
		lo = 0xa0;		/* overlong below U+0800 */
	else if (s[0] == 0xed)
		hi = 0x9f;		/* surrogates */
	else if (s[0] == 0xf0)
		lo = 0x90;		/* overlong below U+10000 */
	else if (s[0] == 0xf4)
		hi = 0x8f;		/* past U+10FFFF */
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (int i = 2; i < len; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return len;
}

/*
 * A JSON string that is always valid UTF-8, whatever S holds: control
 * characters escaped, and a byte that starts no well-formed character
 * replaced by U+FFFD.
 */
void
esc_json(FILE *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	fputc('"', out);
	while (*s) {
		int len;

		if (*s == '"' || *s == '\\') {
			fprintf(out, "\\%c", *s++);
		} else if (*s < 0x20 || *s == 0x7f) {
			fprintf(out, "\\u%04x", *s++);
		} else if (*s < 0x80) {
			fputc(*s++, out);
		} else if ((len = esc_utf8_len(s)) == 0) {
			fputs("\\ufffd", out);
			s++;
		} else {
			fwrite(s, 1, (size_t)len, out);
			s += len;
		}
	}
	fputc('"', out);
}

/* See cli.h.  C1 controls (U+0080 .. U+009F) can start escape sequences. */
char *
cli_text_safe(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t need = 0;
	bool change = false;
	char *out, *o;

	for (const unsigned char *p = s; *p;) {
		int len = *p < 0x80 ? 1 : esc_utf8_len(p);

		if (*p < 0x20 || *p == 0x7f || len == 0 ||
		    (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)) {
			change = true;
			need += 4 * (size_t)(len ? len : 1);
			p += len ? len : 1;
		} else {
			need += (size_t)len;
			p += len;
		}
	}
	if (!change || (out = malloc(need + 1)) == NULL)
		return NULL;
	o = out;
	while (*s) {
		int len = *s < 0x80 ? 1 : esc_utf8_len(s);

		if (*s == '\n' || *s == '\t') {
			*o++ = '\\';
			*o++ = *s++ == '\n' ? 'n' : 't';
		} else if (*s < 0x20 || *s == 0x7f || len == 0 ||
		    (s[0] == 0xc2 && s[1] >= 0x80 && s[1] <= 0x9f)) {
			for (int i = 0; i < (len ? len : 1); i++) {
				static const char hex[] = "0123456789abcdef";

				*o++ = '\\';
				*o++ = 'x';
				*o++ = hex[*s >> 4];
				*o++ = hex[*s & 15];
				s++;
			}
		} else {
			memcpy(o, s, (size_t)len);
			o += len;
			s += len;
		}
	}
	*o = '\0';
	return out;
}

/*
 * The bytes at S that text escapes as cli_text_safe does (a C0 or C1
 * control, DEL, or the bytes of no well-formed UTF-8 character, one at
 * a time), or 0 when S starts a character written as it is.
 */
int
esc_unsafe(const unsigned char *s)
{
	int len = *s < 0x80 ? 1 : esc_utf8_len(s);

	if (len == 0)
		return 1;
	if (*s < 0x20 || *s == 0x7f || (s[0] == 0xc2 && s[1] <= 0x9f))
		return len;
	return 0;
}

/* LEN bytes of S as \xHH each, into OUT. */
void
esc_hex(FILE *out, const unsigned char *s, int len)
{
	for (int i = 0; i < len; i++)
		fprintf(out, "\\x%02x", s[i]);
}

/*
 * A TSV cell: a tab, newline, carriage return or backslash escaped
 * (\t, \n, \r, \\), and the other bytes text escapes as \xHH, so a
 * cell is one line of valid UTF-8 with no control in it.
 */
void
esc_tsv(FILE *out, const char *str)
{
	static const char plain[] = "\t\n\r\\", named[] = "tnr\\";
	const unsigned char *s = (const unsigned char *)str;

	while (*s) {
		const char *c = strchr(plain, *s);
		int len = esc_unsafe(s);

		if (c != NULL) {
			fputc('\\', out);
			fputc(named[c - plain], out);
			s++;
		} else if (len > 0) {
			esc_hex(out, s, len);
			s += len;
		} else {
			fputc(*s++, out);
		}
	}
}

/*
 * A CSV field: quoted when it holds a comma, quote, carriage return or
 * newline (a quote doubled, the line ends kept, as RFC 4180 has them),
 * a tab kept; the other bytes text escapes as \xHH.
 */
void
esc_csv(FILE *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	bool quote = strpbrk(str, ",\"\r\n") != NULL;

	if (quote)
		fputc('"', out);
	while (*s) {
		int len = *s == '\t' || *s == '\r' || *s == '\n' ? 0 :
		    esc_unsafe(s);

		if (len > 0) {
			esc_hex(out, s, len);
			s += len;
			continue;
		}
		if (*s == '"')
			fputc('"', out);
		fputc(*s++, out);
	}
	if (quote)
		fputc('"', out);
}

/*
 * S as XML 1.0 character data, or an attribute's value when ATTR (its
 * tab, newline and carriage return as references, which attribute
 * normalization would otherwise turn to blanks): the five special
 * characters as entities, so "]]>" never appears, and the bytes XML
 * forbids (C0 controls but tab, newline and carriage return; U+FFFE and
 * U+FFFF) and those text escapes (DEL, C1 controls, bytes of no
 * well-formed UTF-8 character) as text writes them, \xHH.
 */
void
esc_xml(FILE *out, const char *str, bool attr)
{
	static const char special[] = "&<>\"'\t\n\r";
	static const char *const named[] = { "&amp;", "&lt;", "&gt;",
		"&quot;", "&apos;", "&#9;", "&#10;", "&#13;" };
	const unsigned char *s = (const unsigned char *)str;

	while (*s) {
		const char *c = strchr(special, *s);
		int len = esc_unsafe(s);

		if (c != NULL && (attr || c - special < 5 || *s == '\r')) {
			fputs(named[c - special], out);
			s++;
		} else if (c != NULL) {
			fputc(*s++, out);	/* tab and newline, in text */
		} else if (len > 0) {
			esc_hex(out, s, len);
			s += len;
		} else if (s[0] == 0xef && s[1] == 0xbf && s[2] >= 0xbe) {
			esc_hex(out, s, 3);
			s += 3;
		} else {
			len = *s < 0x80 ? 1 : esc_utf8_len(s);
			fwrite(s, 1, (size_t)len, out);
			s += len;
		}
	}
}

