package main

import (
	"crypto/rand"
	"math/big"
)

// A shuffle over crypto/rand, which no harness answers: hidden
// randomness, which the audit reports (exit status 3) every time.
func main() {
	SaRun(func(deck []int) {
		for i := len(deck) - 1; i > 0; i-- {
			b, err := rand.Int(rand.Reader, big.NewInt(int64(i+1)))
			if err != nil {
				panic(err)
			}
			j := int(b.Int64())
			deck[i], deck[j] = deck[j], deck[i]
		}
	})
}
