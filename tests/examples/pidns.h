/*
 * pidns.h - the pidns adversaries' attack, shared by exec/adversary.c
 * (pidns R, and decks S N pidns for fit --run) and plugins/forge.c
 * (pidns).  Needs _GNU_SOURCE (syscall) before the first include.
 *
 * Every thread of the auditor, by the machine's numbers (/proc/A/task,
 * which lists them whatever namespace the reader is in), is named by
 * getpgid; each worker thread is sent SIGKILL by kill and by
 * rt_sigqueueinfo (the filter names only the auditor's pid: a worker's
 * id is a number it cannot list); the main thread last, by tgkill,
 * which the filter kills the code at, with a pid namespace or without.
 * Inside a pid namespace of its own, none of those numbers names
 * anything, and every call but the last finds ESRCH; without one, the
 * first kill of a worker ends the auditor.
 *
 * Each call's outcome is appended to the file $SA_PIDNS_LOG (nothing
 * written where that is unset), a line each: "CALL main: ESRCH" or
 * "CALL worker: ESRCH", with "named" (getpgid) or "sent" where the call
 * got through, or the errno's name.
 */
#ifndef PIDNS_H
#define PIDNS_H

#include <sys/syscall.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "auditor.h"

/* "CALL WHO: OUTCOME" (RC the call's return, its errno read here)
 * appended to $SA_PIDNS_LOG in one write. */
static inline void
pidns_note(const char *call, const char *who, long rc, const char *ok)
{
	const char *log = getenv("SA_PIDNS_LOG");
	int e = errno, fd;
	char line[96];
	const char *what = rc >= 0 ? ok : e == ESRCH ? "ESRCH" :
	    e == EPERM ? "EPERM" : "refused";
	int len = snprintf(line, sizeof line, "%s %s: %s\n", call, who, what);

	if (log == NULL || len <= 0 ||
	    (fd = open(log, O_WRONLY | O_APPEND | O_CREAT, 0666)) < 0)
		return;
	(void)!write(fd, line, (size_t)len);
	close(fd);
}

/* The attack above; returns only where the last call let it by. */
static inline void
pidns_attack(void)
{
	pid_t a = auditor();
	char path[64];
	DIR *dir;
	struct dirent *e;

	snprintf(path, sizeof path, "/proc/%ld/task", (long)a);
	if (a <= 0 || (dir = opendir(path)) == NULL)
		return;
	while ((e = readdir(dir)) != NULL) {
		pid_t t = (pid_t)atol(e->d_name);
		siginfo_t info;

		if (t <= 0)
			continue;
		errno = 0;
		pidns_note("getpgid", t == a ? "main" : "worker",
		    (long)getpgid(t), "named");
		if (t == a)
			continue;
		pidns_note("kill", "worker", (long)kill(t, SIGKILL), "sent");
		memset(&info, 0, sizeof info);
		info.si_signo = SIGKILL;
		info.si_code = SI_QUEUE;
		info.si_pid = getpid();
		info.si_uid = getuid();
		pidns_note("rt_sigqueueinfo", "worker", syscall(
		    SYS_rt_sigqueueinfo, (long)t, (long)SIGKILL, &info), "sent");
	}
	closedir(dir);
	pidns_note("tgkill", "main", syscall(SYS_tgkill, (long)a, (long)a,
	    (long)SIGKILL), "sent");
}

#endif
