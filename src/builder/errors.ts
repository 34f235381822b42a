import type { Message } from 'esbuild';
import { BuildError } from './types';
import type { BuildLog } from './log';

/** Turns esbuild's first error into a message a non-developer can act on. */
export function syntaxError(errors: Message[], log: BuildLog, fileLabel = 'your code'): BuildError {
  const first = errors[0];
  if (!first) return new BuildError('The code could not be built.', undefined, log.lines);
  const loc = first.location;
  if (!loc) return new BuildError(first.text, undefined, log.lines);
  const file = loc.file.replace(/^artifact:/, '').replace(/^\/?/, '');
  // a paste has no name; in an upload, the file the mistake is in (not always the entry)
  const pasted = fileLabel === 'your code';
  const pointer = `${' '.repeat(String(loc.line).length + 3 + loc.column)}^`;
  const message =
    `There is a mistake in ${pasted ? fileLabel : file} on line ${loc.line}, column ${loc.column + 1}: ${first.text}\n\n` +
    `  ${loc.line} | ${loc.lineText}\n${pointer}\n\n` +
    `(${loc.line}:${loc.column}) Fix this line in ${pasted ? 'the code you pasted' : file} (or ask the assistant to), then deploy again.`;
  log.add('transform', `Syntax error at line ${loc.line}:${loc.column}: ${first.text}`, 'error');
  return new BuildError(
    message,
    { file, line: loc.line, column: loc.column, lineText: loc.lineText },
    log.lines,
  );
}
