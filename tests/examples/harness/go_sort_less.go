package main

import "sort"

// sort.Slice with a random less: a coin for every comparison (unfair).
func main() {
	SaRun(func(deck []int) {
		sort.Slice(deck, func(i, j int) bool { return SaIntn(2) == 0 })
	})
}
