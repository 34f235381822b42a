import { runStdioServer } from '../../mcp/stdio';
import { parse, positionals, showHelp, type Command } from '../command';
import { resolveSettings } from '../config';

const help = `Usage: artifact-host mcp [--server <url>]

Serves the artifact host's tools to an AI assistant over the Model Context Protocol, on this
process's stdin and stdout: deploy_artifact, list_sites, get_deployment_logs, rollback_site.
An MCP client (Claude Desktop, an IDE) starts it; it runs until the client closes the pipe.

The token comes from ARTIFACT_HOST_TOKEN or \`artifact-host login\`; the server from --server,
ARTIFACT_HOST_URL or login.

Options:
  --server <url>   the artifact host (default: ARTIFACT_HOST_URL, then the one saved by login)
  -h, --help       show this help`;

export const mcpCommand: Command = {
  name: 'mcp',
  summary: 'serve the deploy tools to an AI assistant over MCP (stdio)',
  help,
  async run(args, term) {
    const { values, positionals: rest } = parse(args, {}, help);
    if (values.help) return showHelp(term, help);
    positionals(rest, [], help);
    // Stdout belongs to the protocol from here on: nothing else may be written to it.
    const settings = await resolveSettings(values, term.env);
    await runStdioServer({ baseUrl: settings.server, token: settings.token, env: term.env });
    return 0;
  },
};
