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
// Or audit it in your test suite, in an NUnit test (or a plain Main):
//
//     [Test]
//     public void ShuffleIsFair() {
//         SaHarness.AssertFair(deck => FisherYates(deck, SaHarness.Random), 5);
//     }
//
// AssertFair runs that audit on a fresh Mono that runs the test again,
// returns the report when the shuffle is fair, and fails the test with
// the report when it is not (see "The assertion" below: what running
// the test again asks of it).
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
    // This run's offered draws (planK[i] below planK[i], the value
    // planV[i]; planN of them, -1: no plan), and the words of "asked"
    // so far, as the bytes of its line.
    static long[] planK = new long[64], planV = new long[64];
    static int planN = -1;
    static int at;                              // the plan's draws taken
    static byte[] asked = new byte[256];
    static int askedLen;
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
                PutText("error " + text + "\n");
                WFlush();
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
            Room(6 + askedLen);
            wOut[wHave++] = (byte) 'a';
            wOut[wHave++] = (byte) 's';
            wOut[wHave++] = (byte) 'k';
            wOut[wHave++] = (byte) 'e';
            wOut[wHave++] = (byte) 'd';
            Array.Copy(asked, 0, wOut, wHave, askedLen);
            wHave += askedLen;
            wOut[wHave++] = (byte) '\n';
            told = true;
        }
    }

    // A word of "asked": a space and the bound's digits, or "raw" or
    // "real" (WORD).
    static void Used(long bound, string word) {
        if (askedLen + 24 > asked.Length)
            Array.Resize(ref asked, 2 * asked.Length);
        asked[askedLen++] = (byte) ' ';
        if (word == null) {
            askedLen = Digits(asked, askedLen, bound);
        } else {
            foreach (char c in word)
                asked[askedLen++] = (byte) c;
        }
    }

    // V's decimal digits (a minus sign first when below 0) into B at AT;
    // the place after them.
    static int Digits(byte[] b, int at, long v) {
        if (v >= 0 && v < 100) {    // a plan's bounds and a deck's cards, mostly
            if (v >= 10)
                b[at++] = (byte) ('0' + (int) v / 10);
            b[at] = (byte) ('0' + (int) v % 10);
            return at + 1;
        }
        if (v < 0) {
            b[at++] = (byte) '-';
            if (v == long.MinValue) {
                foreach (char c in "9223372036854775808")
                    b[at++] = (byte) c;
                return at;
            }
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
    static void Room(int need) {
        if (wHave + need > wOut.Length) {
            WFlush();
            if (need > wOut.Length)
                wOut = new byte[2 * need];
        }
    }

    // TEXT to the output, in UTF-8.
    static void PutText(string text) {
        bool ascii = true;
        foreach (char c in text)
            if (c >= 0x80)
                ascii = false;
        if (!ascii) {
            byte[] b = Encoding.UTF8.GetBytes(text);
            Room(b.Length);
            Array.Copy(b, 0, wOut, wHave, b.Length);
            wHave += b.Length;
            return;
        }
        Room(text.Length);
        foreach (char c in text)
            wOut[wHave++] = (byte) c;
    }

    // A number and a space or newline after it, to the output.
    static void PutNumber(long v, byte after) {
        Room(24);
        wHave = Digits(wOut, wHave, v);
        wOut[wHave++] = after;
    }

    // The next line of standard input, without its newline (or a \r
    // before it), as TextReader.ReadLine gives it; null at the end.
    static string ReadLine() {
        int start, end;
        return NextLine(out start, out end)
            ? Encoding.UTF8.GetString(inBuf, start, end - start) : null;
    }

    // The next line of standard input, as ReadLine's, left in inBuf from
    // START to END (until the next read); false at the end.
    static bool NextLine(out int start, out int end) {
        for (int from = inAt;;) {
            int nl = Array.IndexOf(inBuf, (byte) '\n', from, inLen - from);
            if (nl >= 0) {
                start = inAt;
                end = nl > inAt && inBuf[nl - 1] == '\r' ? nl - 1 : nl;
                inAt = nl + 1;
                return true;
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
                start = 0;
                end = inLen;
                inLen = 0;
                return end > 0;
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
        PutText(line + "\n");
        WFlush();
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
        if (at < planN && planK[at] == bound) {
            Used(bound, word);
            return planV[at++];
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
        if (at < planN && planK[at] == Cells) {
            long cell = planV[at];
            List<long> places;
            if (!reals.TryGetValue(cell, out places))
                reals[cell] = places = new List<long>();
            int k = places.Count;
            if (k == 0 || (at + 1 < planN && planK[at + 1] == k + 1)) {
                int gap = k > 0 ? (int) planV[at + 1] : 0;
                long lo = gap > 0 ? places[gap - 1] : 0;
                long hi = gap < k ? places[gap] : Places;
                places.Insert(gap, (lo + hi) / 2);
                Used(0, "real");
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
        long v = Take(k, null);
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
        WFlush();
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
        int start, end;
        bool more = NextLine(out start, out end);
        if (more && Starts(start, end, "shuffle ")) {
            // The offer of a streamed walk, on the first line (kept: it
            // is the first run's when the walk is declined).
            byte[] first = new byte[end - start + 1];
            Array.Copy(inBuf, start, first, 0, end - start);
            first[end - start] = (byte) '\n';
            PutText("stream 1 plan raw-place\n");
            WFlush();
            string answer = ReadLine();
            string[] w = answer == null ? new string[0] : answer.Split(' ');
            if (w.Length == 8 && w[0] == "walk") {
                long[] a = new long[7];
                for (int i = 0; i < 7; i++)
                    a[i] = long.Parse(w[i + 1], CultureInfo.InvariantCulture);
                Walk(shuffle, a, true);
                more = NextLine(out start, out end);
            } else if (answer != "plain") {
                Fail("expected \"walk ...\" or \"plain\" from shuffle-audit, not \"" + answer + "\"");
            } else {
                // The first line read again, as the first run's.
                byte[] rest = new byte[Math.Max(inBuf.Length, first.Length + inLen - inAt + (1 << 16))];
                Array.Copy(first, rest, first.Length);
                Array.Copy(inBuf, inAt, rest, first.Length, inLen - inAt);
                inLen = first.Length + inLen - inAt;
                inAt = 0;
                inBuf = rest;
                more = NextLine(out start, out end);
            }
        }
        // Each run's line read as bytes where it lies in the input, its
        // answer written as bytes: the runs made again after a streamed
        // walk come here, one a run.
        for (; more; more = NextLine(out start, out end)) {
            if (!Starts(start, end, "shuffle "))
                Fail("expected \"shuffle N\" from shuffle-audit, not \"" +
                    Encoding.UTF8.GetString(inBuf, start, end - start) + "\"");
            int p = start + 8;
            long n = Number(ref p, end);
            if (n < 0 || n > int.MaxValue || (p < end && inBuf[p] != ' '))
                Fail("expected \"shuffle N\" from shuffle-audit, not \"" +
                    Encoding.UTF8.GetString(inBuf, start, end - start) + "\"");
            planN = -1;
            if (Starts(p, end, " plan") && (p + 5 == end || inBuf[p + 5] == ' ')) {
                p += 5;
                planN = 0;
                while (p < end && inBuf[p] == ' ') {
                    p++;
                    long k = Number(ref p, end), v = -1;
                    if (p < end && inBuf[p] == ':') {
                        p++;
                        v = Number(ref p, end);
                    }
                    if (k < 0 || v < 0 || (p < end && inBuf[p] != ' '))
                        Fail("a plan's draw is K:V");
                    if (planN == planK.Length) {
                        Array.Resize(ref planK, 2 * planN);
                        Array.Resize(ref planV, 2 * planN);
                    }
                    planK[planN] = k;
                    planV[planN++] = v;
                }
            }
            Answer(shuffle, (int) n);
        }
        WFlush();
    }

    // Whether the input from START to END begins with TEXT (ASCII).
    static bool Starts(int start, int end, string text) {
        if (end - start < text.Length)
            return false;
        for (int i = 0; i < text.Length; i++)
            if (inBuf[start + i] != text[i])
                return false;
        return true;
    }

    // The whole number of digits at P in the input (before END), P moved
    // past them; -1 when there are none or it passes a long.
    static long Number(ref int p, int end) {
        byte[] b = inBuf;
        int at = p, d;
        long v = 0;
        for (; at < end && (d = b[at] - '0') >= 0 && d <= 9; at++) {
            if (v > (long.MaxValue - 9) / 10) {
                p = at;
                return -1;
            }
            v = 10 * v + d;
        }
        bool none = at == p;
        p = at;
        return none ? -1 : v;
    }

    // The run of N cards the line read (its plan in planK and planV, if
    // any) made, and answered: "asked", "key" and "deck" written.
    static void Answer(Action<int[]> shuffle, int n) {
        askedLen = 0;
        keyWidth = 0;
        told = planN < 0;
        at = 0;
        rawIndex = 0;
        reals.Clear();
        int[] deck = Deal(shuffle, n);
        Tell();
        if (keyWidth != 0) {
            PutText("key ");
            PutNumber(keyWidth, (byte) '\n');
        }
        Room(5 + 12 * deck.Length);
        wOut[wHave++] = (byte) 'd';
        wOut[wHave++] = (byte) 'e';
        wOut[wHave++] = (byte) 'c';
        wOut[wHave++] = (byte) 'k';
        foreach (int c in deck) {
            wOut[wHave++] = (byte) ' ';
            wHave = Digits(wOut, wHave, c);
        }
        wOut[wHave++] = (byte) '\n';
        if (!Waiting()) // flushed before a read that may wait
            WFlush();
    }

    // ---- The assertion: the audit inside a test suite ----
    //
    // AssertFair(shuffle, cards) runs shuffle-audit census --exec CHILD
    // -n CARDS --summary (the binary SHUFFLE_AUDIT names, else the one on
    // PATH), where CHILD is a fresh Mono that runs the calling test
    // method again (ServeChild, through a small host program written
    // beside the test assembly, sa_harness_host.exe) with
    // SHUFFLE_AUDIT_CHILD=K in its environment: there the K-th AssertFair
    // call of that method serves the audit instead (Run), and the process
    // exits.  The method run again is the nearest caller outside the
    // runtime and test frameworks that takes no parameters (an NUnit test
    // method, on a fresh instance of its fixture after its
    // [OneTimeSetUp], [TestFixtureSetUp] and [SetUp] methods that take
    // none) or a static Main.  What it does before the call it does again
    // there, its standard output going to standard error (standard output
    // is the protocol's); a test run more than once in its process cannot
    // be audited so.  Mono only: the host is saved with Reflection.Emit,
    // and the census's arguments are quoted for Mono's Process, as for sh.

    /// <summary>An audit that gave no verdict: the code misbehaved (exit
    /// status 3), a usage error (2), no shuffle-audit.  A test error, not
    /// a failure.</summary>
    public sealed class AuditError : InvalidOperationException {
        public AuditError(string message) : base(message) {
        }
    }

    /// <summary>An unfair shuffle, when no test framework's assertion
    /// exception is loaded.</summary>
    public sealed class AuditFailure : Exception {
        public AuditFailure(string message) : base(message) {
        }
    }

    // The AssertFair calls made so far, by the method run again; in the
    // audited copy, the call that serves the audit.
    static readonly Dictionary<string, int> calls = new Dictionary<string, int>();
    static string childKey;
    static int childCall;

    /// <summary>Audits SHUFFLE at CARDS cards, as census --exec would:
    /// returns the report when it is fair; throws NUnit's
    /// AssertionException when NUnit is loaded (else an AuditFailure)
    /// when it is unfair (exit status 1) or the model decides (4), the
    /// report and the command that reproduces it in its message; throws
    /// AuditError otherwise.  EXTRA_ARGS go to census as they are (e.g.
    /// "--timeout", "10").</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static string AssertFair(Action<int[]> shuffle, int cards, Mode m = Mode.Draw,
            params string[] extraArgs) {
        System.Reflection.MethodBase site = Caller();
        Type cls = site.DeclaringType;
        string key = cls.FullName + " " + site.Name;
        int k;
        lock (calls) {
            calls.TryGetValue(key, out k);
            calls[key] = ++k;
        }
        if (childKey != null) {
            // The audited copy: the call it was started for serves, the
            // others before it do nothing.
            if (key == childKey && k == childCall) {
                Run(shuffle, m);
                Out.Flush();
                Environment.Exit(0);
            }
            return "";
        }
        string bin = Environment.GetEnvironmentVariable("SHUFFLE_AUDIT"), shown = bin;
        if (string.IsNullOrEmpty(bin)) {
            bin = OnPath("shuffle-audit");
            if (bin == null)
                throw new AuditError("shuffle-audit not found: SHUFFLE_AUDIT is not set and "
                    + "no shuffle-audit on PATH (" + Environment.GetEnvironmentVariable("PATH")
                    + ")");
            shown = "shuffle-audit";
        } else if (!File.Exists(bin)) {
            throw new AuditError("shuffle-audit not found: SHUFFLE_AUDIT is " + bin
                + ", not a file");
        } else {
            shown = Path.GetFullPath(bin);
        }
        // The audited copy: mono, the host, the harness's assembly and
        // type, the test's type and method (and its assembly, when it is
        // another), each path as seen from here.
        string mono = OnPath("mono") != null ? "mono"
            : System.Diagnostics.Process.GetCurrentProcess().MainModule.FileName;
        string harness = AssemblyPath(typeof(SaHarness).Assembly);
        var child = new List<string> { mono, Shown(Host(Path.GetDirectoryName(harness))),
            Shown(harness), typeof(SaHarness).FullName, cls.FullName, site.Name };
        if (cls.Assembly != typeof(SaHarness).Assembly)
            child.Add(Shown(AssemblyPath(cls.Assembly)));
        var argv = new List<string> { "census", "--exec", Words(child), "-n",
            cards.ToString(CultureInfo.InvariantCulture) };
        // The report without its tally; --layers prints its layers
        // instead, and takes no --summary.
        if (Array.IndexOf(extraArgs, "--layers") < 0)
            argv.Add("--summary");
        argv.AddRange(extraArgs);
        // From the directory the test ran in (NUnit runs it in its
        // assembly's), whatever the shell's.
        string again = "cd " + ShQuote(Environment.CurrentDirectory) + " && SHUFFLE_AUDIT_CHILD="
            + k.ToString(CultureInfo.InvariantCulture) + " " + ShQuote(shown) + " " + Words(argv);
        var psi = new System.Diagnostics.ProcessStartInfo(bin, Words(argv));
        psi.UseShellExecute = false;
        psi.RedirectStandardInput = true;
        psi.RedirectStandardOutput = true;
        psi.RedirectStandardError = true;
        psi.EnvironmentVariables["SHUFFLE_AUDIT_CHILD"] = k.ToString(CultureInfo.InvariantCulture);
        string report, errors;
        int status;
        try {
            using (var p = System.Diagnostics.Process.Start(psi)) {
                p.StandardInput.Close();
                var err = p.StandardError.ReadToEndAsync();
                report = p.StandardOutput.ReadToEnd();
                errors = err.Result.Trim();
                p.WaitForExit();
                status = p.ExitCode;
            }
        } catch (System.ComponentModel.Win32Exception e) {
            throw new AuditError("shuffle-audit could not be run: " + bin + ": " + e.Message);
        }
        string who = cls.FullName + "." + site.Name;
        string tail = report + (report.Length == 0 || report.EndsWith("\n") ? "" : "\n")
            + "Reproduce it from a shell:\n    " + again + "\n";
        if (status == 0)
            return report;
        if (status == 1 || status == 4)
            throw Failure(who + ": shuffle-audit: " + (status == 1 ? "unfair" : "the model decides")
                + " (exit status " + status + ")\n" + (errors.Length == 0 ? "" : errors + "\n")
                + tail);
        throw new AuditError(who + ": shuffle-audit gave no verdict (exit status " + status
            + (status == 3 ? ": the code misbehaved" : status == 2 ? ": a usage error" : "")
            + ")\n" + (errors.Length == 0 ? "" : errors + "\n") + tail);
    }

    // The failure a test runner reports as one: NUnit's AssertionException
    // when NUnit is loaded, else an AuditFailure.
    static Exception Failure(string message) {
        foreach (var a in AppDomain.CurrentDomain.GetAssemblies()) {
            Type t = a.GetType("NUnit.Framework.AssertionException", false);
            if (t != null) {
                try {
                    return (Exception) Activator.CreateInstance(t, message);
                } catch (Exception) {
                    // not as expected: our own
                }
            }
        }
        return new AuditFailure(message);
    }

    // The executable NAME on PATH, or null.
    static string OnPath(string name) {
        string path = Environment.GetEnvironmentVariable("PATH") ?? "";
        foreach (string d in path.Split(Path.PathSeparator)) {
            string f = Path.Combine(d.Length == 0 ? "." : d, name);
            if (File.Exists(f))
                return f;
        }
        return null;
    }

    // Where A was loaded from: its code base, not a test runner's shadow
    // copy of it.
    static string AssemblyPath(System.Reflection.Assembly a) {
        string cb = a.CodeBase;
        if (cb != null && cb.StartsWith("file:", StringComparison.Ordinal))
            return Path.GetFullPath(new Uri(cb).LocalPath);
        return Path.GetFullPath(a.Location);
    }

    // PATH as seen from the current directory: relative below it.
    static string Shown(string path) {
        string here = Environment.CurrentDirectory.TrimEnd('/') + "/";
        return path.StartsWith(here, StringComparison.Ordinal) ? path.Substring(here.Length)
            : path;
    }

    // W as one word for sh (Mono's Process reads its Arguments so too):
    // as it is when it has nothing sh would read, else in single quotes.
    static string ShQuote(string w) {
        foreach (char c in w)
            if (!char.IsLetterOrDigit(c) && "_./:=@%+,-".IndexOf(c) < 0 || c > '~')
                return "'" + w.Replace("'", "'\\''") + "'";
        return w.Length > 0 ? w : "''";
    }

    static string Words(List<string> words) {
        var s = new StringBuilder();
        foreach (string w in words)
            s.Append(s.Length > 0 ? " " : "").Append(ShQuote(w));
        return s.ToString();
    }

    // The host program that the audited copy starts as, in DIR (or, where
    // DIR cannot be written, under the user's local data): Main(a) is
    // Assembly.LoadFrom(a[0]).GetType(a[1], true).GetMethod("ServeChild")
    // .Invoke(null, new object[] { a }), made here with Reflection.Emit
    // so that no compiler is needed.
    static string Host(string dir) {
        const string name = "sa_harness_host.exe";
        string[] dirs = { dir, Path.Combine(Environment.GetFolderPath(
            Environment.SpecialFolder.LocalApplicationData), "shuffle-audit") };
        string why = "";
        foreach (string d in dirs) {
            string path = Path.Combine(d, name);
            if (File.Exists(path))
                return path;
            string tmp = Path.Combine(d, ".sa_harness_host." + System.Diagnostics.Process
                .GetCurrentProcess().Id.ToString(CultureInfo.InvariantCulture));
            try {
                Directory.CreateDirectory(tmp);
                EmitHost(tmp, name);
                try {
                    File.Move(Path.Combine(tmp, name), path);
                } catch (IOException) {
                    if (!File.Exists(path)) // else another test wrote it first
                        throw;
                }
                Directory.Delete(tmp, true);
                return path;
            } catch (Exception e) when (e is IOException || e is UnauthorizedAccessException) {
                why += (why.Length > 0 ? "; " : "") + d + ": " + e.Message;
            }
        }
        throw new AuditError("the host of the audited copy could not be written (" + why + ")");
    }

    static void EmitHost(string dir, string file) {
        var E = System.Reflection.Emit.OpCodes.Ldelem_Ref; // a[i]
        var ab = AppDomain.CurrentDomain.DefineDynamicAssembly(
            new System.Reflection.AssemblyName("sa_harness_host"),
            System.Reflection.Emit.AssemblyBuilderAccess.Save, dir);
        var mb = ab.DefineDynamicModule("sa_harness_host", file);
        var tb = mb.DefineType("SaHarnessHost", System.Reflection.TypeAttributes.Public
            | System.Reflection.TypeAttributes.Abstract | System.Reflection.TypeAttributes.Sealed);
        var main = tb.DefineMethod("Main", System.Reflection.MethodAttributes.Public
            | System.Reflection.MethodAttributes.Static, typeof(void), new[] { typeof(string[]) });
        var il = main.GetILGenerator();
        il.Emit(System.Reflection.Emit.OpCodes.Ldarg_0);
        il.Emit(System.Reflection.Emit.OpCodes.Ldc_I4_0);
        il.Emit(E);
        il.Emit(System.Reflection.Emit.OpCodes.Call, typeof(System.Reflection.Assembly)
            .GetMethod("LoadFrom", new[] { typeof(string) }));
        il.Emit(System.Reflection.Emit.OpCodes.Ldarg_0);
        il.Emit(System.Reflection.Emit.OpCodes.Ldc_I4_1);
        il.Emit(E);
        il.Emit(System.Reflection.Emit.OpCodes.Ldc_I4_1);
        il.Emit(System.Reflection.Emit.OpCodes.Callvirt, typeof(System.Reflection.Assembly)
            .GetMethod("GetType", new[] { typeof(string), typeof(bool) }));
        il.Emit(System.Reflection.Emit.OpCodes.Ldstr, "ServeChild");
        il.Emit(System.Reflection.Emit.OpCodes.Callvirt, typeof(Type)
            .GetMethod("GetMethod", new[] { typeof(string) }));
        il.Emit(System.Reflection.Emit.OpCodes.Ldnull);
        il.Emit(System.Reflection.Emit.OpCodes.Ldc_I4_1);
        il.Emit(System.Reflection.Emit.OpCodes.Newarr, typeof(object));
        il.Emit(System.Reflection.Emit.OpCodes.Dup);
        il.Emit(System.Reflection.Emit.OpCodes.Ldc_I4_0);
        il.Emit(System.Reflection.Emit.OpCodes.Ldarg_0);
        il.Emit(System.Reflection.Emit.OpCodes.Stelem_Ref);
        il.Emit(System.Reflection.Emit.OpCodes.Callvirt, typeof(System.Reflection.MethodBase)
            .GetMethod("Invoke", new[] { typeof(object), typeof(object[]) }));
        il.Emit(System.Reflection.Emit.OpCodes.Pop);
        il.Emit(System.Reflection.Emit.OpCodes.Ret);
        tb.CreateType();
        ab.SetEntryPoint(main, System.Reflection.Emit.PEFileKinds.ConsoleApplication);
        ab.Save(file);
    }

    // Whether A is the runtime's or a test framework's: never run again.
    static bool Framework(System.Reflection.Assembly a) {
        string n = a.GetName().Name;
        if (n == "mscorlib" || n == "System" || n == "netstandard" || n == "sa_harness_host")
            return true;
        foreach (string p in new[] { "System.", "Mono.", "Microsoft.", "nunit.", "xunit." })
            if (n.StartsWith(p, StringComparison.OrdinalIgnoreCase))
                return true;
        return false;
    }

    // The method the audited copy runs again: the nearest caller outside
    // this class, the runtime and test frameworks that runs without
    // arguments (compiler-made methods, lambdas', passed by).
    [MethodImpl(MethodImplOptions.NoInlining)]
    static System.Reflection.MethodBase Caller() {
        foreach (var f in new System.Diagnostics.StackTrace(false).GetFrames()) {
            var mb = f.GetMethod();
            Type t = mb == null ? null : mb.DeclaringType;
            if (t == null || Framework(t.Assembly) || t.FullName.IndexOf('<') >= 0
                    || mb.Name.IndexOf('<') >= 0)
                continue;
            bool ours = false;
            for (Type o = t; o != null; o = o.DeclaringType)
                ours |= o == typeof(SaHarness);
            if (!ours && Runnable(t, mb.Name) == mb)
                return mb;
        }
        throw new AuditError("AssertFair: no method to run again: call it from a method "
            + "with no parameters (a test method) or from Main");
    }

    // T's method NAME with no parameters, or its static Main.
    static System.Reflection.MethodInfo Runnable(Type t, string name) {
        const System.Reflection.BindingFlags all = System.Reflection.BindingFlags.Public
            | System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static
            | System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.DeclaredOnly;
        foreach (var m in t.GetMethods(all)) {
            if (m.Name != name || m.IsGenericMethodDefinition)
                continue;
            var p = m.GetParameters();
            if (p.Length == 0 || name == "Main" && m.IsStatic && p.Length == 1
                    && p[0].ParameterType == typeof(string[]))
                return m;
        }
        return null;
    }

    // T's methods (its base classes' first) with one of the attributes
    // NAMES and no parameters.
    static List<System.Reflection.MethodInfo> Hooks(Type t, params string[] names) {
        var found = new List<System.Reflection.MethodInfo>();
        if (t == null || t == typeof(object))
            return found;
        found.AddRange(Hooks(t.BaseType, names));
        const System.Reflection.BindingFlags all = System.Reflection.BindingFlags.Public
            | System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static
            | System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.DeclaredOnly;
        foreach (var m in t.GetMethods(all)) {
            object[] attrs;
            try {
                attrs = m.GetCustomAttributes(false);
            } catch (Exception) {
                continue; // an attribute whose assembly is not found
            }
            foreach (object a in attrs)
                if (Array.IndexOf(names, a.GetType().FullName) >= 0
                        && m.GetParameters().Length == 0) {
                    found.Add(m);
                    break;
                }
        }
        return found;
    }

    /// <summary>The audited copy that AssertFair starts, through its host:
    /// SHUFFLE_AUDIT_CHILD=K mono sa_harness_host.exe HARNESS_ASSEMBLY
    /// SaHarness TYPE METHOD [ASSEMBLY] runs TYPE's METHOD again, and its
    /// K-th AssertFair call serves shuffle-audit.</summary>
    public static void ServeChild(string[] a) {
        string k = Environment.GetEnvironmentVariable("SHUFFLE_AUDIT_CHILD");
        int call = 0;
        if (a.Length < 4 || a.Length > 5 || k == null || !int.TryParse(k, NumberStyles.None,
                CultureInfo.InvariantCulture, out call) || call < 1) {
            Console.Error.WriteLine("usage: SHUFFLE_AUDIT_CHILD=K mono sa_harness_host.exe "
                + "HARNESS_ASSEMBLY SaHarness TYPE METHOD [ASSEMBLY] (the audited copy that "
                + "AssertFair starts)");
            Environment.Exit(2);
        }
        Console.SetOut(Console.Error);
        string what = a[2] + "." + a[3];
        childKey = a[2] + " " + a[3];
        childCall = call;
        System.Reflection.MethodInfo m = null;
        Type t = null;
        try {
            var asm = a.Length == 5 ? System.Reflection.Assembly.LoadFrom(a[4])
                : typeof(SaHarness).Assembly;
            t = asm.GetType(a[2], true);
            m = Runnable(t, a[3]);
        } catch (Exception e) {
            Fail(what + " could not be run again: " + e.Message);
        }
        if (m == null)
            Fail(what + " has no form with no parameters to run again");
        try {
            object self = m.IsStatic ? null : Activator.CreateInstance(t, true);
            foreach (var h in Hooks(t, "NUnit.Framework.TestFixtureSetUpAttribute",
                    "NUnit.Framework.OneTimeSetUpAttribute"))
                h.Invoke(h.IsStatic ? null : self, null);
            if (self != null)
                foreach (var h in Hooks(t, "NUnit.Framework.SetUpAttribute"))
                    if (!h.IsStatic)
                        h.Invoke(self, null);
            m.Invoke(self, m.GetParameters().Length == 0 ? null
                : new object[] { new string[0] });
        } catch (System.Reflection.TargetInvocationException e) {
            Fail(what + " threw " + e.InnerException.GetType().Name + ": "
                + e.InnerException.Message + " before its AssertFair call " + k);
        } catch (Exception e) {
            Fail(what + " could not be run again: " + e.Message);
        }
        Fail(what + " ran again made no AssertFair call " + k + " (a test run more than "
            + "once in its process, or one whose calls vary, cannot be audited this way)");
    }
}
