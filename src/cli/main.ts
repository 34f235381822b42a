import { readFileSync } from 'node:fs';
import type { Command, Terminal } from './command';
import { deleteCommand } from './commands/delete';
import { deployCommand } from './commands/deploy';
import { loginCommand } from './commands/login';
import { logsCommand } from './commands/logs';
import { mcpCommand } from './commands/mcp';
import { rollbackCommand } from './commands/rollback';
import { sitesCommand } from './commands/sites';
import { CliError } from './errors';

const COMMANDS: Command[] = [
  loginCommand,
  deployCommand,
  sitesCommand,
  logsCommand,
  rollbackCommand,
  deleteCommand,
  mcpCommand,
];

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return String((pkg as { version?: unknown }).version);
}

const usage = () => `Usage: artifact-host <command> [options]

Deploys AI-generated artifacts (React/JSX/TSX, HTML, a folder or a .zip) to live sites.

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(10)}${c.summary}`).join('\n')}

Run \`artifact-host <command> --help\` for a command's options.
Environment: ARTIFACT_HOST_TOKEN (an access token), ARTIFACT_HOST_URL (the server).
Every command takes --server <url> and --json; exit code 0 means it worked.`;

/** Runs one command line; resolves to the process's exit code. */
export async function main(argv: string[], term: Terminal = process): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? COMMANDS.find((c) => c.name === args[0]) : undefined;
    (name === undefined ? term.stderr : term.stdout).write((topic?.help ?? usage()) + '\n');
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    term.stdout.write(version() + '\n');
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    term.stderr.write(`Unknown command "${name}".\n\n${usage()}\n`);
    return 2;
  }
  try {
    return await command.run(args, term);
  } catch (err) {
    const known = err instanceof CliError;
    const message = known ? err.message : `Unexpected error: ${(err as Error).message}`;
    if (args.includes('--json')) {
      term.stdout.write(
        JSON.stringify({ error: message.split('\n\n')[0], ...(known ? err.details : {}) }) + '\n',
      );
    } else {
      term.stderr.write(`${message}\n`);
    }
    return known ? err.exitCode : 1;
  }
}
