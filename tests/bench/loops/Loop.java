// Loop.java N - the bare loop of make bench-audit (issue 65): Fisher-Yates
// written plainly in Java, its draws from an odometer rather than a
// generator, over every run of N cards, no harness.  Each run's top card
// is tallied and the tally checked even.  Prints "RUNS runs in SECS s",
// timed inside the program; exit 1 if the tally is uneven.
public class Loop {
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 9;
        int[] draw = new int[n];
        long[] top = new long[n];
        long runs = 0;
        long start = System.nanoTime();
        for (;;) {
            int[] deck = new int[n];
            for (int k = 0; k < n; k++) deck[k] = k;
            for (int i = n - 1; i > 0; i--) {
                int j = draw[i], t = deck[i];
                deck[i] = deck[j];
                deck[j] = t;
            }
            top[deck[0]]++;
            runs++;
            int i = 1;
            for (; i < n; i++) {
                if (++draw[i] <= i) break;
                draw[i] = 0;
            }
            if (i == n) break;
        }
        double secs = (System.nanoTime() - start) / 1e9;
        for (long t : top) if (t != top[0]) System.exit(1);
        System.out.printf(java.util.Locale.ROOT, "%d runs in %.6f s%n",
            runs, secs);
    }
}
