/*
 * test_report.c - the formatting layer and the CLI's number parser.
 */
#define _POSIX_C_SOURCE 200809L	/* setenv */
#include <setjmp.h>
#include <stdlib.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cli.h"

__extension__ typedef unsigned __int128 u128;

/* V into A, 64 bits at a time. */
static void
big_of(sa_big *a, u128 v)
{
	sa_big lo;

	sa_big_init(&lo);
	assert_int_equal(sa_big_set_u64(a, (uint64_t)(v >> 64)), SA_OK);
	assert_int_equal(sa_big_mul_u64(a, UINT64_C(1) << 32), SA_OK);
	assert_int_equal(sa_big_mul_u64(a, UINT64_C(1) << 32), SA_OK);
	assert_int_equal(sa_big_set_u64(&lo, (uint64_t)v), SA_OK);
	assert_int_equal(sa_big_add(a, &lo), SA_OK);
	sa_big_free(&lo);
}

/* sa_fraction_format of (NEG ? -1 : 1) NUM / DEN. */
static const char *
frac(bool neg, u128 num, uint64_t den, int places, bool plus)
{
	static char buf[80];
	sa_fraction f;
	size_t len;

	sa_fraction_init(&f);
	big_of(&f.num, num);
	big_of(&f.den, den);
	f.neg = neg;
	len = sa_fraction_format(&f, (unsigned)places, plus, buf, sizeof buf);
	assert_int_equal(len, strlen(buf));
	sa_fraction_free(&f);
	return buf;
}

static void
test_frac_rounding(void **state)
{
	(void)state;
	/* The figures of the naive shuffle of 4 cards (256 runs, 24 orderings). */
	assert_string_equal(frac(true, 16, 24, 2, true), "-0.67");
	assert_string_equal(frac(false, 80, 24, 2, true), "+3.33");
	assert_string_equal(frac(false, 256, 24, 3, false), "10.667");
	assert_string_equal(frac(false, 15, 8, 2, false), "1.88");
	assert_string_equal(frac(true, 16, 24, 4, false), "-0.6667");
	assert_string_equal(frac(false, 0, 24, 4, false), "0.0000");
	assert_string_equal(frac(false, 0, 24, 2, true), "+0.00");
	/* Halves round away from zero, and carry into the whole part. */
	assert_string_equal(frac(false, 1, 200, 2, false), "0.01");
	assert_string_equal(frac(true, 1, 200, 2, false), "-0.01");
	assert_string_equal(frac(false, 999, 1000, 2, false), "1.00");
	assert_string_equal(frac(false, 19999, 2000, 0, false), "10");
	assert_string_equal(frac(false, 7, 1, 0, false), "7");
	/* Small decimals keep their leading zeros. */
	assert_string_equal(frac(false, 1, 1000, 3, false), "0.001");
	/* Whole parts beyond 64 bits: 2^100 / 3. */
	assert_string_equal(frac(false, (u128)1 << 100, 3, 1, false),
	    "422550200076076467165567735125.3");
	/* A denominator near 2^64 does not overflow the decimals. */
	assert_string_equal(frac(false, UINT64_MAX - 1, UINT64_MAX, 4, false),
	    "1.0000");
}

/*
 * Past 128 bits the big-integer route writes the digits: -2^200 / 3,
 * whose whole part Python's exact integers give, and its rounding.
 */
static void
test_frac_big(void **state)
{
	static const char whole[] = "535646014752996758513987364113720867507"
	    "400997927597611767125.33";
	char buf[128];
	sa_fraction f;
	char *s;

	(void)state;
	sa_fraction_init(&f);
	assert_int_equal(sa_big_pow2(&f.num, 200), SA_OK);
	assert_int_equal(sa_big_set_u64(&f.den, 3), SA_OK);
	f.neg = true;
	assert_int_equal(sa_fraction_format(&f, 2, true, buf, sizeof buf),
	    strlen(whole) + 1);
	assert_int_equal(buf[0], '-');
	assert_string_equal(buf + 1, whole);
	s = sa_fraction_exact(&f);
	assert_non_null(s);
	assert_int_equal(strncmp(s, "-1606938044", 11), 0);	/* 2^200 */
	assert_string_equal(s + strlen(s) - 2, "/3");
	free(s);
	/* Cut short like snprintf, the length still the whole text's. */
	assert_int_equal(sa_fraction_format(&f, 2, false, buf, 6),
	    strlen(whole) + 1);
	assert_string_equal(buf, "-5356");
	/* The same value at 0 places rounds down, at 1 place to .3. */
	assert_int_equal(sa_fraction_format(&f, 1, false, buf, sizeof buf),
	    strlen(whole));
	assert_string_equal(buf + strlen(buf) - 2, ".3");
	sa_fraction_free(&f);
}

static void
test_parse_uint(void **state)
{
	uint64_t v = 77;

	(void)state;
	assert_true(cli_parse_uint("-n", "4", 1, 10, &v));
	assert_int_equal(v, 4);
	assert_true(cli_parse_uint("-n", "0010", 1, 10, &v));
	assert_int_equal(v, 10);
	assert_true(cli_parse_uint("--top", "18446744073709551615", 1,
	    UINT64_MAX, &v));
	assert_int_equal(v, UINT64_MAX);
	v = 77;
	assert_false(cli_parse_uint("-n", "", 1, 10, &v));
	assert_false(cli_parse_uint("-n", "abc", 1, 10, &v));
	assert_false(cli_parse_uint("-n", "4x", 1, 10, &v));
	assert_false(cli_parse_uint("-n", " 4", 1, 10, &v));
	assert_false(cli_parse_uint("-n", "0", 1, 10, &v));
	assert_false(cli_parse_uint("-n", "-1", 1, 10, &v));
	assert_false(cli_parse_uint("-n", "11", 1, 10, &v));
	assert_false(cli_parse_uint("--top", "18446744073709551616", 1,
	    UINT64_MAX, &v));
	assert_false(cli_parse_uint("-n", "99999999999999999999x", 1, 10, &v));
	assert_int_equal(v, 77);	/* untouched on failure */
}

/* What was written to F, into BUF (SIZE bytes); F is closed. */
static const char *
read_back(FILE *f, char *buf, size_t size)
{
	size_t len;

	rewind(f);
	len = fread(buf, 1, size - 1, f);
	buf[len] = '\0';
	fclose(f);
	return buf;
}

/* Renders a two-row report in FMT and returns what was written. */
static sa_fraction third, zero;

static const char *
render(enum rep_format fmt)
{
	static char buf[2048];
	const struct rep_col cols[] = {
		{ "name", "name", REP_STR, 8, false, true, 0, NULL },
		{ "count", "count", REP_U64, 0, true, true, 0, NULL },
		{ "off", "off", REP_FRAC, 0, false, false, 2, "even" },
	};
	struct rep_cell rows[2][3] = {
		{ { "a,\"b\"", 0, NULL, false },
		    { NULL, 12, NULL, false },
		    { NULL, 0, &third, false } },
		{ { "tab\there", 0, NULL, false },
		    { NULL, 0, NULL, false },
		    { NULL, 0, &zero, false } },
	};
	FILE *f = tmpfile();
	report r;

	assert_non_null(f);
	big_of(&third.num, 1);
	big_of(&third.den, 3);
	third.neg = true;
	big_of(&zero.num, 0);
	big_of(&zero.den, 3);
	rep_begin(&r, f, fmt);
	rep_str(&r, "title", "title", "q\"x\\", "a note");
	rep_u64(&r, "n", NULL, 18446744073709551615u, NULL);
	rep_bool(&r, "ok", "ok", true, NULL);
	rep_line(&r, "prose %d", 1);
	rep_table(&r, "rows", cols, 3);
	rep_row(&r, rows[0]);
	rep_row(&r, rows[1]);
	rep_table_end(&r);
	rep_end(&r);
	sa_fraction_free(&third);
	sa_fraction_free(&zero);
	return read_back(f, buf, sizeof buf);
}

static void
test_formats(void **state)
{
	(void)state;
	assert_string_equal(render(REP_TSV),
	    "name\tcount\toff\n"
	    "a,\"b\"\t12\t-0.3333\n"
	    "tab\\there\t0\t0.0000\n");
	assert_string_equal(render(REP_CSV),
	    "name,count,off\n"
	    "\"a,\"\"b\"\"\",12,-0.3333\n"
	    "tab\there,0,0.0000\n");
	assert_string_equal(render(REP_JSON),
	    "{\n"
	    "  \"title\": \"q\\\"x\\\\\",\n"
	    "  \"n\": 18446744073709551615,\n"
	    /* past 2^53: its digits beside it, as a string */
	    "  \"n_exact\": \"18446744073709551615\",\n"
	    "  \"ok\": true,\n"
	    "  \"rows\": [\n"
	    "    {\"name\": \"a,\\\"b\\\"\", \"count\": 12},\n"
	    "    {\"name\": \"tab\\u0009here\", \"count\": 0}\n"
	    "  ]\n"
	    "}\n");
	assert_string_equal(render(REP_TEXT),
	    "title  q\"x\\  (a note)\n"
	    "ok     yes\n"
	    "prose 1\n"
	    "name     | count | off\n"
	    "---------+-------+----\n"
	    "a,\"b\"    |    12 | -0.33\n"
	    "tab\\there |     0 | even\n");
}

/* One string field rendered in FMT. */
static const char *
render_str(enum rep_format fmt, const char *value)
{
	static char buf[1024];
	FILE *f = tmpfile();
	report r;

	assert_non_null(f);
	big_of(&third.num, 1);
	big_of(&third.den, 3);
	third.neg = true;
	big_of(&zero.num, 0);
	big_of(&zero.den, 3);
	rep_begin(&r, f, fmt);
	rep_str(&r, "s", "s", value, NULL);
	rep_line(&r, "%s", value);
	rep_end(&r);
	return read_back(f, buf, sizeof buf);
}

/*
 * Text from the audited program: JSON stays valid UTF-8 (each byte that
 * starts no well-formed character becomes U+FFFD: a stray continuation,
 * a cut sequence, an overlong form, a surrogate, past U+10FFFF), and the
 * text report shows control characters instead of sending them.
 */
static void
test_untrusted(void **state)
{
	(void)state;
	assert_string_equal(render_str(REP_JSON, "\xc3\xa9 ok \xe2\x82\xac"),
	    "{\n  \"s\": \"\xc3\xa9 ok \xe2\x82\xac\"\n}\n");
	assert_string_equal(render_str(REP_JSON, "a\x80" "b\xc3"),
	    "{\n  \"s\": \"a\\ufffdb\\ufffd\"\n}\n");
	assert_string_equal(render_str(REP_JSON, "\xc0\xaf|\xed\xa0\x80|"
	    "\xf4\x90\x80\x80|\x7f"),
	    "{\n  \"s\": \"\\ufffd\\ufffd|\\ufffd\\ufffd\\ufffd|"
	    "\\ufffd\\ufffd\\ufffd\\ufffd|\\u007f\"\n}\n");
	assert_string_equal(render_str(REP_TEXT, "x\x1b[31m\ny\xc2\x9b\xff"),
	    "s  x\\x1b[31m\\ny\\xc2\\x9b\\xff\n"
	    "x\\x1b[31m\\ny\\xc2\\x9b\\xff\n");
	assert_string_equal(render_str(REP_TSV, "a\tb\nc\\d"),
	    "field\tvalue\ns\ta\\tb\\nc\\\\d\n");
	assert_string_equal(render_str(REP_CSV, "a\tb\nc"),
	    "field,value\ns,\"a\tb\nc\"\n");
}

/* A list ITEMS rendered in FMT, as numbers or strings. */
static const char *
render_list(enum rep_format fmt, const char *items, bool numbers)
{
	static char buf[1024];
	FILE *f = tmpfile();
	report r;

	assert_non_null(f);
	rep_begin(&r, f, fmt);
	rep_list(&r, "l", "l", items, numbers, NULL);
	rep_end(&r);
	return read_back(f, buf, sizeof buf);
}

/*
 * A list is a JSON array (numbers bare, strings escaped, none empty),
 * and stays the text it was elsewhere ("none" in text when empty).
 */
static void
test_list(void **state)
{
	(void)state;
	assert_string_equal(render_list(REP_JSON, "5 0 12", true),
	    "{\n  \"l\": [5, 0, 12]\n}\n");
	/* JSON numbers carry no padding zeros; text keeps its digits. */
	assert_string_equal(render_list(REP_JSON, "2.82000 1.0 1.5e-05 "
	    "3.0e7 100", true),
	    "{\n  \"l\": [2.82, 1, 1.5e-05, 3e7, 100]\n}\n");
	assert_string_equal(render_list(REP_TEXT, "2.82000", true),
	    "l  2.82000\n");
	assert_string_equal(render_list(REP_JSON, "", true),
	    "{\n  \"l\": []\n}\n");
	assert_string_equal(render_list(REP_JSON, "AS a\"b", false),
	    "{\n  \"l\": [\"AS\", \"a\\\"b\"]\n}\n");
	assert_string_equal(render_list(REP_TEXT, "5 0", true), "l  5 0\n");
	assert_string_equal(render_list(REP_TEXT, "", true), "l  none\n");
	assert_string_equal(render_list(REP_TSV, "5 0", true),
	    "field\tvalue\nl\t5 0\n");
}

/* The progress line is cleared without escapes on a dumb terminal. */
static void
test_clear_line(void **state)
{
	char buf[128];
	FILE *f;

	(void)state;
	setenv("TERM", "dumb", 1);
	f = tmpfile();
	assert_non_null(f);
	cli_clear_line(f);
	read_back(f, buf, sizeof buf);
	assert_int_equal(strlen(buf), 81);
	assert_null(strchr(buf, '\033'));
	assert_int_equal(buf[0], '\r');
	assert_int_equal(buf[80], '\r');

	setenv("TERM", "xterm", 1);
	f = tmpfile();
	assert_non_null(f);
	cli_clear_line(f);
	assert_string_equal(read_back(f, buf, sizeof buf), "\r\033[K");
}

static void
test_parse_format(void **state)
{
	static const char *const names[] = { "ordering", "runs", NULL };
	int f = REP_TEXT;

	(void)state;
	assert_true(cli_parse_format("json", &f));
	assert_int_equal(f, REP_JSON);
	assert_true(cli_parse_format("csv", &f));
	assert_int_equal(f, REP_CSV);
	/* names in any case */
	assert_true(cli_parse_format("JSON", &f));
	assert_int_equal(f, REP_JSON);
	assert_true(cli_parse_format("csv", &f));
	assert_false(cli_parse_format("xml", &f));
	assert_int_equal(f, REP_CSV);
	assert_true(cli_parse_choice("--sort", "runs", names, "key", &f));
	assert_int_equal(f, 1);
	assert_false(cli_parse_choice("--sort", "run", names, "key", &f));
}

static void
test_bytes(void **state)
{
	char buf[32];

	(void)state;
	sa_format_bytes(1000, buf, sizeof buf);
	assert_string_equal(buf, "1000 bytes");
	sa_format_bytes(UINT64_C(24) << 30, buf, sizeof buf);
	assert_string_equal(buf, "24.0 GiB");
	sa_format_bytes(UINT64_C(6227020800) * 16, buf, sizeof buf);
	assert_string_equal(buf, "92.7 GiB");
}

/*
 * A double as the shortest text that reads back as it: each text must
 * read back exactly, and one digit fewer must not (checked here with
 * printf's own rounding, independently of the function's loop).
 */
static void
test_double_text(void **state)
{
	static const double xs[] = { 0.1, 610.07, 1820.56, 5015.0432,
	    -8.015766496913383, 1.0 / 3.0, 1e-300, 5e-324, 1.7976931348623157e308,
	    0.0, 29.8, 64.386, 123456789.0 };
	char buf[320], fewer[320];	/* %g of DBL_MAX at 17 digits fits */

	(void)state;
	for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
		int digits;

		cli_double_text(xs[i], buf, sizeof buf);
		assert_true(strtod(buf, NULL) == xs[i]);
		/* Its significant digits, as %g wrote them. */
		for (digits = 1; digits <= 17; digits++) {
			snprintf(fewer, sizeof fewer, "%.*g", digits, xs[i]);
			if (strcmp(fewer, buf) == 0)
				break;
		}
		assert_true(digits <= 17);
		if (digits > 1) {
			snprintf(fewer, sizeof fewer, "%.*g", digits - 1, xs[i]);
			assert_false(strtod(fewer, NULL) == xs[i]);
		}
	}
	cli_double_text(29.8, buf, sizeof buf);
	assert_string_equal(buf, "29.8");	/* not 29.800000000000001 */
	cli_double_text(610.07, buf, sizeof buf);
	assert_string_equal(buf, "610.07");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_frac_rounding),
		cmocka_unit_test(test_frac_big),
		cmocka_unit_test(test_parse_uint),
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_untrusted),
		cmocka_unit_test(test_clear_line),
		cmocka_unit_test(test_parse_format),
		cmocka_unit_test(test_bytes),
		cmocka_unit_test(test_double_text),
		cmocka_unit_test(test_list),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
