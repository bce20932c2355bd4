/*
 * auditor.h - the auditor as audited code can name it, for the
 * adversaries (exec/adversary.c, plugins/forge.c, plugins/misbehave.c).
 * Inside a pid namespace of its own (shuffle-audit(1), SECURITY
 * CONSIDERATIONS) the code's parent has no number (getppid() is 0), so
 * it is found the way hostile code would: /proc, which is the
 * machine's, lists it by the machine's numbers, and its namespace is
 * not the code's.
 */
#ifndef AUDITOR_H
#define AUDITOR_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The parent of PID (the machine's numbers), its name into NAME (of
 * SIZE) and its process group into *GROUP (may be NULL); 0 for none. */
static inline pid_t
parent_named(pid_t pid, char *name, size_t size, pid_t *group)
{
	char path[64], buf[512], *open_at, *close_at, *end;
	FILE *f;
	long ppid = 0;

	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	if (fgets(buf, sizeof buf, f) != NULL &&
	    (open_at = strchr(buf, '(')) != NULL &&
	    (close_at = strrchr(buf, ')')) != NULL) {
		*close_at = '\0';
		snprintf(name, size, "%s", open_at + 1);
		ppid = strtol(close_at + 4, &end, 10);
		if (group != NULL)
			*group = (pid_t)strtol(end, NULL, 10);
	}
	fclose(f);
	return (pid_t)ppid;
}

/* This process by the machine's numbers (/proc/self names it so). */
static inline pid_t
self_outside(void)
{
	char link[64];
	ssize_t got = readlink("/proc/self", link, sizeof link - 1);

	if (got <= 0)
		return getpid();
	link[got] = '\0';
	return (pid_t)atol(link);
}

/* Whether PID is in this process's pid namespace: its /proc/PID/ns/pid
 * names the same one (a process that is not dumpable, as the auditor
 * is, does not let us read it: not ours). */
static inline int
in_our_namespace(pid_t pid)
{
	char path[64], its[64], mine[64];
	ssize_t a, b;

	snprintf(path, sizeof path, "/proc/%ld/ns/pid", (long)pid);
	a = readlink("/proc/self/ns/pid", mine, sizeof mine - 1);
	b = readlink(path, its, sizeof its - 1);
	return a > 0 && a == b && memcmp(mine, its, (size_t)a) == 0;
}

/*
 * The auditor: this process's parent, or, where that has no number here
 * (0) or is a namespace's init (1), the first process it descends from,
 * as /proc lists them, that is outside its pid namespace (the auditor
 * starts audited code as its own child, whatever the auditor's name:
 * under valgrind it is memcheck's).  0 for none.
 */
static inline pid_t
auditor(void)
{
	char name[64];
	pid_t up;

	if (getppid() > 1)
		return getppid();
	for (up = parent_named(self_outside(), name, sizeof name, NULL);
	    up > 1; up = parent_named(up, name, sizeof name, NULL))
		if (!in_our_namespace(up))
			return up;
	return 0;
}

/* The auditor's process group, by the machine's numbers; 0 for none. */
static inline pid_t
auditor_group(void)
{
	char name[64];
	pid_t group = 0, at = auditor();

	if (at > 0)
		(void)parent_named(at, name, sizeof name, &group);
	return group;
}

#endif
