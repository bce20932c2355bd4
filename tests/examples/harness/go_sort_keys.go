package main

import "sort"

// sort.Slice by random keys, one SaFloat64() a card: fair, ties and all.
func main() {
	SaRun(func(deck []int) {
		key := make(map[int]float64, len(deck))
		for _, c := range deck {
			key[c] = SaFloat64()
		}
		sort.SliceStable(deck, func(i, j int) bool { return key[deck[i]] < key[deck[j]] })
	})
}
