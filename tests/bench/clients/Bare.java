// Bare.java - Durstenfeld's shuffle speaking the exec protocol by hand,
// for make bench-audit: what the Java harness is measured against.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;

public class Bare {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in), 1 << 16);
        PrintWriter out = new PrintWriter(System.out, false);
        String line;
        while ((line = in.readLine()) != null) {
            String[] w = line.split(" ");
            int n = Integer.parseInt(w[1]);
            int planned = w.length > 2 && w[2].equals("plan") ? w.length - 3 : -1;
            int used = 0;
            boolean told = planned < 0;
            StringBuilder asked = new StringBuilder("asked");
            int[] deck = new int[n];
            for (int i = 0; i < n; i++)
                deck[i] = i;
            for (int i = n - 1; i > 0; i--) {
                int j = -1;
                if (!told) {
                    if (used < planned) {
                        String[] kv = w[3 + used].split(":");
                        if (Integer.parseInt(kv[0]) == i + 1) {
                            j = Integer.parseInt(kv[1]);
                            asked.append(' ').append(i + 1);
                            used++;
                        }
                    }
                    if (j < 0) {
                        out.print(asked.append('\n'));
                        told = true;
                    }
                }
                if (j < 0) {
                    out.print("draw " + (i + 1) + "\n");
                    out.flush();
                    j = Integer.parseInt(in.readLine());
                }
                int t = deck[i];
                deck[i] = deck[j];
                deck[j] = t;
            }
            if (!told)
                out.print(asked.append('\n'));
            StringBuilder s = new StringBuilder("deck");
            for (int c : deck)
                s.append(' ').append(c);
            out.print(s.append('\n'));
            out.flush();
        }
    }
}
