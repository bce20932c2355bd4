// bare.go - Durstenfeld's shuffle speaking the exec protocol by hand, for
// make bench-audit: what the Go harness is measured against.
package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	for {
		line, err := in.ReadString('\n')
		if err != nil {
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
