/*
 * sys.c - what the library asks of the system: the machine's cores, its
 * threads, and how much memory this process may still take (the least
 * of the machine's memory, its control group's limit and its resource
 * limits, each less what is already in use where the limit counts it).
 *
 * A census refused with a message is better than one killed by the
 * kernel's OOM killer half-way through with none, so the planner
 * compares its estimate with this figure and not the physical memory
 * alone.
 */
#define _DEFAULT_SOURCE
#define _GNU_SOURCE	/* sched_getaffinity */

#include <sys/mman.h>
#include <sys/resource.h>

#include <pthread.h>
#include <sched.h>
#include <unistd.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "shuffle_audit.h"
#include "internal.h"

double
sa_clock(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void
sa_pace_start(sa_pace *p, sa_time_limit *limit, double units)
{
	p->limit = limit;
	p->start = sa_clock();
	if (limit != NULL && limit->start == 0)
		limit->start = p->start;
	p->deadline = limit != NULL && limit->seconds > 0 ?
	    limit->start + limit->seconds : 0;
	p->units = units;
	atomic_init(&p->stop, 0);
	p->forecast = p->done = 0;
	p->at_least = false;
}

/*
 * SHARE of the leading thread's part is done: stop at the deadline, or
 * at once when the pace so far, after a quarter of a second, foretells
 * an end past it.
 */
bool
sa_pace_check(sa_pace *p, double share)
{
	double now, spent;

	if (p->deadline == 0)
		return false;
	if (sa_pace_stopped(p))
		return true;
	now = sa_clock();
	spent = now - p->start;
	p->done = share;
	if (now >= p->deadline) {
		p->forecast = 0;
		atomic_store(&p->stop, 1);
		return true;
	}
	if (spent >= 0.25 && share > 0 && p->start + spent / share >
	    p->deadline) {
		/* The forecast is of this piece of the work, from its start. */
		p->forecast = spent / share;
		atomic_store(&p->stop, 1);
		return true;
	}
	return false;
}

bool
sa_pace_foretell(sa_pace *p, double seconds, bool at_least)
{
	if (p->deadline == 0 || p->start + seconds <= p->deadline)
		return false;
	p->forecast = seconds;
	p->at_least = at_least;
	p->done = 0;
	atomic_store(&p->stop, 1);
	return true;
}

int
sa_pace_end(sa_pace *p, int status)
{
	double spent = sa_clock() - p->start;

	if (!sa_pace_stopped(p))
		return status;
	if (p->limit != NULL) {
		p->limit->forecast = p->forecast;
		p->limit->done = p->done;
		p->limit->units = p->units;
		p->limit->rate = p->forecast > 0 ? p->units / p->forecast :
		    spent > 0 ? p->units * p->done / spent : 0;
		p->limit->at_least = p->at_least;
	}
	return SA_ETIME;
}

/*
 * The cores this process may run on: those its affinity allows (taskset,
 * or mpirun binding each rank to a core), else those online.
 */
unsigned
sa_cores(void)
{
	long k = sysconf(_SC_NPROCESSORS_ONLN);
#ifdef CPU_COUNT
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0 &&
	    (k <= 0 || CPU_COUNT(&set) < k))
		return (unsigned)CPU_COUNT(&set);
#endif
	return k > 0 ? (unsigned)k : 1;
}

uint64_t
sa_physical_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES);
	long size = sysconf(_SC_PAGESIZE);

	if (pages <= 0 || size <= 0)
		return 0;
	if ((uint64_t)pages > UINT64_MAX / (uint64_t)size)
		return UINT64_MAX;
	return (uint64_t)pages * (uint64_t)size;
}

#define HUGE_PAGE ((size_t)2 << 20)

void *
sa_tally_alloc(size_t count, size_t size)
{
	size_t bytes;
	void *p;

	if (size != 0 && count > SIZE_MAX / size)
		return NULL;
	bytes = count * size;
	/*
	 * Past 1 GiB, small pages made as the walk touches them: the step
	 * engine's tables, which are that big, were slower in huge pages
	 * where the host had taken their memory back (steps.c,
	 * table_alloc).
	 */
	if (bytes < HUGE_PAGE || bytes > ((size_t)1 << 30))
		return calloc(count, size);
	if (posix_memalign(&p, HUGE_PAGE, bytes) != 0)
		return NULL;
#ifdef MADV_HUGEPAGE
	/*
	 * Advice only: refused, the pages are small.  Zeroed at once, not
	 * page by page as the walk first touches them: the walk engine's
	 * two 11-card tallies (319 MB each) took 2.8 to 2.9 s so, 3.1 to
	 * 3.6 s made on first touch in huge pages, and 4.0 to 5.2 s in small
	 * pages (its sys time 1.3 s).
	 */
	(void)madvise(p, bytes - bytes % HUGE_PAGE, MADV_HUGEPAGE);
#endif
	memset(p, 0, bytes);
	return p;
}

void
sa_parallel(void *(*fn)(void *), void *jobs, size_t size, unsigned count)
{
	enum { MAXT = 64 };
	pthread_t tid[MAXT];
	unsigned started = 0;
	char *at = jobs;

	if (count > MAXT)
		count = MAXT;
	for (unsigned k = 1; k < count; k++) {
		if (pthread_create(&tid[k], NULL, fn, at + k * size) != 0)
			break;
		started = k;
	}
	if (count > 0)
		fn(at);
	for (unsigned k = 1; k <= started; k++)
		pthread_join(tid[k], NULL);
	/* Jobs whose thread could not start are done here. */
	for (unsigned k = started + 1; k < count; k++)
		fn(at + k * size);
}

/* The number in the file PATH (or "max"), or false. */
static bool
read_number(const char *path, uint64_t *out)
{
	char buf[64];
	FILE *f = fopen(path, "re");
	bool ok = false;

	if (f == NULL)
		return false;
	if (fgets(buf, sizeof buf, f) != NULL) {
		char *end;
		unsigned long long v;

		if (strncmp(buf, "max", 3) == 0) {
			*out = UINT64_MAX;
			ok = true;
		} else {
			v = strtoull(buf, &end, 10);
			if (end != buf) {
				*out = v;
				ok = true;
			}
		}
	}
	fclose(f);
	return ok;
}

/* The value in kB of FIELD ("VmSize:") of /proc/self/status, in bytes. */
static uint64_t
status_bytes(const char *field)
{
	char line[256];
	size_t len = strlen(field);
	uint64_t v = 0;
	FILE *f = fopen("/proc/self/status", "re");

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL)
		if (strncmp(line, field, len) == 0) {
			v = strtoull(line + len, NULL, 10) * 1024;
			break;
		}
	fclose(f);
	return v;
}

static void
consider(uint64_t room, const char *what, uint64_t *best, const char **name)
{
	if (room < *best) {
		*best = room;
		*name = what;
	}
}

/*
 * The room left under the memory controller of a control group: for
 * cgroup v2 (the "0::PATH" line of /proc/self/cgroup) memory.max less
 * memory.current, for v1 (the "N:memory:PATH" line) memory.limit_in_bytes
 * less memory.usage_in_bytes; the group and each of its ancestors, since
 * a parent's limit binds its children too.
 */
static void
cgroup_room(uint64_t *best, const char **name)
{
	char line[1024], path[1200];
	FILE *f = fopen("/proc/self/cgroup", "re");

	if (f == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		const char *base, *limit, *usage, *what;
		char *group, *nl;
		bool v2 = strncmp(line, "0::", 3) == 0;

		if (v2) {
			group = line + 3;
			base = "/sys/fs/cgroup";
			limit = "memory.max";
			usage = "memory.current";
			what = "the control group's memory.max";
		} else if ((group = strstr(line, ":memory:")) != NULL) {
			group += 8;
			base = "/sys/fs/cgroup/memory";
			limit = "memory.limit_in_bytes";
			usage = "memory.usage_in_bytes";
			what = "the control group's memory.limit_in_bytes";
		} else {
			continue;
		}
		if ((nl = strchr(group, '\n')) != NULL)
			*nl = '\0';
		/* From the group itself up to the root. */
		for (;;) {
			uint64_t max, cur = 0;
			char *slash;

			snprintf(path, sizeof path, "%s%s/%s", base, group, limit);
			if (read_number(path, &max) && max != UINT64_MAX &&
			    max < (UINT64_C(1) << 62)) {
				snprintf(path, sizeof path, "%s%s/%s", base, group,
				    usage);
				(void)read_number(path, &cur);
				consider(max > cur ? max - cur : 0, what, best,
				    name);
			}
			if ((slash = strrchr(group, '/')) == NULL ||
			    group[0] == '\0')
				break;
			if (slash == group) {
				if (group[1] == '\0')
					break;
				group[1] = '\0';	/* the root, "/" */
			} else {
				*slash = '\0';
			}
		}
	}
	fclose(f);
}

uint64_t
sa_memory_available(const char **what)
{
	uint64_t best = UINT64_MAX, phys = sa_physical_memory();
	const char *name = "no limit";
	struct rlimit rl;

	if (phys != 0)
		consider(phys, "the machine's memory", &best, &name);
	cgroup_room(&best, &name);
	/*
	 * RLIMIT_AS counts every mapping (VmSize), RLIMIT_DATA the private
	 * writable ones (VmData) since Linux 4.7; what is mapped already
	 * is not there to take.
	 */
	if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
		uint64_t used = status_bytes("VmSize:");

		consider(rl.rlim_cur > used ? rl.rlim_cur - used : 0,
		    "the address-space limit (RLIMIT_AS, ulimit -v)", &best,
		    &name);
	}
	if (getrlimit(RLIMIT_DATA, &rl) == 0 &&
	    rl.rlim_cur != RLIM_INFINITY) {
		uint64_t used = status_bytes("VmData:");

		consider(rl.rlim_cur > used ? rl.rlim_cur - used : 0,
		    "the data limit (RLIMIT_DATA, ulimit -d)", &best, &name);
	}
	if (what != NULL)
		*what = name;
	return best == UINT64_MAX ? 0 : best;
}
