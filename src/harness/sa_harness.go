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
//	shuffle-audit census --exec ./mine -n 5
//
// Or audit it from your own test suite, under go test: put the harness
// in your package as a test file,
//
//	shuffle-audit harness go | sed 's/^package main$/package deck/' > sa_harness_test.go
//
// and assert, in any test:
//
//	func TestShuffleIsFair(t *testing.T) {
//		SaAssertFair(t, func(d []int) { Shuffle(d, SaIntn) }, 5)
//	}
//
// SaAssertFair runs `shuffle-audit census --exec ... -n 5 --summary`
// with the test binary itself as the audited program (it re-runs that one
// test, where the call serves the audit and exits); an unfair verdict, or
// the model's (exit status 1 or 4), fails the test with the report and a
// command that reproduces it, anything else is an error.
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
//     counted as if two never tied; an integer key your code draws
//     itself, Int63, Int, Int31, Uint32 or Uint64, is told as "key K",
//     and the audit states the odds that K-valued keys tie), and
//     Shuffle is counted exactly; Intn and Perm reduce by remainder,
//     which the audit's second model shows the cells do not decide.
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
// that may wait (at the end of each run, unless the next run's line is
// already read); --batch is understood.
// The walk is streamed: the harness offers it on its first line and,
// when shuffle-audit takes it, walks every run itself and writes them
// with no reply awaited (THE EXEC PROTOCOL); SHUFFLE_AUDIT_LOOP=N walks
// N cards here, writing nothing, and prints the runs and seconds (a
// benchmark's baseline).  Go 1.13 or later,
// the standard library only.
package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

var (
	saBits = saEnv("SHUFFLE_AUDIT_RAW_BITS", 32)
	// saRawPlace: how raw words sit in wider ones (saRepeat); saRawIndex:
	// the raw words placed so far in the run.
	saRawPlace = saEnv("SHUFFLE_AUDIT_RAW_PLACE", 0)
	saRawIndex uint64
	saCells    = saEnv("SHUFFLE_AUDIT_REAL_CELLS", 1<<32)
	saPlace    = saEnv("SHUFFLE_AUDIT_REAL_PLACE", 0)
	saIn       = bufio.NewReaderSize(os.Stdin, 1<<16)
	saOut      = bufio.NewWriterSize(os.Stdout, 1<<16)
	saPlan     [][2]uint64 // this run's offered draws
	saAt       int         // the plan's draws taken so far
	saAsked    []byte      // the line "asked" so far
	saTold     = true      // "asked" is said (or there was no plan)
	saLong     []byte      // a line longer than saIn's buffer, gathered
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
	text := "sa_harness: " + strings.NewReplacer("\n", " ", "\r", " ").Replace(why)
	if saW.on && saW.emit { // a streamed run, given up
		if len(text) > 1024 {
			text = text[:1024]
		}
		saOut.Write(saW.out)
		saOut.Write([]byte{'R', 'X', byte(len(text)), byte(len(text) >> 8)})
		saOut.WriteString(text)
	} else {
		saOut.WriteString("error " + text + "\n")
	}
	saOut.Flush()
	os.Exit(2)
}

func saTell() {
	if !saTold {
		saOut.Write(append(saAsked, '\n'))
		saTold = true
	}
}

// saLine: the next line of input, its newline kept, in saIn's buffer (or
// saLong's) until the next read; at the input's end, what was left of
// it and the error.
func saLine() ([]byte, error) {
	line, err := saIn.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return line, err
	}
	saLong = append(saLong[:0], line...)
	for err == bufio.ErrBufferFull {
		line, err = saIn.ReadSlice('\n')
		saLong = append(saLong, line...)
	}
	return saLong, err
}

// saAppendNumber: V's decimal digits onto OUT; a bound or a card below
// 10, the commonest, a byte.
func saAppendNumber(out []byte, v uint64) []byte {
	if v < 10 {
		return append(out, byte('0'+v))
	}
	return strconv.AppendUint(out, v, 10)
}

// saDigits: the whole number of decimal digits that LINE begins with,
// and the bytes after them; false when there are none or it passes 64
// bits.
func saDigits(line []byte) (uint64, []byte, bool) {
	v, i := uint64(0), 0
	for ; i < len(line) && line[i] >= '0' && line[i] <= '9'; i++ {
		d := uint64(line[i] - '0')
		if v > (^uint64(0)-d)/10 {
			return 0, line, false
		}
		v = 10*v + d
	}
	return v, line[i:], i > 0
}

// saWaiting tells whether a whole line of input waits, read and not yet
// taken (Peek of what is buffered reads nothing): the runs shuffle-audit
// makes again after a streamed walk come as many plans in one write, and
// their answers are flushed only when none waits (one write for many
// runs, not one a run).
func saWaiting() bool {
	held, _ := saIn.Peek(saIn.Buffered())
	return bytes.IndexByte(held, '\n') >= 0
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

// saTake: the plan's next draw when it has the bound BOUND; WORD is its
// word of "asked" ("": the bound).
func saTake(bound uint64, word string) (uint64, bool) {
	if saTold {
		return 0, false
	}
	if saAt < len(saPlan) && saPlan[saAt][0] == bound {
		saAsked = append(saAsked, ' ')
		if word == "" {
			saAsked = saAppendNumber(saAsked, bound)
		} else {
			saAsked = append(saAsked, word...)
		}
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

// saPlaced: PLACES, a cell's reals' places in order, with a new real in
// gap GAP among them, midway between its neighbours (0 and 2^52 at the
// ends).
func saPlaced(places []uint64, gap uint64) []uint64 {
	lo, hi := uint64(0), saPlaces
	if gap > 0 {
		lo = places[gap-1]
	}
	if gap < uint64(len(places)) {
		hi = places[gap]
	}
	places = append(places, 0)
	copy(places[gap+1:], places[gap:])
	places[gap] = lo/2 + hi/2
	return places
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
			places = saPlaced(places, gap)
			saReals[cell] = places
			saAsked = append(saAsked, " real"...)
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
	if saW.on {
		return int(saWDraw(uint64(k), 0))
	}
	if v, ok := saTake(uint64(k), ""); ok {
		return int(v)
	}
	return int(saNumber(saAsk("draw " + strconv.Itoa(k))))
}

// SaFloat64 returns a real in [0, 1): a cell of M and a place among the
// run's reals in it, so that int(u * k) for k dividing M and comparisons
// are exact.
func SaFloat64() float64 {
	if saW.on {
		return saWReal()
	}
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
	if saW.on {
		return saWDraw(1<<saBits, 1)
	}
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
//
// Under SHUFFLE_AUDIT_RAW_PLACE 1, 2 or 3 (a copy the auditor starts to
// make runs again) v is at the top instead, the bits below all 0, all 1,
// or those of h(i) | h(i) << 32 for the word's index i in its run: code
// that reads only v's bits lands on the same deck under each.
func saRepeat(v uint64, width uint) uint64 {
	w, b := uint64(0), uint(saBits)
	if b >= width {
		w = v
	} else if saRawPlace == 0 {
		for at := uint(0); at < width; at += b {
			w |= v << at
		}
	} else {
		h := uint32(saRawIndex+1) * 0x9E3779B1
		h ^= h >> 16
		h *= 0x85EBCA6B
		h ^= h >> 13
		low := uint64(h) | uint64(h)<<32
		if saRawPlace == 1 {
			low = 0
		} else if saRawPlace == 2 {
			low = ^uint64(0)
		}
		w = v<<(width-b) | low&(1<<(width-b)-1)
	}
	saRawIndex++
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

// saKeyWidth: the narrowest wide integer key the run drew from
// SaRandReals ("key K", told before its deck; 0: none).  A key is an
// output of Int63, Int, Int31, Uint32 or Uint64 that the user's code
// called itself, told from math/rand's own use of the same words (the
// draws of Shuffle, Perm, Intn, Float64) by the outermost math/rand
// method on the stack: its values are the reals' order, as if two never
// tied, and the audit states the odds that K-valued keys tie.
var saKeyWidth uint64
var saKeyPCs [24]uintptr

func saKeyOf() {
	n := runtime.Callers(3, saKeyPCs[:])
	frames := runtime.CallersFrames(saKeyPCs[:n])
	outer := ""
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "math/rand.") {
			break
		}
		outer = f.Function
		if !more {
			break
		}
	}
	var width uint64
	switch outer {
	case "math/rand.(*Rand).Int63", "math/rand.(*Rand).Int",
		"math/rand.(*Rand).Uint64":
		width = 1 << 63
	case "math/rand.(*Rand).Uint32":
		width = 1 << 32
	case "math/rand.(*Rand).Int31":
		width = 1 << 31
	}
	if width != 0 && (saKeyWidth == 0 || width < saKeyWidth) {
		saKeyWidth = width
	}
}

func (saRealSource) Int63() int64 {
	saKeyOf()
	return int64(math.Ldexp(SaFloat64(), 63))
}
func (saRealSource) Uint64() uint64 {
	saKeyOf()
	return uint64(math.Ldexp(SaFloat64(), 63)) << 1
}
func (saRealSource) Seed(seed int64) {}

// SaRandReals returns a *rand.Rand whose words are reals scaled to their
// range (floor(u 2^63), u from SaFloat64): Int63, Uint32, Uint64 and
// Float64 keep the reals' order, so keys compared or sorted are counted
// as if two never tied (an integer key's width told, saKeyOf, for the
// audit to bound its ties), and Shuffle exactly, whose
// multiply-and-shift is floor(u * n) for n dividing the cells; Intn and
// Perm reduce by remainder, which the cells do not decide (the audit's
// second model says so).
func SaRandReals() *rand.Rand {
	return rand.New(saRealSource{})
}

// The streamed walk: the odometer here, each run's draws and deck out.
// A digit of the record has a value, a bound, a kind (0 a draw, 1 a raw
// word, 2 a real's cell, 3 a real's place) and, for a real, the float64
// it gave.
var saW struct {
	on, emit   bool
	val, bound []uint64
	kind       []byte
	u          []float64
	pos, req   int
	cap, from  int
	cut        []byte // the item a run was cut at, or nil
	mix        uint64
	reals      map[uint64][]uint64
	out        []byte // the transcript not yet written
}

// saWDigit: the record's digit at pos when it has one below BOUND of
// KIND, else a new one, 0 (the record past it was another run's).
func saWDigit(bound uint64, kind byte) uint64 {
	p := saW.pos
	if p < len(saW.val) {
		if saW.bound[p] == bound && saW.kind[p] == kind {
			saW.pos = p + 1
			return saW.val[p]
		}
		saWTruncate(p)
		if p < saW.from {
			saW.from = p
		}
	}
	saW.val = append(saW.val, 0)
	saW.bound = append(saW.bound, bound)
	saW.kind = append(saW.kind, kind)
	saW.u = append(saW.u, 0)
	saW.pos = p + 1
	return 0
}

func saWTruncate(n int) {
	saW.val, saW.bound = saW.val[:n], saW.bound[:n]
	saW.kind, saW.u = saW.kind[:n], saW.u[:n]
}

// saMixed: an answer past a cut; any will do, nothing past it counts.
func saMixed(k uint64) uint64 {
	saW.mix = saW.mix*6364136223846793005 + 1442695040888963407
	if k == 0 {
		return 0
	}
	return (saW.mix >> 17) % k
}

// saWCut: whether the run is cut at this request (the depth, or
// --max-draws, or a bound out of range): its item is left open.
func saWCut(tag byte, arg uint64, n int) bool {
	if saW.cut != nil {
		return true
	}
	if saW.req < saW.cap && tag != 'b' {
		return false
	}
	saW.cut = make([]byte, 1+n)
	saW.cut[0] = tag
	for i := 0; i < n; i++ {
		saW.cut[1+i] = byte(arg >> (8 * i))
	}
	return true
}

func saWDraw(k uint64, kind byte) uint64 {
	ok := k >= 1 && k <= 1<<32
	var cut bool
	switch {
	case kind == 1:
		cut = saWCut('w', saBits, 8)
	case ok:
		cut = saWCut('d', k-1, 4)
	default:
		cut = saWCut('b', k, 8)
	}
	if cut {
		return saMixed(k)
	}
	saW.req++
	return saWDigit(k, kind)
}

func saWReal() float64 {
	if saWCut('u', 0, 0) {
		return float64(saMixed(1<<53)) / (1 << 53)
	}
	saW.req++
	at := saW.pos
	cell := saWDigit(saCells, 2)
	places := saW.reals[cell]
	k := uint64(len(places))
	gap := uint64(0)
	if k > 0 {
		gap = saWDigit(k+1, 3)
	}
	places = saPlaced(places, gap)
	saW.reals[cell] = places
	saW.u[at] = saRealAt(cell, places[gap])
	return saW.u[at]
}

// saWOnce: one run of the odometer as it stands, its transcript out.
func saWOnce(shuffle func(deck []int), n int) {
	saW.pos, saW.req, saW.cut = 0, 0, nil
	for c := range saW.reals {
		delete(saW.reals, c)
	}
	deck := make([]int, n)
	for i := range deck {
		deck[i] = i
	}
	saCall(shuffle, deck)
	if saW.cut == nil && saW.pos < len(saW.val) {
		saWTruncate(saW.pos)
	}
	if !saW.emit {
		return
	}
	f := saW.from
	if saW.pos < f {
		f = saW.pos
	}
	if f < saW.pos && saW.kind[f] == 3 {
		f--
	}
	kept := 0
	for d := 0; d < f; d++ {
		if saW.kind[d] != 3 {
			kept++
		}
	}
	var b [17]byte
	le := binary.LittleEndian
	saW.out = append(saW.out, 'R', 'K')
	le.PutUint32(b[:], uint32(kept))
	saW.out = append(saW.out, b[:4]...)
	for d := f; d < saW.pos; d++ {
		switch saW.kind[d] {
		case 0:
			b[0] = 'v'
			le.PutUint32(b[1:], uint32(saW.bound[d]-1))
			le.PutUint32(b[5:], uint32(saW.val[d]))
			saW.out = append(saW.out, b[:9]...)
		case 1:
			b[0] = 'W'
			le.PutUint64(b[1:], saBits)
			le.PutUint64(b[9:], saW.val[d])
			saW.out = append(saW.out, b[:17]...)
		case 2:
			b[0] = 'U'
			le.PutUint64(b[1:], math.Float64bits(saW.u[d]))
			saW.out = append(saW.out, b[:9]...)
		}
	}
	if saW.cut != nil {
		saW.out = append(saW.out, saW.cut...)
		return
	}
	saW.out = append(saW.out, 'D', byte(n))
	for _, c := range deck {
		if c < 0 || c >= 255 {
			c = 255
		}
		saW.out = append(saW.out, byte(c))
	}
}

// saRepeats: how many times run DONE+1 (in its part) is run again, as
// the auditor's engine does: one in EVERY, the k-th at least FLOOR / k.
func saRepeats(done, every, floor uint64) uint64 {
	k := done + 1
	least := (floor + k - 1) / k
	base := uint64(0)
	if done%every == 0 {
		base = 1
	}
	if k <= floor && least > base {
		return least
	}
	return base
}

// saWAdvance: the odometer past its run, as the auditor's; false when
// the walk is over.
func saWAdvance(skip bool, part, parts uint64) bool {
	k := len(saW.val)
	if skip {
		if k > 0 {
			k = 1
		}
	} else {
		for k > 0 && saW.val[k-1]+1 == saW.bound[k-1] {
			k--
		}
	}
	if k == 0 {
		return false
	}
	if k == 1 {
		v := saW.val[0] + 1
		for v%parts != part && v < saW.bound[0] {
			v++
		}
		if v >= saW.bound[0] {
			return false
		}
		saW.val[0] = v
	} else {
		saW.val[k-1]++
	}
	saWTruncate(k)
	saW.from = k - 1
	return true
}

// saWalk: every run of SHUFFLE in the auditor's order, the walk "walk N
// PART PARTS DEPTH MAX EVERY FLOOR" asks for (A); its transcript written
// when EMIT.  The runs walked.
func saWalk(shuffle func(deck []int), a []uint64, emit bool) uint64 {
	n, part, parts := int(a[0]), a[1], a[2]
	if parts == 0 || part >= parts {
		saFail("a walk's part is below its parts")
	}
	saW.on, saW.emit = true, emit
	saW.cap = int(a[4])
	if a[3] > 0 {
		saW.cap = int(a[3])
	}
	saWTruncate(0)
	saW.from, saW.mix = 0, 1
	saW.reals = map[uint64][]uint64{}
	saW.out = saW.out[:0]
	done, runs := uint64(0), uint64(0)
	last := time.Now()
	for {
		saWOnce(shuffle, n)
		skip := parts > 1 && len(saW.val) > 0 && saW.val[0]%parts != part
		skip = skip || (parts > 1 && len(saW.val) == 0 && part != 0)
		if saW.cut == nil && !skip {
			t := uint64(0)
			if a[5] > 0 {
				t = saRepeats(done, a[5], a[6])
			}
			for ; t > 0; t-- {
				saW.from = len(saW.val)
				saWOnce(shuffle, n)
			}
			done++
		}
		runs++
		// Written once in a while, so that a slow walk is seen to move.
		if emit && (len(saW.out) > 1<<16 || (runs%64 == 0 &&
			time.Since(last) > 10*time.Millisecond)) {
			saOut.Write(saW.out)
			saOut.Flush()
			saW.out = saW.out[:0]
			last = time.Now()
		}
		if !saWAdvance(skip, part, parts) {
			break
		}
	}
	if emit {
		saW.out = append(saW.out, 'E', 0, 0, 0, 0, 0, 0)
		saOut.Write(saW.out)
		saOut.Flush()
		saW.out = saW.out[:0]
	}
	saW.on = false
	return runs
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
	if n := saEnv("SHUFFLE_AUDIT_LOOP", 0); n > 0 {
		// A benchmark's baseline: the walk here, nothing written.
		start := time.Now()
		runs := saWalk(shuffle, []uint64{n, 0, 1, 0, 1 << 20, 0, 0}, false)
		fmt.Printf("%d runs in %.6f s\n", runs, time.Since(start).Seconds())
		return
	}
	line, err := saLine()
	if err == nil && bytes.HasPrefix(line, []byte("shuffle ")) {
		// The offer of a streamed walk, on the first line (kept: it is
		// the first run's when the walk is declined).
		first := string(line)
		saOut.WriteString("stream 1 plan raw-place\n")
		saOut.Flush()
		answer, _ := saIn.ReadString('\n')
		words := strings.Fields(answer)
		if len(words) == 8 && words[0] == "walk" {
			a := make([]uint64, 7)
			for i := range a {
				a[i] = saNumber(words[i+1])
			}
			saWalk(shuffle, a, true)
			line, err = saLine()
		} else if answer != "plain\n" {
			saFail("expected \"walk ...\" or \"plain\" from shuffle-audit, not " + strconv.Quote(answer))
		} else {
			line = []byte(first)
		}
	}
	// Each run's line read as bytes where it lies in the input, its answer
	// written as bytes: the runs made again after a streamed walk come
	// here, one a run.
	var out []byte
	var deck []int
	for held := true; ; held = false {
		if !held {
			line, err = saLine()
		}
		if err != nil {
			if len(line) != 0 {
				saFail("a last line with no newline: " + strconv.Quote(string(line)))
			}
			break
		}
		rest := bytes.TrimRight(line, "\r\n")
		n, rest, ok := saDigits(bytes.TrimPrefix(rest, []byte("shuffle ")))
		if !bytes.HasPrefix(line, []byte("shuffle ")) || !ok ||
			(len(rest) > 0 && rest[0] != ' ') || n > 1<<31 {
			saFail("expected \"shuffle N\" from shuffle-audit, not " + strconv.Quote(string(line)))
		}
		saPlan, saAt, saTold = saPlan[:0], 0, true
		saRawIndex = 0
		saKeyWidth = 0
		for c := range saReals {
			delete(saReals, c)
		}
		if bytes.HasPrefix(rest, []byte(" plan")) && (len(rest) == 5 || rest[5] == ' ') {
			for rest = rest[5:]; len(rest) > 0 && rest[0] == ' '; {
				k, after, okK := saDigits(rest[1:])
				v, after2, okV := uint64(0), after, false
				if len(after) > 0 && after[0] == ':' {
					v, after2, okV = saDigits(after[1:])
				}
				if !okK || !okV || (len(after2) > 0 && after2[0] != ' ') {
					saFail("a plan's draw is K:V, not " + strconv.Quote(string(rest)))
				}
				saPlan = append(saPlan, [2]uint64{k, v})
				rest = after2
			}
			saAsked = append(saAsked[:0], "asked"...)
			saTold = false
		}
		if uint64(cap(deck)) < n {
			deck = make([]int, n)
		}
		deck = deck[:n]
		for i := range deck {
			deck[i] = i
		}
		saCall(shuffle, deck)
		saTell()
		out = out[:0]
		if saKeyWidth != 0 {
			out = append(out, "key "...)
			out = saAppendNumber(out, saKeyWidth)
			out = append(out, '\n')
		}
		out = append(out, "deck"...)
		for _, c := range deck {
			out = append(out, ' ')
			if c >= 0 {
				out = saAppendNumber(out, uint64(c))
			} else {
				out = strconv.AppendInt(out, int64(c), 10)
			}
		}
		saOut.Write(append(out, '\n'))
		if !saWaiting() { // flushed before a read that may wait
			saOut.Flush()
		}
	}
	saOut.Flush()
}

// SaT is what SaAssertFair needs of a test; *testing.T and *testing.B
// have it.  (The harness does not import testing, so that a program built
// with it links none of it.)
type SaT interface {
	Helper()
	Name() string
	Fatal(args ...interface{})
}

// saCalls counts each test's calls of SaAssertFair, so that the child
// serves the call the parent made: its key is the test's name and the
// call's ordinal in it, "TestX:2".
var saCalls struct {
	sync.Mutex
	n map[string]int
}

// SaAssertFair audits SHUFFLE on CARDS cards exactly as `shuffle-audit
// census --exec COMMAND -n CARDS --summary EXTRA...` does, COMMAND being
// this test binary re-run for this test alone with SHUFFLE_AUDIT_CHILD
// naming the call, and returns the report when the verdict is fair (exit
// status 0).  An unfair verdict (1) or the model's (4) fails the test
// with the report and a shell command that reproduces it; any other
// status (3: the code misbehaved; 2: refused) is an error, reported with
// its reason.  EXTRA are further census flags ("--raw-bits", "3").
// shuffle-audit is $SHUFFLE_AUDIT when that is set, else found on PATH.
//
// In the child (SHUFFLE_AUDIT_CHILD set), the call the parent made
// serves the audit (SaRun), on descriptor 3, and exits the process; the
// test's other calls return at once.  What the test does before the call
// is done again in each child; what it writes on standard output there
// goes to standard error (the child command says 3>&1 1>&2).
func SaAssertFair(t SaT, shuffle func(deck []int), cards int,
	extra ...string) string {
	t.Helper()
	saCalls.Lock()
	if saCalls.n == nil {
		saCalls.n = map[string]int{}
	}
	saCalls.n[t.Name()]++
	key := t.Name() + ":" + strconv.Itoa(saCalls.n[t.Name()])
	saCalls.Unlock()
	if child, ok := os.LookupEnv("SHUFFLE_AUDIT_CHILD"); ok {
		if child == key {
			saOut = bufio.NewWriterSize(os.NewFile(3, "shuffle-audit"), 1<<16)
			SaRun(shuffle)
			os.Exit(0)
		}
		return ""
	}
	bin, shown, err := saAuditor()
	if err != nil {
		t.Fatal("error: " + err.Error())
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal("error: the test binary cannot be found: " + err.Error())
	}
	var pattern []string
	for _, part := range strings.Split(t.Name(), "/") {
		pattern = append(pattern, "^"+regexp.QuoteMeta(part)+"$")
	}
	child := func(exe string) string {
		return "SHUFFLE_AUDIT_CHILD=" + saQuoted(key) + " " + saQuoted(exe) +
			" -test.run " + saQuoted(strings.Join(pattern, "/")) + " 3>&1 1>&2"
	}
	flags := append([]string{"-n", strconv.Itoa(cards), "--summary"}, extra...)
	cmd := exec.Command(bin, append([]string{"census", "--exec", child(self)},
		flags...)...)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	err = cmd.Run()
	status := 0
	var exited *exec.ExitError
	if errors.As(err, &exited) {
		status = exited.ExitCode()
	} else if err != nil {
		t.Fatal("error: " + shown + " cannot be run: " + err.Error())
	}
	if status == 0 {
		return out.String()
	}
	repro := saAgain(self, shown, child, flags)
	report := out.String()
	head := "shuffle-audit census, exit status " + strconv.Itoa(status) + ": "
	if status == 1 || status == 4 {
		t.Fatal(head + saField(report, "verdict") + "\n" + report +
			"reproduce: " + repro)
	}
	// The reason: the report's problem (3, misbehaved), or the
	// auditor's own line on standard error (2, refused).
	why := saField(report, "problem")
	for _, line := range strings.Split(errs.String(), "\n") {
		if strings.HasPrefix(line, "shuffle-audit: ") {
			why = line
		}
	}
	if status == 3 {
		why = "misbehaved: " + why
	} else if why == "" {
		why = "no report"
	}
	t.Fatal("error: " + head + why + "\n" + report + "reproduce: " + repro)
	return ""
}

// saAgain: the census of the test binary SELF as a command for a shell in
// the directory the test ran in, CHILD making the child command for the
// binary's path there: go test's own binary is gone by then, so the
// command builds it first.
func saAgain(self, shown string, child func(string) string,
	flags []string) string {
	again, build := self, ""
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, self); err == nil &&
			!strings.HasPrefix(rel, "..") {
			again = "./" + rel
		}
	}
	if strings.Contains(self, string(filepath.Separator)+"go-build") {
		again = "./" + filepath.Base(self)
		build = "go test -c -o " + saQuoted(again) + " && "
	}
	cmd := build + saQuoted(shown) + " census --exec '" +
		strings.Replace(child(again), "'", `'\''`, -1) + "'"
	for _, f := range flags {
		cmd += " " + saQuoted(f)
	}
	return cmd
}

// saAuditor: the shuffle-audit to run, and its name for a shell
// ($SHUFFLE_AUDIT, or shuffle-audit found on PATH); an error says where
// it looked.
func saAuditor() (string, string, error) {
	if bin, ok := os.LookupEnv("SHUFFLE_AUDIT"); ok {
		if st, err := os.Stat(bin); err != nil || st.IsDir() ||
			st.Mode()&0111 == 0 {
			return "", "", errors.New("shuffle-audit not found: " +
				"SHUFFLE_AUDIT is " + strconv.Quote(bin) +
				", not an executable file")
		}
		return bin, bin, nil
	}
	bin, err := exec.LookPath("shuffle-audit")
	if err != nil {
		return "", "", errors.New("shuffle-audit not found: SHUFFLE_AUDIT " +
			"is not set and no shuffle-audit on PATH (" +
			os.Getenv("PATH") + ")")
	}
	return bin, "shuffle-audit", nil
}

// saQuoted: S as one word for sh, in double quotes when it needs any.
func saQuoted(s string) string {
	plain := s != ""
	for _, c := range s {
		if !strings.ContainsRune("abcdefghijklmnopqrstuvwxyz"+
			"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=@%+,-", c) {
			plain = false
		}
	}
	if plain {
		return s
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`,
		"`", "\\`").Replace(s) + `"`
}

// saField: the report's field NAME, its lines joined ("" when none).
func saField(report, name string) string {
	var words []string
	in := false
	for _, line := range strings.Split(report, "\n") {
		if strings.HasPrefix(line, name+" ") {
			in = true
			words = append(words, strings.Fields(line)[1:]...)
		} else if in && strings.HasPrefix(line, " ") {
			words = append(words, strings.Fields(line)...)
		} else {
			in = false
		}
	}
	return strings.Join(words, " ")
}
