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
//     shuffle-audit census --exec 'mono mine.exe' -n 5
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
//   counted as if two keys never tied, and the run then says "key
//   2147483647": the audit states the odds that its keys tie, and leaves
//   the verdict to the model (exit status 4), as census -a
//   sort-keys:2147483647 counts the ties; NextBytes asks a draw below 256
//   a byte.
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
// flushed before every read that may wait (at the end of each run, unless
// the next run's line is already read); --batch is understood.
// The walk is streamed: the harness offers it on its first line and,
// when shuffle-audit takes it, walks every run itself and writes them
// with no reply awaited (THE EXEC PROTOCOL); SHUFFLE_AUDIT_LOOP=N walks
// N cards here, writing nothing, and prints the runs and seconds (a
// benchmark's baseline).  C# 6 (Mono's mcs) or later, the base class library only.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Runtime.CompilerServices;
using System.Text;

public static class SaHarness {
    public enum Mode { Draw, Library }

    static readonly int Bits = EnvInt("SHUFFLE_AUDIT_RAW_BITS", 32);
    // How raw words sit in wider ones (see Repeat), and the raw words
    // placed so far in the run.
    static readonly int RawPlace = EnvInt("SHUFFLE_AUDIT_RAW_PLACE", 0);
    static long rawIndex = 0;
    static readonly long Cells = EnvLong("SHUFFLE_AUDIT_REAL_CELLS", 1L << 32);
    static readonly int Place = EnvInt("SHUFFLE_AUDIT_REAL_PLACE", 0);
    const long Places = 1L << 52;               // a place, in 2^-52 of a cell
    // Standard input, read here into a buffer of the harness's own, so
    // that whether a whole line already waits is known (Waiting): a
    // StreamReader's Peek says only whether a character does, and may
    // wait for one.
    static readonly Stream In = Console.OpenStandardInput();
    static byte[] inBuf = new byte[1 << 17];
    static int inAt, inLen;                     // taken up to, read up to
    static readonly StreamWriter Out = new StreamWriter(Console.OpenStandardOutput(),
        new UTF8Encoding(false), 1 << 16);
    static long[][] plan;                       // this run's offered draws
    static int at;                              // the plan's draws taken
    static readonly List<string> used = new List<string>();
    // the plan's reals taken this run: cell -> their places, in order
    static readonly Dictionary<long, List<long>> reals = new Dictionary<long, List<long>>();
    static bool told = true;                    // "asked" is said
    static long keyWidth;                       // the run's narrowest wide key, 0: none
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
        string text = "sa_harness: " + why.Replace('\n', ' ').Replace('\r', ' ');
        try {
            if (wOn && wEmit) { // a streamed run, given up
                byte[] msg = Encoding.UTF8.GetBytes(text);
                int len = Math.Min(msg.Length, 1024);
                Stream o = Out.BaseStream;
                o.Write(wOut, 0, wHave);
                o.Write(new byte[] { (byte) 'R', (byte) 'X', (byte) len, (byte) (len >> 8) }, 0, 4);
                o.Write(msg, 0, len);
                o.Flush();
            } else {
                Out.Write("error " + text + "\n");
                Out.Flush();
            }
        } catch (IOException) {
            // shuffle-audit has gone; standard error said why
        }
        Environment.Exit(2);
    }

    // The raw word V of B bits repeated across WIDTH bits, from bit 0 up:
    // every run of at most B adjacent bits takes each of its values
    // equally often, as a uniform word's would.
    // Under SHUFFLE_AUDIT_RAW_PLACE 1, 2 or 3 (a copy the auditor starts
    // to make runs again) v is at the top instead, the bits below all 0,
    // all 1, or those of h(i) | h(i) << 32 for the word's index i in its
    // run: code that reads only v's bits lands on the same deck under
    // each.  TOP: placement 0 is v at the top, the bits below 0 (a
    // double's fraction), not repeated.
    static long Repeat(long v, int width, bool top = false) {
        long w = 0;
        if (Bits >= width) {
            w = v;
        } else if (RawPlace == 0 && top) {
            w = v << (width - Bits);
        } else if (RawPlace == 0) {
            for (int at = 0; at < width; at += Bits)
                w |= v << at;
        } else {
            uint h = unchecked((uint) (rawIndex + 1) * 0x9E3779B1u);
            h ^= h >> 16;
            h = unchecked(h * 0x85EBCA6Bu);
            h ^= h >> 13;
            long low = RawPlace == 1 ? 0 : RawPlace == 2 ? -1L
                : (long) h | (long) h << 32;
            w = v << (width - Bits) | low & ((1L << (width - Bits)) - 1);
        }
        rawIndex++;
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

    // The next line of standard input, without its newline (or a \r
    // before it), as TextReader.ReadLine gives it; null at the end.
    static string ReadLine() {
        for (int from = inAt;;) {
            int nl = Array.IndexOf(inBuf, (byte) '\n', from, inLen - from);
            if (nl >= 0) {
                int end = nl > inAt && inBuf[nl - 1] == '\r' ? nl - 1 : nl;
                string line = Encoding.UTF8.GetString(inBuf, inAt, end - inAt);
                inAt = nl + 1;
                return line;
            }
            // Part of a line, if any, to the front, and room to read: a
            // read of 64 KiB or more, which passes a buffer below it by
            // (Mono's console FileStream) and so holds nothing back.
            Buffer.BlockCopy(inBuf, inAt, inBuf, 0, inLen - inAt);
            inLen -= inAt;
            inAt = 0;
            from = inLen;
            if (inBuf.Length - inLen < 1 << 16)
                Array.Resize(ref inBuf, 2 * inBuf.Length);
            int got = In.Read(inBuf, inLen, inBuf.Length - inLen);
            if (got <= 0) {
                if (inLen == 0)
                    return null;
                string line = Encoding.UTF8.GetString(inBuf, 0, inLen);
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
    static bool Waiting() {
        return Array.IndexOf(inBuf, (byte) '\n', inAt, inLen - inAt) >= 0;
    }

    static string Ask(string line) {
        Tell();
        Out.Write(line + "\n");
        Out.Flush();
        string answer = ReadLine();
        if (answer == null)
            Fail("shuffle-audit closed the line in the middle of a run");
        return answer;
    }

    // A wide integer below WIDTH served as a real scaled: its ties,
    // which the reals never make, are told before the deck ("key K").
    static void Key(long width) {
        if (keyWidth == 0 || width < keyWidth)
            keyWidth = width;
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
        if (wOn)
            return WalkDraw(k, 0);
        long v = Take(k, k.ToString(CultureInfo.InvariantCulture));
        return v >= 0 ? v : long.Parse(Ask("draw " + k.ToString(CultureInfo.InvariantCulture)),
            CultureInfo.InvariantCulture);
    }

    /// <summary>A real in [0, 1): a cell of M and a place among the run's
    /// reals in it, so that (int) (u * k) for k dividing M and comparisons
    /// are exact.</summary>
    public static double Real() {
        if (wOn)
            return WalkReal();
        double u = TakeReal();
        return !double.IsNaN(u) ? u
            : double.Parse(Ask("real"), NumberStyles.Float, CultureInfo.InvariantCulture);
    }

    /// <summary>A raw word of the --raw-bits B width.</summary>
    public static long Raw() {
        if (wOn)
            return WalkDraw(1L << Bits, 1);
        long v = Take(1L << Bits, "raw");
        return v >= 0 ? v : long.Parse(Ask("raw"), CultureInfo.InvariantCulture);
    }

    sealed class Answered : System.Random {
        protected override double Sample() {
            return mode == Mode.Library ? (double) Repeat(Raw(), 53, true) / (double) (1L << 53) : Real();
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
            Key(int.MaxValue);
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
    // The streamed walk: the odometer here, each run's draws and deck
    // out.  A digit of the record has a value, a bound, a kind (0 a draw,
    // 1 a raw word, 2 a real's cell, 3 a real's place) and, for a real,
    // the double it gave.
    static bool wOn, wEmit;
    static long[] wVal = new long[64], wBound = new long[64];
    static byte[] wKind = new byte[64];
    static double[] wU = new double[64];
    static int wLen, wPos, wReq, wCap, wFrom;
    static byte[] wCut;                 // the item a run was cut at, or null
    static ulong wMix;
    static readonly Dictionary<long, List<long>> wReals = new Dictionary<long, List<long>>();
    static byte[] wOut = new byte[1 << 16];
    static int wHave;

    // The record's digit at wPos when it has one below BOUND of KIND,
    // else a new one, 0 (the record past it was another run's): the
    // first inlined where every draw passes, the second a call.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    static long Digit(long bound, int kind) {
        int p = wPos;
        if (p < wLen && wBound[p] == bound && wKind[p] == kind) {
            wPos = p + 1;
            return wVal[p];
        }
        return NewDigit(bound, kind);
    }

    static long NewDigit(long bound, int kind) {
        int p = wPos;
        if (p < wLen) {
            wLen = p;
            if (p < wFrom)
                wFrom = p;
        }
        if (p == wVal.Length) {
            Array.Resize(ref wVal, 2 * p);
            Array.Resize(ref wBound, 2 * p);
            Array.Resize(ref wKind, 2 * p);
            Array.Resize(ref wU, 2 * p);
        }
        wVal[p] = 0;
        wBound[p] = bound;
        wKind[p] = (byte) kind;
        wU[p] = 0;
        wLen = wPos = p + 1;
        return 0;
    }

    // An answer past a cut: any will do, nothing past it is counted.
    static long Mixed(long k) {
        wMix = unchecked(wMix * 6364136223846793005UL + 1442695040888963407UL);
        return k >= 1 ? (long) ((wMix >> 17) % (ulong) k) : 0;
    }

    // Whether the run is cut at this request (the depth, --max-draws, or
    // a bound out of range): its item is left open.
    static bool Cut(char tag, long arg, int n) {
        if (wCut != null)
            return true;
        if (wReq < wCap && tag != 'b')
            return false;
        wCut = new byte[1 + n];
        wCut[0] = (byte) tag;
        for (int i = 0; i < n; i++)
            wCut[1 + i] = (byte) ((ulong) arg >> (8 * i));
        return true;
    }

    // A draw below K (KIND 0) or a raw word (KIND 1, K = 2^B) from the
    // odometer: its common case inlined where every draw passes; a cut
    // and a bound out of range a call.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    static long WalkDraw(long k, int kind) {
        if (wCut == null && wReq < wCap && (kind == 1 || (k >= 1 && k <= 1L << 32))) {
            wReq++;
            return Digit(k, kind);
        }
        return WalkDrawCut(k, kind);
    }

    static long WalkDrawCut(long k, int kind) {
        bool ok = k >= 1 && k <= 1L << 32;
        if (kind == 1 ? Cut('w', Bits, 8) : ok ? Cut('d', k - 1, 4) : Cut('b', k, 8))
            return Mixed(k);
        wReq++;
        return Digit(k, kind);
    }

    static double WalkReal() {
        if (Cut('u', 0, 0))
            return Mixed(1L << 53) / (double) (1L << 53);
        wReq++;
        int at = wPos;
        long cell = Digit(Cells, 2);
        List<long> places;
        if (!wReals.TryGetValue(cell, out places))
            wReals[cell] = places = new List<long>();
        int k = places.Count;
        int gap = k > 0 ? (int) Digit(k + 1, 3) : 0;
        long lo = gap > 0 ? places[gap - 1] : 0;
        long hi = gap < k ? places[gap] : Places;
        places.Insert(gap, lo / 2 + hi / 2);
        return wU[at] = RealAt(cell, places[gap]);
    }

    // Four bytes, the transcript's commonest number, unrolled.
    static void Put4(long v) {
        byte[] o = wOut;
        int at = wHave;
        o[at] = (byte) v;
        o[at + 1] = (byte) (v >> 8);
        o[at + 2] = (byte) (v >> 16);
        o[at + 3] = (byte) (v >> 24);
        wHave = at + 4;
    }

    static void Put(long v, int n) {
        for (int i = 0; i < n; i++)
            wOut[wHave++] = (byte) ((ulong) v >> (8 * i));
    }

    static void WFlush() {
        try {
            Out.BaseStream.Write(wOut, 0, wHave);
            Out.BaseStream.Flush();
        } catch (IOException) {
            Environment.Exit(2);
        }
        wHave = 0;
    }

    // The cards 0 .. n-1 through SHUFFLE; an exception gives the run up.
    static int[] Deal(Action<int[]> shuffle, int n) {
        int[] deck = new int[n];
        for (int i = 0; i < n; i++)
            deck[i] = i;
        try {
            shuffle(deck);
        } catch (Exception e) {
            Fail("the shuffle threw " + e.GetType().Name + ": " + e.Message);
        }
        return deck;
    }

    // One run of the odometer as it stands, its transcript out (wEmit).
    static void WalkOnce(Action<int[]> shuffle, int n) {
        wPos = wReq = 0;
        wCut = null;
        wReals.Clear();
        int[] deck = Deal(shuffle, n);
        if (wCut == null && wPos < wLen)
            wLen = wPos;
        if (!wEmit)
            return;
        int f = Math.Min(wFrom, wPos), kept = 0;
        if (f < wPos && wKind[f] == 3)
            f--;
        for (int d = 0; d < f; d++)
            if (wKind[d] != 3)
                kept++;
        int need = 8 + 17 * (wPos - f) + 9 + n;
        if (wHave + need > wOut.Length) {
            WFlush();
            if (need > wOut.Length)
                wOut = new byte[2 * need];
        }
        wOut[wHave++] = (byte) 'R';
        wOut[wHave++] = (byte) 'K';
        Put4(kept);
        for (int d = f; d < wPos; d++) {
            if (wKind[d] == 0) {
                wOut[wHave++] = (byte) 'v';
                Put4(wBound[d] - 1);
                Put4(wVal[d]);
            } else if (wKind[d] == 1) {
                wOut[wHave++] = (byte) 'W';
                Put(Bits, 8);
                Put(wVal[d], 8);
            } else if (wKind[d] == 2) {
                wOut[wHave++] = (byte) 'U';
                Put(BitConverter.DoubleToInt64Bits(wU[d]), 8);
            }
        }
        if (wCut != null) {
            Array.Copy(wCut, 0, wOut, wHave, wCut.Length);
            wHave += wCut.Length;
            return;
        }
        wOut[wHave++] = (byte) 'D';
        wOut[wHave++] = (byte) n;
        foreach (int c in deck)
            wOut[wHave++] = (byte) (c >= 0 && c < 255 ? c : 255);
    }

    // How many times run DONE + 1 (in its part) is run again, as the
    // auditor's engine does: one in EVERY, the k-th at least FLOOR / k.
    static long Repeats(long done, long every, long floor) {
        long k = done + 1, least = (floor + k - 1) / k;
        long b = done % every == 0 ? 1 : 0;
        return k <= floor && least > b ? least : b;
    }

    // The odometer past its run, as the auditor's; false when it is over.
    static bool Advance(bool skip, long part, long parts) {
        int k = wLen;
        if (skip)
            k = Math.Min(k, 1);
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
    static long Walk(Action<int[]> shuffle, long[] a, bool emit) {
        int n = (int) a[0];
        long part = a[1], parts = a[2];
        if (parts == 0 || part >= parts)
            Fail("a walk's part is below its parts");
        Out.Flush();
        wOn = true;
        wEmit = emit;
        wCap = (int) (a[3] > 0 ? a[3] : a[4]);
        wLen = wFrom = wHave = 0;
        wMix = 1;
        long done = 0, runs = 0;
        var clock = System.Diagnostics.Stopwatch.StartNew();
        for (;;) {
            WalkOnce(shuffle, n);
            bool skip = parts > 1 && (wLen > 0 ? wVal[0] % parts : 0) != part;
            if (wCut == null && !skip) {
                for (long t = a[5] > 0 ? Repeats(done, a[5], a[6]) : 0; t > 0; t--) {
                    wFrom = wLen;
                    WalkOnce(shuffle, n);
                }
                done++;
            }
            runs++;
            // Written once in a while, so that a slow walk is seen to move.
            if (emit && runs % 64 == 0 && clock.ElapsedMilliseconds > 10) {
                WFlush();
                clock.Restart();
            }
            if (!Advance(skip, part, parts))
                break;
        }
        if (emit) {
            if (wHave + 7 > wOut.Length)
                WFlush();
            wOut[wHave++] = (byte) 'E';
            Put(0, 6);
            WFlush();
        }
        wOn = false;
        return runs;
    }

    public static void Run(Action<int[]> shuffle) {
        Run(shuffle, Mode.Draw);
    }

    public static void Run(Action<int[]> shuffle, Mode m) {
        mode = m;
        string loop = Environment.GetEnvironmentVariable("SHUFFLE_AUDIT_LOOP");
        if (!string.IsNullOrEmpty(loop)) {
            // A benchmark's baseline: the walk here, nothing written.
            var clock = System.Diagnostics.Stopwatch.StartNew();
            long walked = Walk(shuffle, new long[] { long.Parse(loop, CultureInfo.InvariantCulture),
                0, 1, 0, 1 << 20, 0, 0 }, false);
            Out.Write(walked + " runs in " + clock.Elapsed.TotalSeconds.ToString("F6",
                CultureInfo.InvariantCulture) + " s\n");
            Out.Flush();
            return;
        }
        string line = ReadLine();
        if (line != null && line.StartsWith("shuffle ", StringComparison.Ordinal)) {
            // The offer of a streamed walk, on the first line.
            Out.Write("stream 1 plan raw-place\n");
            Out.Flush();
            string answer = ReadLine();
            string[] w = answer == null ? new string[0] : answer.Split(' ');
            if (w.Length == 8 && w[0] == "walk") {
                long[] a = new long[7];
                for (int i = 0; i < 7; i++)
                    a[i] = long.Parse(w[i + 1], CultureInfo.InvariantCulture);
                Walk(shuffle, a, true);
                line = ReadLine();
            } else if (answer != "plain") {
                Fail("expected \"walk ...\" or \"plain\" from shuffle-audit, not \"" + answer + "\"");
            }
        }
        for (; line != null; line = ReadLine()) {
            string[] words = line.Split(' ');
            if (words.Length < 2 || words[0] != "shuffle")
                Fail("expected \"shuffle N\" from shuffle-audit, not \"" + line + "\"");
            used.Clear();
            keyWidth = 0;
            told = true;
            plan = null;
            at = 0;
            rawIndex = 0;
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
            int[] deck = Deal(shuffle, int.Parse(words[1], CultureInfo.InvariantCulture));
            Tell();
            if (keyWidth != 0)
                Out.Write("key " + keyWidth.ToString(CultureInfo.InvariantCulture) + "\n");
            StringBuilder s = new StringBuilder("deck");
            foreach (int c in deck)
                s.Append(' ').Append(c.ToString(CultureInfo.InvariantCulture));
            Out.Write(s.Append('\n').ToString());
            if (!Waiting()) // flushed before a read that may wait
                Out.Flush();
        }
        Out.Flush();
    }
}
