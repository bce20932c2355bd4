/*
 * decks.c - decks as lines of text: the form fit reads a black box's
 * output in, numbers between separators or the 52 cards' names, each
 * line checked to be one whole deck, with the reason when it is not.
 *
 * Lines of small numbers take a fast path: eight bytes at a time, the
 * digits of a number found and combined without a branch on how many
 * there are.  Any line it cannot take goes the careful way, entry by
 * entry, which also finds what is wrong with it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

struct sa_deck_reader {
	sa_deck_format f;
	bool sep[256];		/* the separators, by byte */
	uint64_t *seen;		/* a stamp a card, for the duplicate check */
	uint64_t stamp;
	size_t *where;		/* the entry each card was seen at */
};

bool
sa_card_from_name(const char *s, size_t len, unsigned *card)
{
	static const char ranks[] = "A23456789TJQK", suits[] = "SHDC";
	const char *r, *u;
	unsigned rank;

	if (len == 3 && s[0] == '1' && s[1] == '0')
		rank = 9;
	else if (len == 2 && (r = memchr(ranks, s[0], 13)) != NULL &&
	    s[0] != 'T')
		rank = (unsigned)(r - ranks);
	else
		return false;
	if ((u = memchr(suits, s[len - 1], 4)) == NULL)
		return false;
	*card = (unsigned)(u - suits) * 13 + rank;
	return true;
}

int
sa_deck_reader_new(const sa_deck_format *f, sa_deck_reader **out)
{
	sa_deck_reader *r;

	*out = NULL;
	if (f->n < 2 || f->n > SA_FIT_MAX_CARDS || f->base > 1 ||
	    f->delim < -1 || f->delim > 255 || (f->names && f->n != 52))
		return SA_EINVAL;
	if ((r = calloc(1, sizeof *r)) == NULL)
		return SA_ENOMEM;
	r->f = *f;
	for (int c = 0; c < 256; c++)
		r->sep[c] = c == ' ' || c == '\t' || c == f->delim;
	r->seen = calloc(f->n, sizeof *r->seen);
	r->where = malloc(f->n * sizeof *r->where);
	if (r->seen == NULL || r->where == NULL) {
		sa_deck_reader_free(r);
		return SA_ENOMEM;
	}
	*out = r;
	return SA_OK;
}

void
sa_deck_reader_free(sa_deck_reader *r)
{
	if (r == NULL)
		return;
	free(r->seen);
	free(r->where);
	free(r);
}

/* WHY, formatted into the caller's buffer; SA_EINVAL. */
static int
refuse(char *why, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int
refuse(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	if (why != NULL && size > 0) {
		va_start(ap, fmt);
		vsnprintf(why, size, fmt, ap);
		va_end(ap);
	}
	return SA_EINVAL;
}

/*
 * An entry's text for a message: its first 12 bytes, a NUL or another
 * control byte (which would cut the message, or move the terminal) as
 * \xNN, so that what is quoted is what the line held.
 */
static const char *
shown(const char *s, size_t len, char out[64])
{
	size_t k = 0;

	for (size_t i = 0; i < len && i < 12; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 || c == 0x7f)
			k += (size_t)snprintf(out + k, 64 - k, "\\x%02x", c);
		else
			out[k++] = (char)c;
	}
	out[k] = '\0';
	return out;
}

/* The entry at S (LEN bytes), the Kth of its line, into *V. */
static int
entry(const sa_deck_reader *r, const char *s, size_t len, size_t k,
    unsigned *v, char *why, size_t size)
{
	const sa_deck_format *f = &r->f;
	uint64_t x = 0;
	char text[64];

	if (f->names) {
		if (!sa_card_from_name(s, len, v))
			return refuse(why, size, "entry %zu, \"%s\": not a card "
			    "name (AS 2S ... 10S JS QS KS, then H, D, C)", k + 1,
			    shown(s, len, text));
		return SA_OK;
	}
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9' || x > 100000)
			return refuse(why, size, "entry %zu, \"%s\": not a whole "
			    "number%s", k + 1, shown(s, len, text),
			    x > 100000 ? " this deck could hold" : "");
		x = x * 10 + (uint64_t)(s[i] - '0');
	}
	if (x < f->base || x - f->base >= f->n)
		return refuse(why, size, "entry %zu, %llu: out of range (%u to "
		    "%zu)", k + 1, (unsigned long long)x, f->base,
		    f->n - 1 + f->base);
	*v = (unsigned)(x - f->base);
	return SA_OK;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/*
 * The number at S, of 1 to 4 digits followed by a byte that is not one,
 * read as eight bytes at once (S has eight bytes to read): its digits
 * into *LEN and its value, or *LEN 0 when it is not such.  No branch
 * depends on how many digits there are, so numbers of one and two digits
 * mixed at random cost no mispredictions.
 */
static inline uint64_t
swar_number(const unsigned char *s, unsigned *len)
{
	const uint64_t ones = 0x0101010101010101u, high = 0xf0f0f0f0f0f0f0f0u;
	uint64_t w, other, v;
	unsigned k;

	memcpy(&w, s, 8);
	/* a byte is a digit when it and it plus 6 both read 0x3. */
	other = ((w & high) ^ (0x30 * ones)) |
	    (((w + 6 * ones) & high) ^ (0x30 * ones));
	k = other == 0 ? 8 : (unsigned)__builtin_ctzll(other) / 8;
	*len = k >= 1 && k <= 4 ? k : 0;
	if (*len == 0)
		return 0;
	/* the digits into the top bytes, the first the most significant */
	v = (w & (0x0f * ones)) << (8 * (8 - k));
	v = (v * 10 + (v >> 8)) & 0x00ff00ff00ff00ffu;	/* pairs */
	v = (v * 100 + (v >> 16)) & 0x0000ffff0000ffffu;	/* fours */
	return (v * 10000 + (v >> 32)) & 0xffffffffu;
}
#define SWAR 1
#else
#define SWAR 0
#endif

/*
 * The entries of the line S to E into DECK, the fast way for numbers
 * (nothing but digits between separators, each below n + base): how
 * many, or -1 when some entry needs the careful way (entry()).
 */
static long
quick_entries(const sa_deck_reader *r, const unsigned char *s,
    const unsigned char *e, unsigned *deck)
{
	uint64_t limit = r->f.n + r->f.base, base = r->f.base;
	const bool *sep = r->sep;
	size_t k = 0, n = r->f.n;

	while (s < e) {
		uint64_t x = (unsigned)*s - '0';
		unsigned len = 0;

		if (x > 9) {
			if (!sep[*s])
				return -1;
			s++;
			continue;
		}
		if (SWAR && e - s >= 8) {
#if SWAR
			x = swar_number(s, &len);
#endif
			if (len == 0)
				return -1;
			s += len;
		} else {
			/* limit is at most SA_FIT_MAX_CARDS + 1: no overflow */
			for (s++; s < e && (unsigned)*s - '0' <= 9 &&
			    x < limit; s++)
				x = x * 10 + ((unsigned)*s - '0');
		}
		if ((s < e && !sep[*s]) || x >= limit || x < base || k == n)
			return -1;
		deck[k++] = (unsigned)(x - base);
		s += s < e;
	}
	return (long)k;
}

/* Whether DECK[0 .. n-1] holds each card once; the reason when not. */
static int
whole_deck(sa_deck_reader *r, const unsigned *deck, char *why, size_t size)
{
	uint64_t stamp = ++r->stamp;

	for (size_t p = 0; p < r->f.n; p++) {
		unsigned v = deck[p];

		if (r->seen[v] == stamp)
			return refuse(why, size, "entry %zu: a duplicate (entry "
			    "%zu holds the same)", p + 1, r->where[v] + 1);
		r->seen[v] = stamp;
		r->where[v] = p;
	}
	return SA_OK;
}

int
sa_deck_read(sa_deck_reader *r, const char *line, size_t len,
    unsigned *deck, char *why, size_t size)
{
	const sa_deck_format *f = &r->f;
	const char *s = line, *end = line + len;
	size_t k = 0;
	long quick = -1;
	int status;

	if (end > s && end[-1] == '\r')
		end--;
	if (!f->names)
		quick = quick_entries(r, (const unsigned char *)s,
		    (const unsigned char *)end, deck);
	if (quick >= 0) {
		k = (size_t)quick;
		s = end;
	}
	for (;;) {
		const char *t;

		while (s < end && r->sep[(unsigned char)*s])
			s++;
		if (s == end)
			break;
		for (t = s; t < end && !r->sep[(unsigned char)*t]; t++)
			;
		if (k == f->n)
			return refuse(why, size, "more than %zu entries", f->n);
		status = entry(r, s, (size_t)(t - s), k, &deck[k], why, size);
		if (status != SA_OK)
			return status;
		k++;
		s = t;
	}
	if (k != f->n)
		return refuse(why, size, "%zu entr%s: expected %zu", k,
		    k == 1 ? "y" : "ies", f->n);
	return whole_deck(r, deck, why, size);
}
