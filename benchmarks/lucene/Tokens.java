import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import java.io.*;
import java.nio.charset.StandardCharsets;

// The terms Lucene's EnglishAnalyzer (the full-text index's `english` analyzer) makes of
// each line on stdin, space-separated, one line out per line in. Run by
// benchmarks/lucene_tokens.py with the local server's jars; elfgraph.core.analysis must
// agree with it (tests/core/test_analysis.py).
public class Tokens {
  public static void main(String[] args) throws Exception {
    Analyzer a = new EnglishAnalyzer();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream out = new PrintStream(System.out, true, "UTF-8");
    String line;
    while ((line = in.readLine()) != null) {
      StringBuilder sb = new StringBuilder();
      try (TokenStream ts = a.tokenStream("content", line)) {
        CharTermAttribute t = ts.addAttribute(CharTermAttribute.class);
        ts.reset();
        while (ts.incrementToken()) { if (sb.length() > 0) sb.append(' '); sb.append(t.toString()); }
        ts.end();
      }
      out.println(sb);
    }
  }
}
