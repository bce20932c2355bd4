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
// Or audit it in your test suite, in a JUnit 5 test (or a plain main):
//
//     @Test
//     void shuffleIsFair() {
//         SaHarness.assertFair(
//             deck -> Collections.shuffle(deck, SaHarness.random()), 5);
//     }
//
// assertFair (assertFairArray for an int[]) runs that audit on a fresh
// JVM that runs the test again, returns the report when the shuffle is
// fair, and fails the test with the report when it is not (see "The
// assertion" below: what running the test again asks of it).
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
import java.io.PrintStream;
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
    private static int inWhole;                 // past the last whole line
    // Standard output as the program started with it: the protocol's.
    // The audited copy an assertion starts (main) points System.out at
    // standard error, so that the test's own prints stay off it.
    private static final PrintStream stdout = System.out;
    private static final PrintWriter out = new PrintWriter(
        new OutputStreamWriter(stdout, StandardCharsets.US_ASCII), false);
    // This run's offered draws (below planK[i], the value planV[i];
    // planned of them), and those taken.
    private static long[] planK = new long[64], planV = new long[64];
    private static int planned, used;
    // the plan's reals taken this run: cell -> their places, in order
    private static final java.util.HashMap<Long, ArrayList<Long>> reals =
        new java.util.HashMap<>();
    // The words of "asked" so far, as the bytes of its line.
    private static byte[] asked = new byte[256];
    private static int askedLen;
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
            stdout.write(wOut, 0, wHave);
            stdout.write(new byte[] { 'R', 'X', (byte) len, (byte) (len >> 8) }, 0, 4);
            stdout.write(msg, 0, len);
            stdout.flush();
        } else {
            byte[] line = ("error " + text + "\n").getBytes(StandardCharsets.UTF_8);
            stdout.write(wOut, 0, wHave);
            stdout.write(line, 0, line.length);
            stdout.flush();
        }
        System.exit(2);
    }

    private static void tell() {
        if (!told) {
            room(6 + askedLen);
            wOut[wHave++] = 'a';
            wOut[wHave++] = 's';
            wOut[wHave++] = 'k';
            wOut[wHave++] = 'e';
            wOut[wHave++] = 'd';
            System.arraycopy(asked, 0, wOut, wHave, askedLen);
            wHave += askedLen;
            wOut[wHave++] = '\n';
            told = true;
        }
    }

    // A word of "asked": a space and BOUND's digits, or WORD ("raw" or
    // "real").
    private static void used(long bound, String word) {
        if (askedLen + 24 > asked.length)
            asked = java.util.Arrays.copyOf(asked, 2 * asked.length);
        asked[askedLen++] = ' ';
        if (word == null) {
            askedLen = digits(asked, askedLen, bound);
        } else {
            for (int i = 0; i < word.length(); i++)
                asked[askedLen++] = (byte) word.charAt(i);
        }
    }

    // V's decimal digits (a minus sign first when below 0) into B at AT;
    // the place after them.
    private static int digits(byte[] b, int at, long v) {
        if (v >= 0 && v < 10) {
            b[at] = (byte) ('0' + v);
            return at + 1;
        }
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                for (char c : "-9223372036854775808".toCharArray())
                    b[at++] = (byte) c;
                return at;
            }
            b[at++] = '-';
            v = -v;
        }
        int end = at;
        for (long t = v; t >= 10; t /= 10)
            end++;
        for (int i = end; i >= at; i--) {
            b[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return end + 1;
    }

    // Room for NEED more bytes in the output: what it holds written out
    // when they would not fit, and the buffer grown past NEED.
    private static void room(int need) {
        if (wHave + need > wOut.length) {
            wFlush();
            if (need > wOut.length)
                wOut = new byte[2 * need];
        }
    }

    // TEXT (ASCII: the protocol's words and numbers) to the output.
    private static void putText(String text) {
        room(text.length());
        for (int i = 0; i < text.length(); i++)
            wOut[wHave++] = (byte) text.charAt(i);
    }

    // The next line of standard input, without its newline (or a \r
    // before it), as BufferedReader.readLine gives it; null at the end.
    private static String readLine() throws IOException {
        return nextLine() ? new String(inBuf, lineStart, lineEnd - lineStart,
            StandardCharsets.US_ASCII) : null;
    }

    private static int lineStart, lineEnd;      // nextLine's, in inBuf

    // The next line of standard input, as readLine's, left in inBuf
    // from lineStart to lineEnd (until the next read); false at the end.
    private static boolean nextLine() throws IOException {
        while (inAt >= inWhole) {
            // Part of a line, if any, to the front, and room to read: a
            // read of 64 KiB or more, so that nothing is held below.
            System.arraycopy(inBuf, inAt, inBuf, 0, inLen - inAt);
            inLen -= inAt;
            inAt = inWhole = 0;
            if (inBuf.length - inLen < 1 << 16)
                inBuf = java.util.Arrays.copyOf(inBuf, 2 * inBuf.length);
            int got = in.read(inBuf, inLen, inBuf.length - inLen);
            if (got <= 0) {
                lineStart = 0;
                lineEnd = inLen;
                inLen = 0;
                return lineEnd > 0;
            }
            inLen += got;
            whole();
        }
        int i = inAt;
        while (inBuf[i] != '\n')
            i++;
        lineStart = inAt;
        lineEnd = i > inAt && inBuf[i - 1] == '\r' ? i - 1 : i;
        inAt = i + 1;
        return true;
    }

    // inWhole found again: past the last newline read, else inAt.
    private static void whole() {
        inWhole = inAt;
        for (int i = inLen; i > inAt; i--) {
            if (inBuf[i - 1] == '\n') {
                inWhole = i;
                break;
            }
        }
    }

    // Whether a whole line of input waits, read and not yet taken: the
    // runs shuffle-audit makes again after a streamed walk come as many
    // plans in one write, and their answers are flushed only when none
    // waits (one write for many runs, not one a run).
    private static boolean waiting() {
        return inAt < inWhole;
    }

    private static String ask(String line) {
        tell();
        putText(line + "\n");
        wFlush();
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

    // The plan's next draw when it has the bound BOUND, else -1; WORD
    // is its word of "asked" (null: the bound).
    private static long take(long bound, String word) {
        if (told)
            return -1;
        if (used < planned && planK[used] == bound) {
            used(bound, word);
            return planV[used++];
        }
        tell();
        return -1;
    }

    /** A whole number in [0, k), 1 <= k <= 2^32. */
    public static long draw(long k) {
        if (wOn)
            return walkDraw(k, 0);
        long v = take(k, null);
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
        if (used < planned && planK[used] == CELLS) {
            long cell = planV[used];
            ArrayList<Long> places = reals.computeIfAbsent(cell,
                c -> new ArrayList<>());
            int k = places.size();
            if (k == 0 || (used + 1 < planned && planK[used + 1] == k + 1)) {
                int gap = k > 0 ? (int) planV[used + 1] : 0;
                long lo = gap > 0 ? places.get(gap - 1) : 0;
                long hi = gap < k ? places.get(gap) : PLACES;
                places.add(gap, (lo + hi) / 2);
                used += k > 0 ? 2 : 1;
                used(0, "real");
                return realAt(cell, places.get(gap));
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
        stdout.write(wOut, 0, wHave);
        stdout.flush();
        if (stdout.checkError())
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
        wFlush();
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
            boolean more = nextLine();
            if (more && starts(lineStart, lineEnd, SHUFFLE)) {
                // The offer of a streamed walk, on the first line (kept:
                // it is the first run's when the walk is declined).
                byte[] first = java.util.Arrays.copyOfRange(inBuf, lineStart,
                    lineEnd + 1);
                first[first.length - 1] = '\n';
                putText("stream 1 plan raw-place\n");
                wFlush();
                String answer = readLine();
                String[] w = answer == null ? new String[0] : answer.split(" ");
                if (w.length == 8 && w[0].equals("walk")) {
                    long[] a = new long[7];
                    for (int i = 0; i < 7; i++)
                        a[i] = Long.parseLong(w[i + 1]);
                    walk(deal, a, true);
                } else if (!"plain".equals(answer)) {
                    fail("expected \"walk ...\" or \"plain\" from shuffle-audit, not \""
                        + answer + "\"");
                } else {
                    // The first line read again, as the first run's.
                    byte[] rest = new byte[Math.max(inBuf.length,
                        first.length + inLen - inAt + (1 << 16))];
                    System.arraycopy(first, 0, rest, 0, first.length);
                    System.arraycopy(inBuf, inAt, rest, first.length, inLen - inAt);
                    inLen = first.length + inLen - inAt;
                    inAt = 0;
                    inBuf = rest;
                    whole();
                }
                more = nextLine();
            }
            // Each run's line read as bytes where it lies in the input,
            // its answer written as bytes: the runs made again after a
            // streamed walk come here, one a run (a method of its own, so
            // that the JIT compiles it whole, not the loop alone).
            for (; more; more = nextLine())
                answer(deal);
        } catch (IOException e) {
            fail("reading from shuffle-audit: " + e.getMessage());
        }
        wFlush();
    }

    // The run of the line nextLine read (LINESTART to LINEEND), made by
    // DEAL, and its answer: "asked", "key" and "deck".
    private static void answer(Deal deal) {
        int end = lineEnd, p = lineStart + 8;
        long n = starts(lineStart, end, SHUFFLE) ? number(p, end) : -1;
        p = numberEnd;
        if (n < 0 || n > Integer.MAX_VALUE || (p < end && inBuf[p] != ' '))
            fail("expected \"shuffle N\" from shuffle-audit, not \""
                + new String(inBuf, lineStart, end - lineStart,
                StandardCharsets.US_ASCII) + "\"");
        used = 0;
        keyWidth = 0;
        told = true;
        reals.clear();
        rawIndex = 0;
        planned = 0;
        if (starts(p, end, PLAN) && (p + 5 == end || inBuf[p + 5] == ' ')) {
            readPlan(p + 5, end);
            askedLen = 0;
            told = false;
        }
        int[] deck = null;
        try {
            deck = deal.deal((int) n);
        } catch (RuntimeException e) {
            fail("the shuffle threw " + e);
        }
        tell();
        if (keyWidth != 0) {
            putText("key ");
            room(24);
            wHave = digits(wOut, wHave, keyWidth);
            wOut[wHave++] = '\n';
        }
        room(5 + 12 * deck.length);
        wOut[wHave++] = 'd';
        wOut[wHave++] = 'e';
        wOut[wHave++] = 'c';
        wOut[wHave++] = 'k';
        for (int c : deck) {
            wOut[wHave++] = ' ';
            wHave = digits(wOut, wHave, c);
        }
        wOut[wHave++] = '\n';
        if (!waiting()) // flushed before a read that may wait
            wFlush();
    }

    // The plan " K:V K:V ..." at P in the input (before END) into planK
    // and planV.
    private static void readPlan(int p, int end) {
        while (p < end && inBuf[p] == ' ') {
            long k = number(p + 1, end), v = -1;
            p = numberEnd;
            if (p < end && inBuf[p] == ':') {
                v = number(p + 1, end);
                p = numberEnd;
            }
            if (k < 0 || v < 0 || (p < end && inBuf[p] != ' '))
                fail("a plan's draw is K:V");
            if (planned == planK.length) {
                planK = java.util.Arrays.copyOf(planK, 2 * planned);
                planV = java.util.Arrays.copyOf(planV, 2 * planned);
            }
            planK[planned] = k;
            planV[planned++] = v;
        }
    }

    private static final byte[] SHUFFLE = { 's', 'h', 'u', 'f', 'f', 'l', 'e', ' ' },
        PLAN = { ' ', 'p', 'l', 'a', 'n' };

    // Whether the input from START to END begins with TEXT.
    private static boolean starts(int start, int end, byte[] text) {
        if (end - start < text.length)
            return false;
        for (int i = 0; i < text.length; i++)
            if (inBuf[start + i] != text[i])
                return false;
        return true;
    }

    private static int numberEnd;               // number's end, in inBuf

    // The whole number of digits at P in the input (before END), its end
    // in numberEnd; -1 when there are none or it passes a long.
    private static long number(int p, int end) {
        long v = 0;
        int from = p;
        for (; p < end && inBuf[p] >= '0' && inBuf[p] <= '9'; p++) {
            if (v > (Long.MAX_VALUE - 9) / 10) {
                numberEnd = p;
                return -1;
            }
            v = 10 * v + (inBuf[p] - '0');
        }
        numberEnd = p;
        return p > from ? v : -1;
    }

    // ---- The assertion: the audit inside a test suite ----
    //
    // assertFair(shuffle, cards) runs shuffle-audit census --exec CHILD
    // -n CARDS --summary (the binary SHUFFLE_AUDIT names, else the one on
    // PATH), where CHILD is a fresh JVM that runs the calling method
    // again (main below), its class path and SHUFFLE_AUDIT_CHILD=K in its
    // environment: there the K-th assertFair call of that method serves
    // the audit instead (run), and the JVM exits.  The method run again
    // is the nearest caller outside the JDK and test runners that takes
    // no parameters (a JUnit 5 test method, on a fresh instance of its
    // class after its @BeforeAll and @BeforeEach methods that take none)
    // or a main(String[]) (given no arguments).  What it does before the
    // call it does again there, its standard output going to standard
    // error (standard output is the protocol's); a test run more than once
    // in its JVM (@RepeatedTest) cannot be audited so.

    /** An audit that gave no verdict: the code misbehaved (exit status
     *  3), a usage error (2), no shuffle-audit; a test error, not a
     *  failure. */
    public static final class AuditError extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        public AuditError(String message) {
            super(message);
        }
    }

    // The assertFair calls made so far, by the method run again; in the
    // audited copy, the call that serves the audit.
    private static final java.util.HashMap<String, Integer> calls =
        new java.util.HashMap<>();
    private static String childKey;
    private static int childCall;

    /** Audits SHUFFLE at CARDS cards, as census --exec would: returns
     *  the report when it is fair; throws a failure (opentest4j's
     *  AssertionFailedError when it is on the class path, else an
     *  AssertionError) when it is unfair (exit status 1) or the model
     *  decides (4), the report and the command that reproduces it in
     *  its message; throws AuditError otherwise.  EXTRA_ARGS go to
     *  census as they are (e.g. "--timeout", "10"). */
    public static String assertFair(Consumer<List<Integer>> shuffle, int cards) {
        return assertFair(shuffle, cards, Mode.DRAW);
    }

    public static String assertFair(Consumer<List<Integer>> shuffle, int cards,
            Mode m, String... extraArgs) {
        return audit(() -> run(shuffle, m), cards, extraArgs);
    }

    /** The same for a shuffle of an int[]. */
    public static String assertFairArray(Consumer<int[]> shuffle, int cards) {
        return assertFairArray(shuffle, cards, Mode.DRAW);
    }

    public static String assertFairArray(Consumer<int[]> shuffle, int cards,
            Mode m, String... extraArgs) {
        return audit(() -> runArray(shuffle, m), cards, extraArgs);
    }

    private static String audit(Runnable serve, int cards, String[] extra) {
        java.lang.reflect.Method site = caller();
        String key = site.getDeclaringClass().getName() + " " + site.getName();
        int k;
        synchronized (calls) {
            k = calls.merge(key, 1, Integer::sum);
        }
        if (childKey != null) {
            // The audited copy: the call it was started for serves, the
            // others before it do nothing.
            if (key.equals(childKey) && k == childCall) {
                serve.run();
                out.flush();
                stdout.flush();
                System.exit(0);
            }
            return "";
        }
        String bin = System.getenv("SHUFFLE_AUDIT"), shown = bin;
        if (bin == null || bin.isEmpty()) {
            bin = onPath("shuffle-audit");
            if (bin == null)
                throw new AuditError("shuffle-audit not found: SHUFFLE_AUDIT is not set and "
                    + "no shuffle-audit on PATH (" + System.getenv("PATH") + ")");
            shown = "shuffle-audit";
        } else if (!new java.io.File(bin).isFile() || !new java.io.File(bin).canExecute()) {
            throw new AuditError("shuffle-audit not found: SHUFFLE_AUDIT is " + bin
                + ", not an executable file");
        } else {
            shown = new java.io.File(bin).getAbsolutePath();
        }
        // The audited copy: this JVM's java (as "java" when that is the
        // one on PATH), told its class path and its call by the
        // environment, so that the report names it shortly.
        String jvm = System.getProperty("java.home") + java.io.File.separator + "bin"
            + java.io.File.separator + "java";
        if (same(jvm, onPath("java")))
            jvm = "java";
        Class<?> cls = site.getDeclaringClass();
        String cp = classPath(cls);
        String child = shQuote(jvm) + " " + shQuote(SaHarness.class.getName()) + " "
            + shQuote(cls.getName()) + " " + shQuote(site.getName());
        List<String> argv = new ArrayList<>();
        argv.add(bin);
        argv.add("census");
        argv.add("--exec");
        argv.add(child);
        argv.add("-n");
        argv.add(Integer.toString(cards));
        // The report without its tally; --layers prints its layers
        // instead, and takes no --summary.
        if (!java.util.Arrays.asList(extra).contains("--layers"))
            argv.add("--summary");
        for (String a : extra)
            argv.add(a);
        StringBuilder again = new StringBuilder("SHUFFLE_AUDIT_CHILD=" + k + " CLASSPATH="
            + shQuote(cp) + " " + shQuote(shown));
        for (String a : argv.subList(1, argv.size()))
            again.append(' ').append(shQuote(a));
        String[] got = runAudit(argv, k, cp);
        int status = Integer.parseInt(got[0]);
        String report = got[1], errors = got[2].trim();
        String who = cls.getName() + "." + site.getName();
        String tail = report + (report.isEmpty() || report.endsWith("\n") ? "" : "\n")
            + "Reproduce it from a shell:\n    " + again + "\n";
        if (status == 0)
            return report;
        if (status == 1 || status == 4)
            throw failure(who + ": shuffle-audit: "
                + (status == 1 ? "unfair" : "the model decides") + " (exit status " + status
                + ")\n" + (errors.isEmpty() ? "" : errors + "\n") + tail);
        throw new AuditError(who + ": shuffle-audit gave no verdict (exit status " + status
            + (status == 3 ? ": the code misbehaved" : status == 2 ? ": a usage error" : "")
            + ")\n" + (errors.isEmpty() ? "" : errors + "\n") + tail);
    }

    // The executable NAME on PATH, or null.
    private static String onPath(String name) {
        String path = System.getenv("PATH");
        for (String d : (path == null ? "" : path).split(java.io.File.pathSeparator, -1)) {
            java.io.File f = new java.io.File(d.isEmpty() ? "." : d, name);
            if (f.isFile() && f.canExecute())
                return f.getPath();
        }
        return null;
    }

    private static boolean same(String a, String b) {
        try {
            return b != null && new java.io.File(a).getCanonicalPath()
                .equals(new java.io.File(b).getCanonicalPath());
        } catch (IOException e) {
            return false;
        }
    }

    // The failure a test runner reports as one: opentest4j's when the
    // caller's class loader has it (JUnit 5), else an AssertionError.
    private static AssertionError failure(String message) {
        ClassLoader[] loaders = { Thread.currentThread().getContextClassLoader(),
            SaHarness.class.getClassLoader() };
        for (ClassLoader l : loaders) {
            try {
                Class<?> c = Class.forName("org.opentest4j.AssertionFailedError", true, l);
                Object e = c.getConstructor(String.class).newInstance(message);
                if (e instanceof AssertionError)
                    return (AssertionError) e;
            } catch (ReflectiveOperationException | LinkageError e) {
                // not there: the standard library's own
            }
        }
        return new AssertionError(message);
    }

    // Runs ARGV with no input, the audited copy's call K and class path
    // CP in its environment: its exit status, standard output and
    // standard error.
    private static String[] runAudit(List<String> argv, int k, String cp) {
        try {
            ProcessBuilder pb = new ProcessBuilder(argv);
            pb.environment().put("SHUFFLE_AUDIT_CHILD", Integer.toString(k));
            pb.environment().put("CLASSPATH", cp);
            pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            Process p = pb.start();
            java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
            Thread t = new Thread(() -> drain(p.getErrorStream(), err));
            t.start();
            java.io.ByteArrayOutputStream rep = new java.io.ByteArrayOutputStream();
            drain(p.getInputStream(), rep);
            int status = p.waitFor();
            t.join();
            return new String[] { Integer.toString(status),
                new String(rep.toByteArray(), StandardCharsets.UTF_8),
                new String(err.toByteArray(), StandardCharsets.UTF_8) };
        } catch (IOException e) {
            throw new AuditError("shuffle-audit could not be run: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AuditError("interrupted while shuffle-audit ran");
        }
    }

    private static void drain(InputStream s, java.io.ByteArrayOutputStream to) {
        byte[] b = new byte[8192];
        try {
            for (int got; (got = s.read(b)) > 0;)
                to.write(b, 0, got);
        } catch (IOException e) {
            // the process has gone: what was read is what there is
        }
    }

    // W as one word for sh: as it is when it has nothing sh would
    // read, else in single quotes.
    private static String shQuote(String w) {
        if (!w.isEmpty() && w.matches("[A-Za-z0-9_./:=@%+,-]+"))
            return w;
        return "'" + w.replace("'", "'\\''") + "'";
    }

    // The class path of the audited copy: where CLS and this class were
    // loaded from, the class loaders' own paths (a test runner's, such as
    // the JUnit console launcher's --class-path) and java.class.path,
    // each made absolute, so that the copy runs from any directory.
    private static String classPath(Class<?> cls) {
        java.util.LinkedHashSet<String> cp = new java.util.LinkedHashSet<>();
        for (Class<?> c : new Class<?>[] { cls, SaHarness.class }) {
            java.security.CodeSource src = c.getProtectionDomain().getCodeSource();
            if (src != null && src.getLocation() != null)
                addPath(cp, src.getLocation());
        }
        for (ClassLoader l = cls.getClassLoader(); l != null; l = l.getParent())
            if (l instanceof java.net.URLClassLoader)
                for (java.net.URL u : ((java.net.URLClassLoader) l).getURLs())
                    addPath(cp, u);
        for (String p : System.getProperty("java.class.path", "").split(java.io.File.pathSeparator))
            if (!p.isEmpty())
                cp.add(new java.io.File(p).toPath().toAbsolutePath().normalize().toString());
        return String.join(java.io.File.pathSeparator, cp);
    }

    private static void addPath(java.util.Set<String> cp, java.net.URL u) {
        try {
            if ("file".equals(u.getProtocol()))
                cp.add(new java.io.File(u.toURI()).toPath().toAbsolutePath().normalize()
                    .toString());
        } catch (java.net.URISyntaxException | IllegalArgumentException e) {
            // not a file: left out
        }
    }

    // Whether CLS is the JDK's or a test runner's: never run again.
    private static boolean framework(String cls) {
        for (String p : new String[] { "java.", "javax.", "jdk.", "sun.", "com.sun.",
                "org.junit.", "junit.", "org.opentest4j.", "org.testng.", "org.gradle.",
                "org.apache.maven.", "com.intellij.", "org.eclipse." })
            if (cls.startsWith(p))
                return true;
        return false;
    }

    // The method the audited copy runs again: the nearest caller outside
    // this class, the JDK and test runners that runs without arguments.
    private static java.lang.reflect.Method caller() {
        String self = SaHarness.class.getName();
        for (StackTraceElement e : new Throwable().getStackTrace()) {
            String c = e.getClassName();
            if (c.equals(self) || c.startsWith(self + "$") || framework(c))
                continue;
            for (ClassLoader l : new ClassLoader[] { SaHarness.class.getClassLoader(),
                    Thread.currentThread().getContextClassLoader() }) {
                try {
                    java.lang.reflect.Method m = runnable(Class.forName(c, false, l),
                        e.getMethodName());
                    if (m != null)
                        return m;
                    break;
                } catch (ClassNotFoundException | LinkageError x) {
                    // not this loader's: the next
                }
            }
        }
        throw new AuditError("assertFair: no method to run again: call it from a method "
            + "with no parameters (a JUnit test method) or from main(String[])");
    }

    // CLS's method NAME with no parameters, or its static main(String[]).
    private static java.lang.reflect.Method runnable(Class<?> cls, String name) {
        for (java.lang.reflect.Method m : cls.getDeclaredMethods()) {
            if (!m.getName().equals(name) || m.isSynthetic() && name.startsWith("lambda$"))
                continue;
            Class<?>[] p = m.getParameterTypes();
            if (p.length == 0 || name.equals("main") && p.length == 1
                    && p[0] == String[].class
                    && java.lang.reflect.Modifier.isStatic(m.getModifiers()))
                return m;
        }
        return null;
    }

    // CLS's methods (its superclasses' first) with one of the annotations
    // NAMES and no parameters, static or not as STATIC_ONES.
    private static List<java.lang.reflect.Method> hooks(Class<?> cls, boolean staticOnes,
            String... names) {
        List<java.lang.reflect.Method> found = new ArrayList<>();
        if (cls == null || cls == Object.class)
            return found;
        found.addAll(hooks(cls.getSuperclass(), staticOnes, names));
        for (java.lang.reflect.Method m : cls.getDeclaredMethods())
            for (java.lang.annotation.Annotation a : m.getAnnotations())
                if (java.util.Arrays.asList(names).contains(a.annotationType().getName())
                        && m.getParameterTypes().length == 0
                        && java.lang.reflect.Modifier.isStatic(m.getModifiers()) == staticOnes)
                    found.add(m);
        return found;
    }

    /** The audited copy that assertFair starts: SHUFFLE_AUDIT_CHILD=K
     *  java SaHarness CLASS METHOD runs CLASS's METHOD again, and its
     *  K-th assertFair call serves shuffle-audit. */
    public static void main(String[] args) {
        String k = System.getenv("SHUFFLE_AUDIT_CHILD");
        if (args.length != 2 || k == null || !k.matches("[1-9][0-9]{0,8}")) {
            System.err.println("usage: SHUFFLE_AUDIT_CHILD=K java SaHarness CLASS METHOD "
                + "(the audited copy that assertFair starts)");
            System.exit(2);
        }
        System.setOut(System.err);
        childKey = args[0] + " " + args[1];
        childCall = Integer.parseInt(k);
        String what = args[0] + "." + args[1];
        try {
            Class<?> cls = Class.forName(args[0], true, SaHarness.class.getClassLoader());
            java.lang.reflect.Method m = runnable(cls, args[1]);
            if (m == null)
                fail(what + " has no form with no parameters to run again");
            Object self = null;
            for (java.lang.reflect.Method h : hooks(cls, true,
                    "org.junit.jupiter.api.BeforeAll", "org.junit.BeforeClass")) {
                h.setAccessible(true);
                h.invoke(null);
            }
            if (!java.lang.reflect.Modifier.isStatic(m.getModifiers())) {
                java.lang.reflect.Constructor<?> c = cls.getDeclaredConstructor();
                c.setAccessible(true);
                self = c.newInstance();
                for (java.lang.reflect.Method h : hooks(cls, false,
                        "org.junit.jupiter.api.BeforeEach", "org.junit.Before")) {
                    h.setAccessible(true);
                    h.invoke(self);
                }
            }
            m.setAccessible(true);
            m.invoke(self, m.getParameterTypes().length == 0 ? new Object[0]
                : new Object[] { new String[0] });
        } catch (java.lang.reflect.InvocationTargetException e) {
            fail(what + " threw " + e.getCause() + " before its assertFair call " + k);
        } catch (ReflectiveOperationException | LinkageError e) {
            fail(what + " could not be run again: " + e);
        }
        fail(what + " ran again made no assertFair call " + k + " (a test run more than "
            + "once in its JVM, or one whose calls vary, cannot be audited this way)");
    }
}
