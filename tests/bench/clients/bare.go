// bare.go - Durstenfeld's shuffle speaking the exec protocol by hand, for
// make bench-audit: what the Go harness is measured against.  It offers
// the streamed walk on its first line and, taken, walks the fixed bounds
// n, n-1, ..., 2 as a mixed-radix counter; declined, or for the
// auditor's replays afterwards, it speaks the plain and batched lines
// (its hello, "stream 1 plan", asks for the replays as plans).
package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// repeats: how many times run DONE+1 is run again (the auditor's rule).
func repeats(done, every, floor int) int {
	k := done + 1
	least, base := (floor+k-1)/k, 0
	if done%every == 0 {
		base = 1
	}
	if k <= floor && least > base {
		return least
	}
	return base
}

// walk: the streamed walk "walk N PART PARTS DEPTH MAX EVERY FLOOR" (A).
func walk(out *bufio.Writer, a []int) {
	n, part, parts, every, floor := a[0], a[1], a[2], a[5], a[6]
	m := n - 1
	if m < 0 {
		m = 0
	}
	v := make([]int, m)
	deck := make([]int, n)
	buf := make([]byte, 0, 1<<16)
	put := func(x int) {
		buf = append(buf, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	run := func(from int) {
		buf = append(buf, 'R', 'K')
		put(from)
		for d := from; d < m; d++ {
			buf = append(buf, 'v')
			put(n - d - 1)
			put(v[d])
		}
		for i := range deck {
			deck[i] = i
		}
		for i := n - 1; i > 0; i-- {
			j := v[n-1-i]
			deck[i], deck[j] = deck[j], deck[i]
		}
		buf = append(buf, 'D', byte(n))
		for _, c := range deck {
			buf = append(buf, byte(c))
		}
		if len(buf) > 1<<15 {
			out.Write(buf)
			out.Flush()
			buf = buf[:0]
		}
	}
	for from, done := 0, 0; ; {
		skip := parts > 1 && ((m > 0 && v[0]%parts != part) || (m == 0 && part != 0))
		run(from)
		if !skip {
			t := 0
			if every > 0 {
				t = repeats(done, every, floor)
			}
			for ; t > 0; t-- {
				run(m)
			}
			done++
		}
		k := m
		if skip {
			if k > 0 {
				k = 1
			}
		} else {
			for k > 0 && v[k-1]+1 == n-(k-1) {
				k--
			}
		}
		if k == 0 {
			break
		}
		if k == 1 {
			x := v[0] + 1
			for x%parts != part && x < n {
				x++
			}
			if x >= n {
				break
			}
			v[0] = x
		} else {
			v[k-1]++
		}
		for d := k; d < m; d++ {
			v[d] = 0
		}
		from = k - 1
	}
	out.Write(append(buf, 'E', 0, 0, 0, 0, 0, 0))
	out.Flush()
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	first, _ := in.ReadString('\n')
	out.WriteString("stream 1 plan\n")
	out.Flush()
	answer, _ := in.ReadString('\n')
	if w := strings.Fields(answer); len(w) == 8 && w[0] == "walk" {
		a := make([]int, 7)
		for i := range a {
			a[i], _ = strconv.Atoi(w[i+1])
		}
		if a[3] > 0 && a[3] < a[0]-1 {
			os.Exit(2) // no depth below the shuffle's draws
		}
		walk(out, a)
		first = ""
	}
	for {
		line, err := first, error(nil)
		if first == "" {
			line, err = in.ReadString('\n')
		}
		first = ""
		if err != nil || line == "" {
			break
		}
		w := strings.Fields(line)
		n, _ := strconv.Atoi(w[1])
		planned := -1
		if len(w) > 2 && w[2] == "plan" {
			planned = len(w) - 3
		}
		used, told := 0, planned < 0
		asked := "asked"
		deck := make([]int, n)
		for i := range deck {
			deck[i] = i
		}
		for i := n - 1; i > 0; i-- {
			j := -1
			if !told {
				if used < planned {
					kv := strings.SplitN(w[3+used], ":", 2)
					if k, _ := strconv.Atoi(kv[0]); k == i+1 {
						j, _ = strconv.Atoi(kv[1])
						asked += " " + kv[0]
						used++
					}
				}
				if j < 0 {
					out.WriteString(asked + "\n")
					told = true
				}
			}
			if j < 0 {
				out.WriteString("draw " + strconv.Itoa(i+1) + "\n")
				out.Flush()
				a, _ := in.ReadString('\n')
				j, _ = strconv.Atoi(strings.TrimSpace(a))
			}
			deck[i], deck[j] = deck[j], deck[i]
		}
		if !told {
			out.WriteString(asked + "\n")
		}
		out.WriteString("deck")
		for _, c := range deck {
			out.WriteString(" " + strconv.Itoa(c))
		}
		out.WriteString("\n")
		out.Flush()
	}
}
