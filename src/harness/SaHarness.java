// SaHarness.java - audit a Java shuffle with shuffle-audit, exactly.
//
// Write a few lines that hand your shuffle to run():
//
//     import java.util.Collections;
//
//     public class Mine {
//         public static void main(String[] args) {
//             SaHarness.run(deck -> Collections.shuffle(deck, SaHarness.random()));
//         }
//     }
//
// and audit it:
//
//     javac SaHarness.java Mine.java
//     shuffle-audit census --exec 'java Mine' -n 5
//
// Your function gets a List<Integer> of the cards 0 .. n-1 (runArray: an
// int[]) and shuffles it in place.  SaHarness.random() is the
// java.util.Random to give it: shuffle-audit answers it, walking every
// run your shuffle can take.  (Math.random(), ThreadLocalRandom and a
// Random of your own are not answered; shuffle-audit sees such hidden
// randomness and says so.)
//
//   Mode.DRAW (the default) judges your loop: nextInt(bound) and
//   nextInt(origin, bound) ask "draw K" (so Collections.shuffle is
//   audited as written), nextDouble() asks "real": a cell of M equal
//   cells, M = lcm(1..n) unless --real-cells says otherwise, and a place
//   among the run's earlier reals in it, so that (int) (nextDouble() * k)
//   is exactly uniform for every k dividing M and reals compare as
//   independent uniform reals do.  nextInt(), nextLong(), nextFloat() and
//   nextBoolean() are reals scaled to their range (floor(u 2^32) and so
//   on; nextBoolean() is u < 1/2), so that keys sorted or compared and
//   coins are counted exactly, but for keys' ties: a key wider than a
//   real's cells is counted as if two never tied, and the run says "key
//   2^bits" before its deck, so the audit states the odds that its keys
//   tie (C(keys, 2) / 2^32 for nextInt()) and leaves the verdict to the
//   model (exit status 4).  nextGaussian() and nextBytes() are refused,
//   with the way round.
//
//   Mode.LIBRARY judges Java's own reduction: next(bits) is one raw word
//   of the --raw-bits B width, the top B bits of its output and repeated
//   below them (the word v, then v again under it, and so on), so that
//   every B adjacent bits vary as a uniform output's would.  Exact at B
//   bits: nextInt(bound) for bound a power of two up to 2^B (its top
//   bits), nextBoolean(), next(bits) for bits up to B.  A model: the
//   rest, nextInt(bound) for other bounds above all (a remainder over 31
//   bits, rejected near the top), which the audit counts again a bit
//   wider before it calls the code unfair.  Rejection has no end of runs:
//   audit it by layers (census --layers --depth D).  nextDouble stays a
//   real.
//
// A call the mode does not answer, or an exception from the shuffle,
// gives the run up with a line "error ..." that shuffle-audit reports.
// draw(k), real() and raw() ask shuffle-audit directly.  Lines are
// flushed before every read that may wait (at the end of each run, unless
// the next run's line is already read); --batch is understood.
// The walk is streamed: the harness offers it on its first line and,
// when shuffle-audit takes it, walks every run itself and writes them
// with no reply awaited (THE EXEC PROTOCOL); SHUFFLE_AUDIT_LOOP=N walks
// N cards here, writing nothing, and prints the runs and seconds (a
// benchmark's baseline).  Java 8 or later, the standard library only.
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

public final class SaHarness {
    public enum Mode { DRAW, LIBRARY }

    private static final int BITS = envInt("SHUFFLE_AUDIT_RAW_BITS", 32);
    // How raw words sit in wider ones (see repeat), and the raw words
    // placed so far in the run.
    private static final int RAW_PLACE = envInt("SHUFFLE_AUDIT_RAW_PLACE", 0);
    private static long rawIndex = 0;
    private static final long CELLS = envLong("SHUFFLE_AUDIT_REAL_CELLS", 1L << 32);
    private static final int PLACE = envInt("SHUFFLE_AUDIT_REAL_PLACE", 0);
    private static final long PLACES = 1L << 52; // a place, in 2^-52 of a cell
    // Standard input, read here into a buffer of the harness's own (from
    // the descriptor, past System.in's buffer), so that whether a whole
    // line already waits is known (waiting()).
    private static final InputStream in = new FileInputStream(FileDescriptor.in);
    private static byte[] inBuf = new byte[1 << 17];
    private static int inAt, inLen;             // taken up to, read up to
    private static final PrintWriter out = new PrintWriter(
        new OutputStreamWriter(System.out, StandardCharsets.US_ASCII), false);
    private static String[] plan;               // this run's line: its draws
    private static int planned, used;           // offered from plan[3], taken
    // the plan's reals taken this run: cell -> their places, in order
    private static final java.util.HashMap<Long, ArrayList<Long>> reals =
        new java.util.HashMap<>();
    private static final StringBuilder asked = new StringBuilder();
    private static boolean told = true;         // "asked" is said
    private static long keyWidth;               // the run's narrowest wide key, 0: none
    private static Mode mode = Mode.DRAW;
    private static final Random RANDOM = new Answered();

    private SaHarness() {
    }

    private static int envInt(String name, int otherwise) {
        String v = System.getenv(name);
        return v == null ? otherwise : Integer.parseInt(v);
    }

    private static long envLong(String name, long otherwise) {
        String v = System.getenv(name);
        return v == null ? otherwise : Long.parseLong(v);
    }

    // Gives the run up: the reason goes to shuffle-audit, which reports
    // it ("error ..."), and to standard error.
    private static void fail(String why) {
        System.err.println("sa_harness: " + why);
        System.err.flush();
        String text = "sa_harness: " + why.replace('\n', ' ').replace('\r', ' ');
        if (wOn && wEmit) { // a streamed run, given up
            byte[] msg = text.getBytes(StandardCharsets.UTF_8);
            int len = Math.min(msg.length, 1024);
            System.out.write(wOut, 0, wHave);
            System.out.write(new byte[] { 'R', 'X', (byte) len, (byte) (len >> 8) }, 0, 4);
            System.out.write(msg, 0, len);
            System.out.flush();
        } else {
            out.print("error " + text + "\n");
            out.flush();
        }
        System.exit(2);
    }

    private static void tell() {
        if (!told) {
            out.print(asked.append('\n'));
            told = true;
        }
    }

    // The next line of standard input, without its newline (or a \r
    // before it), as BufferedReader.readLine gives it; null at the end.
    private static String readLine() throws IOException {
        for (int from = inAt;;) {
            for (int i = from; i < inLen; i++) {
                if (inBuf[i] == '\n') {
                    int end = i > inAt && inBuf[i - 1] == '\r' ? i - 1 : i;
                    String line = new String(inBuf, inAt, end - inAt,
                        StandardCharsets.US_ASCII);
                    inAt = i + 1;
                    return line;
                }
            }
            // Part of a line, if any, to the front, and room to read: a
            // read of 64 KiB or more, so that nothing is held below.
            System.arraycopy(inBuf, inAt, inBuf, 0, inLen - inAt);
            inLen -= inAt;
            inAt = 0;
            from = inLen;
            if (inBuf.length - inLen < 1 << 16)
                inBuf = java.util.Arrays.copyOf(inBuf, 2 * inBuf.length);
            int got = in.read(inBuf, inLen, inBuf.length - inLen);
            if (got <= 0) {
                if (inLen == 0)
                    return null;
                String line = new String(inBuf, 0, inLen, StandardCharsets.US_ASCII);
                inLen = 0;
                return line;
            }
            inLen += got;
        }
    }

    // Whether a whole line of input waits, read and not yet taken: the
    // runs shuffle-audit makes again after a streamed walk come as many
    // plans in one write, and their answers are flushed only when none
    // waits (one write for many runs, not one a run).
    private static boolean waiting() {
        for (int i = inAt; i < inLen; i++)
            if (inBuf[i] == '\n')
                return true;
        return false;
    }

    private static String ask(String line) {
        tell();
        out.print(line + "\n");
        out.flush();
        try {
            String answer = readLine();
            if (answer == null)
                fail("shuffle-audit closed the line in the middle of a run");
            return answer;
        } catch (IOException e) {
            fail("reading from shuffle-audit: " + e.getMessage());
            return null;
        }
    }

    // Draw AT of the plan: {bound, value}, or null past its end; each
    // K:V is read when it is reached.
    private static long[] offered(int at) {
        if (at >= planned)
            return null;
        String kv = plan[3 + at];
        int colon = kv.indexOf(':');
        if (colon <= 0)
            fail("a plan's draw is K:V, not \"" + kv + "\"");
        return new long[] { Long.parseLong(kv.substring(0, colon)),
            Long.parseLong(kv.substring(colon + 1)) };
    }

    // The plan's next draw when it has the bound BOUND, else -1.
    private static long take(long bound, String word) {
        if (told)
            return -1;
        long[] kv = offered(used);
        if (kv != null && kv[0] == bound) {
            used++;
            asked.append(' ').append(word);
            return kv[1];
        }
        tell();
        return -1;
    }

    /** A whole number in [0, k), 1 <= k <= 2^32. */
    public static long draw(long k) {
        if (wOn)
            return walkDraw(k, 0);
        long v = take(k, Long.toString(k));
        return v >= 0 ? v : Long.parseLong(ask("draw " + k));
    }

    // Cell CELL at place POS as a double, exactly as shuffle-audit makes
    // it: (cell 2^d + a) / (M 2^d), pos = a 2^t with a odd, d = 52 - t.
    private static double realAt(long cell, long pos) {
        int t = Long.numberOfTrailingZeros(pos), d = 52 - t + PLACE;
        return (double) ((cell << d) + (pos >>> t)) / (double) (CELLS << d);
    }

    // The plan's next real: its cell, and its place among the run's
    // earlier reals in that cell when there are any; else NaN.
    private static double takeReal() {
        if (told)
            return Double.NaN;
        long[] kv = offered(used);
        if (kv != null && kv[0] == CELLS) {
            ArrayList<Long> places = reals.computeIfAbsent(kv[1],
                c -> new ArrayList<>());
            int k = places.size();
            long[] next = k > 0 ? offered(used + 1) : null;
            if (k == 0 || (next != null && next[0] == k + 1)) {
                int gap = k > 0 ? (int) next[1] : 0;
                long lo = gap > 0 ? places.get(gap - 1) : 0;
                long hi = gap < k ? places.get(gap) : PLACES;
                places.add(gap, (lo + hi) / 2);
                used += k > 0 ? 2 : 1;
                asked.append(" real");
                return realAt(kv[1], places.get(gap));
            }
        }
        tell();
        return Double.NaN;
    }

    /**
     * A real in [0, 1): a cell of M and a place among the run's reals in
     * it, so that floor(u * k) for k dividing M and comparisons are exact.
     */
    public static double real() {
        if (wOn)
            return walkReal();
        double u = takeReal();
        return !Double.isNaN(u) ? u : Double.parseDouble(ask("real"));
    }

    /** A raw word of the --raw-bits B width. */
    public static long raw() {
        if (wOn)
            return walkDraw(1L << BITS, 1);
        long v = take(1L << BITS, "raw");
        return v >= 0 ? v : Long.parseLong(ask("raw"));
    }

    /** The java.util.Random that shuffle-audit answers. */
    public static Random random() {
        return RANDOM;
    }

    // The raw word V of B bits repeated across WIDTH bits, from bit 0 up
    // (v | v << B | v << 2B ...): every run of at most B adjacent bits,
    // the low bits a mask reads and the high bits a shift reads, takes
    // each of its values equally often, as a uniform word's would.
    // Under SHUFFLE_AUDIT_RAW_PLACE 1, 2 or 3 (a copy the auditor starts
    // to make runs again) v is at the top instead, the bits below all 0,
    // all 1, or those of h(i) | h(i) << 32 for the word's index i in its
    // run: code that reads only v's bits lands on the same deck under each.
    private static long repeat(long v, int width) {
        long w = 0;
        if (BITS >= width) {
            w = v;
        } else if (RAW_PLACE == 0) {
            for (int at = 0; at < width; at += BITS)
                w |= v << at;
        } else {
            int h = (int) (rawIndex + 1) * 0x9E3779B1;
            h ^= h >>> 16;
            h *= 0x85EBCA6B;
            h ^= h >>> 13;
            long low = RAW_PLACE == 1 ? 0 : RAW_PLACE == 2 ? -1L
                : (h & 0xffffffffL) | (long) h << 32;
            w = v << (width - BITS) | low & ((1L << (width - BITS)) - 1);
        }
        rawIndex++;
        return width < 64 ? w & ((1L << width) - 1) : w;
    }

    // BITS uniform bits for Mode.DRAW: a draw below 2^bits when that has
    // no more values than a real has cells (exact, ties and all: a coin
    // is a draw below 2), else a real scaled, floor(u 2^bits), whose
    // order is the reals' (keys as if two never tied), and whose ties
    // the run tells before its deck ("key 2^bits") for the audit to bound.
    private static long scaled(int bits) {
        if (bits < 32 && (1L << bits) <= CELLS)
            return draw(1L << bits);
        if (keyWidth == 0 || (1L << bits) < keyWidth)
            keyWidth = 1L << bits;
        return (long) Math.floor(Math.scalb(real(), bits));
    }

    private static final class Answered extends Random {
        private static final long serialVersionUID = 1L;

        // Mode.LIBRARY: the top BITS bits of an output are the raw word
        // (as next() takes the top bits of its state), and wider outputs
        // repeat it below (see repeat).  Mode.DRAW: a real scaled.
        @Override
        protected int next(int bits) {
            if (mode != Mode.LIBRARY)
                return (int) scaled(bits);
            long w = raw();
            return (int) (bits <= BITS ? w >>> (BITS - bits) : repeat(w, bits));
        }

        @Override
        public int nextInt(int bound) {
            if (mode == Mode.LIBRARY)
                return super.nextInt(bound);
            if (bound <= 0)
                throw new IllegalArgumentException("bound must be positive");
            return (int) draw(bound);
        }

        // Java 17's RandomGenerator has this; earlier, it is simply a method.
        public int nextInt(int origin, int bound) {
            if (origin >= bound)
                throw new IllegalArgumentException("bound must be greater than origin");
            if (mode == Mode.LIBRARY)
                return origin + super.nextInt(bound - origin);
            return origin + (int) draw((long) bound - origin);
        }

        // Mode.DRAW: the calls with no bound, as reals scaled to their
        // range, so that keys compare and coins fall exactly.
        @Override
        public int nextInt() {
            return mode == Mode.LIBRARY ? super.nextInt()
                : (int) (scaled(32) + Integer.MIN_VALUE);
        }

        @Override
        public long nextLong() {
            return mode == Mode.LIBRARY ? super.nextLong()
                : 2 * scaled(63) + Long.MIN_VALUE;
        }

        @Override
        public boolean nextBoolean() {
            return mode == Mode.LIBRARY ? super.nextBoolean() : draw(2) == 1;
        }

        @Override
        public float nextFloat() {
            return mode == Mode.LIBRARY ? super.nextFloat()
                : (float) (scaled(24) / (double) (1 << 24));
        }

        @Override
        public double nextGaussian() {
            fail("Random.nextGaussian() was called: a Gaussian is not "
                + "answered in either mode; draw reals with nextDouble() and "
                + "transform them in your own code");
            return 0;
        }

        @Override
        public void nextBytes(byte[] bytes) {
            if (mode != Mode.LIBRARY)
                fail("Random.nextBytes was called: Mode.DRAW answers "
                    + "nextInt(bound), nextInt(), nextLong(), nextBoolean(), "
                    + "nextFloat() and nextDouble(); run with Mode.LIBRARY "
                    + "for bytes from raw words");
            super.nextBytes(bytes);
        }

        @Override
        public double nextDouble() {
            return real();
        }
    }

    /** Answer shuffle-audit's runs with SHUFFLE(deck) until it is done. */
    public static void run(Consumer<List<Integer>> shuffle) {
        run(shuffle, Mode.DRAW);
    }

    public static void run(Consumer<List<Integer>> shuffle, Mode m) {
        serve(n -> {
            List<Integer> deck = new ArrayList<>(n);
            for (int i = 0; i < n; i++)
                deck.add(i);
            shuffle.accept(deck);
            int[] cards = new int[deck.size()];
            for (int i = 0; i < cards.length; i++)
                cards[i] = deck.get(i);
            return cards;
        }, m);
    }

    /** The same for a shuffle of an int[]. */
    public static void runArray(Consumer<int[]> shuffle) {
        runArray(shuffle, Mode.DRAW);
    }

    public static void runArray(Consumer<int[]> shuffle, Mode m) {
        serve(n -> {
            int[] deck = new int[n];
            for (int i = 0; i < n; i++)
                deck[i] = i;
            shuffle.accept(deck);
            return deck;
        }, m);
    }

    private interface Deal {
        int[] deal(int n);
    }

    // The streamed walk: the odometer here, each run's draws and deck
    // out.  A digit of the record has a value, a bound, a kind (0 a draw,
    // 1 a raw word, 2 a real's cell, 3 a real's place) and, for a real,
    // the double it gave.
    private static boolean wOn, wEmit;
    private static long[] wVal = new long[64], wBound = new long[64];
    private static byte[] wKind = new byte[64];
    private static double[] wU = new double[64];
    private static int wLen, wPos, wReq, wCap, wFrom;
    private static byte[] wCut;         // the item a run was cut at, or null
    private static long wMix;
    private static final java.util.HashMap<Long, ArrayList<Long>> wReals =
        new java.util.HashMap<>();
    private static byte[] wOut = new byte[1 << 16];
    private static int wHave;

    // The record's digit at wPos when it has one below BOUND of KIND,
    // else a new one, 0 (the record past it was another run's).
    private static long digit(long bound, int kind) {
        int p = wPos;
        if (p < wLen) {
            if (wBound[p] == bound && wKind[p] == kind) {
                wPos = p + 1;
                return wVal[p];
            }
            wLen = p;
            if (p < wFrom)
                wFrom = p;
        }
        if (p == wVal.length) {
            wVal = java.util.Arrays.copyOf(wVal, 2 * p);
            wBound = java.util.Arrays.copyOf(wBound, 2 * p);
            wKind = java.util.Arrays.copyOf(wKind, 2 * p);
            wU = java.util.Arrays.copyOf(wU, 2 * p);
        }
        wVal[p] = 0;
        wBound[p] = bound;
        wKind[p] = (byte) kind;
        wU[p] = 0;
        wLen = wPos = p + 1;
        return 0;
    }

    // An answer past a cut: any will do, nothing past it is counted.
    private static long mixed(long k) {
        wMix = wMix * 6364136223846793005L + 1442695040888963407L;
        return k >= 1 ? Long.remainderUnsigned(wMix >>> 17, k) : 0;
    }

    // Whether the run is cut at this request (the depth, --max-draws, or
    // a bound out of range): its item is left open.
    private static boolean cut(char tag, long arg, int n) {
        if (wCut != null)
            return true;
        if (wReq < wCap && tag != 'b')
            return false;
        wCut = new byte[1 + n];
        wCut[0] = (byte) tag;
        for (int i = 0; i < n; i++)
            wCut[1 + i] = (byte) (arg >>> (8 * i));
        return true;
    }

    private static long walkDraw(long k, int kind) {
        boolean ok = k >= 1 && k <= 1L << 32;
        if (kind == 1 ? cut('w', BITS, 8) : ok ? cut('d', k - 1, 4) : cut('b', k, 8))
            return mixed(k);
        wReq++;
        return digit(k, kind);
    }

    private static double walkReal() {
        if (cut('u', 0, 0))
            return mixed(1L << 53) / (double) (1L << 53);
        wReq++;
        int at = wPos;
        long cell = digit(CELLS, 2);
        ArrayList<Long> places = wReals.computeIfAbsent(cell, c -> new ArrayList<>());
        int k = places.size();
        int gap = k > 0 ? (int) digit(k + 1, 3) : 0;
        long lo = gap > 0 ? places.get(gap - 1) : 0;
        long hi = gap < k ? places.get(gap) : PLACES;
        places.add(gap, lo / 2 + hi / 2);
        return wU[at] = realAt(cell, places.get(gap));
    }

    private static void put(long v, int n) {
        for (int i = 0; i < n; i++)
            wOut[wHave++] = (byte) (v >>> (8 * i));
    }

    private static void wFlush() {
        System.out.write(wOut, 0, wHave);
        System.out.flush();
        if (System.out.checkError())
            fail("shuffle-audit stopped reading");
        wHave = 0;
    }

    // One run of the odometer as it stands, its transcript out (wEmit).
    private static void walkOnce(Deal deal, int n) {
        wPos = wReq = 0;
        wCut = null;
        wReals.clear();
        int[] deck = null;
        try {
            deck = deal.deal(n);
        } catch (RuntimeException e) {
            fail("the shuffle threw " + e);
        }
        if (wCut == null && wPos < wLen)
            wLen = wPos;
        if (!wEmit)
            return;
        int f = Math.min(wFrom, wPos), kept = 0;
        if (f < wPos && wKind[f] == 3)
            f--;
        for (int d = 0; d < f; d++)
            if (wKind[d] != 3)
                kept++;
        int need = 8 + 17 * (wPos - f) + 9 + deck.length;
        if (wHave + need > wOut.length) {
            wFlush();
            if (need > wOut.length)
                wOut = new byte[2 * need];
        }
        wOut[wHave++] = 'R';
        wOut[wHave++] = 'K';
        put(kept, 4);
        for (int d = f; d < wPos; d++) {
            if (wKind[d] == 0) {
                wOut[wHave++] = 'v';
                put(wBound[d] - 1, 4);
                put(wVal[d], 4);
            } else if (wKind[d] == 1) {
                wOut[wHave++] = 'W';
                put(BITS, 8);
                put(wVal[d], 8);
            } else if (wKind[d] == 2) {
                wOut[wHave++] = 'U';
                put(Double.doubleToRawLongBits(wU[d]), 8);
            }
        }
        if (wCut != null) {
            System.arraycopy(wCut, 0, wOut, wHave, wCut.length);
            wHave += wCut.length;
            return;
        }
        wOut[wHave++] = 'D';
        wOut[wHave++] = (byte) deck.length;
        for (int c : deck)
            wOut[wHave++] = (byte) (c >= 0 && c < 255 ? c : 255);
    }

    // How many times run DONE + 1 (in its part) is run again, as the
    // auditor's engine does: one in EVERY, the k-th at least FLOOR / k.
    private static long repeats(long done, long every, long floor) {
        long k = done + 1, least = (floor + k - 1) / k;
        long base = done % every == 0 ? 1 : 0;
        return k <= floor && least > base ? least : base;
    }

    // The odometer past its run, as the auditor's; false when it is over.
    private static boolean advance(boolean skip, long part, long parts) {
        int k = wLen;
        if (skip)
            k = Math.min(k, 1);
        else
            while (k > 0 && wVal[k - 1] + 1 == wBound[k - 1])
                k--;
        if (k == 0)
            return false;
        if (k == 1) {
            long v = wVal[0] + 1;
            while (v % parts != part && v < wBound[0])
                v++;
            if (v >= wBound[0])
                return false;
            wVal[0] = v;
        } else {
            wVal[k - 1]++;
        }
        wLen = k;
        wFrom = k - 1;
        return true;
    }

    // Every run in the auditor's order, the walk "walk N PART PARTS DEPTH
    // MAX EVERY FLOOR" asks for (A); its transcript written when EMIT.
    private static long walk(Deal deal, long[] a, boolean emit) {
        int n = (int) a[0];
        long part = a[1], parts = a[2];
        if (parts == 0 || part >= parts)
            fail("a walk's part is below its parts");
        out.flush();
        wOn = true;
        wEmit = emit;
        wCap = (int) (a[3] > 0 ? a[3] : a[4]);
        wLen = wFrom = wHave = 0;
        wMix = 1;
        long done = 0, runs = 0, last = System.nanoTime();
        for (;;) {
            walkOnce(deal, n);
            boolean skip = parts > 1 && (wLen > 0 ? wVal[0] % parts : 0) != part;
            if (wCut == null && !skip) {
                for (long t = a[5] > 0 ? repeats(done, a[5], a[6]) : 0; t > 0; t--) {
                    wFrom = wLen;
                    walkOnce(deal, n);
                }
                done++;
            }
            runs++;
            // Written once in a while, so that a slow walk is seen to move.
            if (emit && runs % 64 == 0 && System.nanoTime() - last > 10_000_000L) {
                wFlush();
                last = System.nanoTime();
            }
            if (!advance(skip, part, parts))
                break;
        }
        if (emit) {
            if (wHave + 7 > wOut.length)
                wFlush();
            wOut[wHave++] = 'E';
            put(0, 6);
            wFlush();
        }
        wOn = false;
        return runs;
    }

    private static void serve(Deal deal, Mode m) {
        mode = m;
        String loop = System.getenv("SHUFFLE_AUDIT_LOOP");
        if (loop != null && !loop.isEmpty()) {
            // A benchmark's baseline: the walk here, nothing written.
            long start = System.nanoTime();
            long runs = walk(deal, new long[] { Long.parseLong(loop), 0, 1, 0, 1 << 20, 0, 0 }, false);
            out.print(runs + " runs in " + String.format("%.6f", (System.nanoTime() - start) / 1e9) + " s\n");
            out.flush();
            return;
        }
        try {
            String line = readLine();
            if (line != null && line.startsWith("shuffle ")) {
                // The offer of a streamed walk, on the first line.
                out.print("stream 1 plan raw-place\n");
                out.flush();
                String answer = readLine();
                String[] w = answer == null ? new String[0] : answer.split(" ");
                if (w.length == 8 && w[0].equals("walk")) {
                    long[] a = new long[7];
                    for (int i = 0; i < 7; i++)
                        a[i] = Long.parseLong(w[i + 1]);
                    walk(deal, a, true);
                    line = readLine();
                } else if (!"plain".equals(answer)) {
                    fail("expected \"walk ...\" or \"plain\" from shuffle-audit, not \""
                        + answer + "\"");
                }
            }
            for (; line != null; line = readLine()) {
                String[] words = line.split(" ");
                if (words.length < 2 || !words[0].equals("shuffle"))
                    fail("expected \"shuffle N\" from shuffle-audit, not \""
                        + line + "\"");
                used = 0;
                keyWidth = 0;
                told = true;
                reals.clear();
                rawIndex = 0;
                plan = words;
                planned = 0;
                if (words.length > 2 && words[2].equals("plan")) {
                    planned = words.length - 3;
                    asked.setLength(0);
                    asked.append("asked");
                    told = false;
                }
                int[] deck = null;
                try {
                    deck = deal.deal(Integer.parseInt(words[1]));
                } catch (RuntimeException e) {
                    fail("the shuffle threw " + e);
                }
                tell();
                if (keyWidth != 0)
                    out.print("key " + keyWidth + "\n");
                StringBuilder s = new StringBuilder("deck");
                for (int c : deck)
                    s.append(' ').append(c);
                out.print(s.append('\n'));
                if (!waiting()) // flushed before a read that may wait
                    out.flush();
            }
        } catch (IOException e) {
            fail("reading from shuffle-audit: " + e.getMessage());
        }
        out.flush();
    }
}
