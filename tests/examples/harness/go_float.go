package main

// Fisher-Yates over SaFloat64: int(u * (i + 1)).
func main() {
	SaRun(func(deck []int) {
		for i := len(deck) - 1; i > 0; i-- {
			j := int(SaFloat64() * float64(i+1))
			deck[i], deck[j] = deck[j], deck[i]
		}
	})
}
