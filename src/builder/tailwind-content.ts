// Tailwind's class extractor costs the square of a run's length on runs without spaces or
// quotes (thousands of `<div>` or `(` in a row took minutes). No class is that long, so a long
// run is read as overlapping windows, one per line: every class up to WINDOW_OVERLAP
// characters is still found, and the cost grows with the length, not its square.
const LONG_RUN = 1000;
const WINDOW = 256;
const WINDOW_OVERLAP = 128;
const RUN_BREAK = /[\s"'`]/;

// A method's name in a call (`habits.filter(`, `el.blur(`, `selection.transition(`) is never a
// class, yet many are utility names: each such word cost a rule, and `filter` or `transform`
// also every --tw default its rule reads. A class never follows a dot and precedes a bracket.
const METHOD_CALL = /\.[A-Za-z_$][\w$]*\(/g;

/**
 * The content as Tailwind should scan it: without the names of called methods, and with a very
 * long run read in windows.
 */
export function scannableContent(text: string): string {
  const content = text.replace(METHOD_CALL, '.(');
  const parts: string[] = [];
  let kept = 0;
  let runStart = 0;
  // A loop, not a regex: a pattern for "1000 or more" would itself rescan every shorter run.
  for (let i = 0; i <= content.length; i++) {
    if (i < content.length && !RUN_BREAK.test(content[i]!)) continue;
    if (i - runStart >= LONG_RUN) {
      parts.push(content.slice(kept, runStart));
      for (let start = runStart; start < i - WINDOW_OVERLAP; start += WINDOW - WINDOW_OVERLAP) {
        parts.push('\n', content.slice(start, Math.min(start + WINDOW, i)));
      }
      parts.push('\n');
      kept = i;
    }
    runStart = i + 1;
  }
  if (kept === 0) return content;
  parts.push(content.slice(kept));
  return parts.join('');
}
