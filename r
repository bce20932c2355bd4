The python3 tests/examples/exec/misbehave.py dawdle shuffle of 3 cards
misbehaved: it took more than 2 seconds over one run (--timeout bounds a whole
run, not only each line).

audited        python3 tests/examples/exec/misbehave.py dawdle  (--exec)
cards          3
verdict        misbehaved  (exit status 3)
problem        took more than 2 seconds over one run (--timeout bounds a whole
               run, not only each line)
on run         1           (counting from 1, in the order of the draws below)
raw word bits  8
protections    seccomp, no CAP_SYS_PTRACE, not dumpable, subreaper

  draw |        below |        value
-------+--------------+-------------
     1 |            1 |            0
     2 |            1 |            0
     3 |            1 |            0
     4 |            1 |            0
     5 |            1 |            0
     6 |            1 |            0
     7 |            1 |            0
     8 |            1 |            0
     9 |            1 |            0
    10 |            1 |            0
