// Bare.cs - Durstenfeld's shuffle speaking the exec protocol by hand, for
// make bench-audit: what the C# harness is measured against.  It offers
// the streamed walk on its first line and, taken, walks the fixed bounds
// n, n-1, ..., 2 as a mixed-radix counter; declined, or for the
// auditor's replays afterwards, it speaks the plain and batched lines
// (its hello, "stream 1 plan", asks for the replays as plans).
using System;
using System.IO;
using System.Text;

class Bare {
    static byte[] buf = new byte[1 << 16];
    static int have;

    static void Put(int x) {
        for (int i = 0; i < 4; i++)
            buf[have++] = (byte) (x >> (8 * i));
    }

    // How many times run DONE + 1 is run again (the auditor's rule).
    static int Repeats(int done, int every, int floor) {
        int k = done + 1, least = (floor + k - 1) / k, b = done % every == 0 ? 1 : 0;
        return k <= floor && least > b ? least : b;
    }

    static void Run(Stream o, int[] v, int n, int from) {
        int m = v.Length;
        buf[have++] = (byte) 'R';
        buf[have++] = (byte) 'K';
        Put(from);
        for (int d = from; d < m; d++) {
            buf[have++] = (byte) 'v';
            Put(n - d - 1);
            Put(v[d]);
        }
        int[] deck = new int[n];
        for (int i = 0; i < n; i++)
            deck[i] = i;
        for (int i = n - 1; i > 0; i--) {
            int j = v[n - 1 - i], t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
        }
        buf[have++] = (byte) 'D';
        buf[have++] = (byte) n;
        foreach (int c in deck)
            buf[have++] = (byte) c;
        if (have > 1 << 15) {
            o.Write(buf, 0, have);
            o.Flush();
            have = 0;
        }
    }

    // The streamed walk "walk N PART PARTS DEPTH MAX EVERY FLOOR" (A).
    static void Walk(Stream o, int[] a) {
        int n = a[0], part = a[1], parts = a[2], every = a[5], floor = a[6];
        if (a[3] > 0 && a[3] < n - 1)
            Environment.Exit(2); // no cut here
        int m = Math.Max(n - 1, 0);
        int[] v = new int[m];
        for (int from = 0, done = 0;;) {
            bool skip = parts > 1 && (m > 0 ? v[0] % parts : 0) != part;
            Run(o, v, n, from);
            if (!skip) {
                for (int t = every > 0 ? Repeats(done, every, floor) : 0; t > 0; t--)
                    Run(o, v, n, m);
                done++;
            }
            int k = m;
            if (skip)
                k = Math.Min(k, 1);
            else
                while (k > 0 && v[k - 1] + 1 == n - (k - 1))
                    k--;
            if (k == 0)
                break;
            if (k == 1) {
                int x = v[0] + 1;
                while (x % parts != part && x < n)
                    x++;
                if (x >= n)
                    break;
                v[0] = x;
            } else {
                v[k - 1]++;
            }
            for (int d = k; d < m; d++)
                v[d] = 0;
            from = k - 1;
        }
        buf[have++] = (byte) 'E';
        for (int i = 0; i < 6; i++)
            buf[have++] = 0;
        o.Write(buf, 0, have);
        o.Flush();
    }

    static void Main() {
        var input = new StreamReader(Console.OpenStandardInput(), Encoding.ASCII, false, 1 << 16);
        var output = new StreamWriter(Console.OpenStandardOutput(), Encoding.ASCII, 1 << 16);
        string line = input.ReadLine();
        output.Write("stream 1 plan\n");
        output.Flush();
        string answer = input.ReadLine();
        if (answer != null && answer.StartsWith("walk ", StringComparison.Ordinal)) {
            string[] w = answer.Split(' ');
            int[] a = new int[7];
            for (int i = 0; i < 7; i++)
                a[i] = int.Parse(w[i + 1]);
            Walk(output.BaseStream, a);
            line = input.ReadLine();
        }
        for (; line != null; line = input.ReadLine()) {
            string[] w = line.Split(' ');
            int n = int.Parse(w[1]);
            int planned = w.Length > 2 && w[2] == "plan" ? w.Length - 3 : -1;
            int used = 0;
            bool told = planned < 0;
            var asked = new StringBuilder("asked");
            int[] deck = new int[n];
            for (int i = 0; i < n; i++)
                deck[i] = i;
            for (int i = n - 1; i > 0; i--) {
                int j = -1;
                if (!told) {
                    if (used < planned) {
                        string[] kv = w[3 + used].Split(':');
                        if (int.Parse(kv[0]) == i + 1) {
                            j = int.Parse(kv[1]);
                            asked.Append(' ').Append(i + 1);
                            used++;
                        }
                    }
                    if (j < 0) {
                        output.Write(asked.Append('\n').ToString());
                        told = true;
                    }
                }
                if (j < 0) {
                    output.Write("draw " + (i + 1) + "\n");
                    output.Flush();
                    j = int.Parse(input.ReadLine());
                }
                int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
            }
            if (!told)
                output.Write(asked.Append('\n').ToString());
            var s = new StringBuilder("deck");
            foreach (int c in deck)
                s.Append(' ').Append(c);
            output.Write(s.Append('\n').ToString());
            output.Flush();
        }
    }
}
