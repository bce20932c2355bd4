/*
 * test_decks.c - decks.c: lines of text read as decks, against decks
 * written here in every form the reader takes, and every way a line can
 * be wrong, each with its reason.
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

/* A small generator of the test's own (splitmix64), for the decks. */
static uint64_t
next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/*
 * Random decks of 2 to 1200 cards written with runs of mixed separators,
 * numbers from 0 and from 1, sometimes a last '\r', read back the same.
 * Decks past 999 cards have 4-digit numbers, which the fast path reads;
 * separators of 1 to 3 bytes put numbers at every alignment.
 */
static void
test_decks_round_trip(void **state)
{
	static const char seps[] = " \t,";
	uint64_t s = 7;

	(void)state;
	for (int t = 0; t < 400; t++) {
		size_t n = 2 + (size_t)(next(&s) % (t % 10 == 0 ? 1199 : 60));
		unsigned base = (unsigned)(next(&s) & 1);
		unsigned *want = malloc(n * sizeof *want);
		unsigned *got = malloc(n * sizeof *got);
		char *line = malloc(n * 12 + 8);
		sa_deck_format f = { n, base, ',', false };
		sa_deck_reader *r;
		size_t len = 0;
		char why[128];

		assert_non_null(want);
		assert_non_null(got);
		assert_non_null(line);
		for (size_t i = 0; i < n; i++)
			want[i] = (unsigned)i;
		for (size_t i = n - 1; i > 0; i--) {
			size_t j = (size_t)(next(&s) % (i + 1));
			unsigned v = want[i];

			want[i] = want[j];
			want[j] = v;
		}
		if (next(&s) & 1)
			line[len++] = ' ';
		for (size_t i = 0; i < n; i++) {
			unsigned k = 1 + (unsigned)(next(&s) % 3);

			len += (size_t)sprintf(line + len, "%u", want[i] + base);
			for (unsigned j = 0; j < k && i + 1 < n; j++)
				line[len++] = seps[next(&s) % 3];
		}
		if (next(&s) & 1)
			line[len++] = '\r';
		assert_int_equal(sa_deck_reader_new(&f, &r), SA_OK);
		assert_int_equal(sa_deck_read(r, line, len, got, why,
		    sizeof why), SA_OK);
		assert_memory_equal(got, want, n * sizeof *got);
		sa_deck_reader_free(r);
		free(want);
		free(got);
		free(line);
	}
}

/* The 52 names, in the order the format gives them. */
static void
test_decks_names(void **state)
{
	static const char *suits = "SHDC";
	static const char *ranks[] = { "A", "2", "3", "4", "5", "6", "7", "8",
	    "9", "10", "J", "Q", "K" };
	sa_deck_format f = { 52, 0, -1, true };
	sa_deck_reader *r;
	char line[52 * 4 + 1];
	unsigned got[52], card;
	size_t len = 0;

	(void)state;
	/* the deck backwards: card 51 (KC) first */
	for (int c = 51; c >= 0; c--)
		len += (size_t)sprintf(line + len, "%s%c ", ranks[c % 13],
		    suits[c / 13]);
	assert_int_equal(sa_deck_reader_new(&f, &r), SA_OK);
	assert_int_equal(sa_deck_read(r, line, len, got, NULL, 0), SA_OK);
	for (unsigned i = 0; i < 52; i++)
		assert_int_equal(got[i], 51 - i);
	sa_deck_reader_free(r);
	assert_true(sa_card_from_name("10H", 3, &card));
	assert_int_equal(card, 13 + 9);
	assert_false(sa_card_from_name("TH", 2, &card));
	assert_false(sa_card_from_name("1H", 2, &card));
	assert_false(sa_card_from_name("AX", 2, &card));
	assert_false(sa_card_from_name("10", 2, &card));
}

/* LINE of 4 cards from 0 is refused with WANT as its reason. */
static void
refused(const char *line, const char *want)
{
	sa_deck_format f = { 4, 0, -1, false };
	sa_deck_reader *r;
	unsigned got[4];
	char why[128];

	assert_int_equal(sa_deck_reader_new(&f, &r), SA_OK);
	assert_int_equal(sa_deck_read(r, line, strlen(line), got, why,
	    sizeof why), SA_EINVAL);
	assert_string_equal(why, want);
	sa_deck_reader_free(r);
}

static void
test_decks_refused(void **state)
{
	(void)state;
	refused("0 1 2", "3 entries: expected 4");
	refused("", "0 entries: expected 4");
	refused("0", "1 entry: expected 4");
	refused("0 1 2 3 0", "more than 4 entries");
	refused("0 1 2 4", "entry 4, 4: out of range (0 to 3)");
	refused("0 1 x 3", "entry 3, \"x\": not a whole number");
	refused("0 1 -2 3", "entry 3, \"-2\": not a whole number");
	refused("0 1 2 99999999999999999999",
	    "entry 4, \"999999999999\": not a whole number this deck could hold");
	refused("3 1 2 3", "entry 4: a duplicate (entry 1 holds the same)");
	refused("0,1,2,3", "entry 1, \"0,1,2,3\": not a whole number");
	/* the same line twice: the duplicate check forgets the last deck */
	refused("0 1 1 3", "entry 3: a duplicate (entry 2 holds the same)");
}

static void
test_decks_formats(void **state)
{
	sa_deck_format bad[] = {
		{ 1, 0, -1, false }, { SA_FIT_MAX_CARDS + 1, 0, -1, false },
		{ 4, 2, -1, false }, { 4, 0, 256, false }, { 4, 0, -2, false },
		{ 51, 0, -1, true },
	};
	sa_deck_format f = { 3, 1, -1, false };
	sa_deck_reader *r;
	unsigned got[3];

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(sa_deck_reader_new(&bad[i], &r), SA_EINVAL);
		assert_null(r);
	}
	/* a reader reads deck after deck: the stamps keep them apart */
	assert_int_equal(sa_deck_reader_new(&f, &r), SA_OK);
	for (int i = 0; i < 5; i++) {
		assert_int_equal(sa_deck_read(r, "3 1 2", 5, got, NULL, 0),
		    SA_OK);
		assert_int_equal(got[0], 2);
	}
	assert_int_equal(sa_deck_read(r, "0 1 2", 5, got, NULL, 0), SA_EINVAL);
	sa_deck_reader_free(r);
	sa_deck_reader_free(NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decks_round_trip),
		cmocka_unit_test(test_decks_names),
		cmocka_unit_test(test_decks_refused),
		cmocka_unit_test(test_decks_formats),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
