import { createInterface } from 'node:readline/promises';
import { ApiClient } from '../client';
import { COMMON_HELP, parse, printJson, showHelp, type Command } from '../command';
import { configPath, DEFAULT_SERVER, normalizeServer, readConfig, writeConfig } from '../config';
import { CliError } from '../errors';
import { readStdin } from '../source';

const help = `Usage: artifact-host login [--server <url>] [options]

Saves an access token for the other commands, after checking it with the server.
Create the token in the app: Settings → Access Tokens (scope "deploy" to deploy).
The token is read from ARTIFACT_HOST_TOKEN, else from stdin when piped
(e.g. pbpaste | artifact-host login), else asked for.
It is saved with the server in ${configPath()} (readable only by you).
ARTIFACT_HOST_TOKEN and ARTIFACT_HOST_URL, when set, override the saved values.

Options:
${COMMON_HELP}`;

async function askToken(term: Parameters<Command['run']>[1]): Promise<string> {
  if (term.env.ARTIFACT_HOST_TOKEN) return term.env.ARTIFACT_HOST_TOKEN;
  if (!term.stdin.isTTY) return readStdin(term.stdin);
  const rl = createInterface({ input: term.stdin, output: term.stderr });
  try {
    return await rl.question('Paste your access token: ');
  } finally {
    rl.close();
  }
}

export const loginCommand: Command = {
  name: 'login',
  summary: 'save an access token (checked with the server)',
  help,
  async run(args, term) {
    const { values } = parse(args, {}, help);
    if (values.help) return showHelp(term, help);
    const stored = await readConfig(term.env);
    const server = normalizeServer(
      values.server ?? term.env.ARTIFACT_HOST_URL ?? stored.server ?? DEFAULT_SERVER,
    );
    const token = (await askToken(term)).trim();
    if (!token) throw new CliError('No token given.');
    const user = await new ApiClient(server, token).me();
    const file = await writeConfig({ server, token }, term.env);
    if (values.json) printJson(term, { server, email: user.email, configPath: file });
    else term.stdout.write(`Logged in to ${server} as ${user.email}. Saved in ${file}.\n`);
    return 0;
  },
};
