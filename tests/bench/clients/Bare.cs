// Bare.cs - Durstenfeld's shuffle speaking the exec protocol by hand, for
// make bench-audit: what the C# harness is measured against.
using System;
using System.IO;
using System.Text;

class Bare {
    static void Main() {
        var input = new StreamReader(Console.OpenStandardInput(), Encoding.ASCII, false, 1 << 16);
        var output = new StreamWriter(Console.OpenStandardOutput(), Encoding.ASCII, 1 << 16);
        string line;
        while ((line = input.ReadLine()) != null) {
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
