// Bare.java - Durstenfeld's shuffle speaking the exec protocol by hand,
// for make bench-audit: what the Java harness is measured against.  It
// offers the streamed walk on its first line and, taken, walks the fixed
// bounds n, n-1, ..., 2 as a mixed-radix counter; declined, or for the
// auditor's replays afterwards, it speaks the plain and batched lines
// (its hello, "stream 1 plan", asks for the replays as plans).
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;

public class Bare {
    static byte[] buf = new byte[1 << 16];
    static int have;

    static void put(int x) {
        for (int i = 0; i < 4; i++)
            buf[have++] = (byte) (x >>> (8 * i));
    }

    // How many times run DONE + 1 is run again (the auditor's rule).
    static int repeats(int done, int every, int floor) {
        int k = done + 1, least = (floor + k - 1) / k, base = done % every == 0 ? 1 : 0;
        return k <= floor && least > base ? least : base;
    }

    static void run(int[] v, int n, int from) {
        int m = v.length;
        buf[have++] = 'R';
        buf[have++] = 'K';
        put(from);
        for (int d = from; d < m; d++) {
            buf[have++] = 'v';
            put(n - d - 1);
            put(v[d]);
        }
        int[] deck = new int[n];
        for (int i = 0; i < n; i++)
            deck[i] = i;
        for (int i = n - 1; i > 0; i--) {
            int j = v[n - 1 - i], t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
        }
        buf[have++] = 'D';
        buf[have++] = (byte) n;
        for (int c : deck)
            buf[have++] = (byte) c;
        if (have > 1 << 15) {
            System.out.write(buf, 0, have);
            System.out.flush();
            have = 0;
        }
    }

    // The streamed walk "walk N PART PARTS DEPTH MAX EVERY FLOOR" (A).
    static void walk(int[] a) {
        int n = a[0], part = a[1], parts = a[2], every = a[5], floor = a[6];
        if (a[3] > 0 && a[3] < n - 1)
            System.exit(2); // no cut here
        int m = Math.max(n - 1, 0);
        int[] v = new int[m];
        for (int from = 0, done = 0;;) {
            boolean skip = parts > 1 && (m > 0 ? v[0] % parts : 0) != part;
            run(v, n, from);
            if (!skip) {
                for (int t = every > 0 ? repeats(done, every, floor) : 0; t > 0; t--)
                    run(v, n, m);
                done++;
            }
            int k = m;
            if (skip)
                k = Math.min(k, 1);
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
        buf[have++] = 'E';
        for (int i = 0; i < 6; i++)
            buf[have++] = 0;
        System.out.write(buf, 0, have);
        System.out.flush();
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in), 1 << 16);
        PrintWriter out = new PrintWriter(System.out, false);
        String line = in.readLine();
        out.print("stream 1 plan\n");
        out.flush();
        String answer = in.readLine();
        if (answer != null && answer.startsWith("walk ")) {
            String[] w = answer.split(" ");
            int[] a = new int[7];
            for (int i = 0; i < 7; i++)
                a[i] = Integer.parseInt(w[i + 1]);
            walk(a);
            line = in.readLine();
        }
        for (; line != null; line = in.readLine()) {
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
