import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The event table of docs/ARCHITECTURE.md is the one place a newcomer learns who tells whom what.
// It is read here against the code, so a new event, a new emitter or a new listener that the
// table does not name fails the suite instead of leaving the map quietly wrong.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const serverDir = join(root, 'src/server');

/** The keys of `AppEvents`, in the order types.ts declares them. */
function appEventNames(typesSource: string): string[] {
  const start = typesSource.indexOf('export interface AppEvents {');
  if (start < 0) throw new Error('types.ts declares no AppEvents interface');
  const body = typesSource.slice(start, typesSource.indexOf('\n}\n', start));
  // Keys sit at two spaces of indentation; the payloads' own fields sit deeper.
  return [...body.matchAll(/^ {2}'([^']+)':/gm)].map((m) => m[1]!);
}

interface EventRow {
  event: string;
  emittedBy: string[];
  heardBy: string[];
}

/** The rows of the table under "## Events": the event, and the source files of each side. */
function eventTable(markdown: string): EventRow[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Events'));
  if (!section) throw new Error('docs/ARCHITECTURE.md has no "## Events" section');
  const rows: EventRow[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    // A row reads `| name | emitted by | heard by |`: five pieces around its four bars.
    if (cells.length !== 5) continue;
    const name = /^`([a-z-]+\.[a-z.-]+)`$/.exec(cells[1]!);
    if (!name) continue;
    rows.push({
      event: name[1]!,
      emittedBy: sourceFiles(cells[2]!),
      heardBy: sourceFiles(cells[3]!),
    });
  }
  return rows;
}

/** The backticked source paths a table cell names (`realtime/index.ts`), not other code. */
function sourceFiles(cell: string): string[] {
  return [...cell.matchAll(/`([a-z0-9/-]+\.tsx?)`/g)].map((m) => m[1]!);
}

/**
 * What a file is called where it may be moved: its name, or its folder's for an index. The
 * table names files where they live after the domain's move into wings
 * (`domain/deployments/deployments.ts`), so the comparison must hold on either side of it.
 */
function fileKey(path: string): string {
  const parts = path.replace(/\.tsx?$/, '').split('/');
  const name = parts.at(-1)!;
  return name === 'index' ? `${parts.at(-2)}/index` : name;
}

function sourceFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

/** Which files emit and which hear each event, read from the server's source. */
function eventUse(names: string[]): Map<string, { emit: Set<string>; hear: Set<string> }> {
  const use = new Map(names.map((n) => [n, { emit: new Set<string>(), hear: new Set<string>() }]));
  for (const file of sourceFilesUnder(serverDir)) {
    const text = readFileSync(file, 'utf8');
    const key = fileKey(file.slice(serverDir.length + 1));
    for (const m of text.matchAll(/\.(emit|on|onOwn)\(\s*'([^']+)'/g)) {
      const entry = use.get(m[2]!);
      if (!entry) continue;
      (m[1] === 'emit' ? entry.emit : entry.hear).add(key);
    }
  }
  return use;
}

const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

describe('the event table of docs/ARCHITECTURE.md', () => {
  const names = appEventNames(readFileSync(join(serverDir, 'events/types.ts'), 'utf8'));
  const rows = eventTable(readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8'));

  it('names exactly the events of AppEvents, once each', () => {
    expect(names.length).toBeGreaterThan(0);
    expect(sorted(rows.map((r) => r.event))).toEqual(sorted(names));
    expect(rows.length).toBe(names.length);
  });

  it('names every file that emits or hears each event, and no other', () => {
    const use = eventUse(names);
    const table = rows.map((r) => ({
      event: r.event,
      emittedBy: sorted(r.emittedBy.map(fileKey)),
      heardBy: sorted(r.heardBy.map(fileKey)),
    }));
    const code = table.map((r) => ({
      event: r.event,
      emittedBy: sorted(use.get(r.event)?.emit ?? []),
      heardBy: sorted(use.get(r.event)?.hear ?? []),
    }));
    expect(table).toEqual(code);
  });

  it('has no event that nobody emits or nobody hears', () => {
    const use = eventUse(names);
    const idle = names.filter((n) => use.get(n)!.emit.size === 0 || use.get(n)!.hear.size === 0);
    expect(idle).toEqual([]);
  });
});

describe('reading the table', () => {
  it('finds the rows of the Events section only, with their files', () => {
    const md = [
      '## Parts',
      '| `not.an-event` | `a.ts` | `b.ts` |',
      '## Events',
      '| event | emitted by | heard by |',
      '| --- | --- | --- |',
      '| `site.changed` | `domain/sites/sites.ts` (deletes) | `realtime/index.ts`: `site-update` |',
      '## Flow',
    ].join('\n');
    expect(eventTable(md)).toEqual([
      {
        event: 'site.changed',
        emittedBy: ['domain/sites/sites.ts'],
        heardBy: ['realtime/index.ts'],
      },
    ]);
  });

  it('reads the keys of AppEvents and not the fields of their payloads', () => {
    const src = [
      'export interface AppEvents {',
      "  'a.b': { x: string };",
      "  'c.d': {",
      "    'e.f': string;",
      '  };',
      '}',
      '',
    ].join('\n');
    expect(appEventNames(src)).toEqual(['a.b', 'c.d']);
  });
});
