import { describe, expect, it } from 'vitest';
import { build } from './index';
import { BuildError } from './types';
import { buildErrorLocation } from '../shared/site-source';

// The editor marks a failed build at its line by reading the builder's message back: these
// hold the reading to the messages the builder really writes.
describe('buildErrorLocation', () => {
  it("reads line and column out of the builder's message for pasted code", async () => {
    const broken =
      'export default function App() {\n  const items = [1, 2;\n  return <h1>x</h1>;\n}\n';
    const failure = await build({ kind: 'code', source: broken }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(BuildError);
    const location = buildErrorLocation((failure as BuildError).message);
    expect(location).toMatchObject({ file: null, line: 2 });
    // The builder counts columns from 0; the message, and the editor, from 1.
    expect(location?.column).toBe(((failure as BuildError).location?.column ?? -2) + 1);
    expect(location?.summary).toMatch(/^There is a mistake in your code on line 2, column \d+: /);
  });

  it("names the file of an upload, and reads the pipeline's appended position", () => {
    expect(
      buildErrorLocation(
        'There is a mistake in src/App.jsx on line 7, column 3: Unexpected "}"\n\n  7 | }\n',
      ),
    ).toEqual({
      file: 'src/App.jsx',
      line: 7,
      column: 3,
      summary: 'There is a mistake in src/App.jsx on line 7, column 3: Unexpected "}"',
    });
    expect(buildErrorLocation('Could not resolve "./x" (line 4, column 9)')).toMatchObject({
      file: null,
      line: 4,
      column: 10,
    });
    expect(buildErrorLocation('The build took too long.')).toBeNull();
    expect(buildErrorLocation(null)).toBeNull();
  });
});
