package org.mpiverify.results;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.deser.std.NumberDeserializers;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reading and writing the result files (the manifest, every producer's JSON, the reports' input), over
 * Jackson. Objects read as {@link LinkedHashMap} (key order kept, so a rewritten file diffs cleanly and
 * tables come out in the producer's order), arrays as {@link List}, numbers as {@link Long} when integral
 * else {@link Double}; a duplicate key, trailing text or a single-quoted string is an error naming the
 * line. The typed getters return a default for a missing key or a value of another type, because
 * producers add fields over time and a report must still render older files.
 *
 * <p>Numbers are written with six significant digits (a measurement's noise is larger), integral
 * values without a fraction, and non-finite ones as {@code null}; a record's {@code double} read from
 * {@code null} (or missing) is NaN, so a value that was not measured never comes back as a measured zero.
 *
 * <p>Result files are records ({@link #write}, {@link #read}): a record component is its JSON key, in the
 * record's order. A key that is a Java reserved word ({@code extends}, {@code final}, ...) is the component's
 * name with one trailing underscore ({@code String extends_} is {@code "extends"}); no other component name ends
 * in an underscore. A component that a file leaves out when it is empty carries
 * {@code @JsonInclude(JsonInclude.Include.NON_EMPTY)}, one it leaves out when there is none
 * {@code @JsonInclude(JsonInclude.Include.NON_NULL)}.
 */
public final class Json {
    private static final MathContext SIX_DIGITS = new MathContext(6);

    private Json() {}

    /**
     * The mappers, built on first use: {@link #quote} and {@link #number} need none, so a rank process of
     * a native audit target, which only quotes its report's strings, never loads Jackson's databind.
     */
    private static final class Mappers {
        static final ObjectMapper MAPPER = JsonMapper.builder()
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.USE_LONG_FOR_INTS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .propertyNamingStrategy(new ReservedWordKeys())
                .addModule(new SimpleModule("six significant digits")
                        .addSerializer(Double.class, new DoubleSerializer())
                        .addSerializer(Double.TYPE, new DoubleSerializer()) // a record's double, too
                        .addDeserializer(Double.TYPE, new NumberDeserializers.DoubleDeserializer(Double.TYPE, Double.NaN)))
                .build();
        /** Two-space indentation; arrays stay on their line ({@code [1, 2]}), objects in them break lines. */
        static final ObjectWriter INDENTED = MAPPER.writer(new DefaultPrettyPrinter(Separators.createDefaultInstance()
                        .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                        .withArrayValueSpacing(Separators.Spacing.AFTER)
                        .withObjectEmptySeparator("").withArrayEmptySeparator(""))
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(DefaultPrettyPrinter.NopIndenter.instance));
        static final ObjectWriter COMPACT = MAPPER.writer();
    }

    /** Writes a value (maps, lists, strings, numbers, booleans, null, records) as indented JSON, ending in a newline. */
    public static String write(Object v) {
        try {
            return Mappers.INDENTED.writeValueAsString(v) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("JSON: cannot write " + v.getClass().getName() + ": " + e.getOriginalMessage(), e);
        }
    }

    /** Writes a value on one line, to embed in a line-oriented file. */
    public static String compact(Object v) {
        try {
            return Mappers.COMPACT.writeValueAsString(v);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("JSON: cannot write " + v.getClass().getName() + ": " + e.getOriginalMessage(), e);
        }
    }

    /** {@code s} as a JSON string literal (quotes, escapes, control characters as {@code \\uXXXX}); null as {@code null}. */
    public static String quote(String s) {
        if (s == null) return "null";
        return '"' + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + '"';
    }

    /** {@code v} as a JSON number with six significant digits, {@code null} when not finite. */
    public static String number(double v) {
        if (!Double.isFinite(v)) return "null";
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        return new BigDecimal(v).round(SIX_DIGITS).stripTrailingZeros().toString();
    }

    /** Parses one JSON value; malformed input is an {@link IllegalArgumentException} naming the line. */
    public static Object parse(String text) {
        try {
            return Mappers.MAPPER.readValue(text, Object.class);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? -1 : e.getLocation().getLineNr();
            throw new IllegalArgumentException("JSON: " + e.getOriginalMessage() + (line > 0 ? " at line " + line : ""), e);
        }
    }

    /**
     * Reads a JSON document into a value of {@code type}, typically a record (its components by name, nested records,
     * lists, maps, enums by name). Strict: malformed input, a key the type does not have, a duplicate key or a value of
     * the wrong type is an {@link IllegalArgumentException} naming the line; a missing key reads as null (a
     * {@code double}'s NaN, another primitive's zero), for the record to refuse if it must have it.
     */
    public static <T> T read(String text, Class<T> type) {
        try {
            return Mappers.MAPPER.readValue(text, type);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? -1 : e.getLocation().getLineNr();
            throw new IllegalArgumentException("JSON: " + e.getOriginalMessage() + (line > 0 ? " at line " + line : ""), e);
        }
    }

    /** Writes {@code value} (a result record) to {@code file} as {@link #write} does, creating its folder. */
    public static void writeFile(Path file, Object value) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, write(value));
    }

    /** Reads {@code file} as {@link #read} does. */
    public static <T> T readFile(Path file, Class<T> type) throws IOException {
        return read(Files.readString(file), type);
    }

    /** Parses a JSON object; anything else is an error. */
    public static Map<String, Object> parseObject(String text) {
        if (parse(text) instanceof Map<?, ?> m) return cast(m);
        throw new IllegalArgumentException("JSON: expected an object at the top level");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Map<?, ?> m) {
        return (Map<String, Object>) m;
    }

    public static Map<String, Object> obj(Map<String, Object> m, String key) {
        return m != null && m.get(key) instanceof Map<?, ?> v ? cast(v) : null;
    }

    public static List<Map<String, Object>> objs(Map<String, Object> m, String key) {
        List<Map<String, Object>> r = new ArrayList<>();
        if (m != null && m.get(key) instanceof List<?> l) {
            for (Object o : l) if (o instanceof Map<?, ?> e) r.add(cast(e));
        }
        return r;
    }

    public static List<Object> list(Map<String, Object> m, String key) {
        if (m != null && m.get(key) instanceof List<?> l) return Collections.unmodifiableList(new ArrayList<>(l));
        return List.of();
    }

    public static String str(Map<String, Object> m, String key, String def) {
        if (m == null) return def;
        Object v = m.get(key);
        return v instanceof String s ? s : v instanceof Number || v instanceof Boolean ? v.toString() : def;
    }

    public static double num(Map<String, Object> m, String key, double def) {
        return m != null && m.get(key) instanceof Number n ? n.doubleValue() : def;
    }

    public static long integer(Map<String, Object> m, String key, long def) {
        return m != null && m.get(key) instanceof Number n ? n.longValue() : def;
    }

    public static boolean bool(Map<String, Object> m, String key, boolean def) {
        return m != null && m.get(key) instanceof Boolean b ? b : def;
    }

    /** A record component {@code extends_} is the key {@code "extends"}: the rule for reserved words. */
    private static final class ReservedWordKeys extends PropertyNamingStrategies.NamingBase {
        @Override
        public String translate(String name) {
            return name != null && name.length() > 1 && name.endsWith("_") ? name.substring(0, name.length() - 1) : name;
        }
    }

    /** Doubles as {@link #number(double)} writes them. */
    private static final class DoubleSerializer extends JsonSerializer<Double> {
        @Override
        public void serialize(Double v, JsonGenerator g, SerializerProvider p) throws IOException {
            String n = number(v);
            if (n.equals("null")) g.writeNull();
            else g.writeNumber(n);
        }
    }
}
