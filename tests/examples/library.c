/*
 * library.c - the census from C, against the installed header and library:
 *
 *   cc -std=c11 library.c $(pkg-config --cflags --libs shuffle-audit) \
 *       -o library && ./library
 *
 * (--static before --cflags for the static library).  Prints the naive
 * shuffle's most and least likely orderings for 3 to 6 cards.
 * `make check-install` builds it both ways against an install under a
 * temporary PREFIX.
 */
#include <stdio.h>
#include <string.h>

#include <shuffle_audit.h>

int
main(void)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");

	/* The library run is the one compiled against. */
	if (strcmp(sa_version(), SA_VERSION) != 0) {
		fprintf(stderr, "library: built against %s, running %s\n",
		    SA_VERSION, sa_version());
		return 1;
	}
	for (size_t n = 3; n <= 6; n++) {
		unsigned p[SA_PERM_MAX];
		char most[64], least[64];
		sa_census *c;
		const sa_census_info *in;
		int status = sa_census_run(naive, n, NULL, &c);

		if (status != SA_OK) {
			fprintf(stderr, "library: census of %zu cards: %s\n", n,
			    sa_strerror(status));
			return 1;
		}
		in = sa_census_about(c);
		sa_perm_unrank(in->argmax, n, p);
		sa_perm_format(p, n, most, sizeof most);
		sa_perm_unrank(in->argmin, n, p);
		sa_perm_format(p, n, least, sizeof least);
		printf("%zu cards: %llu runs, %s comes up %llu times, %s %llu\n",
		    n, (unsigned long long)in->runs, most,
		    (unsigned long long)in->max, least,
		    (unsigned long long)in->min);
		sa_census_free(c);
	}
	return 0;
}
