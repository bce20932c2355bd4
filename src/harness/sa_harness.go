// sa_harness.go - audit a Go shuffle with shuffle-audit, exactly.
//
// Put this file beside yours, in package main, and hand your shuffle to
// SaRun:
//
//	package main
//
//	func main() {
//		SaRun(func(deck []int) {
//			for i := len(deck) - 1; i > 0; i-- {
//				j := SaIntn(i + 1)
//				deck[i], deck[j] = deck[j], deck[i]
//			}
//		})
//	}
//
// and audit it:
//
//	go build -o mine mine.go sa_harness.go
//	shuffle-audit census --exec ./mine -n 5 --batch
//
// Your function gets a slice of the cards 0 .. n-1 and shuffles it in
// place.  shuffle-audit answers its randomness, walking every run it can
// take.  math/rand's own functions (rand.Intn, rand.Shuffle, ...) draw
// from a source no one can replace, so give your code these instead:
//
//   - SaIntn(k), a number below k ("draw K"), judges your loop; write it
//     where you would write rand.Intn(k).
//   - SaFloat64(), a real in [0, 1) ("real"): a cell of M equal cells,
//     M = lcm(1..n) unless --real-cells says otherwise, and a place among
//     the run's earlier reals in it, so that int(SaFloat64() *
//     float64(k)) is exactly uniform for every k dividing M and reals
//     compare as independent uniform reals do (a sort.Slice by random
//     keys).  A float64's 53 bits are another question, answered by
//     `shuffle-audit census -a durstenfeld --reduce multiply:53`.
//   - SaRandReals(), a *rand.Rand whose words are reals scaled to their
//     range: Int63, Uint32 and Float64 keep the reals' order (keys are
//     counted exactly, as if two never tied), and Shuffle is counted
//     exactly; Intn and Perm reduce by remainder, which the audit's
//     second model shows the cells do not decide.
//   - SaRand(), a *rand.Rand over a Source of raw words of the --raw-bits
//     B width, each repeated across the 63 bits of an output (v, then v
//     again above it, ...) so that every B adjacent bits vary as a
//     uniform output's would, judges math/rand's own reduction: exact
//     where it reads at most B adjacent bits (Intn, Shuffle and Perm of
//     powers of two up to 2^B), a model elsewhere (a remainder or a
//     product of a whole word), which the audit counts again a bit wider
//     before it calls the code unfair.  Its rejection has no end of
//     runs: audit it by layers (census --layers --depth D).
//
// A panic in the shuffle gives the run up with a line "error ..." that
// shuffle-audit reports.
// SaRaw() asks for one raw word.  Lines are flushed before every read
// and at the end of each run; --batch is understood.  Go 1.13 or later,
// the standard library only.
package main

import (
	"bufio"
	"fmt"
	"math"
	"math/rand"
	"os"
	"strconv"
	"strings"
)

var (
	saBits  = saEnv("SHUFFLE_AUDIT_RAW_BITS", 32)
	saCells = saEnv("SHUFFLE_AUDIT_REAL_CELLS", 1<<32)
	saPlace = saEnv("SHUFFLE_AUDIT_REAL_PLACE", 0)
	saIn    = bufio.NewReaderSize(os.Stdin, 1<<16)
	saOut   = bufio.NewWriterSize(os.Stdout, 1<<16)
	saPlan  [][2]uint64 // this run's offered draws
	saAt    int         // the plan's draws taken so far
	saUsed  []string    // the words of "asked"
	saTold  = true      // "asked" is said (or there was no plan)
	// the plan's reals taken this run: cell -> their places, in order
	saReals = map[uint64][]uint64{}
)

// saPlaces is a real's place within its cell, in 2^-52 of it.
const saPlaces = uint64(1) << 52

func saEnv(name string, otherwise uint64) uint64 {
	if v, err := strconv.ParseUint(os.Getenv(name), 10, 64); err == nil {
		return v
	}
	return otherwise
}

// saFail gives the run up: the reason goes to shuffle-audit, which
// reports it ("error ..."), and to standard error.
func saFail(why string) {
	fmt.Fprintln(os.Stderr, "sa_harness: "+why)
	saOut.WriteString("error sa_harness: " + strings.NewReplacer("\n", " ", "\r", " ").Replace(why) + "\n")
	saOut.Flush()
	os.Exit(2)
}

func saTell() {
	if !saTold {
		saOut.WriteString(strings.Join(append([]string{"asked"}, saUsed...), " ") + "\n")
		saTold = true
	}
}

func saAsk(line string) string {
	saTell()
	saOut.WriteString(line + "\n")
	saOut.Flush()
	answer, err := saIn.ReadString('\n')
	if err != nil {
		saFail("shuffle-audit closed the line in the middle of a run")
	}
	return strings.TrimRight(answer, "\r\n")
}

// saTake: the plan's next draw when it has the bound BOUND.
func saTake(bound uint64, word string) (uint64, bool) {
	if saTold {
		return 0, false
	}
	if saAt < len(saPlan) && saPlan[saAt][0] == bound {
		saUsed = append(saUsed, word)
		saAt++
		return saPlan[saAt-1][1], true
	}
	saTell()
	return 0, false
}

// saRealAt: cell CELL at place POS as a float64, exactly as shuffle-audit
// makes it: (cell 2^d + a) / (M 2^d), pos = a 2^t with a odd, d = 52 - t.
func saRealAt(cell, pos uint64) float64 {
	a, d := pos, 52+saPlace
	for a%2 == 0 {
		a /= 2
		d--
	}
	return float64(cell<<d+a) / float64(saCells<<d)
}

// saTakeReal: the plan's next real, its cell and its place among the
// run's earlier reals in that cell when there are any.
func saTakeReal() (float64, bool) {
	if saTold {
		return 0, false
	}
	if saAt < len(saPlan) && saPlan[saAt][0] == saCells {
		cell := saPlan[saAt][1]
		places := saReals[cell]
		k := uint64(len(places))
		if k == 0 || (saAt+1 < len(saPlan) && saPlan[saAt+1][0] == k+1) {
			gap := uint64(0)
			if k > 0 {
				gap = saPlan[saAt+1][1]
			}
			lo, hi := uint64(0), saPlaces
			if gap > 0 {
				lo = places[gap-1]
			}
			if gap < k {
				hi = places[gap]
			}
			places = append(places, 0)
			copy(places[gap+1:], places[gap:])
			places[gap] = (lo + hi) / 2
			saReals[cell] = places
			saUsed = append(saUsed, "real")
			saAt++
			if k > 0 {
				saAt++
			}
			return saRealAt(cell, places[gap]), true
		}
	}
	saTell()
	return 0, false
}

func saNumber(s string) uint64 {
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		saFail("shuffle-audit answered " + strconv.Quote(s))
	}
	return v
}

// SaIntn returns a whole number in [0, k), 1 <= k <= 2^32.
func SaIntn(k int) int {
	if v, ok := saTake(uint64(k), strconv.Itoa(k)); ok {
		return int(v)
	}
	return int(saNumber(saAsk("draw " + strconv.Itoa(k))))
}

// SaFloat64 returns a real in [0, 1): a cell of M and a place among the
// run's reals in it, so that int(u * k) for k dividing M and comparisons
// are exact.
func SaFloat64() float64 {
	if u, ok := saTakeReal(); ok {
		return u
	}
	s := saAsk("real")
	u, err := strconv.ParseFloat(s, 64)
	if err != nil {
		saFail("shuffle-audit answered " + strconv.Quote(s))
	}
	return u
}

// SaRaw returns a raw word of the --raw-bits B width.
func SaRaw() uint64 {
	if v, ok := saTake(1<<saBits, "raw"); ok {
		return v
	}
	return saNumber(saAsk("raw"))
}

// saRepeat: the raw word v of B bits repeated across WIDTH bits, from
// bit 0 up (v | v << B | v << 2B ...): every run of at most B adjacent
// bits of the word, the low bits a mask reads and the high bits a shift
// reads, takes each of its values equally often as v runs through its
// 2^B values, as a uniform word's would.
func saRepeat(v uint64, width uint) uint64 {
	w := uint64(0)
	for at := uint(0); at < width; at += uint(saBits) {
		w |= v << at
	}
	if width < 64 {
		w &= 1<<width - 1
	}
	return w
}

type saSource struct{}

func (saSource) Int63() int64    { return int64(saRepeat(SaRaw(), 63)) }
func (saSource) Uint64() uint64  { return saRepeat(SaRaw(), 64) }
func (saSource) Seed(seed int64) {}

// SaRand returns a *rand.Rand whose source is shuffle-audit's raw words,
// each repeated across the 63 or 64 bits of an output (see saRepeat):
// exact wherever math/rand reads at most B adjacent bits of a word
// (Intn, Int31n, Int63n and Shuffle of a power of two up to 2^B, Perm of
// 2 cards); a model wherever it reduces a whole word (Intn and Perm of
// other sizes by remainder, Shuffle by multiplication), which the audit
// checks a bit wider before it calls the code unfair.
func SaRand() *rand.Rand {
	return rand.New(saSource{})
}

type saRealSource struct{}

func (saRealSource) Int63() int64 {
	return int64(math.Ldexp(SaFloat64(), 63))
}
func (saRealSource) Uint64() uint64 {
	return uint64(math.Ldexp(SaFloat64(), 63)) << 1
}
func (saRealSource) Seed(seed int64) {}

// SaRandReals returns a *rand.Rand whose words are reals scaled to their
// range (floor(u 2^63), u from SaFloat64): Int63, Uint32, Uint64 and
// Float64 keep the reals' order, so keys compared or sorted are counted
// exactly (as if two wide keys never tied), and so is Shuffle, whose
// multiply-and-shift is floor(u * n) for n dividing the cells; Intn and
// Perm reduce by remainder, which the cells do not decide (the audit's
// second model says so).
func SaRandReals() *rand.Rand {
	return rand.New(saRealSource{})
}

// saCall runs the shuffle; a panic gives the run up, saying why.
func saCall(shuffle func(deck []int), deck []int) {
	defer func() {
		if r := recover(); r != nil {
			saFail(fmt.Sprint("the shuffle panicked: ", r))
		}
	}()
	shuffle(deck)
}

// SaRun answers shuffle-audit's runs with shuffle(deck) until it is done.
func SaRun(shuffle func(deck []int)) {
	for {
		line, err := saIn.ReadString('\n')
		if err != nil {
			if line != "" {
				saFail("a last line with no newline: " + strconv.Quote(line))
			}
			break
		}
		words := strings.Fields(line)
		if len(words) < 2 || words[0] != "shuffle" {
			saFail("expected \"shuffle N\" from shuffle-audit, not " + strconv.Quote(line))
		}
		saPlan, saAt, saUsed, saTold = nil, 0, saUsed[:0], true
		for c := range saReals {
			delete(saReals, c)
		}
		if len(words) > 2 && words[2] == "plan" {
			for _, w := range words[3:] {
				kv := strings.SplitN(w, ":", 2)
				if len(kv) != 2 {
					saFail("a plan's draw is K:V, not " + strconv.Quote(w))
				}
				saPlan = append(saPlan, [2]uint64{saNumber(kv[0]), saNumber(kv[1])})
			}
			saTold = false
		}
		deck := make([]int, saNumber(words[1]))
		for i := range deck {
			deck[i] = i
		}
		saCall(shuffle, deck)
		saTell()
		saOut.WriteString("deck")
		for _, c := range deck {
			saOut.WriteString(" " + strconv.Itoa(c))
		}
		saOut.WriteString("\n")
		saOut.Flush()
	}
	saOut.Flush()
}
