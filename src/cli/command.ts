import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ApiClient } from './client';
import { resolveSettings } from './config';
import { CliError } from './errors';

/** Options every command takes. */
export const COMMON_OPTIONS = {
  server: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ParseArgsConfig['options'];

export const COMMON_HELP = `  --server <url>   the artifact host (default: ARTIFACT_HOST_URL, then the one saved by login)
  --json           print one JSON object instead of text, for scripts
  -h, --help       show this help`;

export interface Terminal {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  env: NodeJS.ProcessEnv;
}

export interface Command {
  name: string;
  summary: string;
  help: string;
  /** Resolves to the exit code. */
  run(args: string[], term: Terminal): Promise<number>;
}

export function parse<O extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: O,
  help: string,
) {
  try {
    return parseArgs({ args, options: { ...COMMON_OPTIONS, ...options }, allowPositionals: true });
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n\n${help}`, 2);
  }
}

export async function clientFor(flags: { server?: string | undefined }, env: NodeJS.ProcessEnv) {
  const settings = await resolveSettings(flags, env);
  return new ApiClient(settings.server, settings.token);
}

export function printJson(term: Terminal, value: unknown): void {
  term.stdout.write(JSON.stringify(value) + '\n');
}

/** Exactly `n` positionals, or a usage error naming what is missing. */
export function positionals(values: string[], names: string[], help: string): string[] {
  if (values.length !== names.length) {
    const what = values.length < names.length ? 'Missing' : 'Too many arguments; expected';
    throw new CliError(`${what} ${names.map((n) => `<${n}>`).join(' ')}.\n\n${help}`, 2);
  }
  return values;
}

export function showHelp(term: Terminal, help: string): number {
  term.stdout.write(help + '\n');
  return 0;
}
