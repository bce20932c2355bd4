// Loop.cs N - the bare loop of make bench-audit (issue 65): Fisher-Yates
// written plainly in C#, its draws from an odometer rather than a
// generator, over every run of N cards, no harness.  Each run's top card
// is tallied and the tally checked even.  Prints "RUNS runs in SECS s",
// timed inside the program; exit 1 if the tally is uneven.
using System;
using System.Diagnostics;
using System.Globalization;

public static class Loop {
    public static int Main(string[] args) {
        int n = args.Length > 0 ? int.Parse(args[0]) : 9;
        int[] draw = new int[n];
        long[] top = new long[n];
        long runs = 0;
        Stopwatch clock = Stopwatch.StartNew();
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
            int m = 1;
            for (; m < n; m++) {
                if (++draw[m] <= m) break;
                draw[m] = 0;
            }
            if (m == n) break;
        }
        double secs = clock.Elapsed.TotalSeconds;
        foreach (long t in top) if (t != top[0]) return 1;
        Console.WriteLine(string.Format(CultureInfo.InvariantCulture,
            "{0} runs in {1:F6} s", runs, secs));
        return 0;
    }
}
