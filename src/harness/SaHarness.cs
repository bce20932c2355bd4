// SaHarness.cs - audit a C# shuffle with shuffle-audit, exactly.
//
// Write a few lines that hand your shuffle to Run:
//
//     using System;
//
//     class Mine {
//         static void Main() {
//             Random rnd = SaHarness.Random;
//             SaHarness.Run(deck => {
//                 for (int i = deck.Length - 1; i > 0; i--) {
//                     int j = rnd.Next(i + 1);
//                     int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
//                 }
//             });
//         }
//     }
//
// and audit it:
//
//     mcs -out:mine.exe SaHarness.cs Mine.cs
//     shuffle-audit census --exec 'mono mine.exe' -n 5 --batch
//
// Your function gets an int[] of the cards 0 .. n-1 and shuffles it in
// place.  SaHarness.Random is the System.Random to give it: shuffle-audit
// answers it, walking every run your shuffle can take.  (A Random of your
// own is not answered; shuffle-audit sees such hidden randomness and
// says so.)
//
//   SaHarness.Mode.Draw (the default) judges your loop: Next(max) and
//   Next(min, max) ask "draw K"; NextDouble() and Sample() ask "real": a
//   cell of M equal cells, M = lcm(1..n) unless --real-cells says
//   otherwise, and a place among the run's earlier reals in it, so that
//   (int) (NextDouble() * k) is exactly uniform for every k dividing M and
//   reals compare as independent uniform reals do (OrderBy(x =>
//   rnd.NextDouble()) is counted exactly).  Next() is a real scaled to its
//   range, floor(u (2^31 - 1)), so that OrderBy(x => rnd.Next()) is
//   counted exactly as if two keys never tied (a 31-bit key ties with
//   odds 2^-31); NextBytes asks a draw below 256 a byte.
//
//   SaHarness.Mode.Library judges the runtime's own reduction: Sample()
//   is a raw word of the --raw-bits B width over 2^B, and Next(max) and
//   Next(min, max) reduce it as the runtime does ((int) (Sample() * max)
//   in Mono and the .NET Framework): exact for max a power of two up to
//   2^B, a model for other bounds, which the audit counts again a bit
//   wider before it calls the code unfair.  Next() is the raw word
//   repeated across 31 bits (v, then v again under it, ...), so every B
//   adjacent bits vary as a uniform output's would, and NextBytes takes
//   its low 8 bits.  NextDouble() stays a real.
//
// A call the mode does not answer, or an exception from the shuffle,
// gives the run up with a line "error ..." that shuffle-audit reports.
// Draw(k), Real() and Raw() ask shuffle-audit directly.  Lines are
// flushed before every read and at the end of each run; --batch is
// understood.  C# 6 (Mono's mcs) or later, the base class library only.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;

public static class SaHarness {
    public enum Mode { Draw, Library }

    static readonly int Bits = EnvInt("SHUFFLE_AUDIT_RAW_BITS", 32);
    static readonly long Cells = EnvLong("SHUFFLE_AUDIT_REAL_CELLS", 1L << 32);
    static readonly int Place = EnvInt("SHUFFLE_AUDIT_REAL_PLACE", 0);
    const long Places = 1L << 52;               // a place, in 2^-52 of a cell
    static readonly TextReader In = new StreamReader(Console.OpenStandardInput(),
        new UTF8Encoding(false), false, 1 << 16);
    static readonly StreamWriter Out = new StreamWriter(Console.OpenStandardOutput(),
        new UTF8Encoding(false), 1 << 16);
    static long[][] plan;                       // this run's offered draws
    static int at;                              // the plan's draws taken
    static readonly List<string> used = new List<string>();
    // the plan's reals taken this run: cell -> their places, in order
    static readonly Dictionary<long, List<long>> reals = new Dictionary<long, List<long>>();
    static bool told = true;                    // "asked" is said
    static Mode mode = Mode.Draw;

    /// <summary>The System.Random that shuffle-audit answers.</summary>
    public static readonly System.Random Random = new Answered();

    static int EnvInt(string name, int otherwise) {
        string v = Environment.GetEnvironmentVariable(name);
        return v == null ? otherwise : int.Parse(v, CultureInfo.InvariantCulture);
    }

    static long EnvLong(string name, long otherwise) {
        string v = Environment.GetEnvironmentVariable(name);
        return v == null ? otherwise : long.Parse(v, CultureInfo.InvariantCulture);
    }

    // Gives the run up: the reason goes to shuffle-audit, which reports
    // it ("error ..."), and to standard error.
    static void Fail(string why) {
        Console.Error.WriteLine("sa_harness: " + why);
        Console.Error.Flush();
        try {
            Out.Write("error sa_harness: " + why.Replace('\n', ' ').Replace('\r', ' ') + "\n");
            Out.Flush();
        } catch (IOException) {
            // shuffle-audit has gone; standard error said why
        }
        Environment.Exit(2);
    }

    // The raw word V of B bits repeated across WIDTH bits, from bit 0 up:
    // every run of at most B adjacent bits takes each of its values
    // equally often, as a uniform word's would.
    static long Repeat(long v, int width) {
        long w = 0;
        for (int at = 0; at < width; at += Bits)
            w |= v << at;
        return w & ((1L << width) - 1);
    }

    static void Tell() {
        if (!told) {
            Out.Write("asked");
            foreach (string w in used)
                Out.Write(" " + w);
            Out.Write('\n');
            told = true;
        }
    }

    static string Ask(string line) {
        Tell();
        Out.Write(line + "\n");
        Out.Flush();
        string answer = In.ReadLine();
        if (answer == null)
            Fail("shuffle-audit closed the line in the middle of a run");
        return answer;
    }

    // The plan's next draw when it has the bound BOUND, else -1.
    static long Take(long bound, string word) {
        if (told)
            return -1;
        if (at < plan.Length && plan[at][0] == bound) {
            used.Add(word);
            return plan[at++][1];
        }
        Tell();
        return -1;
    }

    // Cell CELL at place POS as a double, exactly as shuffle-audit makes
    // it: (cell 2^d + a) / (M 2^d), pos = a 2^t with a odd, d = 52 - t.
    static double RealAt(long cell, long pos) {
        long a = pos;
        int d = 52 + Place;
        for (; a % 2 == 0; a /= 2)
            d--;
        return (double) ((cell << d) + a) / (double) (Cells << d);
    }

    // The plan's next real: its cell, and its place among the run's
    // earlier reals in that cell when there are any; else NaN.
    static double TakeReal() {
        if (told)
            return double.NaN;
        if (at < plan.Length && plan[at][0] == Cells) {
            long cell = plan[at][1];
            List<long> places;
            if (!reals.TryGetValue(cell, out places))
                reals[cell] = places = new List<long>();
            int k = places.Count;
            if (k == 0 || (at + 1 < plan.Length && plan[at + 1][0] == k + 1)) {
                int gap = k > 0 ? (int) plan[at + 1][1] : 0;
                long lo = gap > 0 ? places[gap - 1] : 0;
                long hi = gap < k ? places[gap] : Places;
                places.Insert(gap, (lo + hi) / 2);
                used.Add("real");
                at += k > 0 ? 2 : 1;
                return RealAt(cell, places[gap]);
            }
        }
        Tell();
        return double.NaN;
    }

    /// <summary>A whole number in [0, k), 1 &lt;= k &lt;= 2^32.</summary>
    public static long Draw(long k) {
        long v = Take(k, k.ToString(CultureInfo.InvariantCulture));
        return v >= 0 ? v : long.Parse(Ask("draw " + k.ToString(CultureInfo.InvariantCulture)),
            CultureInfo.InvariantCulture);
    }

    /// <summary>A real in [0, 1): a cell of M and a place among the run's
    /// reals in it, so that (int) (u * k) for k dividing M and comparisons
    /// are exact.</summary>
    public static double Real() {
        double u = TakeReal();
        return !double.IsNaN(u) ? u
            : double.Parse(Ask("real"), NumberStyles.Float, CultureInfo.InvariantCulture);
    }

    /// <summary>A raw word of the --raw-bits B width.</summary>
    public static long Raw() {
        long v = Take(1L << Bits, "raw");
        return v >= 0 ? v : long.Parse(Ask("raw"), CultureInfo.InvariantCulture);
    }

    sealed class Answered : System.Random {
        protected override double Sample() {
            return mode == Mode.Library ? (double) Raw() / (double) (1L << Bits) : Real();
        }

        public override int Next(int maxValue) {
            if (maxValue < 0)
                throw new ArgumentOutOfRangeException("maxValue");
            if (mode == Mode.Library)
                return base.Next(maxValue);
            return maxValue == 0 ? 0 : (int) Draw(maxValue);
        }

        public override int Next(int minValue, int maxValue) {
            if (minValue > maxValue)
                throw new ArgumentOutOfRangeException("minValue");
            if (mode == Mode.Library)
                return base.Next(minValue, maxValue);
            long range = (long) maxValue - minValue;
            return range == 0 ? minValue : (int) (minValue + Draw(range));
        }

        public override int Next() {
            if (mode == Mode.Library)
                return (int) Repeat(Raw(), 31);
            return (int) Math.Floor(Real() * int.MaxValue);
        }

        public override void NextBytes(byte[] buffer) {
            for (int i = 0; i < buffer.Length; i++)
                buffer[i] = mode == Mode.Library ? (byte) (Repeat(Raw(), 31) & 0xff)
                    : (byte) Draw(256);
        }

        public override double NextDouble() {
            return Real();
        }
    }

    /// <summary>Answers shuffle-audit's runs with shuffle(deck) until it is done.</summary>
    public static void Run(Action<int[]> shuffle) {
        Run(shuffle, Mode.Draw);
    }

    public static void Run(Action<int[]> shuffle, Mode m) {
        mode = m;
        string line;
        while ((line = In.ReadLine()) != null) {
            string[] words = line.Split(' ');
            if (words.Length < 2 || words[0] != "shuffle")
                Fail("expected \"shuffle N\" from shuffle-audit, not \"" + line + "\"");
            used.Clear();
            told = true;
            plan = null;
            at = 0;
            reals.Clear();
            if (words.Length > 2 && words[2] == "plan") {
                plan = new long[words.Length - 3][];
                for (int i = 3; i < words.Length; i++) {
                    string[] kv = words[i].Split(':');
                    plan[i - 3] = new long[] {
                        long.Parse(kv[0], CultureInfo.InvariantCulture),
                        long.Parse(kv[1], CultureInfo.InvariantCulture) };
                }
                told = false;
            }
            int n = int.Parse(words[1], CultureInfo.InvariantCulture);
            int[] deck = new int[n];
            for (int i = 0; i < n; i++)
                deck[i] = i;
            try {
                shuffle(deck);
            } catch (Exception e) {
                Fail("the shuffle threw " + e.GetType().Name + ": " + e.Message);
            }
            Tell();
            StringBuilder s = new StringBuilder("deck");
            foreach (int c in deck)
                s.Append(' ').Append(c.ToString(CultureInfo.InvariantCulture));
            Out.Write(s.Append('\n').ToString());
            Out.Flush();
        }
        Out.Flush();
    }
}
