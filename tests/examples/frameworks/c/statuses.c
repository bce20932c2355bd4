/*
 * Every status of sa_harness_assert_fair_args, in a program with no
 * test runner: five calls in one process (the child serves the K-th),
 * each report taken and its telling lines printed.
 */
#include <stdio.h>

#include "sa_harness.h"

static void
fisher_yates(unsigned *deck, size_t n)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)sa_harness_draw(i);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}

static void
naive(unsigned *deck, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t j = (size_t)sa_harness_draw(n);
		unsigned t = deck[i];

		deck[i] = deck[j];
		deck[j] = t;
	}
}

/* rand() % k: a raw word reduced by its remainder. */
static void
modulo(unsigned *deck, size_t n)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)(sa_harness_raw() % i);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}

/* Loses a card: not a permutation, the code misbehaved. */
static void
loses_a_card(unsigned *deck, size_t n)
{
	fisher_yates(deck, n);
	deck[0] = deck[n - 1];
}

/* The lines of REPORT that start with one of the words in KEEP. */
static void
lines(const char *report, const char *const *keep)
{
	const char *at = report, *end;

	for (; *at != '\0'; at = *end != '\0' ? end + 1 : end) {
		end = strchr(at, '\n');
		if (end == NULL)
			end = at + strlen(at);
		for (size_t i = 0; keep[i] != NULL; i++)
			if (strncmp(at, keep[i], strlen(keep[i])) == 0)
				printf("  %.*s\n", (int)(end - at), at);
	}
}

static void
audit(const char *name, void (*shuffle)(unsigned *, size_t),
    unsigned cards, const char *const *extra)
{
	static const char *const keep[] = { "sa_harness", "verdict",
	    "commonest  ", "rarest", "problem", "shuffle-audit:",
	    "reproduce", NULL };
	char *report = NULL;
	int status = sa_harness_assert_fair_args(shuffle, cards, extra,
	    &report);

	printf("%s, %u cards: status %d\n", name, cards, status);
	if (report != NULL)
		lines(report, keep);
	free(report);
}

int
main(void)
{
	static const char *const raw6[] = { "--raw-bits", "6", NULL };
	static const char *const bad[] = { "--raw-bits", "0", NULL };

	audit("fisher_yates", fisher_yates, 5, NULL);
	audit("naive", naive, 3, NULL);
	audit("modulo", modulo, 4, raw6);
	audit("loses_a_card", loses_a_card, 3, NULL);
	audit("fisher_yates --raw-bits 0", fisher_yates, 3, bad);
	return 0;
}
