/*
 * client.c - a tiny exec-protocol client for the audit bench:
 * Durstenfeld's shuffle over "draw K", speaking the batched protocol
 * too.  For each "shuffle N [plan K:V ...]" line it shuffles 0..N-1; in
 * a run with a plan, it takes each draw from the plan while the plan
 * offers one of the bound it needs, says which it took ("asked K ...")
 * before anything else, and asks for the rest one line at a time.
 * With BENCH_CPU set in its environment, it appends the user and system
 * CPU seconds it took to the file BENCH_CPU names when its input ends.
 */
#include <sys/resource.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 64
#define MAXPLAN 4096

static unsigned long long plan_k[MAXPLAN], plan_v[MAXPLAN];
static size_t plan_len, used;
static int planned, told;
static char asked[MAXPLAN * 24];

static void
tell(void)
{
	if (planned && !told) {
		printf("asked%s\n", asked);
		told = 1;
	}
}

static unsigned long long
draw(unsigned long long k)
{
	char line[64];

	if (planned && !told) {
		if (used < plan_len && plan_k[used] == k) {
			size_t len = strlen(asked);

			snprintf(asked + len, sizeof asked - len, " %llu", k);
			return plan_v[used++];
		}
		tell();
	}
	printf("draw %llu\n", k);
	fflush(stdout);
	if (fgets(line, sizeof line, stdin) == NULL)
		exit(1);
	return strtoull(line, NULL, 10);
}

int
main(void)
{
	static char line[MAXPLAN * 48];
	unsigned deck[MAXN];

	while (fgets(line, sizeof line, stdin) != NULL) {
		char *s = line + 8, *end;	/* past "shuffle " */
		size_t n = strtoul(s, &end, 10);

		if (n > MAXN)
			return 1;
		planned = strncmp(end, " plan", 5) == 0;
		told = 0;
		used = plan_len = 0;
		asked[0] = '\0';
		for (s = end + (planned ? 5 : 0); planned && *s == ' ' &&
		    plan_len < MAXPLAN; plan_len++) {
			plan_k[plan_len] = strtoull(s + 1, &end, 10);
			plan_v[plan_len] = strtoull(end + 1, &s, 10);
		}
		for (size_t i = 0; i < n; i++)
			deck[i] = (unsigned)i;
		for (size_t i = n; i > 1; i--) {
			size_t j = (size_t)draw(i);
			unsigned t = deck[i - 1];

			deck[i - 1] = deck[j];
			deck[j] = t;
		}
		tell();
		printf("deck");
		for (size_t i = 0; i < n; i++)
			printf(" %u", deck[i]);
		printf("\n");
		fflush(stdout);
	}
	if (getenv("BENCH_CPU") != NULL) {
		struct rusage u;
		FILE *f = fopen(getenv("BENCH_CPU"), "a");

		getrusage(RUSAGE_SELF, &u);
		if (f != NULL) {
			fprintf(f, "%.6f %.6f\n", (double)u.ru_utime.tv_sec +
			    (double)u.ru_utime.tv_usec / 1e6,
			    (double)u.ru_stime.tv_sec +
			    (double)u.ru_stime.tv_usec / 1e6);
			fclose(f);
		}
	}
	return 0;
}
