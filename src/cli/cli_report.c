/*
 * cli_report.c - one formatting layer for every report: text, TSV, CSV,
 * JSON and JUnit XML from the same fields and tables.
 */
#define _POSIX_C_SOURCE 200809L	/* open_memstream */

#include <float.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_escape.h"
#include "cli_report.h"
#include "cli_progress.h"

#define TEXT_COLUMNS 80	/* the width text output fits */

static void put_hanging(FILE *out, const char *s, int at);

/* See cli.h. */
char *
cli_vformat(char *small, size_t size, const char *fmt, va_list ap)
{
	va_list again;
	char *big;
	int len;

	va_copy(again, ap);
	len = vsnprintf(small, size, fmt, ap);
	if (len < 0)
		small[0] = '\0';
	if (len < 0 || (size_t)len < size ||
	    (big = malloc((size_t)len + 1)) == NULL) {
		va_end(again);
		return small;	/* out of memory: cut, not lost */
	}
	vsnprintf(big, (size_t)len + 1, fmt, again);
	va_end(again);
	return big;
}

static void
json_member(report *r, const char *key)
{
	fputs(r->members++ ? ",\n  " : "{\n  ", r->out);
	esc_json(r->out, key);
	fputs(": ", r->out);
}

static char *
dup(const char *s)
{
	size_t len = strlen(s) + 1;
	char *p = malloc(len);

	/* Out of memory: the field shows as empty rather than crashing. */
	if (p != NULL)
		memcpy(p, s, len);
	return p;
}

static void
drop_fields(report *r)
{
	for (int i = 0; i < r->pending; i++) {
		free(r->field[i].value);
		free(r->field[i].raw);
		free(r->field[i].note);
	}
	r->pending = 0;
}

/* Prints the waiting text fields as one aligned block. */
static void
flush_fields(report *r)
{
	int width = 0, vwidth = 0;

	if (r->fmt != REP_TEXT)
		return;
	for (int i = 0; i < r->pending; i++) {
		const struct rep_field *f = &r->field[i];
		int len = (int)strlen(f->label);
		int vlen = f->value ? (int)strlen(f->value) : 0;

		if (len > width)
			width = len;
		/* Only values with a note after them need to line up. */
		if (f->note != NULL && vlen > vwidth && vlen <= 40)
			vwidth = vlen;
	}
	for (int i = 0; i < r->pending; i++) {
		const struct rep_field *f = &r->field[i];
		const char *v = f->value ? f->value : "";

		int vlen = (int)strlen(v), at = width + 2;

		if (at + vlen > TEXT_COLUMNS && strchr(v, ' ') == NULL) {
			/* A number too long to follow its label: under it. */
			fprintf(r->out, "%s\n  ", f->label);
			at = 2;
		} else {
			fprintf(r->out, "%-*s  ", width, f->label);
		}
		if (f->note != NULL && at + (vlen > vwidth ? vlen : vwidth) +
		    4 + (int)strlen(f->note) <= TEXT_COLUMNS) {
			fprintf(r->out, "%-*s  (%s)\n", vwidth, v, f->note);
			continue;
		}
		/* Prose wraps under itself; a note goes under the value. */
		put_hanging(r->out, v, at);
		if (f->note != NULL) {
			size_t len = strlen(f->note) + 3;
			char *note = malloc(len);

			fprintf(r->out, "%*s", at, "");
			if (note != NULL) {
				snprintf(note, len, "(%s)", f->note);
				put_hanging(r->out, note, at);
				free(note);
			} else {
				fprintf(r->out, "(%s)\n", f->note);
			}
		}
	}
	drop_fields(r);
}

enum rep_format
rep_shape(enum rep_format fmt)
{
	return fmt == REP_JUNIT ? REP_TEXT : fmt;
}

/*
 * JUnit's report is text held in memory until rep_end wraps it in XML;
 * when memory runs out for it, the text goes out as it is.
 */
void
rep_begin(report *r, FILE *out, enum rep_format fmt)
{
	cli_progress_end();
	memset(r, 0, sizeof *r);
	r->out = out;
	r->fmt = rep_shape(fmt);
	if (fmt == REP_JUNIT &&
	    (r->out = open_memstream(&r->text, &r->text_len)) != NULL)
		r->xml = out;
	else if (fmt == REP_JUNIT)
		r->out = out;
}

/* *AT, when still NULL, as a copy of VALUE. */
static void
keep_once(char **at, const char *value)
{
	if (*at == NULL && value != NULL)
		*at = dup(value);
}

/*
 * What a report says of its verdict, whatever its format, for JUnit and
 * rep_annotate: the code (its name, or the path or command audited),
 * its cards, the verdict's key, its line, and a misbehaviour's problem.
 */
static void
note_verdict(report *r, const char *key, const char *label,
    const char *value)
{
	static const char *const keys[] = { "algorithm", "audited", "cards",
		"verdict", "problem" };
	char **at[] = { &r->name, &r->name, &r->cards, &r->verdict,
		&r->problem };

	for (size_t i = 0; key != NULL && i < sizeof keys / sizeof *keys; i++)
		if (strcmp(key, keys[i]) == 0)
			keep_once(at[i], value);
	if (label != NULL && strcmp(label, "verdict") == 0)
		keep_once(&r->line, value);
}

static void
keep_field(report *r, const char *key, const char *label, const char *value,
    const char *raw, const char *note)
{
	struct rep_field *f;

	if (r->fmt == REP_JSON)
		return;
	if (r->fmt == REP_TEXT ? label == NULL : key == NULL || r->tabled)
		return;
	if (r->pending == REP_MAX_FIELDS) {
		if (r->fmt != REP_TEXT)
			return;
		flush_fields(r);
	}
	f = &r->field[r->pending++];
	f->key = key;
	f->label = label;
	f->value = r->fmt == REP_TEXT && value != NULL ?
	    cli_text_safe(value) : NULL;
	if (f->value == NULL)
		f->value = dup(value);
	f->raw = dup(raw);
	f->note = NULL;
	if (note != NULL && note[0] != '\0') {
		f->note = r->fmt == REP_TEXT ? cli_text_safe(note) : NULL;
		if (f->note == NULL)
			f->note = dup(note);
	}
}

void
rep_str(report *r, const char *key, const char *label, const char *value,
    const char *note)
{
	note_verdict(r, key, label, value);
	keep_field(r, key, label, value, value, note);
	if (r->fmt == REP_JSON && key != NULL) {
		json_member(r, key);
		esc_json(r->out, value);
	}
}

/*
 * Whether DIGITS is a whole number past 2^53, which a reader holding
 * JSON numbers as doubles (JavaScript, jq before 1.7) cannot keep
 * exactly: such a number is also given as a string, KEY_exact.
 */
static bool
past_doubles(const char *digits)
{
	static const char limit[] = "9007199254740992";	/* 2^53 */
	size_t len;

	if (*digits == '-')
		digits++;
	len = strspn(digits, "0123456789");
	if (len == 0 || digits[len] != '\0' || (len > 1 && *digits == '0'))
		return false;
	return len > sizeof limit - 1 || (len == sizeof limit - 1 &&
	    strcmp(digits, limit) > 0);
}

/* After KEY's number DIGITS, its digits as KEY_exact when they need it. */
static void
json_exact_after(FILE *out, const char *key, const char *digits,
    const char *sep)
{
	char name[80];

	if (!past_doubles(digits))
		return;
	snprintf(name, sizeof name, "%s_exact", key);
	fputs(sep, out);
	esc_json(out, name);
	fputs(": ", out);
	esc_json(out, digits);
}

void
rep_u64(report *r, const char *key, const char *label, uint64_t value,
    const char *note)
{
	char buf[24];

	snprintf(buf, sizeof buf, "%llu", (unsigned long long)value);
	note_verdict(r, key, label, buf);
	keep_field(r, key, label, buf, buf, note);
	if (r->fmt == REP_JSON && key != NULL) {
		json_member(r, key);
		fputs(buf, r->out);
		if (past_doubles(buf)) {
			char name[80];

			snprintf(name, sizeof name, "%s_exact", key);
			json_member(r, name);
			esc_json(r->out, buf);
		}
	}
}

/*
 * DIGITS to OUT as a JSON number with no zeros padding its fraction
 * ("1.41600" as 1.416, "2.00" as 2, "1.50000e-05" as 1.5e-05): the
 * shortest text of the same value.
 */
static void
json_number(FILE *out, const char *digits)
{
	size_t mant = strcspn(digits, "eE"), end = mant;

	if (memchr(digits, '.', mant) != NULL) {
		while (end > 0 && digits[end - 1] == '0')
			end--;
		if (end > 0 && digits[end - 1] == '.')
			end--;
	}
	fwrite(digits, 1, end, out);
	fputs(digits + mant, out);
}

/*
 * ITEMS, separated by SEPS, as a JSON array: of numbers when NUMBERS,
 * of strings otherwise.
 */
static void
json_array(FILE *out, const char *items, const char *seps, bool numbers)
{
	const char *at = items;
	bool first = true;

	fputc('[', out);
	while (*at != '\0') {
		size_t len = strcspn(at, seps);
		char *item;

		if (len > 0 && (item = malloc(len + 1)) != NULL) {
			memcpy(item, at, len);
			item[len] = '\0';
			fputs(first ? "" : ", ", out);
			first = false;
			if (numbers)
				json_number(out, item);
			else
				esc_json(out, item);
			free(item);
		}
		at += len + (at[len] != '\0');
	}
	fputc(']', out);
}

void
rep_list(report *r, const char *key, const char *label, const char *items,
    bool numbers, const char *note)
{
	keep_field(r, key, label, items[0] != '\0' || r->fmt != REP_TEXT ?
	    items : "none", items, note);
	if (r->fmt != REP_JSON || key == NULL)
		return;
	json_member(r, key);
	json_array(r->out, items, " ", numbers);
}

void
rep_null(report *r, const char *key)
{
	keep_field(r, key, NULL, "", "", NULL);
	if (r->fmt == REP_JSON && key != NULL) {
		json_member(r, key);
		fputs("null", r->out);
	}
}

/*
 * Whether TEXT, a figure with a fraction or an exponent, lies past the
 * doubles' normal range, so that the double it reads as is not it: 0 or
 * a subnormal for one below 2^-1022 (5.2e-155168, a p-value), infinity
 * for one above the largest.  Such a figure goes to JSON as that double
 * (null for infinity) and, beside it, as its text in KEY_text.  A whole
 * number is not one: its digits are exact however large (KEY_exact).
 */
static bool
past_range(const char *text, char *shortest, size_t size)
{
	size_t mant = strcspn(text, "eE");
	double x;

	if (text[mant] == '\0' && strchr(text, '.') == NULL)
		return false;
	x = strtod(text, NULL);
	if (x > DBL_MAX || x < -DBL_MAX) {
		snprintf(shortest, size, "null");
		return true;
	}
	if (x >= DBL_MIN || x <= -DBL_MIN ||
	    (x == 0 && strspn(text, "+-0.") >= mant))
		return false;
	/* The subnormal's (or 0's) shortest text that reads back as it. */
	for (int digits = 1; digits <= 17; digits++) {
		snprintf(shortest, size, "%.*g", digits, x);
		if (strtod(shortest, NULL) == x)
			break;
	}
	return true;
}

void
rep_num(report *r, const char *key, const char *label, const char *digits,
    const char *note)
{
	char shortest[32];

	if (digits == NULL) {	/* no figure: null, never a crash */
		rep_null(r, key);
		return;
	}
	keep_field(r, key, label, digits, digits, note);
	if (r->fmt == REP_JSON && key != NULL && digits != NULL &&
	    past_range(digits, shortest, sizeof shortest)) {
		char name[80];

		json_member(r, key);
		fputs(shortest, r->out);
		snprintf(name, sizeof name, "%s_text", key);
		json_member(r, name);
		esc_json(r->out, digits);
	} else if (r->fmt == REP_JSON && key != NULL) {
		json_member(r, key);
		json_number(r->out, digits);
		if (past_doubles(digits)) {
			char name[80];

			snprintf(name, sizeof name, "%s_exact", key);
			json_member(r, name);
			esc_json(r->out, digits);
		}
	}
}

void
rep_bool(report *r, const char *key, const char *label, bool value,
    const char *note)
{
	keep_field(r, key, label, value ? "yes" : "no",
	    value ? "true" : "false", note);
	if (r->fmt == REP_JSON && key != NULL) {
		json_member(r, key);
		fputs(value ? "true" : "false", r->out);
	}
}

/*
 * S, which starts at column AT, and the newline: past 80 columns it is
 * broken at a space (or between two cycles) and goes on under itself, at
 * column AT.  A word longer than a line stays whole on a line of its own.
 * Prose (AT 0), a table's last, ragged cell and a field's value all wrap
 * so.
 */
static void
put_hanging(FILE *out, const char *s, int at)
{
	int room = TEXT_COLUMNS - at;

	if (room < 20)
		room = 20;	/* a narrow column still wraps somewhere */
	for (;;) {
		const char *cut = NULL;

		if ((int)strlen(s) <= room)
			break;
		/* At a space, or between two cycles: ")(" */
		for (const char *p = s + 1; p <= s + room; p++)
			if (*p == ' ' || (p[-1] == ')' && *p == '('))
				cut = p;
		for (const char *p = s + room + 1; cut == NULL && *p; p++)
			if (*p == ' ' || (p[-1] == ')' && *p == '('))
				cut = p;
		if (cut == NULL)
			break;
		fwrite(s, 1, (size_t)(cut - s), out);
		fprintf(out, "\n%*s", at, "");
		s = cut;
		while (*s == ' ')
			s++;
	}
	fputs(s, out);
	fputc('\n', out);
}

void
rep_line(report *r, const char *fmt, ...)
{
	char small[512], *line, *safe;
	va_list ap;

	if (r->fmt != REP_TEXT)
		return;
	flush_fields(r);
	va_start(ap, fmt);
	line = cli_vformat(small, sizeof small, fmt, ap);
	va_end(ap);
	safe = cli_text_safe(line);
	put_hanging(r->out, safe != NULL ? safe : line, 0);
	free(safe);
	if (line != small)
		free(line);
}

void
rep_wrap(report *r, const char *lead, int indent, const char *text)
{
	char *safe;

	if (r->fmt != REP_TEXT)
		return;
	flush_fields(r);
	safe = cli_text_safe(text);
	fprintf(r->out, "%-*s", indent, lead);
	put_hanging(r->out, safe != NULL ? safe : text, indent);
	free(safe);
}

static int
text_width(const struct rep_col *c)
{
	int w = (int)strlen(c->label);

	return c->width > w ? c->width : w;
}

void
rep_table(report *r, const char *key, const struct rep_col *cols, int ncols)
{
	r->cols = cols;
	r->ncols = ncols;
	r->rows = 0;
	r->tabled = true;
	if (r->fmt == REP_TSV || r->fmt == REP_CSV)
		drop_fields(r);		/* the table is all they carry */
	switch (r->fmt) {
	case REP_JUNIT:		/* rendered as text: not r->fmt */
	case REP_TEXT:
		flush_fields(r);
		for (int i = 0; i < ncols; i++) {
			int w = text_width(&cols[i]);

			if (i > 0)
				fputs(" | ", r->out);
			if (i == ncols - 1 && !cols[i].right)
				fputs(cols[i].label, r->out);
			else
				fprintf(r->out, cols[i].right ? "%*s" : "%-*s", w,
				    cols[i].label);
		}
		fputc('\n', r->out);
		for (int i = 0; i < ncols; i++) {
			int w = text_width(&cols[i]);

			if (i > 0)
				fputc('+', r->out);
			for (int k = 0; k < w + (i > 0) + (i < ncols - 1); k++)
				fputc('-', r->out);
		}
		fputc('\n', r->out);
		break;
	case REP_TSV:
	case REP_CSV:
		for (int i = 0; i < ncols; i++) {
			if (i > 0)
				fputc(r->fmt == REP_TSV ? '\t' : ',', r->out);
			fputs(cols[i].key, r->out);
		}
		fputc('\n', r->out);
		break;
	case REP_JSON:
		json_member(r, key);
		fputc('[', r->out);
		break;
	}
}

/* The cell as text: its own string, or one written into BUF. */
static const char *
cell_text(const struct rep_col *c, const struct rep_cell *v, bool text,
    char *buf, size_t size)
{
	switch (c->type) {
	case REP_STR:
	case REP_NUM:
	case REP_LIST:
		return v->s ? v->s : "";
	case REP_U64:
		snprintf(buf, size, "%llu", (unsigned long long)v->u);
		break;
	case REP_BOOL:
		snprintf(buf, size, "%s", v->b ? "yes" : "no");
		break;
	case REP_FRAC:
		if (v->f == NULL)
			snprintf(buf, size, "?");
		else if (text && sa_fraction_is_zero(v->f) && c->zero != NULL)
			snprintf(buf, size, "%s", c->zero);
		else
			sa_fraction_format(v->f, text ? (unsigned)c->places &
			    ~(unsigned)REP_NO_PLUS : 4, text &&
			    !(c->places & REP_NO_PLUS), buf, size);
		break;
	}
	return buf;
}

/* One row of a JSON table: its cells as members of one object. */
static void
json_row(report *r, const struct rep_cell *cells, char *buf, size_t size)
{
	bool first = true;

	fputs(r->rows ? ",\n    {" : "\n    {", r->out);
	for (int i = 0; i < r->ncols; i++) {
		const struct rep_col *c = &r->cols[i];

		if (!c->json)
			continue;
		if (!first)
			fputs(", ", r->out);
		first = false;
		esc_json(r->out, c->key);
		fputs(": ", r->out);
		if (c->type == REP_STR)
			esc_json(r->out, cell_text(c, &cells[i], false,
			    buf, size));
		else if (c->type == REP_NUM && cells[i].s == NULL)
			fputs("null", r->out);
		else if (c->type == REP_NUM) {
			json_number(r->out, cells[i].s);
			json_exact_after(r->out, c->key, cells[i].s,
			    ", ");
		}
		else if (c->type == REP_LIST)
			json_array(r->out, cells[i].s ? cells[i].s : "",
			    ", ", true);
		else if (c->type == REP_BOOL)
			fputs(cells[i].b ? "true" : "false", r->out);
		else {
			const char *t = cell_text(c, &cells[i], false,
			    buf, size);

			fputs(t, r->out);
			if (c->type == REP_U64)
				json_exact_after(r->out, c->key, t, ", ");
		}
	}
	fputc('}', r->out);
}

void
rep_row(report *r, const struct rep_cell *cells)
{
	char buf[128];

	/* After a write error there is no point producing more. */
	if (ferror(r->out))
		return;
	switch (r->fmt) {
	case REP_JUNIT:		/* rendered as text: not r->fmt */
	case REP_TEXT:
		for (int i = 0, at = 0; i < r->ncols; i++) {
			const struct rep_col *c = &r->cols[i];
			const char *t = cell_text(c, &cells[i], true, buf,
			    sizeof buf);
			char *safe = cli_text_safe(t);

			if (safe != NULL)
				t = safe;
			if (i > 0) {
				fputs(" | ", r->out);
				at += 3;
			}
			if (i == r->ncols - 1 && !c->right)
				put_hanging(r->out, t, at);
			else
				at += fprintf(r->out, c->right ? "%*s" : "%-*s",
				    text_width(c), t);
			free(safe);
		}
		if (r->ncols == 0 || r->cols[r->ncols - 1].right)
			fputc('\n', r->out);
		break;
	case REP_TSV:
	case REP_CSV:
		for (int i = 0; i < r->ncols; i++) {
			const char *t = cell_text(&r->cols[i], &cells[i], false,
			    buf, sizeof buf);

			if (i > 0)
				fputc(r->fmt == REP_TSV ? '\t' : ',', r->out);
			if (r->fmt == REP_CSV)
				esc_csv(r->out, t);
			else
				esc_tsv(r->out, t);
		}
		fputc('\n', r->out);
		break;
	case REP_JSON:
		json_row(r, cells, buf, sizeof buf);
		break;
	}
	r->rows++;
}

void
rep_table_end(report *r)
{
	if (r->fmt == REP_JSON)
		fputs(r->rows ? "\n  ]" : "]", r->out);
	r->cols = NULL;
	r->ncols = 0;
}

/* TSV and CSV of a report with no table: its fields as rows. */
static void
field_rows(report *r)
{
	static const struct rep_col cols[] = {
		{ "field", "field", REP_STR, 0, false, true, 0, NULL },
		{ "value", "value", REP_STR, 0, false, true, 0, NULL },
	};
	int n = r->pending;
	struct rep_field f[REP_MAX_FIELDS];

	memcpy(f, r->field, sizeof f[0] * (size_t)n);
	r->pending = 0;		/* rep_table must not drop them */
	rep_table(r, "fields", cols, 2);
	for (int i = 0; i < n; i++) {
		struct rep_cell cells[2];

		memset(cells, 0, sizeof cells);
		cells[0].s = f[i].key;
		cells[1].s = f[i].raw ? f[i].raw : "";
		rep_row(r, cells);
	}
	rep_table_end(r);
	memcpy(r->field, f, sizeof f[0] * (size_t)n);
	r->pending = n;
	drop_fields(r);
}

/* The last verdict a report carried, for rep_annotate. */
static char *said;

/*
 * R's code and cards, as a test case's name, and its verdict line (a
 * misbehaviour's problem after it), into *NAME and *LINE (from malloc;
 * NULL when memory ran out).
 */
static void
verdict_words(const report *r, char **name, char **line)
{
	const char *v = r->line ? r->line : r->verdict ? r->verdict : "";
	size_t size = strlen(v) + (r->problem ? strlen(r->problem) : 0) + 3;

	if ((*line = malloc(size)) != NULL)
		snprintf(*line, size, r->problem ? "%s: %s" : "%s", v,
		    r->problem);
	size = (r->name ? strlen(r->name) : 0) + (r->cards ?
	    strlen(r->cards) : 0) + 16;
	if ((*name = malloc(size)) != NULL)
		snprintf(*name, size, "%s, %s card%s", r->name ? r->name :
		    "shuffle", r->cards ? r->cards : "?", r->cards &&
		    strcmp(r->cards, "1") == 0 ? "" : "s");
}

/*
 * R's report as JUnit XML on R's stream: its text, now ended, the body
 * of the one test case's <failure>, <error> or <system-out>.
 */
static void
junit(report *r, const char *name, const char *line)
{
	const char *v = r->verdict;
	bool error = v != NULL && strcmp(v, "misbehaved") == 0;
	bool fail = v != NULL && !error && strcmp(v, "fair") != 0;
	const char *elem = error ? "error" : fail ? "failure" : "system-out";
	FILE *x = r->xml;

	fclose(r->out);
	r->out = x;
	fprintf(x, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<testsuites tests=\"1\" failures=\"%d\" errors=\"%d\">\n"
	    "  <testsuite name=\"shuffle-audit census\" tests=\"1\" "
	    "failures=\"%d\" errors=\"%d\" skipped=\"0\">\n"
	    "    <testcase name=\"", fail, error, fail, error);
	esc_xml(x, name ? name : "shuffle", true);
	fprintf(x, "\" classname=\"shuffle-audit.census\">\n      <%s", elem);
	if (fail || error) {
		fputs(" message=\"", x);
		esc_xml(x, line ? line : "", true);
		fputs("\" type=\"", x);
		esc_xml(x, strcmp(v, "the model decides") == 0 ?
		    "model-decides" : v, true);
		fputc('"', x);
	}
	fputc('>', x);
	esc_xml(x, r->text ? r->text : "", false);
	fprintf(x, "</%s>\n    </testcase>\n  </testsuite>\n</testsuites>\n",
	    elem);
}

void
rep_end(report *r)
{
	char *name = NULL, *line = NULL;

	if (r->fmt == REP_TEXT)
		flush_fields(r);
	else if (r->fmt != REP_JSON && !r->tabled && r->pending > 0)
		field_rows(r);
	drop_fields(r);
	if (r->fmt == REP_JSON)
		fputs(r->members ? "\n}\n" : "{}\n", r->out);
	if (r->verdict != NULL || r->xml != NULL)
		verdict_words(r, &name, &line);
	if (r->xml != NULL)
		junit(r, name, line);
	if (r->verdict != NULL && name != NULL && line != NULL) {
		size_t size = strlen(name) + strlen(line) + 3;

		free(said);
		if ((said = malloc(size)) != NULL)
			snprintf(said, size, "%s: %s", name, line);
	}
	free(name);
	free(line);
	free(r->text);
	free(r->name);
	free(r->cards);
	free(r->verdict);
	free(r->line);
	free(r->problem);
}

/* See cli_report.h: GitHub's workflow commands escape %, CR and LF. */
void
rep_annotate(FILE *err)
{
	const char *env = getenv("GITHUB_ACTIONS");
	char *safe;

	if (said == NULL || env == NULL || strcmp(env, "true") != 0)
		return;
	safe = cli_text_safe(said);
	fputs("::error title=shuffle-audit::", err);
	for (const char *s = safe ? safe : said; *s != '\0'; s++)
		if (*s == '%' || *s == '\r' || *s == '\n')
			fprintf(err, "%%%02X", (unsigned)(unsigned char)*s);
		else
			fputc(*s, err);
	fputc('\n', err);
	free(safe);
}
