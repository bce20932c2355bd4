The misbehave.so shuffle of 3 cards misbehaved: it made no progress for 5
seconds (an endless loop?) and was stopped.

audited        build/plugins/misbehave.so  (--plugin)
function       spin
cards          3
verdict        misbehaved                  (exit status 3)
problem        made no progress for 5 seconds (an endless loop?) and was stopped
raw word bits  8
protections    seccomp, no CAP_SYS_PTRACE, not dumpable, subreaper
