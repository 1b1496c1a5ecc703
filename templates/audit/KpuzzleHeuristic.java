// kpuzzle audit's harness for a heuristic written as a Java method
// (kpuzzle audit --method Class.method). kpuzzle copies it into the
// program's working folder, compiles it with Class.java (the folder is the
// source path, so the classes Class uses are compiled too, and jars in the
// folder are on the class path), and runs
//
//     java KpuzzleHeuristic CLASS METHOD BOARD BLANK SEPARATOR
//
// It reads every state first (the audit protocol: one state per line, the
// cells in row-major order separated by spaces, 0 the blank; KPUZZLE_SHAPE
// and KPUZZLE_GOAL say the board and the goal), then hides standard input
// and output from the student's code, and calls the method through
// reflection only (so it compiles whatever the student's classes look
// like), in the first of these forms the class has:
//
//   - static METHOD(board) or static METHOD(board, goal);
//   - METHOD(board) or METHOD(board, goal) on new CLASS(), or on
//     new CLASS(goal) (a heuristic object built for its goal);
//   - METHOD() on new CLASS(board), as Princeton's Board.manhattan();
//
// where a board is an int[][] (rows), an int[] (flat), a String (the
// cells joined by SEPARATOR, the blank written BLANK), a
// List<List<Integer>> or a List<Integer>, or an object of the student's
// own class built from one of these by a public constructor (a State or
// Board class: estimate(new EightPuzzleState(tiles))). BOARD (rows, flat,
// string or auto) chooses among the forms; auto takes the first, rows
// before flat before string. BLANK is the blank's value in number boards too (0 by
// default). The method returns any number (int, long, double, Integer
// ...). Each value goes on its own line, in input order; an exception or
// a value that is not a number ends the run with status 1 and a last line
// on stderr naming the state and the error.
//
// With BOARD "probe:SHAPE|BLANK|BLANK..." it writes "call DESCRIPTION",
// then for each way of writing the blank "SHAPE#I ok V V ..." or
// "SHAPE#I error MESSAGE" (I the blank's index in the list; SHAPE the
// shape of the form chosen), and exits 0.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.ByteArrayInputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

public class KpuzzleHeuristic {
    private static int rows, cols;
    private static String blank, sep;

    // A failed call: its message names what went wrong.
    private static class Failed extends Exception {
        Failed(String message) {
            super(message);
        }
    }

    // An argument made from a board's cells: the board itself, or an
    // object of the student's class built from it (wrap).
    private static class Arg {
        String shape; // rows, flat or string
        Type type; // the board's type
        Constructor<?> wrap; // new WRAP(board), or null

        Object make(int[] cells) throws ReflectiveOperationException {
            Object b = board(shape, type, cells);
            return wrap == null ? b : wrap.newInstance(b);
        }

        String describe() {
            String b = article(typeName(type));
            return wrap == null ? b : article(wrap.getDeclaringClass().getSimpleName()) + " built from " + b;
        }
    }

    // How the method is called.
    private static class Plan {
        Method method;
        Arg board; // the board argument, or (for METHOD()) what CLASS is built from
        Arg goal; // the goal argument, or null
        Constructor<?> self; // the instance: new CLASS(), new CLASS(goal), or new CLASS(board) for METHOD(); null for static
        Arg selfGoal; // new CLASS(goal): its argument
        String description;

        String shape() {
            return board.shape;
        }
    }

    public static void main(String[] args) throws Exception {
        String className = args[0], methodName = args[1], board = args[2];
        blank = args.length > 3 ? args[3] : "0";
        sep = args.length > 4 ? args[4] : "";
        String[] shape = System.getenv("KPUZZLE_SHAPE").split("x");
        rows = Integer.parseInt(shape[0]);
        cols = Integer.parseInt(shape[1]);
        int[] goal = cells(System.getenv("KPUZZLE_GOAL"));
        List<int[]> states = new ArrayList<>();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            if (!line.trim().isEmpty()) {
                states.add(cells(line));
            }
        }
        PrintStream out = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        System.setIn(new ByteArrayInputStream(new byte[0]));

        boolean probe = board.startsWith("probe:");
        String wanted = board;
        List<String> blanks = new ArrayList<>();
        blanks.add(blank);
        if (probe) {
            String[] parts = board.substring("probe:".length()).split("\\|", -1);
            wanted = parts[0];
            if (parts.length > 1) {
                blanks.clear();
                for (int i = 1; i < parts.length; i++) {
                    blanks.add(parts[i]);
                }
            }
        }
        Class<?> c;
        try {
            c = Class.forName(className);
        } catch (ClassNotFoundException e) {
            fail("there is no class " + className + " in the program's folder");
            return;
        }
        Plan plan = plan(c, methodName, wanted);
        StringBuilder sb = new StringBuilder();
        if (!probe) {
            for (int[] s : states) {
                try {
                    sb.append(value(plan, s, goal)).append('\n');
                } catch (Failed e) {
                    fail(plan.description + " on the state " + text(s) + ": " + e.getMessage());
                }
            }
            out.print(sb);
            out.flush();
            return;
        }
        sb.append("call ").append(plan.description).append('\n');
        for (int i = 0; i < blanks.size(); i++) {
            blank = blanks.get(i);
            StringBuilder line = new StringBuilder(plan.shape() + "#" + i + " ok");
            try {
                for (int[] s : states) {
                    line.append(' ').append(value(plan, s, goal));
                }
            } catch (Failed e) {
                line = new StringBuilder(plan.shape() + "#" + i + " error " + e.getMessage().replace('\n', ' '));
            }
            sb.append(line).append('\n');
        }
        out.print(sb);
        out.flush();
    }

    private static void fail(String message) {
        System.err.println("kpuzzle: " + message.replace('\n', ' '));
        System.exit(1);
    }

    private static int[] cells(String line) {
        String[] f = line.trim().split("\\s+");
        int[] c = new int[f.length];
        for (int i = 0; i < f.length; i++) {
            c[i] = Integer.parseInt(f[i]);
        }
        return c;
    }

    private static String text(int[] cells) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            sb.append(i > 0 ? " " : "").append(cells[i]);
        }
        return sb.toString();
    }

    // shapeOf says which shape a parameter type takes, or null.
    private static String shapeOf(Type t) {
        if (t == int[][].class) {
            return "rows";
        }
        if (t == int[].class) {
            return "flat";
        }
        if (t == String.class) {
            return "string";
        }
        if (t instanceof ParameterizedType) {
            ParameterizedType p = (ParameterizedType) t;
            if (p.getRawType() == List.class) {
                Type arg = p.getActualTypeArguments()[0];
                if (arg == Integer.class) {
                    return "flat";
                }
                if (arg instanceof ParameterizedType && ((ParameterizedType) arg).getRawType() == List.class
                        && ((ParameterizedType) arg).getActualTypeArguments()[0] == Integer.class) {
                    return "rows";
                }
            }
        }
        return null;
    }

    private static String article(String noun) {
        return ("aeiouAEIOU".indexOf(noun.charAt(0)) >= 0 ? "an " : "a ") + noun;
    }

    private static String typeName(Type t) {
        return t instanceof Class ? ((Class<?>) t).getSimpleName() : t.getTypeName().replace("java.util.", "").replace("java.lang.", "");
    }

    // arg makes an Arg for a parameter of type t: a board type, or a
    // public class with a public constructor taking one (rows before flat
    // before string); null when there is none.
    private static Arg arg(Type t) {
        String shape = shapeOf(t);
        if (shape != null) {
            Arg a = new Arg();
            a.shape = shape;
            a.type = t;
            return a;
        }
        if (!(t instanceof Class) || ((Class<?>) t).isPrimitive() || ((Class<?>) t).isArray()
                || ((Class<?>) t).getName().startsWith("java.")) {
            return null;
        }
        Arg best = null;
        for (Constructor<?> k : ((Class<?>) t).getConstructors()) {
            Type[] ks = k.getGenericParameterTypes();
            if (ks.length == 1 && shapeOf(ks[0]) != null && (best == null || rank(shapeOf(ks[0])) < rank(best.shape))) {
                best = new Arg();
                best.shape = shapeOf(ks[0]);
                best.type = ks[0];
                best.wrap = k;
            }
        }
        return best;
    }

    private static int rank(String shape) {
        return shape.equals("rows") ? 0 : shape.equals("flat") ? 1 : 2;
    }

    // plan finds how to call the method: the forms in order, the board
    // shapes in order, the first that exists.
    private static Plan plan(Class<?> c, String name, String wanted) {
        List<Plan> plans = new ArrayList<>();
        String cn = c.getSimpleName();
        for (Method m : c.getMethods()) {
            if (!m.getName().equals(name) || m.isBridge()) {
                continue;
            }
            Type[] ps = m.getGenericParameterTypes();
            boolean isStatic = Modifier.isStatic(m.getModifiers());
            if (ps.length == 1 || (ps.length == 2 && ps[0].equals(ps[1]))) {
                Arg a = arg(ps[0]);
                if (a == null) {
                    continue;
                }
                String params = ps.length == 2 ? "board, goal" : "board";
                Plan p = new Plan();
                p.method = m;
                p.board = a;
                p.goal = ps.length == 2 ? a : null;
                if (isStatic) {
                    p.description = cn + "." + name + "(" + params + ")";
                } else {
                    try {
                        p.self = c.getConstructor();
                        p.description = "new " + cn + "()." + name + "(" + params + ")";
                    } catch (NoSuchMethodException e) {
                        for (Constructor<?> k : c.getConstructors()) {
                            Type[] ks = k.getGenericParameterTypes();
                            if (p.self == null && ks.length == 1 && arg(ks[0]) != null) {
                                p.self = k;
                                p.selfGoal = arg(ks[0]);
                                p.description = "new " + cn + "(goal)." + name + "(" + params + ")";
                            }
                        }
                        if (p.self == null) {
                            continue;
                        }
                    }
                }
                p.description += " with board " + a.describe();
                plans.add(p);
            } else if (ps.length == 0 && !isStatic) {
                for (Constructor<?> k : c.getConstructors()) {
                    Type[] ks = k.getGenericParameterTypes();
                    if (ks.length == 1 && shapeOf(ks[0]) != null) {
                        Plan p = new Plan();
                        p.method = m;
                        p.board = arg(ks[0]);
                        p.self = k;
                        p.description = "new " + cn + "(board)." + name + "() with board " + p.board.describe();
                        plans.add(p);
                    }
                }
            }
        }
        Plan best = null;
        String[] order = {"rows", "flat", "string"};
        for (String s : order) {
            for (Plan p : plans) {
                if (best == null && p.shape().equals(s) && (wanted.equals("auto") || wanted.equals(s))) {
                    best = p;
                }
            }
        }
        if (best == null) {
            String what = wanted.equals("auto") ? "a board" : "a board as " + wanted;
            fail(c.getName() + " has no public " + name + "(board) (static, or on new " + cn + "() or new " + cn + "(goal)) nor "
                    + name + "() on new " + cn + "(board), with " + what + ": int[][], int[], String, a List, or a class built from one");
        }
        return best;
    }

    private static Object board(String shape, Type type, int[] cells) {
        switch (shape) {
            case "string": {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < cells.length; i++) {
                    sb.append(i > 0 ? sep : "").append(cells[i] == 0 ? blank : String.valueOf(cells[i]));
                }
                return sb.toString();
            }
            case "flat": {
                int b = blankNumber();
                if (type == int[].class) {
                    int[] a = new int[cells.length];
                    for (int i = 0; i < cells.length; i++) {
                        a[i] = cells[i] == 0 ? b : cells[i];
                    }
                    return a;
                }
                List<Integer> l = new ArrayList<>();
                for (int x : cells) {
                    l.add(x == 0 ? blankInteger() : Integer.valueOf(x));
                }
                return l;
            }
            default: {
                int b = blankNumber();
                if (type == int[][].class) {
                    int[][] a = new int[rows][cols];
                    for (int i = 0; i < cells.length; i++) {
                        a[i / cols][i % cols] = cells[i] == 0 ? b : cells[i];
                    }
                    return a;
                }
                List<List<Integer>> l = new ArrayList<>();
                for (int r = 0; r < rows; r++) {
                    List<Integer> row = new ArrayList<>();
                    for (int col = 0; col < cols; col++) {
                        int x = cells[r * cols + col];
                        row.add(x == 0 ? blankInteger() : Integer.valueOf(x));
                    }
                    l.add(row);
                }
                return l;
            }
        }
    }

    private static int blankNumber() {
        try {
            return Integer.parseInt(blank);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static Integer blankInteger() {
        if (blank.equals("None") || blank.equals("null")) {
            return null;
        }
        return blankNumber();
    }

    private static String value(Plan p, int[] cells, int[] goal) throws Failed {
        Object result;
        try {
            if (p.method.getParameterCount() == 0) {
                result = p.method.invoke(p.self.newInstance(p.board.make(cells)));
            } else {
                Object target = null;
                if (!Modifier.isStatic(p.method.getModifiers())) {
                    target = p.selfGoal == null ? p.self.newInstance() : p.self.newInstance(p.selfGoal.make(goal));
                }
                Object b = p.board.make(cells);
                result = p.goal != null ? p.method.invoke(target, b, p.goal.make(goal)) : p.method.invoke(target, b);
            }
        } catch (InvocationTargetException e) {
            Throwable t = e.getCause();
            throw new Failed("it threw " + t.getClass().getName() + (t.getMessage() != null ? ": " + t.getMessage() : ""));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new Failed("it could not be called: " + e);
        }
        if (result instanceof Integer || result instanceof Long || result instanceof Short || result instanceof Byte) {
            return String.valueOf(((Number) result).longValue());
        }
        if (result instanceof Number) {
            double d = ((Number) result).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new Failed("it returned " + d + ", not a finite number");
            }
            return Double.toString(d);
        }
        throw new Failed("it returned " + (result == null ? "null" : result.getClass().getSimpleName() + " " + result) + ", not a number");
    }
}
