/*
 * run_filter.c - the seccomp filters audited code runs under: one that
 * keeps it from naming the auditor (proc_confine), one that keeps a
 * plugin from starting a process (proc_forbid_forks), and the drop of
 * CAP_SYS_PTRACE.
 *
 * A filter is written as a list of instructions whose jumps name labels
 * (the returns and the blocks below the list of system calls); the
 * labels are turned into the offsets the kernel reads once the whole
 * filter is written (filter_link), so that a rule added or moved cannot
 * leave a jump counted wrong.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE

#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include <stddef.h>
#include <stdint.h>

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "run_internal.h"

#ifndef SECCOMP_RET_KILL_PROCESS
#define SECCOMP_RET_KILL_PROCESS SECCOMP_RET_KILL
#endif
#if defined(__x86_64__)
#define CONFINE_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define CONFINE_ARCH AUDIT_ARCH_AARCH64
#endif

/* fcntl's and ioctl's numbers (asm-generic), for a libc without them. */
#ifndef F_SETOWN_EX
#define F_SETOWN_EX 15
#endif
#ifndef F_SETSIG
#define F_SETSIG 10
#endif
#ifndef O_ASYNC
#define O_ASYNC 020000
#endif
#ifndef FIOSETOWN
#define FIOSETOWN 0x8901
#endif
#ifndef SIOCSPGRP
#define SIOCSPGRP 0x8902
#endif
#ifndef FIOASYNC
#define FIOASYNC 0x5452
#endif
/* pidfd_send_signal: one number on every architecture (Linux 5.1). */
#define NR_PIDFD_SEND_SIGNAL 424
#define NR_PIDFD_OPEN 434
/* clone's flag for a thread of the same process (linux/sched.h). */
#define CLONE_THREAD_FLAG 0x00010000u

#ifdef CONFINE_ARCH
/* Where a jump may go: a return, a block, or the next instruction. */
enum label {
	L_KILL, L_ALLOW, L_EPERM, L_ENOSYS, L_TARGET, L_TKILL, L_FCNTL,
	L_SETFL, L_IOCTL, L_PRIO, L_SCHED, L_OWN, L_PGID, L_CLONE, L_COUNT,
	L_NEXT = 255
};

#define FILTER_MAX 96

/* A filter being written: its jumps hold labels until filter_link. */
struct filter {
	struct sock_filter code[FILTER_MAX];
	unsigned short n;
	unsigned short at[L_COUNT];	/* each label's instruction; 0: none */
	bool full;
};

#define FIELD(name) ((uint32_t)offsetof(struct seccomp_data, name))

static void
put(struct filter *f, uint16_t code, uint32_t k, enum label yes,
    enum label no)
{
	struct sock_filter s = { code, (uint8_t)yes, (uint8_t)no, k };

	if (f->n < FILTER_MAX)
		f->code[f->n++] = s;
	else
		f->full = true;
}

static void
load(struct filter *f, uint32_t field)
{
	put(f, BPF_LD | BPF_W | BPF_ABS, field, 0, 0);
}

static void
ret(struct filter *f, enum label here, uint32_t action)
{
	f->at[here] = f->n;
	put(f, BPF_RET | BPF_K, action, 0, 0);
}

/* To YES when the word loaded is K, else to NO. */
static void
is(struct filter *f, uint32_t k, enum label yes, enum label no)
{
	put(f, BPF_JMP | BPF_JEQ | BPF_K, k, yes, no);
}

/*
 * F's labels turned into offsets: every jump goes forward, at most 255
 * instructions; false when one cannot (or F overflowed), and then F is
 * not to be installed.
 */
static bool
filter_link(struct filter *f)
{
	if (f->full)
		return false;
	for (unsigned i = 0; i < f->n; i++) {
		struct sock_filter *s = &f->code[i];
		uint8_t *to[2] = { &s->jt, &s->jf };

		if (BPF_CLASS(s->code) != BPF_JMP)
			continue;
		for (int k = 0; k < 2; k++) {
			unsigned at;

			if (*to[k] == L_NEXT) {
				*to[k] = 0;
				continue;
			}
			at = f->at[*to[k]];
			if (at <= i || at - i - 1 > 255)
				return false;
			*to[k] = (uint8_t)(at - i - 1);
		}
	}
	return true;
}

/*
 * The head both filters share: a call of another architecture's table
 * (int 0x80 on x86-64, whose numbers mean other calls) or of the x32
 * ABI kills the process, so that the rules below, which name this
 * architecture's numbers, cannot be walked round.  Leaves the call's
 * number loaded.
 */
static void
native_only(struct filter *f)
{
	load(f, FIELD(arch));
	is(f, CONFINE_ARCH, L_NEXT, L_KILL);
	load(f, FIELD(nr));
#ifdef __X32_SYSCALL_BIT
	put(f, BPF_JMP | BPF_JGE | BPF_K, __X32_SYSCALL_BIT, L_KILL, L_NEXT);
#endif
}

/* The returns every filter ends with. */
static void
returns(struct filter *f)
{
	ret(f, L_KILL, SECCOMP_RET_KILL_PROCESS);
	ret(f, L_ALLOW, SECCOMP_RET_ALLOW);
	ret(f, L_EPERM, SECCOMP_RET_ERRNO | EPERM);
	ret(f, L_ENOSYS, SECCOMP_RET_ERRNO | ENOSYS);
}

/* F, linked, installed in this process for good (no new privileges). */
static bool
install(struct filter *f)
{
	struct sock_fprog prog = { f->n, f->code };

	return filter_link(f) &&
	    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) == 0;
}

/* The loaded word must be 0 or SELF (this process): else EPERM. */
static void
own_only(struct filter *f, uint32_t self)
{
	is(f, 0, L_ALLOW, L_NEXT);
	is(f, self, L_ALLOW, L_EPERM);
}

/*
 * The blocks of proc_confine's filter, below its list of calls.  A call
 * that names a process first (kill and the rest) is killed when it names
 * AUDITOR, GROUP (as -PGID, already negated) or every process (-1); tkill
 * when it names any thread but SELF's main one (glibc's raise and
 * pthread_kill use tgkill, whose first word names the process).
 */
static void
confine_blocks(struct filter *f, uint32_t auditor, uint32_t group,
    uint32_t self)
{
	f->at[L_TARGET] = f->n;
	load(f, FIELD(args[0]));
	is(f, auditor, L_KILL, L_NEXT);
	is(f, group, L_KILL, L_NEXT);
	is(f, UINT32_MAX, L_KILL, L_ALLOW);
	f->at[L_TKILL] = f->n;
	load(f, FIELD(args[0]));
	is(f, self, L_ALLOW, L_KILL);
	/* fcntl: no signal set up on a descriptor's input or output. */
	f->at[L_FCNTL] = f->n;
	load(f, FIELD(args[1]));
	is(f, F_SETOWN_EX, L_EPERM, L_NEXT);
	is(f, F_SETSIG, L_EPERM, L_NEXT);
	is(f, F_SETFL, L_SETFL, L_NEXT);
	is(f, F_SETOWN, L_NEXT, L_ALLOW);
	load(f, FIELD(args[2]));
	is(f, auditor, L_KILL, L_NEXT);
	is(f, group, L_KILL, L_EPERM);
	f->at[L_SETFL] = f->n;
	load(f, FIELD(args[2]));
	put(f, BPF_JMP | BPF_JSET | BPF_K, O_ASYNC, L_EPERM, L_ALLOW);
	/* ioctl: the same, by FIOSETOWN, SIOCSPGRP or FIOASYNC. */
	f->at[L_IOCTL] = f->n;
	load(f, FIELD(args[1]));
	is(f, FIOSETOWN, L_EPERM, L_NEXT);
	is(f, SIOCSPGRP, L_EPERM, L_NEXT);
	is(f, FIOASYNC, L_EPERM, L_ALLOW);
	/* setpriority(which, who): no user's processes, not the auditor
	 * nor its group; sched_set*: not the auditor.  (The code's own
	 * threads, which a runtime sets, have ids a filter cannot list.) */
	f->at[L_PRIO] = f->n;
	load(f, FIELD(args[0]));
	is(f, PRIO_USER, L_EPERM, L_NEXT);
	load(f, FIELD(args[1]));
	is(f, (uint32_t)-group, L_EPERM, L_NEXT);
	is(f, auditor, L_EPERM, L_ALLOW);
	f->at[L_SCHED] = f->n;
	load(f, FIELD(args[0]));
	is(f, auditor, L_EPERM, L_ALLOW);
	/* prlimit64 (a process's limits, by any of its threads' ids):
	 * this process only. */
	f->at[L_OWN] = f->n;
	load(f, FIELD(args[0]));
	own_only(f, self);
	/* setpgid(pid, pgid) into the auditor's group kills the code:
	 * joined, it would be out of reach of a kill of its own group.  A
	 * pid namespace refuses the join as well (the group has no number
	 * there), but quietly; killed, the code is a breach the audit
	 * names, with the namespace and without. */
	f->at[L_PGID] = f->n;
	load(f, FIELD(args[1]));
	is(f, (uint32_t)-group, L_KILL, L_ALLOW);
}
#endif

/*
 * CAP_SYS_PTRACE out of this process for good: out of the bounding set
 * (so that no program it runs gets it back) and out of the effective,
 * permitted and inheritable sets (the ambient set follows).  Without it
 * even root cannot open a non-dumpable process's /proc/PID/mem or
 * /proc/PID/fd, or attach to it.  A process without the capability has
 * nothing to drop; one without CAP_SETPCAP cannot empty its bounding
 * set, and then needs none of this (it has no CAP_SYS_PTRACE to use).
 */
static bool
drop_ptrace(void)
{
	struct __user_cap_header_struct head = {
		_LINUX_CAPABILITY_VERSION_3, 0
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
	uint32_t bit = UINT32_C(1) << (CAP_SYS_PTRACE % 32);
	unsigned word = CAP_SYS_PTRACE / 32;

	prctl(PR_CAPBSET_DROP, CAP_SYS_PTRACE, 0, 0, 0);
	if (syscall(SYS_capget, &head, data) != 0)
		return false;
	data[word].effective &= ~bit;
	data[word].permitted &= ~bit;
	data[word].inheritable &= ~bit;
	(void)syscall(SYS_capset, &head, data);
	/* What holds now, read back: none of it, and none to regain. */
	return syscall(SYS_capget, &head, data) == 0 &&
	    !(data[word].effective & bit) && !(data[word].permitted & bit) &&
	    (prctl(PR_CAPBSET_READ, CAP_SYS_PTRACE, 0, 0, 0) == 0 ||
	    prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1);
}

unsigned
proc_confine(pid_t auditor, pid_t group)
{
	unsigned held = 0;

#ifdef CONFINE_ARCH
	/*
	 * Signals: kill, rt_sigqueueinfo, tgkill, rt_tgsigqueueinfo,
	 * pidfd_open and process_vm_* aimed at the auditor's pid, its group
	 * or every process kill the code at the call (SIGSYS), which the
	 * audit reports as a breach; so does tkill aimed at any thread but
	 * the code's own main one (the auditor's worker threads have ids of
	 * their own, which a filter cannot list), and fcntl(F_SETOWN)
	 * naming the auditor or its group.  Signal delivery set up on a
	 * descriptor otherwise (F_SETOWN, F_SETOWN_EX, F_SETSIG, O_ASYNC by
	 * F_SETFL; FIOSETOWN, SIOCSPGRP, FIOASYNC) answers EPERM, as does
	 * ptrace; pidfd_send_signal answers ENOSYS, as an older kernel
	 * would (its target is a descriptor, which a filter cannot read).
	 * Limits and priorities: prlimit64 answers EPERM unless it names
	 * the caller (0, or its pid when the filter was set: its threads
	 * and children must say 0); setpriority and sched_set* answer
	 * EPERM when they name the auditor (or its group, or a user's
	 * processes).  setpgid into the auditor's group kills the code.
	 * Only the low word of an argument is read: the kernel takes each
	 * as an int.
	 */
	static const int targets[] = { __NR_kill, __NR_rt_sigqueueinfo,
	    __NR_tgkill, __NR_rt_tgsigqueueinfo, __NR_process_vm_writev,
	    __NR_process_vm_readv, NR_PIDFD_OPEN };
	static const int sched[] = { __NR_sched_setscheduler,
	    __NR_sched_setparam, __NR_sched_setattr, __NR_sched_setaffinity };
	struct filter f = { .n = 0 };
	uint32_t self = (uint32_t)getpid();

	native_only(&f);
	is(&f, __NR_ptrace, L_EPERM, L_NEXT);
	is(&f, NR_PIDFD_SEND_SIGNAL, L_ENOSYS, L_NEXT);
	is(&f, __NR_fcntl, L_FCNTL, L_NEXT);
	is(&f, __NR_ioctl, L_IOCTL, L_NEXT);
	is(&f, __NR_tkill, L_TKILL, L_NEXT);
	is(&f, __NR_setpriority, L_PRIO, L_NEXT);
	for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
		is(&f, (uint32_t)targets[i], L_TARGET, L_NEXT);
	for (size_t i = 0; i < sizeof sched / sizeof sched[0]; i++)
		is(&f, (uint32_t)sched[i], L_SCHED, L_NEXT);
	is(&f, __NR_prlimit64, L_OWN, L_NEXT);
	is(&f, __NR_setpgid, L_PGID, L_NEXT);
	put(&f, BPF_RET | BPF_K, SECCOMP_RET_ALLOW, 0, 0);
	/* A group not seen from here (0: another pid namespace's) is
	 * not named: kill(0, ...) is the code's own group. */
	confine_blocks(&f, (uint32_t)auditor, group > 0 ? (uint32_t)-group :
	    (uint32_t)auditor, self);
	returns(&f);
	/* Where the kernel has no seccomp, the code is not confined (the
	 * man page's SECURITY says what then holds). */
	if (install(&f))
		held |= GUARD_SECCOMP;
#else
	(void)auditor;
	(void)group;
#endif
	/* After the filter, whose no-new-privileges it may count on. */
	if (drop_ptrace())
		held |= GUARD_NO_PTRACE;
	return held;
}

/*
 * A fork that no fork handler sees (the raw system call, vfork, clone,
 * and so system() and posix_spawn) is stopped by a seccomp filter: the
 * plugin's process is killed with SIGSYS at the call, before a copy
 * exists.  Threads (clone with CLONE_THREAD) are allowed; clone3, whose
 * flags a filter cannot read, answers ENOSYS, and glibc falls back to
 * clone.  A system call of another ABI (int 0x80, x32) is killed too.
 * Where the architecture is not one named here, no filter is set and
 * only fork() itself is caught (by run_plugin.c's fork handlers).
 */
void
proc_forbid_forks(void)
{
#ifdef CONFINE_ARCH
	struct filter f = { .n = 0 };

	native_only(&f);
	is(&f, __NR_clone3, L_ENOSYS, L_NEXT);
	is(&f, __NR_clone, L_CLONE, L_NEXT);
#ifdef __NR_fork
	is(&f, __NR_fork, L_KILL, L_NEXT);
	is(&f, __NR_vfork, L_KILL, L_NEXT);
#endif
	put(&f, BPF_RET | BPF_K, SECCOMP_RET_ALLOW, 0, 0);
	/* clone: its flags, the first argument's low word */
	f.at[L_CLONE] = f.n;
	load(&f, FIELD(args[0]));
	put(&f, BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD_FLAG, L_ALLOW,
	    L_KILL);
	returns(&f);
	/* Where the kernel has no seccomp, fork() alone is caught. */
	(void)install(&f);
#endif
}
