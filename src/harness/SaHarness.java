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
//     shuffle-audit census --exec 'java Mine' -n 5 --batch
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
//   coins are counted exactly (keys as if two never tied, which a
//   32-bit key does with odds 2^-32).  nextGaussian() and nextBytes() are
//   refused, with the way round.
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
// flushed before every read and at the end of each run; --batch is
// understood.  Java 8 or later, the standard library only.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
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
    private static final long CELLS = envLong("SHUFFLE_AUDIT_REAL_CELLS", 1L << 32);
    private static final int PLACE = envInt("SHUFFLE_AUDIT_REAL_PLACE", 0);
    private static final long PLACES = 1L << 52; // a place, in 2^-52 of a cell
    private static final BufferedReader in = new BufferedReader(
        new InputStreamReader(System.in, StandardCharsets.US_ASCII), 1 << 16);
    private static final PrintWriter out = new PrintWriter(
        new OutputStreamWriter(System.out, StandardCharsets.US_ASCII), false);
    private static String[] plan;               // this run's line: its draws
    private static int planned, used;           // offered from plan[3], taken
    // the plan's reals taken this run: cell -> their places, in order
    private static final java.util.HashMap<Long, ArrayList<Long>> reals =
        new java.util.HashMap<>();
    private static final StringBuilder asked = new StringBuilder();
    private static boolean told = true;         // "asked" is said
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
        out.print("error sa_harness: " + why.replace('\n', ' ').replace('\r', ' ') + "\n");
        out.flush();
        System.exit(2);
    }

    private static void tell() {
        if (!told) {
            out.print(asked.append('\n'));
            told = true;
        }
    }

    private static String ask(String line) {
        tell();
        out.print(line + "\n");
        out.flush();
        try {
            String answer = in.readLine();
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
        double u = takeReal();
        return !Double.isNaN(u) ? u : Double.parseDouble(ask("real"));
    }

    /** A raw word of the --raw-bits B width. */
    public static long raw() {
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
    private static long repeat(long v, int width) {
        long w = 0;
        for (int at = 0; at < width; at += BITS)
            w |= v << at;
        return width < 64 ? w & ((1L << width) - 1) : w;
    }

    // BITS uniform bits for Mode.DRAW: a draw below 2^bits when that has
    // no more values than a real has cells (exact, ties and all: a coin
    // is a draw below 2), else a real scaled, floor(u 2^bits), whose
    // order is the reals' (keys as if two never tied).
    private static long scaled(int bits) {
        if (bits < 32 && (1L << bits) <= CELLS)
            return draw(1L << bits);
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

    private static void serve(Deal deal, Mode m) {
        mode = m;
        try {
            String line;
            while ((line = in.readLine()) != null) {
                String[] words = line.split(" ");
                if (words.length < 2 || !words[0].equals("shuffle"))
                    fail("expected \"shuffle N\" from shuffle-audit, not \""
                        + line + "\"");
                used = 0;
                told = true;
                reals.clear();
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
                StringBuilder s = new StringBuilder("deck");
                for (int c : deck)
                    s.append(' ').append(c);
                out.print(s.append('\n'));
                out.flush();
            }
        } catch (IOException e) {
            fail("reading from shuffle-audit: " + e.getMessage());
        }
        out.flush();
    }
}
