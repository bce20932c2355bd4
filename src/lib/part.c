/*
 * part.c - a part of a run shared out over machines (a CI matrix, a
 * scheduler's jobs), as text that travels: the command it answers, the
 * facts its caller keeps, its counts, and a checksum; and the check that
 * a set of parts is one whole run.  The census's counts pack here too.
 *
 * The format, version 1 (the man page's PARTS states it for users):
 *
 *	shuffle-audit-part 1
 *	made-by VERSION
 *	byte-order little|big
 *	part I of P
 *	arg WORD		one line a word of the command, in order
 *	note KEY VALUE		one line a fact the caller keeps
 *	data KIND BYTES
 *	HEX			BYTES bytes, 32 to a line
 *	checksum HEX16		FNV-1a (64 bits) of every byte before it
 *
 * Words and values are escaped: a byte below 0x20, 0x7f or '%' is
 * written %XX.  The data are the library's own packing in the byte
 * order named, so a part is read back only on a machine of that order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"
#include "shuffle_audit_audit.h"

#define MAGIC "shuffle-audit-part 1"

/* Text that grows; OK false once memory ran out. */
struct text {
	char *at;
	size_t len, cap;
	bool ok;
};

static void
put(struct text *t, const char *s, size_t len)
{
	if (!t->ok)
		return;
	if (t->len + len + 1 > t->cap) {
		size_t cap = t->cap ? t->cap : 256;
		char *at;

		while (cap < t->len + len + 1)
			cap *= 2;
		if ((at = realloc(t->at, cap)) == NULL) {
			t->ok = false;
			return;
		}
		t->at = at;
		t->cap = cap;
	}
	memcpy(t->at + t->len, s, len);
	t->len += len;
	t->at[t->len] = '\0';
}

static void
puts_(struct text *t, const char *s)
{
	put(t, s, strlen(s));
}

/* S, escaped: bytes below 0x20, 0x7f and '%' as %XX. */
static void
put_escaped(struct text *t, const char *s)
{
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;
		char hex[4];

		if (c < 0x20 || c == 0x7f || c == '%') {
			snprintf(hex, sizeof hex, "%%%02X", c);
			put(t, hex, 3);
		} else {
			put(t, s, 1);
		}
	}
}

static uint64_t
fnv1a(const char *s, size_t len)
{
	uint64_t h = 0xcbf29ce484222325u;

	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3u;
	}
	return h;
}

static const char *
byte_order(void)
{
	const uint16_t one = 1;

	return *(const unsigned char *)&one ? "little" : "big";
}

int
sa_part_format(const sa_part *p, char **text, size_t *len)
{
	struct text t = { NULL, 0, 0, true };
	char line[96];

	*text = NULL;
	*len = 0;
	if (p->count == 0 || p->index == 0 || p->index > p->count ||
	    p->kind == NULL || p->kind[0] == '\0' || strchr(p->kind, ' '))
		return SA_EINVAL;
	snprintf(line, sizeof line, MAGIC "\nmade-by %s\nbyte-order %s\n"
	    "part %u of %u\n", SA_VERSION, byte_order(), p->index, p->count);
	puts_(&t, line);
	for (size_t i = 0; i < p->argc; i++) {
		puts_(&t, "arg ");
		put_escaped(&t, p->argv[i]);
		puts_(&t, "\n");
	}
	for (size_t i = 0; i < p->nnotes; i++) {
		const char *sp = strchr(p->notes[i], ' ');

		if (sp == NULL || sp == p->notes[i]) {
			free(t.at);
			return SA_EINVAL;
		}
		puts_(&t, "note ");
		put_escaped(&t, p->notes[i]);
		puts_(&t, "\n");
	}
	snprintf(line, sizeof line, "data %s %zu\n", p->kind, p->len);
	puts_(&t, line);
	for (size_t i = 0; i < p->len; i++) {
		snprintf(line, sizeof line, "%02x", p->data[i]);
		put(&t, line, 2);
		if (i % 32 == 31 || i + 1 == p->len)
			puts_(&t, "\n");
	}
	if (t.ok) {
		snprintf(line, sizeof line, "checksum %016llx\n",
		    (unsigned long long)fnv1a(t.at, t.len));
		puts_(&t, line);
	}
	if (!t.ok) {
		free(t.at);
		return SA_ENOMEM;
	}
	*text = t.at;
	*len = t.len;
	return SA_OK;
}

void
sa_part_free(sa_part *p)
{
	if (p == NULL)
		return;
	for (size_t i = 0; i < p->argc; i++)
		free(p->argv[i]);
	for (size_t i = 0; i < p->nnotes; i++)
		free(p->notes[i]);
	free(p->argv);
	free(p->notes);
	free(p->kind);
	free(p->data);
	memset(p, 0, sizeof *p);
}

/* A reading of a part's text, line by line. */
struct reader {
	const char *at, *end;
	size_t line;		/* of the line last read, from 1 */
	char *why;
	size_t size;
};

static int
fail(struct reader *r, const char *what)
{
	if (r->why != NULL && r->size > 0)
		snprintf(r->why, r->size, "line %zu: %s", r->line, what);
	return SA_EINVAL;
}

/* The next line (without its newline) into *S, *LEN; false at the end. */
static bool
next_line(struct reader *r, const char **s, size_t *len)
{
	const char *nl;

	if (r->at >= r->end)
		return false;
	nl = memchr(r->at, '\n', (size_t)(r->end - r->at));
	if (nl == NULL)
		return false;	/* a last line without its newline: cut */
	*s = r->at;
	*len = (size_t)(nl - r->at);
	r->at = nl + 1;
	r->line++;
	return true;
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* S (LEN bytes) unescaped, malloc'd; NULL for a bad %XX or memory. */
static char *
unescape(const char *s, size_t len)
{
	char *out = malloc(len + 1), *o = out;

	if (out == NULL)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		if (s[i] != '%') {
			*o++ = s[i];
			continue;
		}
		if (i + 2 >= len || hexval(s[i + 1]) < 0 ||
		    hexval(s[i + 2]) < 0 || (hexval(s[i + 1]) == 0 &&
		    hexval(s[i + 2]) == 0)) {
			free(out);
			return NULL;
		}
		*o++ = (char)(hexval(s[i + 1]) * 16 + hexval(s[i + 2]));
		i += 2;
	}
	*o = '\0';
	return out;
}

/* LINE begins with WORD and a space: the rest into *REST, *RLEN. */
static bool
starts(const char *line, size_t len, const char *word, const char **rest,
    size_t *rlen)
{
	size_t w = strlen(word);

	if (len <= w || memcmp(line, word, w) != 0 || line[w] != ' ')
		return false;
	*rest = line + w + 1;
	*rlen = len - w - 1;
	return true;
}

/* Appends S to the list *LIST of *COUNT; false out of memory. */
static bool
append(char ***list, size_t *count, char *s)
{
	/* Room for a NULL after the last, as main's argv has. */
	char **grown = realloc(*list, (*count + 2) * sizeof **list);

	if (grown == NULL) {
		free(s);
		return false;
	}
	*list = grown;
	grown[(*count)++] = s;
	grown[*count] = NULL;
	return true;
}

/* The data's hex lines into P->DATA (P->LEN bytes). */
static int
read_data(struct reader *r, sa_part *p)
{
	size_t got = 0;

	if ((p->data = malloc(p->len ? p->len : 1)) == NULL)
		return SA_ENOMEM;
	while (got < p->len) {
		const char *s;
		size_t len;

		if (!next_line(r, &s, &len))
			return fail(r, "the data end early (the file was cut)");
		if (len % 2 != 0 || len == 0 || len / 2 > p->len - got)
			return fail(r, "a line of data of the wrong length");
		for (size_t i = 0; i < len; i += 2) {
			if (hexval(s[i]) < 0 || hexval(s[i + 1]) < 0)
				return fail(r, "data that are not hex");
			p->data[got++] = (unsigned char)(hexval(s[i]) * 16 +
			    hexval(s[i + 1]));
		}
	}
	return SA_OK;
}

/* The header's fixed lines, after the magic one. */
static int
read_head(struct reader *r, sa_part *p)
{
	const char *s, *rest;
	size_t len, rlen;
	char buf[64];
	unsigned idx, cnt;
	char extra;

	if (!next_line(r, &s, &len) || !starts(s, len, "made-by", &rest,
	    &rlen) || rlen >= sizeof p->version)
		return fail(r, "no made-by line");
	memcpy(p->version, rest, rlen);
	p->version[rlen] = '\0';
	if (strcmp(p->version, SA_VERSION) != 0) {
		char msg[160];

		snprintf(msg, sizeof msg, "made by shuffle-audit %s, and this "
		    "is " SA_VERSION " (parts are merged by the version that "
		    "made them)", p->version);
		return fail(r, msg);
	}
	if (!next_line(r, &s, &len) || !starts(s, len, "byte-order", &rest,
	    &rlen))
		return fail(r, "no byte-order line");
	if (rlen != strlen(byte_order()) ||
	    memcmp(rest, byte_order(), rlen) != 0)
		return fail(r, "made on a machine of the other byte "
		    "order");
	if (!next_line(r, &s, &len) || len >= sizeof buf)
		return fail(r, "no part line");
	memcpy(buf, s, len);
	buf[len] = '\0';
	/* At most 4 digits each before any number is taken: a P past
	 * SA_PART_MAX, or past 32 bits, is refused, never wrapped. */
	if (len > 5 + 2 * 10 + 4 || sscanf(buf, "part %u of %u%c", &idx,
	    &cnt, &extra) != 2 || strspn(buf + 5, "0123456789 of") !=
	    len - 5 || strspn(buf + 5, "0123456789") > 4 ||
	    strspn(buf + 5 + strspn(buf + 5, "0123456789") + 4,
	    "0123456789") > 4 || cnt == 0 || idx == 0 || idx > cnt ||
	    cnt > SA_PART_MAX)
		return fail(r, "not a part line (\"part I of P\", "
		    "1 <= I <= P <= 4096)");
	p->index = idx;
	p->count = cnt;
	return SA_OK;
}

/* The words, the notes and the data line, then the data. */
static int
read_body(struct reader *r, sa_part *p)
{
	const char *s, *rest;
	size_t len, rlen;

	for (;;) {
		char *word;

		if (!next_line(r, &s, &len))
			return fail(r, "it ends before its data (the "
			    "file was cut)");
		if (starts(s, len, "data", &rest, &rlen))
			break;
		if (starts(s, len, "arg", &rest, &rlen) ||
		    starts(s, len, "note", &rest, &rlen)) {
			bool arg = s[0] == 'a';

			if ((word = unescape(rest, rlen)) == NULL)
				return fail(r, "a bad %XX escape");
			if (!arg && (strchr(word, ' ') == NULL || word[0] == ' ')) {
				free(word);
				return fail(r, "a note without a key");
			}
			if (!(arg ? append(&p->argv, &p->argc, word) :
			    append(&p->notes, &p->nnotes, word)))
				return SA_ENOMEM;
			continue;
		}
		return fail(r, "not an arg, note or data line");
	}
	{
		const char *sp = memchr(rest, ' ', rlen);
		char num[24];
		size_t nlen;
		char *end;

		if (sp == NULL || sp == rest)
			return fail(r, "a data line without its kind and "
			    "length");
		nlen = rlen - (size_t)(sp + 1 - rest);
		if (nlen == 0 || nlen >= sizeof num ||
		    strspn(sp + 1, "0123456789") < nlen)
			return fail(r, "a data line without its length");
		memcpy(num, sp + 1, nlen);
		num[nlen] = '\0';
		p->len = (size_t)strtoull(num, &end, 10);
		if ((p->kind = malloc((size_t)(sp - rest) + 1)) == NULL)
			return SA_ENOMEM;
		memcpy(p->kind, rest, (size_t)(sp - rest));
		p->kind[sp - rest] = '\0';
		if (p->len > (size_t)(r->end - r->at) / 2)
			return fail(r, "more data than the file holds (it "
			    "was cut)");
	}
	return read_data(r, p);
}

int
sa_part_parse(const char *text, size_t len, sa_part *out, char *why,
    size_t size)
{
	struct reader r = { text, text + len, 0, why, size };
	const char *s, *sum;
	size_t slen, head;
	char want[24];
	int status;

	memset(out, 0, sizeof *out);
	if (why != NULL && size > 0)
		why[0] = '\0';
	if (!next_line(&r, &s, &slen) || slen != strlen(MAGIC) ||
	    memcmp(s, MAGIC, slen) != 0) {
		r.line = 1;
		return fail(&r, "not a part of shuffle-audit (its first "
		    "line is not \"" MAGIC "\")");
	}
	/* The checksum first: a changed file says so, whatever changed. */
	for (sum = text + len; sum > text && sum[-1] == '\n'; sum--)
		;
	while (sum > text && sum[-1] != '\n')
		sum--;
	head = (size_t)(sum - text);
	snprintf(want, sizeof want, "%016llx",
	    (unsigned long long)fnv1a(text, head));
	if (len - head != 9 + 16 + 1 || memcmp(sum, "checksum ", 9) != 0 ||
	    text[len - 1] != '\n') {
		r.line = 0;
		for (const char *c = text; c < sum; c++)
			r.line += *c == '\n';
		r.line++;
		return fail(&r, "no checksum line at the end (the file "
		    "was cut)");
	}
	if (memcmp(sum + 9, want, 16) != 0) {
		if (why != NULL && size > 0)
			snprintf(why, size, "its checksum does not match its contents "
		    "(the file was changed or damaged)");
		return SA_EINVAL;
	}
	r.end = sum;
	if ((status = read_head(&r, out)) == SA_OK)
		status = read_body(&r, out);
	if (status == SA_OK && r.at != r.end)
		status = fail(&r, "more data than its data line says");
	if (status != SA_OK)
		sa_part_free(out);
	return status;
}

int
sa_part_sniff(const char *text, size_t len, size_t *most, char *why,
    size_t size)
{
	size_t mlen = strlen(MAGIC);
	const char *at = text, *end = text + len, *nl;

	*most = SA_PART_HEAD_MAX;
	if (why != NULL && size > 0)
		why[0] = '\0';
	if (memcmp(text, MAGIC "\n", len < mlen + 1 ? len : mlen + 1) != 0) {
		if (why != NULL && size > 0)
			snprintf(why, size, "line 1: not a part of shuffle-audit "
			    "(its first line is not \"" MAGIC "\")");
		return SA_EINVAL;
	}
	/* The data line, once it is in: it says how long the rest is. */
	for (; at < end && (nl = memchr(at, '\n', (size_t)(end - at))) !=
	    NULL; at = nl + 1) {
		const char *sp;
		unsigned long long bytes;
		size_t head = (size_t)(nl + 1 - text);
		char num[24];
		size_t nlen;

		if ((size_t)(nl - at) < 5 || memcmp(at, "data ", 5) != 0)
			continue;
		sp = memchr(at + 5, ' ', (size_t)(nl - at - 5));
		nlen = sp != NULL ? (size_t)(nl - sp - 1) : 0;
		if (nlen == 0 || nlen >= sizeof num)
			break;	/* sa_part_parse says what is wrong */
		memcpy(num, sp + 1, nlen);
		num[nlen] = '\0';
		bytes = strtoull(num, NULL, 10);
		if (bytes > (SIZE_MAX - head - 64) / 3) {
			if (why != NULL && size > 0)
				snprintf(why, size, "its data line claims %s "
				    "bytes, more than memory holds", num);
			return SA_EINVAL;
		}
		/* Two hex digits a byte, a newline each 32, the checksum. */
		*most = head + 2 * (size_t)bytes + ((size_t)bytes + 31) / 32 +
		    9 + 16 + 1;
		return SA_OK;
	}
	if (len > SA_PART_HEAD_MAX) {
		if (why != NULL && size > 0)
			snprintf(why, size, "no data line in its first %d bytes "
			    "(a part's head is shorter)", SA_PART_HEAD_MAX);
		return SA_EINVAL;
	}
	return SA_OK;
}

static bool
same_words(char *const *a, size_t na, char *const *b, size_t nb)
{
	if (na != nb)
		return false;
	for (size_t i = 0; i < na; i++)
		if (strcmp(a[i], b[i]) != 0)
			return false;
	return true;
}

int
sa_parts_check(const sa_part *const *parts, size_t k, size_t *order,
    size_t at[2], char *why, size_t size)
{
	unsigned count = k ? parts[0]->count : 0;

	at[0] = at[1] = SIZE_MAX;
	if (k == 0) {
		snprintf(why, size, "no parts");
		return SA_EINVAL;
	}
	for (size_t i = 0; i < count; i++)
		order[i] = SIZE_MAX;
	for (size_t i = 0; i < k; i++) {
		const sa_part *p = parts[i];

		at[0] = 0;
		at[1] = i;
		if (p->count != count) {
			snprintf(why, size, "one is part %u of %u, the other of "
			    "%u: parts of different splits", parts[0]->index,
			    count, p->count);
			return SA_EINVAL;
		}
		if (!same_words(p->argv, p->argc, parts[0]->argv,
		    parts[0]->argc) || strcmp(p->kind, parts[0]->kind) != 0) {
			snprintf(why, size, "they answer different commands: "
			    "parts of different runs");
			return SA_EINVAL;
		}
		if (order[p->index - 1] != SIZE_MAX) {
			at[0] = order[p->index - 1];
			snprintf(why, size, "both are part %u of %u", p->index,
			    count);
			return SA_EINVAL;
		}
		order[p->index - 1] = i;
	}
	at[0] = at[1] = SIZE_MAX;
	for (size_t i = 0; i < count; i++)
		if (order[i] == SIZE_MAX) {
			snprintf(why, size, "part %zu of %u is missing", i + 1,
			    count);
			return SA_EINVAL;
		}
	return SA_OK;
}

const char *
sa_part_note(const sa_part *p, const char *key)
{
	size_t klen = strlen(key);

	for (size_t k = 0; k < p->nnotes; k++)
		if (strncmp(p->notes[k], key, klen) == 0 &&
		    p->notes[k][klen] == ' ')
			return p->notes[k] + klen + 1;
	return NULL;
}

bool
sa_parts_flag(const sa_part *parts, size_t count, const char *key)
{
	const char *v;

	for (size_t i = 0; i < count; i++)
		if ((v = sa_part_note(&parts[i], key)) != NULL &&
		    strcmp(v, "yes") == 0)
			return true;
	return false;
}

/* Whether note NOTE names a section ("NAME-bytes LEN"): its length. */
static bool
section_note(const char *note, size_t most, const char **name,
    size_t *namelen, size_t *len)
{
	const char *sp = strchr(note, ' ');
	char *stop;
	unsigned long long v;

	if (sp == NULL || (size_t)(sp - note) < 6 ||
	    strncmp(sp - 6, "-bytes", 6) != 0)
		return false;
	*name = note;
	*namelen = (size_t)(sp - note) - 6;
	v = strtoull(sp + 1, &stop, 10);
	/* A length past the data, or not a number, names nothing. */
	*len = *stop == '\0' && sp[1] >= '0' && sp[1] <= '9' && v <= most ?
	    (size_t)v : 0;
	return true;
}

void
sa_part_section(const sa_part *p, const char *name,
    const unsigned char **data, size_t *len)
{
	size_t tail = 0, at, nlen, slen;
	const char *sname;

	/* The sections' bytes, at the end of the data. */
	for (size_t k = 0; k < p->nnotes; k++)
		if (section_note(p->notes[k], p->len, &sname, &nlen, &slen))
			tail = tail + slen <= p->len ? tail + slen : p->len;
	at = p->len - tail;
	*data = p->data;
	*len = at;
	if (name == NULL)
		return;
	*len = 0;
	for (size_t k = 0; k < p->nnotes; k++) {
		if (!section_note(p->notes[k], p->len, &sname, &nlen, &slen))
			continue;
		if (slen > p->len - at)
			slen = p->len - at;
		if (nlen == strlen(name) && strncmp(sname, name, nlen) == 0) {
			*data = p->data + at;
			*len = slen;
			return;
		}
		at += slen;
	}
}

int
sa_part_append(unsigned char **data, size_t *len, const char *name,
    const unsigned char *sec, size_t seclen, char *note, size_t size)
{
	unsigned char *both;

	snprintf(note, size, "%s-bytes %zu", name, seclen);
	if (seclen == 0)
		return SA_OK;
	if ((both = realloc(*data, *len + seclen)) == NULL)
		return SA_ENOMEM;
	memcpy(both + *len, sec, seclen);
	*data = both;
	*len += seclen;
	return SA_OK;
}

/*
 * The folds: each part's SECTION unpacked and added into the first.
 * UNPACK and MERGE are the kind's; FREE lets one go.
 */
struct fold {
	int (*unpack)(const struct fold *f, const unsigned char *buf,
	    size_t len, void **out);
	int (*merge)(void *into, const void *from);
	void (*free)(void *one);
	const sa_shuffle *shuffle;
	size_t n, depth;
};

static int
fold(const struct fold *f, const sa_part *parts, size_t count,
    const char *section, size_t *at, void **out)
{
	int status = SA_OK;

	*out = NULL;
	*at = 0;
	for (size_t i = 0; i < count && status == SA_OK; i++) {
		const unsigned char *data;
		size_t len;
		void *one = NULL;

		sa_part_section(&parts[i], section, &data, &len);
		status = section != NULL && len == 0 ? SA_EINVAL :
		    f->unpack(f, data, len, &one);
		if (status == SA_OK && *out == NULL)
			*out = one;
		else if (status == SA_OK)
			status = f->merge(*out, one);
		if (one != *out)
			f->free(one);
		*at = i;
	}
	if (status != SA_OK) {
		f->free(*out);
		*out = NULL;
	}
	return status;
}

static int
census_unpack(const struct fold *f, const unsigned char *buf, size_t len,
    void **out)
{
	return sa_census_unpack(f->shuffle, f->n, buf, len,
	    (sa_census **)out);
}

static int
census_merge(void *into, const void *from)
{
	return sa_census_merge(into, from);
}

static void
census_free(void *one)
{
	sa_census_free(one);
}

int
sa_parts_census(const sa_part *parts, size_t count, const char *section,
    const sa_shuffle *shuffle, size_t n, size_t *at, sa_census **out)
{
	const struct fold f = { census_unpack, census_merge, census_free,
	    shuffle, n, 0 };
	void *c;
	int status = fold(&f, parts, count, section, at, &c);

	*out = c;
	return status;
}

static int
layers_unpack(const struct fold *f, const unsigned char *buf, size_t len,
    void **out)
{
	sa_layers *l = NULL;
	int status = sa_layers_unpack(f->shuffle, buf, len, &l);

	if (status == SA_OK && (sa_layers_about(l)->n != f->n ||
	    sa_layers_about(l)->depth != f->depth))
		status = SA_EINVAL;
	if (status != SA_OK) {
		sa_layers_free(l);
		l = NULL;
	}
	*out = l;
	return status;
}

static int
layers_merge(void *into, const void *from)
{
	return sa_layers_merge(into, from);
}

static void
layers_free(void *one)
{
	sa_layers_free(one);
}

int
sa_parts_layers(const sa_part *parts, size_t count, const char *section,
    const sa_shuffle *shuffle, size_t n, size_t depth, size_t *at,
    sa_layers **out)
{
	const struct fold f = { layers_unpack, layers_merge, layers_free,
	    shuffle, n, depth };
	void *l;
	int status = fold(&f, parts, count, section, at, &l);

	*out = l;
	return status;
}

static int
seeds_unpack(const struct fold *f, const unsigned char *buf, size_t len,
    void **out)
{
	return sa_seeds_unpack(f->n, buf, len, (sa_seeds **)out);
}

static int
seeds_merge(void *into, const void *from)
{
	return sa_seeds_merge(into, from);
}

static void
seeds_free(void *one)
{
	sa_seeds_free(one);
}

int
sa_parts_seeds(const sa_part *parts, size_t count, size_t n, size_t *at,
    sa_seeds **out)
{
	const struct fold f = { seeds_unpack, seeds_merge, seeds_free, NULL,
	    n, 0 };
	void *s;
	int status = fold(&f, parts, count, NULL, at, &s);

	*out = s;
	return status;
}

static int
decks_unpack(const struct fold *f, const unsigned char *buf, size_t len,
    void **out)
{
	return sa_fit_unpack(f->n, buf, len, (sa_fit **)out);
}

static int
decks_merge(void *into, const void *from)
{
	return sa_fit_merge(into, from);
}

static void
decks_free(void *one)
{
	sa_fit_free(one);
}

int
sa_parts_decks(const sa_part *parts, size_t count, size_t n, size_t *at,
    sa_fit **out)
{
	const struct fold f = { decks_unpack, decks_merge, decks_free, NULL,
	    n, 0 };
	void *d;
	int status = fold(&f, parts, count, NULL, at, &d);

	*out = d;
	return status;
}
