/*
 * test_part.c - part.c: parts written and read back the same; the
 * checksum against FNV-1a computed here; every byte changed and every
 * cut refused; the reasons for another version, a bad line, a bad
 * escape; sets of parts checked for one whole run; and a census walked
 * in parts, packed, read back and merged, against the same census walked
 * whole (weighted runs included); and the same for a seed space dealt
 * in stretches and a sample dealt in streams.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"

/* FNV-1a, 64 bits, written here from its definition (offset basis
 * 14695981039346656037, prime 2^40 + 2^8 + 0xb3). */
static uint64_t
fnv(const char *s, size_t len)
{
	uint64_t h = UINT64_C(14695981039346656037);

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * ((UINT64_C(1) << 40) +
		    (1u << 8) + 0xb3);
	return h;
}

/* TEXT with its checksum line made right again (the text is changed in
 * place; it has room for the line). */
static size_t
reseal(char *text, size_t len)
{
	char *last;

	text[len] = '\0';
	last = text + len - 1;
	while (last > text && last[-1] != '\n')
		last--;
	return (size_t)(last - text) + (size_t)sprintf(last,
	    "checksum %016llx\n", (unsigned long long)fnv(text,
	    (size_t)(last - text)));
}

static char *words[] = { "census", "--exec", "python3 a b.py", "tab\there",
	"new\nline", "100% sure", "caf\xc3\xa9", "" };
static char note1[] = "raw-used yes", note2[] = "label a % b",
	note3[] = "k v\x01w";
static char *notes[] = { note1, note2, note3 };

static void
fill(sa_part *p, unsigned char *data, size_t len)
{
	memset(p, 0, sizeof *p);
	p->index = 2;
	p->count = 5;
	p->argv = words;
	p->argc = sizeof words / sizeof words[0];
	p->notes = notes;
	p->nnotes = 3;
	p->kind = "census";
	p->data = data;
	p->len = len;
}

/* Written and read back: every field the same, at data lengths around
 * a line's 32 bytes; the checksum line is FNV-1a of what comes before. */
static void
test_part_round_trip(void **state)
{
	static const size_t lens[] = { 0, 1, 31, 32, 33, 64, 1000 };
	unsigned char data[1000];

	(void)state;
	for (size_t i = 0; i < sizeof data; i++)
		data[i] = (unsigned char)(i * 37 + 11);
	for (size_t t = 0; t < sizeof lens / sizeof lens[0]; t++) {
		sa_part p, q;
		char *text, why[200], want[40];
		size_t len, head;

		fill(&p, data, lens[t]);
		assert_int_equal(sa_part_format(&p, &text, &len), SA_OK);
		assert_int_equal(strlen(text), len);
		assert_int_equal(strncmp(text, "shuffle-audit-part 1\n", 21), 0);
		head = len - 26;
		snprintf(want, sizeof want, "checksum %016llx\n",
		    (unsigned long long)fnv(text, head));
		assert_string_equal(text + head, want);
		assert_int_equal(sa_part_parse(text, len, &q, why, sizeof why),
		    SA_OK);
		assert_int_equal(q.index, 2);
		assert_int_equal(q.count, 5);
		assert_string_equal(q.version, SA_VERSION);
		assert_string_equal(q.kind, "census");
		assert_int_equal(q.argc, p.argc);
		for (size_t k = 0; k < p.argc; k++)
			assert_string_equal(q.argv[k], p.argv[k]);
		assert_int_equal(q.nnotes, 3);
		for (size_t k = 0; k < 3; k++)
			assert_string_equal(q.notes[k], p.notes[k]);
		assert_int_equal(q.len, lens[t]);
		if (lens[t] > 0)
			assert_memory_equal(q.data, data, lens[t]);
		/* No raw control byte reaches the text but the newlines. */
		for (size_t k = 0; k < len; k++)
			assert_true((unsigned char)text[k] >= 0x20 ||
			    text[k] == '\n');
		sa_part_free(&q);
		free(text);
	}
}

/* Every byte of a part changed, and every cut, is refused. */
static void
test_part_damage(void **state)
{
	unsigned char data[40];
	sa_part p, q;
	char *text, why[200];
	size_t len;

	(void)state;
	memset(data, 0xa5, sizeof data);
	fill(&p, data, sizeof data);
	assert_int_equal(sa_part_format(&p, &text, &len), SA_OK);
	for (size_t i = 0; i < len; i++) {
		char was = text[i];

		text[i] = was == 'x' ? 'y' : 'x';
		assert_int_equal(sa_part_parse(text, len, &q, why, sizeof why),
		    SA_EINVAL);
		assert_true(why[0] != '\0');
		text[i] = was;
	}
	for (size_t cut = 0; cut < len; cut++)
		assert_int_equal(sa_part_parse(text, cut, &q, why, sizeof why),
		    SA_EINVAL);
	assert_int_equal(sa_part_parse(text, len, &q, NULL, 0), SA_OK);
	sa_part_free(&q);
	free(text);
}

/* A line of PART's text replaced by LINE, the checksum made right: it
 * is refused with a reason holding WANT. */
static void
refused_with(const char *from, const char *to, const char *want)
{
	unsigned char data[4] = { 1, 2, 3, 4 };
	sa_part p, q;
	char *text, *at, buf[4096], why[240];
	size_t len;

	fill(&p, data, sizeof data);
	assert_int_equal(sa_part_format(&p, &text, &len), SA_OK);
	at = strstr(text, from);
	assert_non_null(at);
	snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - text), text, to,
	    at + strlen(from));
	len = reseal(buf, strlen(buf));
	assert_int_equal(sa_part_parse(buf, len, &q, why, sizeof why),
	    SA_EINVAL);
	if (strstr(why, want) == NULL)
		fail_msg("\"%s\" for %s, not \"%s\"", why, to, want);
	free(text);
}

static void
test_part_refused(void **state)
{
	(void)state;
	refused_with("made-by " SA_VERSION, "made-by 0.0.1",
	    "made by shuffle-audit 0.0.1");
	refused_with("byte-order ", "byte-order x", "other byte order");
	refused_with("part 2 of 5", "part 0 of 5", "not a part line");
	refused_with("part 2 of 5", "part 6 of 5", "not a part line");
	refused_with("part 2 of 5", "part 2 of 5x", "not a part line");
	refused_with("arg census", "arg cen%zzsus", "escape");
	refused_with("arg census", "arg cen%00sus", "escape");
	refused_with("arg census", "arg census%4", "escape");
	refused_with("note raw-used yes", "note raw-used", "without a key");
	refused_with("note raw-used yes", "what now", "not an arg");
	refused_with("data census 4", "data census 5", "data");
	refused_with("data census 4", "data census 3", "data");
	refused_with("data census 4", "data census", "length");
	refused_with("data census 4", "data census x", "length");
	refused_with("01020304", "010203", "data");
	refused_with("01020304", "0102030g", "not hex");
	refused_with("shuffle-audit-part 1", "shuffle-audit-part 2",
	    "not a part");
}

/* Sets of parts: one whole run, or what is wrong with them. */
static void
test_parts_check(void **state)
{
	sa_part ps[4], other;
	const sa_part *list[5];
	size_t order[4], at[2];
	char why[200];
	char *words2[] = { "census", "-n", "5" };

	(void)state;
	for (unsigned i = 0; i < 4; i++) {
		fill(&ps[i], NULL, 0);
		ps[i].count = 4;
		ps[i].index = 4 - i;	/* given last first */
		list[i] = &ps[i];
	}
	assert_int_equal(sa_parts_check(list, 4, order, at, why, sizeof why),
	    SA_OK);
	for (size_t i = 0; i < 4; i++)
		assert_int_equal(list[order[i]]->index, i + 1);
	/* A part missing: none to name. */
	assert_int_equal(sa_parts_check(list, 3, order, at, why, sizeof why),
	    SA_EINVAL);
	assert_string_equal(why, "part 1 of 4 is missing");
	assert_true(at[0] == SIZE_MAX && at[1] == SIZE_MAX);
	/* Twice: both named. */
	list[4] = &ps[1];
	assert_int_equal(sa_parts_check(list, 5, order, at, why, sizeof why),
	    SA_EINVAL);
	assert_string_equal(why, "both are part 3 of 4");
	assert_true(at[0] == 1 && at[1] == 4);
	/* Another split, another command, another kind. */
	other = ps[2];
	other.count = 3;
	list[4] = &other;
	assert_int_equal(sa_parts_check(list, 5, order, at, why, sizeof why),
	    SA_EINVAL);
	assert_non_null(strstr(why, "different splits"));
	assert_true(at[0] == 0 && at[1] == 4);
	other = ps[2];
	other.argv = words2;
	other.argc = 3;
	list[2] = &other;
	assert_int_equal(sa_parts_check(list, 4, order, at, why, sizeof why),
	    SA_EINVAL);
	assert_non_null(strstr(why, "different commands"));
	assert_true(at[1] == 2);
	other = ps[2];
	other.kind = "layers";
	assert_int_equal(sa_parts_check(list, 4, order, at, why, sizeof why),
	    SA_EINVAL);
	assert_non_null(strstr(why, "different commands"));
}

/*
 * SHUFFLE on N cards walked by replay in P parts, each packed, read back
 * through a part's text and merged, in the order LAST part first: the
 * same counts, runs and sequences as the census walked whole.
 */
static void
parts_against_whole(const char *shuffle, size_t n, unsigned parts)
{
	const sa_shuffle *sh = sa_shuffle_find(shuffle);
	sa_census_opts opts;
	sa_census *whole, *sum = NULL;
	uint64_t orderings = sa_factorial(n);

	assert_non_null(sh);
	memset(&opts, 0, sizeof opts);
	opts.engine = SA_ENGINE_REPLAY;
	assert_int_equal(sa_census_run(sh, n, &opts, &whole), SA_OK);
	for (unsigned k = parts; k-- > 0;) {
		sa_audit_opts audit;
		sa_census *c, *back;
		sa_part p, q;
		unsigned char *data;
		size_t len, tlen;
		char *text;

		memset(&audit, 0, sizeof audit);
		audit.part = k;
		audit.parts = parts;
		assert_int_equal(sa_census_run_audited(sh, n, &opts, &audit,
		    &c), SA_OK);
		assert_int_equal(sa_census_pack(c, &data, &len), SA_OK);
		fill(&p, data, len);
		p.index = k + 1;
		p.count = parts;
		assert_int_equal(sa_part_format(&p, &text, &tlen), SA_OK);
		assert_int_equal(sa_part_parse(text, tlen, &q, NULL, 0), SA_OK);
		assert_int_equal(sa_census_unpack(sh, n, q.data, q.len, &back),
		    SA_OK);
		if (sum == NULL) {
			sum = back;
		} else {
			assert_int_equal(sa_census_merge(sum, back), SA_OK);
			sa_census_free(back);
		}
		sa_part_free(&q);
		free(text);
		free(data);
		sa_census_free(c);
	}
	assert_int_equal(sa_census_about(sum)->runs,
	    sa_census_about(whole)->runs);
	assert_int_equal(sa_census_about(sum)->sequences,
	    sa_census_about(whole)->sequences);
	assert_int_equal(sa_census_about(sum)->weighted,
	    sa_census_about(whole)->weighted);
	for (uint64_t r = 0; r < orderings; r++)
		assert_int_equal(sa_census_count(sum, r),
		    sa_census_count(whole, r));
	/* A census of other cards is no census of these. */
	{
		unsigned char *data;
		size_t len;
		sa_census *c;

		assert_int_equal(sa_census_pack(whole, &data, &len), SA_OK);
		assert_int_equal(sa_census_unpack(sh, n + 1, data, len, &c),
		    SA_EINVAL);
		assert_int_equal(sa_census_unpack(sh, n, data, len - 8, &c),
		    SA_EINVAL);
		free(data);
	}
	sa_census_free(sum);
	sa_census_free(whole);
}

static void
test_part_census(void **state)
{
	(void)state;
	parts_against_whole("naive", 5, 3);
	parts_against_whole("naive", 4, 7);	/* parts with no runs */
	parts_against_whole("durstenfeld", 6, 4);
	parts_against_whole("comparator-sort", 4, 3);	/* weighted */
	parts_against_whole("naive", 3, 1);
}

/*
 * Parts with a section: each part's data the naive shuffle's census of
 * its share (main counts) and, appended as section "wider", Durstenfeld's
 * of its share, read back through a part's text.  sa_part_section finds
 * each where sa_part_append put it; sa_parts_census folds each into the
 * census walked whole; a section no part has, and a part of other
 * cards, are refused with the part's index; notes and flags are read.
 */
static void
test_part_fold(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	const sa_shuffle *durst = sa_shuffle_find("durstenfeld");
	sa_census_opts opts = { .engine = SA_ENGINE_REPLAY };
	sa_part q[3];
	sa_census *whole[2], *sum;
	size_t at;
	static char yes[] = "raw-used yes", no[] = "raw-used no";

	(void)state;
	assert_int_equal(sa_census_run(naive, 4, &opts, &whole[0]), SA_OK);
	assert_int_equal(sa_census_run(durst, 4, &opts, &whole[1]), SA_OK);
	for (unsigned k = 0; k < 3; k++) {
		sa_audit_opts audit = { .part = k, .parts = 3 };
		sa_census *c[2];
		unsigned char *data, *sec;
		size_t len, seclen, tlen;
		const unsigned char *at_data;
		size_t at_len;
		char note[40], *text, *these[2];
		sa_part p;

		assert_int_equal(sa_census_run_audited(naive, 4, &opts, &audit,
		    &c[0]), SA_OK);
		assert_int_equal(sa_census_run_audited(durst, 4, &opts, &audit,
		    &c[1]), SA_OK);
		assert_int_equal(sa_census_pack(c[0], &data, &len), SA_OK);
		assert_int_equal(sa_census_pack(c[1], &sec, &seclen), SA_OK);
		assert_int_equal(sa_part_append(&data, &len, "wider", sec,
		    seclen, note, sizeof note), SA_OK);
		memset(&p, 0, sizeof p);
		fill(&p, data, len);
		these[0] = k == 1 ? yes : no;
		these[1] = note;
		p.notes = these;
		p.nnotes = 2;
		p.index = k + 1;
		p.count = 3;
		assert_int_equal(sa_part_format(&p, &text, &tlen), SA_OK);
		assert_int_equal(sa_part_parse(text, tlen, &q[k], NULL, 0),
		    SA_OK);
		sa_part_section(&q[k], "wider", &at_data, &at_len);
		assert_int_equal(at_len, seclen);
		assert_memory_equal(at_data, sec, seclen);
		sa_part_section(&q[k], NULL, &at_data, &at_len);
		assert_int_equal(at_len, len - seclen);
		assert_ptr_equal(at_data, q[k].data);
		sa_part_section(&q[k], "placed", &at_data, &at_len);
		assert_int_equal(at_len, 0);
		assert_string_equal(sa_part_note(&q[k], "raw-used"),
		    k == 1 ? "yes" : "no");
		assert_null(sa_part_note(&q[k], "raw"));
		free(text);
		free(data);
		free(sec);
		sa_census_free(c[0]);
		sa_census_free(c[1]);
	}
	assert_true(sa_parts_flag(q, 3, "raw-used"));
	assert_false(sa_parts_flag(q, 1, "raw-used"));
	for (int w = 0; w < 2; w++) {
		assert_int_equal(sa_parts_census(q, 3, w ? "wider" : NULL,
		    w ? durst : naive, 4, &at, &sum), SA_OK);
		assert_int_equal(sa_census_about(sum)->sequences,
		    sa_census_about(whole[w])->sequences);
		for (uint64_t r = 0; r < 24; r++)
			assert_int_equal(sa_census_count(sum, r),
			    sa_census_count(whole[w], r));
		sa_census_free(sum);
	}
	assert_int_equal(sa_parts_census(q, 3, "placed", naive, 4, &at, &sum),
	    SA_EINVAL);
	assert_int_equal(at, 0);
	assert_null(sum);
	assert_int_equal(sa_parts_census(q, 3, NULL, naive, 5, &at, &sum),
	    SA_EINVAL);
	assert_null(sum);
	for (unsigned k = 0; k < 3; k++)
		sa_part_free(&q[k]);
	sa_census_free(whole[0]);
	sa_census_free(whole[1]);
}

/* SEEDS seeds from FIRST in P stretches, packed, read back and merged,
 * against the same seeds dealt whole. */
static void
seeds_against_whole(const char *shuffle, size_t n, uint64_t first,
    uint64_t seeds, unsigned parts)
{
	const sa_shuffle *sh = sa_shuffle_find(shuffle);
	const sa_seeded_gen *gen = sa_seeded_find("mulberry32");
	sa_seeds_opts o;
	sa_seeds *whole, *sum = NULL;

	memset(&o, 0, sizeof o);
	o.first = first;
	o.count = seeds;
	o.threads = 2;
	assert_int_equal(sa_seeds_run(sh, n, gen, &o, &whole), SA_OK);
	for (unsigned k = 1; k <= parts; k++) {
		sa_seeds_opts po = o;
		sa_seeds *s, *back;
		unsigned char *data;
		size_t len;

		assert_int_equal(sa_seeds_part(&po, seeds, k, parts), SA_OK);
		assert_true(po.count > 0);
		assert_int_equal(sa_seeds_run(sh, n, gen, &po, &s), SA_OK);
		assert_int_equal(sa_seeds_pack(s, &data, &len), SA_OK);
		assert_int_equal(sa_seeds_unpack(n, data, len, &back), SA_OK);
		/* Not of these cards; and a part out of order does not add. */
		{
			sa_seeds *other;

			assert_int_equal(sa_seeds_unpack(n + 1, data, len, &other),
			    SA_EINVAL);
			if (sum != NULL && k > 1)
				assert_int_equal(sa_seeds_merge(back, sum),
				    SA_EINVAL);
		}
		if (sum == NULL) {
			sum = back;
		} else {
			assert_int_equal(sa_seeds_merge(sum, back), SA_OK);
			sa_seeds_free(back);
		}
		free(data);
		sa_seeds_free(s);
	}
	assert_int_equal(sa_seeds_about(sum)->first, first);
	assert_int_equal(sa_seeds_about(sum)->seeds, seeds);
	assert_int_equal(sa_seeds_about(sum)->reached,
	    sa_seeds_about(whole)->reached);
	assert_int_equal(sa_seeds_about(sum)->max_rank,
	    sa_seeds_about(whole)->max_rank);
	assert_int_equal(sa_seeds_about(sum)->min_count,
	    sa_seeds_about(whole)->min_count);
	for (uint64_t r = 0; r < sa_factorial(n); r++)
		assert_int_equal(sa_seeds_count(sum, r), sa_seeds_count(whole, r));
	sa_seeds_free(sum);
	sa_seeds_free(whole);
}

static void
test_part_seeds(void **state)
{
	sa_seeds_opts o;

	(void)state;
	seeds_against_whole("durstenfeld", 4, 0, 100000, 3);
	seeds_against_whole("naive", 5, 17, 50001, 7);
	seeds_against_whole("durstenfeld", 3, 5, 3, 3);
	memset(&o, 0, sizeof o);
	assert_int_equal(sa_seeds_part(&o, 3, 1, 4), SA_ERANGE);
	assert_int_equal(sa_seeds_part(&o, 3, 0, 2), SA_ERANGE);
	assert_int_equal(sa_seeds_part(&o, 3, 3, 2), SA_ERANGE);
}

/* DECKS decks over THREADS streams, dealt in P parts of streams, packed,
 * read back and merged, against the same decks dealt whole. */
static void
sample_against_whole(size_t n, uint64_t decks, unsigned threads,
    unsigned parts)
{
	const sa_shuffle *sh = sa_shuffle_find("naive");
	sa_sample_opts o;
	sa_fit *whole, *sum = NULL;

	memset(&o, 0, sizeof o);
	o.decks = decks;
	o.seed = 42;
	o.threads = threads;
	assert_int_equal(sa_fit_new(n, &whole), SA_OK);
	assert_int_equal(sa_sample_run(sh, n, &o, whole), SA_OK);
	for (unsigned k = 0; k < parts; k++) {
		sa_fit *f, *back;
		unsigned char *data;
		size_t len;

		o.part = k;
		o.parts = parts;
		assert_int_equal(sa_fit_new(n, &f), SA_OK);
		assert_int_equal(sa_sample_run(sh, n, &o, f), SA_OK);
		assert_int_equal(sa_fit_pack(f, &data, &len), SA_OK);
		assert_int_equal(sa_fit_unpack(n, data, len, &back), SA_OK);
		/* A count changed no longer adds up to the decks. */
		data[len - 1] ^= 1;
		{
			sa_fit *bad;

			assert_int_equal(sa_fit_unpack(n, data, len, &bad),
			    SA_EINVAL);
		}
		if (sum == NULL) {
			sum = back;
		} else {
			assert_int_equal(sa_fit_merge(sum, back), SA_OK);
			sa_fit_free(back);
		}
		free(data);
		sa_fit_free(f);
	}
	assert_int_equal(sa_fit_samples(sum), decks);
	for (size_t i = 0; i < n; i++)
		for (size_t p = 0; p < n; p++)
			assert_int_equal(sa_fit_cell(sum, i, p),
			    sa_fit_cell(whole, i, p));
	o.part = 0;
	o.parts = threads + 1;
	assert_int_equal(sa_sample_run(sh, n, &o, whole), SA_ERANGE);
	sa_fit_free(sum);
	sa_fit_free(whole);
}

static void
test_part_sample(void **state)
{
	(void)state;
	sample_against_whole(5, 10007, 7, 3);
	sample_against_whole(12, 5000, 4, 4);
	sample_against_whole(30, 999, 2, 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_part_round_trip),
		cmocka_unit_test(test_part_damage),
		cmocka_unit_test(test_part_refused),
		cmocka_unit_test(test_parts_check),
		cmocka_unit_test(test_part_census),
		cmocka_unit_test(test_part_fold),
		cmocka_unit_test(test_part_seeds),
		cmocka_unit_test(test_part_sample),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
