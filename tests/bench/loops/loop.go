// loop.go N - the bare loop of make bench-audit (issue 65): Fisher-Yates
// written plainly in Go, its draws from an odometer rather than a
// generator, over every run of N cards, no harness.  Each run's top card
// is tallied and the tally checked even.  Prints "RUNS runs in SECS s",
// timed inside the program; exit 1 if the tally is uneven.
package main

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

func main() {
	n := 9
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	draw := make([]int, n)
	top := make([]int, n)
	runs := 0
	start := time.Now()
	for {
		deck := make([]int, n)
		for k := range deck {
			deck[k] = k
		}
		for i := n - 1; i > 0; i-- {
			j := draw[i]
			deck[i], deck[j] = deck[j], deck[i]
		}
		top[deck[0]]++
		runs++
		i := 1
		for ; i < n; i++ {
			draw[i]++
			if draw[i] <= i {
				break
			}
			draw[i] = 0
		}
		if i == n {
			break
		}
	}
	secs := time.Since(start).Seconds()
	for _, t := range top {
		if t != top[0] {
			os.Exit(1)
		}
	}
	fmt.Printf("%d runs in %.6f s\n", runs, secs)
}
