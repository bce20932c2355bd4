/*
 * adversary.c - an exec-protocol program that fights the auditor's
 * process handling, one mode per argument, for the tests.  Each mode
 * shuffles fairly (Durstenfeld over "draw K") until it misbehaves:
 *
 *   escape_pgid_hang R   on run R, moves itself into the auditor's own
 *                        process group and stops answering
 *   escape_pgid_eof      answers every run, then at the end of its input
 *                        moves into the auditor's group and sleeps on
 *   child_escape         answers every run, after starting a child that
 *                        moves into the auditor's group and sleeps; dies
 *                        of the child's signal where the move kills it
 *   ignore_eof           answers every run, then sleeps on, its input
 *                        closed, with SIGTERM and SIGHUP ignored
 *   deaf R               on run R, stops reading its input and
 *                        answering, though it stays in its group
 *   silent_unbuffered    answers nothing, and never flushes: what a
 *                        program with buffered output looks like
 *   script SEED [LOG]    a random adversary for the property test: each
 *                        run, an action drawn from SEED's stream (mostly
 *                        a fair run; else a stall, an exit, a child left
 *                        in its group or moved into the auditor's, a
 *                        move of its own, a closed output, a line of
 *                        garbage, a chain of sessions, a double fork, a
 *                        signal, F_SETOWN or pidfd signal to the auditor,
 *                        a write into its report, a kill by int 0x80,
 *                        SIGIO set up to reach it, tkill of its threads,
 *                        its limits or priority set), and at the end of its
 *                        input an exit or a refusal to go; each
 *                        misbehaviour noted in LOG first (act()); one
 *                        script in three is calm, doing only what the
 *                        audit must shrug off
 *   chain D              starts a chain of D processes, each the child of
 *                        the one before and each in a session of its
 *                        own (out of reach of any one group's kill),
 *                        waits until the last is there, then answers
 *                        every run
 *   double_fork          starts a child that starts one in a session of
 *                        its own and exits (the grandchild, orphaned,
 *                        sleeps on), then answers every run
 *   stop_parent R, term_parent R, kill_parent R
 *                        on run R, sends SIGSTOP, SIGTERM or SIGKILL to
 *                        its parent (the auditor), then answers on
 *   write_report R       on run R, tries to write into the auditor's
 *                        report through /proc/PPID/fd/1 and to attach
 *                        to it with ptrace, then answers on
 *   pidfd_parent R       on run R, sends SIGSTOP to its parent through
 *                        a descriptor of /proc/PPID (pidfd_send_signal),
 *                        then answers on
 *   setown_parent R      on run R, makes its parent the owner of its
 *                        input (fcntl F_SETOWN, O_ASYNC, with SIGSTOP as
 *                        the signal), so that the auditor's next line
 *                        would stop it, then answers on
 *   foreign R CALL       on run R, makes CALL through int 0x80 (the
 *                        i386 table, which the filter must not let by):
 *                        kill (SIGKILL to its parent), tgkill (the
 *                        same) or setown (its input's owner its parent,
 *                        SIGSTOP its signal, O_ASYNC), then answers on
 *   sigio_parent R       on run R, makes its parent the owner of one end
 *                        of a socket pair by ioctl FIOSETOWN, SIGKILL
 *                        its signal (F_SETSIG) and O_ASYNC set, then
 *                        writes into the other end; says on stderr
 *                        "sigio: denied" when a step is refused, and
 *                        answers on
 *   tkill_threads R      on run R, sends SIGKILL by tkill to every
 *                        thread of its parent but the main one (the
 *                        auditor's workers under --instances), then
 *                        answers on
 *   limit_parent R WHAT  on run R, sets its parent's file-size limit to
 *                        0 (fsize), its address space to 1 MB (as),
 *                        its nice value to 19 (nice) or its scheduling
 *                        to SCHED_IDLE (sched); says "limit: denied" on
 *                        stderr when refused, and answers on; where a
 *                        nice or sched call was let by, says so and
 *                        exits 1, the proof that it reached the auditor
 *   pidns R              on run R, names every thread of its parent
 *                        by its id in /proc and sends it SIGKILL (kill
 *                        and rt_sigqueueinfo for its workers, tgkill for
 *                        its main thread, last), each outcome noted in
 *                        $SA_PIDNS_LOG (tests/examples/pidns.h), then
 *                        answers on
 *   decks S N MODE       for fit --run: writes S decks of N cards
 *                        (the identity), then "sleep" sleeps, "exit3"
 *                        exits with status 3; "sigio" first does what
 *                        sigio_parent does, then exits with status 0
 *                        after its decks; "join" first moves into
 *                        its parent's process group, then writes its
 *                        decks and sleeps; "pidns" first does what pidns
 *                        does, then exits with status 3 after its decks
 *
 * Built by the Makefile into build/exec/adversary.  Its parent is the
 * auditor when the command is "exec adversary ...": sh replaces itself.
 */
#define _GNU_SOURCE	/* usleep, syscall, F_SETSIG */

#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../auditor.h"
#include "../pidns.h"
#include "../script.h"

#define MAXN 64

/* Sleeps until killed. */
static void
forever(void)
{
	for (;;)
		pause();
}

/* Into the process group of this process's parent (the auditor). */
static void
join_parent_group(void)
{
	if (setpgid(0, auditor_group()) != 0)
		perror("adversary: setpgid");
}

/*
 * A child that moves into the auditor's group (AUDITORS) and sleeps
 * there; returns once it is there, so that what the audit sees is sure.
 * Where the move kills the child (the auditor's seccomp filter does),
 * this process dies of the same signal, no core written: a child's
 * death is its parent's to tell, and this one tells it.
 */
static void
child_to_group(pid_t auditors)
{
	struct rlimit none = { 0, 0 };
	pid_t child = fork();
	int wst;

	if (child == 0) {
		if (setpgid(0, auditors) != 0)
			perror("adversary: setpgid");
		forever();
	}
	while (child > 0 && getpgid(child) != auditors) {
		if (waitpid(child, &wst, WNOHANG) == child) {
			if (!WIFSIGNALED(wst))
				exit(1);
			setrlimit(RLIMIT_CORE, &none);
			signal(WTERMSIG(wst), SIG_DFL);
			raise(WTERMSIG(wst));
		}
		usleep(1000);
	}
}

static unsigned long long
draw(unsigned long long k)
{
	char line[64];

	printf("draw %llu\n", k);
	fflush(stdout);
	if (fgets(line, sizeof line, stdin) == NULL)
		exit(1);
	return strtoull(line, NULL, 10);
}

static void
shuffle(size_t n)
{
	unsigned deck[MAXN];

	for (size_t i = 0; i < n; i++)
		deck[i] = (unsigned)i;
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)draw(i);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
	printf("deck");
	for (size_t i = 0; i < n; i++)
		printf(" %u", deck[i]);
	printf("\n");
	fflush(stdout);
}

static void pidfd_parent(void);
static void setown_parent(void);
static void sigio_parent(void);
static void foreign(const char *call);
static int other_threads(void);
static void tkill_threads(void);
static void limit_parent(const char *what);
static void write_report(void);
static void double_fork(void);
static void chain(long d);

/*
 * One of the script's actions before run N's shuffle.  Each is noted
 * first: "breach" for one the audit must end with status 3 for, "quiet"
 * for one it must shrug off (an audit of nothing else is then fair).
 */
static void
act(size_t n, pid_t auditors, int calm)
{
	static const int sig[] = { SIGSTOP, SIGTERM, SIGKILL };
	unsigned what = pick(64);

	/* A calm script does only what the audit must shrug off. */
	if (calm && what != 2 && what != 11 && what != 12 && what != 14 &&
	    what != 16)
		what = 63;
	switch (what) {
	case 0:
		note("breach stall");
		forever();
		break;
	case 1:
		note("breach exit");
		exit(1 + (int)pick(3));
	case 2:
		note("quiet child left in its group");
		if (fork() == 0)
			forever();
		break;
	case 3:
		note("breach child moved into the auditor's group");
		child_to_group(auditors);
		break;
	case 4:
		note("breach moved into the auditor's group");
		setpgid(0, auditors);
		break;
	case 5:
		note("breach closed output");
		fclose(stdout);
		forever();
		break;
	case 6:
		note("breach garbage");
		printf("hello %zu\n", n);
		fflush(stdout);
		break;
	case 7:
		note("breach chain of sessions");
		chain(3);
		break;
	case 8:
		note("breach double fork");
		double_fork();
		break;
	case 9:
		note("breach signal to the auditor");
		kill(auditor(), sig[pick(3)]);
		break;
	case 10:
		note("breach F_SETOWN to the auditor");
		setown_parent();
		break;
	case 11:
		note("quiet pidfd_send_signal to the auditor");
		pidfd_parent();
		break;
	case 12:
		note("quiet write into the report");
		write_report();
		break;
	case 13:
#if defined(__x86_64__)
		note("breach kill of the auditor by int 0x80");
		foreign("kill");
#endif
		break;
	case 14:
		note("quiet SIGIO set up to reach the auditor");
		sigio_parent();
		break;
	case 15:
		if (other_threads() > 0) {
			note("breach tkill of the auditor's threads");
			tkill_threads();
		}
		break;
	case 16:
		note("quiet limits and priority set on the auditor");
		limit_parent(pick(2) ? "fsize" : "nice");
		break;
	default:
		break;			/* a fair run */
	}
}

static int
script(unsigned long long seed, const char *log)
{
	pid_t auditors = auditor_group();
	char line[256];
	int stubborn, calm;

	script_state = seed;
	if (log != NULL)
		script_log = fopen(log, "a");
	calm = pick(3) == 0;
	stubborn = !calm && pick(8) == 0;
	while (fgets(line, sizeof line, stdin) != NULL) {
		size_t n = strtoul(line + 8, NULL, 10);

		if (n > MAXN)
			return 1;
		act(n, auditors, calm);
		shuffle(n);
	}
	if (stubborn) {
		note("breach stays after its input closed");
		forever();
	}
	return 0;
}

/* fit --run's adversary: S decks of N cards, then what MODE says. */
static int
decks(long s, long n, const char *mode)
{
	if (strcmp(mode, "join") == 0)
		join_parent_group();
	if (strcmp(mode, "sigio") == 0)
		sigio_parent();
	if (strcmp(mode, "pidns") == 0)
		pidns_attack();
	for (long k = 0; k < s; k++) {
		for (long i = 0; i < n; i++)
			printf(i ? " %ld" : "%ld", i);
		printf("\n");
	}
	fflush(stdout);
	if (strcmp(mode, "join") == 0 || strcmp(mode, "sleep") == 0)
		forever();
	return strcmp(mode, "sigio") == 0 ? 0 : 3;
}

/* A grandchild in a session of its own, orphaned once it is there. */
static void
double_fork(void)
{
	int fd[2];
	char c;
	pid_t child;

	if (pipe(fd) != 0 || (child = fork()) < 0)
		exit(1);
	if (child == 0) {
		if (fork() == 0) {
			setsid();
			if (write(fd[1], "x", 1) != 1)
				exit(1);
			close(fd[0]);
			close(fd[1]);
			forever();
		}
		_exit(0);
	}
	close(fd[1]);
	if (read(fd[0], &c, 1) != 1)
		exit(1);
	close(fd[0]);
	while (waitpid(child, NULL, 0) < 0)
		;
}

/* Into the auditor's report, and its memory: each refused, it is hoped. */
static void
write_report(void)
{
	char path[64];
	int fd;

	snprintf(path, sizeof path, "/proc/%ld/fd/1", (long)auditor());
	if ((fd = open(path, O_WRONLY)) >= 0) {
		if (write(fd, "forged\n", 7) != 7)
			perror("adversary: write");
		close(fd);
	}
	snprintf(path, sizeof path, "/proc/%ld/mem", (long)auditor());
	if ((fd = open(path, O_RDWR)) >= 0) {
		fprintf(stderr, "adversary: opened %s\n", path);
		close(fd);
	}
	if (ptrace(PTRACE_ATTACH, auditor(), NULL, NULL) == 0)
		fprintf(stderr, "adversary: attached to the auditor\n");
}

/* SIGSTOP to the auditor through a descriptor of its /proc directory. */
static void
pidfd_parent(void)
{
	char path[64];
	int fd;

	snprintf(path, sizeof path, "/proc/%ld", (long)auditor());
	if ((fd = open(path, O_RDONLY | O_DIRECTORY)) < 0)
		return;
	if (syscall(424 /* pidfd_send_signal */, fd, SIGSTOP, NULL, 0) == 0)
		fprintf(stderr, "adversary: stopped the auditor\n");
	close(fd);
}

/* The auditor, the owner of this process's input, SIGSTOP its signal. */
static void
setown_parent(void)
{
	if (fcntl(STDIN_FILENO, F_SETOWN, auditor()) != 0 ||
	    fcntl(STDIN_FILENO, F_SETSIG, SIGSTOP) != 0 ||
	    fcntl(STDIN_FILENO, F_SETFL,
	    fcntl(STDIN_FILENO, F_GETFL) | O_ASYNC) != 0)
		perror("adversary: fcntl");
}

#if defined(__x86_64__)
/* System call NR of the i386 table, made by int 0x80. */
static long
i386_call(long nr, long a, long b, long c)
{
	long r;

	__asm__ volatile ("int $0x80" : "=a"(r) : "a"(nr), "b"(a), "c"(b),
	    "d"(c) : "memory", "r8", "r9", "r10", "r11");
	return r;
}
#endif

/* CALL to the auditor through int 0x80 (i386: kill 37, tgkill 270,
 * fcntl 55 with F_SETOWN 8, F_SETSIG 10, F_SETFL 4). */
static void
foreign(const char *call)
{
#if defined(__x86_64__)
	long to = auditor();

	if (strcmp(call, "kill") == 0)
		i386_call(37, to, SIGKILL, 0);
	else if (strcmp(call, "tgkill") == 0)
		i386_call(270, to, to, SIGKILL);
	else if (strcmp(call, "setown") == 0 &&
	    (i386_call(55, STDIN_FILENO, 8, to) != 0 ||
	    i386_call(55, STDIN_FILENO, 10, SIGSTOP) != 0 ||
	    i386_call(55, STDIN_FILENO, 4, O_ASYNC | O_RDONLY) != 0))
		fprintf(stderr, "adversary: foreign: denied\n");
#else
	(void)call;
	fprintf(stderr, "adversary: foreign: no int 0x80 here\n");
#endif
}

/* SIGKILL to the auditor as SIGIO's stand-in, set up on a socket. */
static void
sigio_parent(void)
{
	int sv[2], owner = (int)auditor();

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		exit(1);
	if (ioctl(sv[0], FIOSETOWN, &owner) != 0 ||
	    fcntl(sv[0], F_SETSIG, SIGKILL) != 0 ||
	    fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) | O_ASYNC) != 0)
		fprintf(stderr, "adversary: sigio: denied\n");
	else if (write(sv[1], "x", 1) != 1)
		exit(1);
	close(sv[0]);
	close(sv[1]);
}

/* The auditor's threads but its main one, counted from /proc. */
static int
other_threads(void)
{
	char path[64];
	DIR *d;
	struct dirent *e;
	pid_t to = auditor();
	int k = 0;

	snprintf(path, sizeof path, "/proc/%ld/task", (long)to);
	if (to == 0 || (d = opendir(path)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL)
		k += atol(e->d_name) > 0 && atol(e->d_name) != (long)to;
	closedir(d);
	return k;
}

/* SIGKILL by tkill to every thread of the auditor but its main one. */
static void
tkill_threads(void)
{
	char path[64];
	DIR *d;
	struct dirent *e;
	pid_t to = auditor();

	snprintf(path, sizeof path, "/proc/%ld/task", (long)to);
	if (to == 0 || (d = opendir(path)) == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		long tid = atol(e->d_name);

		if (tid > 0 && tid != (long)to)
			syscall(SYS_tkill, tid, SIGKILL);
	}
	closedir(d);
}

/* The auditor's limit, priority or scheduling, as WHAT says. */
static void
limit_parent(const char *what)
{
	pid_t to = auditor();
	struct rlimit none = { 0, 0 }, small = { 1 << 20, 1 << 20 };
	struct sched_param sp = { 0 };
	bool ok = false, proof = false;

	if (strcmp(what, "fsize") == 0)
		ok = prlimit(to, RLIMIT_FSIZE, &none, NULL) == 0;
	else if (strcmp(what, "as") == 0)
		ok = prlimit(to, RLIMIT_AS, &small, NULL) == 0;
	else if (strcmp(what, "nice") == 0)
		ok = proof = setpriority(PRIO_PROCESS, (id_t)to, 19) == 0;
	else if (strcmp(what, "sched") == 0)
		ok = proof = sched_setscheduler(to, SCHED_IDLE, &sp) == 0;
	if (!ok) {
		fprintf(stderr, "adversary: limit: denied\n");
		return;
	}
	if (proof) {
		fprintf(stderr, "adversary: the auditor's %s was mine to set\n",
		    what);
		exit(1);
	}
}

/*
 * D processes, each forked by the one before, each in a new session;
 * returns once the last has said so through a pipe (every link holds
 * its write end, so an early end of file means one died).
 */
static void
chain(long d)
{
	int fd[2];
	char c;

	if (pipe(fd) != 0)
		exit(1);
	for (long k = 0; k < d; k++) {
		pid_t child = fork();

		if (child < 0)
			exit(1);
		if (child > 0) {
			if (k == 0)
				break;	/* the program goes on */
			close(fd[1]);
			close(fd[0]);
			forever();
		}
		setsid();
		if (k == d - 1) {
			if (write(fd[1], "x", 1) != 1)
				exit(1);
			close(fd[1]);
			close(fd[0]);
			forever();
		}
	}
	close(fd[1]);
	if (read(fd[0], &c, 1) != 1)
		exit(1);
	close(fd[0]);
}

int
main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	long at = argc > 2 ? atol(argv[2]) : 0, runs = 0;
	char line[256];

	if (strcmp(mode, "script") == 0)
		return script(strtoull(argc > 2 ? argv[2] : "0", NULL, 10),
		    argc > 3 ? argv[3] : NULL);
	if (strcmp(mode, "decks") == 0 && argc > 4)
		return decks(atol(argv[2]), atol(argv[3]), argv[4]);
	if (strcmp(mode, "chain") == 0)
		chain(at);
	if (strcmp(mode, "double_fork") == 0)
		double_fork();
	if (strcmp(mode, "silent_unbuffered") == 0) {
		printf("draw 2\n");	/* never flushed */
		forever();
	}
	if (strcmp(mode, "child_escape") == 0)
		child_to_group(auditor_group());
	while (fgets(line, sizeof line, stdin) != NULL) {
		size_t n = strtoul(line + 8, NULL, 10);	/* "shuffle N" */

		if (n > MAXN)
			return 1;
		runs++;
		if (runs == at && strcmp(mode, "escape_pgid_hang") == 0) {
			join_parent_group();
			forever();
		}
		if (runs == at && strcmp(mode, "deaf") == 0)
			forever();
		if (runs == at && strcmp(mode, "stop_parent") == 0)
			kill(auditor(), SIGSTOP);
		if (runs == at && strcmp(mode, "term_parent") == 0)
			kill(auditor(), SIGTERM);
		if (runs == at && strcmp(mode, "kill_parent") == 0)
			kill(auditor(), SIGKILL);
		if (runs == at && strcmp(mode, "write_report") == 0)
			write_report();
		if (runs == at && strcmp(mode, "pidfd_parent") == 0)
			pidfd_parent();
		if (runs == at && strcmp(mode, "setown_parent") == 0)
			setown_parent();
		if (runs == at && strcmp(mode, "foreign") == 0 && argc > 3)
			foreign(argv[3]);
		if (runs == at && strcmp(mode, "sigio_parent") == 0)
			sigio_parent();
		if (runs == at && strcmp(mode, "tkill_threads") == 0)
			tkill_threads();
		if (runs == at && strcmp(mode, "pidns") == 0)
			pidns_attack();
		if (runs == at && strcmp(mode, "limit_parent") == 0 && argc > 3)
			limit_parent(argv[3]);
		shuffle(n);
	}
	if (strcmp(mode, "escape_pgid_eof") == 0) {
		join_parent_group();
		forever();
	}
	if (strcmp(mode, "ignore_eof") == 0) {
		signal(SIGTERM, SIG_IGN);
		signal(SIGHUP, SIG_IGN);
		forever();
	}
	return 0;
}
