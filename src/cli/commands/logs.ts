import {
  clientFor,
  COMMON_HELP,
  parse,
  positionals,
  printJson,
  showHelp,
  type Command,
} from '../command';
import { CliError } from '../errors';

const help = `Usage: artifact-host logs <site> [options]

Prints the build log of the site's latest deployment.
  <site>   the site's subdomain or id

Options:
${COMMON_HELP}`;

export const logsCommand: Command = {
  name: 'logs',
  summary: "print the build log of a site's latest deployment",
  help,
  async run(args, term) {
    const { values, positionals: rest } = parse(args, {}, help);
    if (values.help) return showHelp(term, help);
    const [name] = positionals(rest, ['site'], help) as [string];
    const client = await clientFor(values, term.env);
    const site = await client.findSite(name);
    const [latest] = await client.deployments(site.id);
    if (!latest) throw new CliError(`${site.subdomain} has no deployments.`);
    if (values.json) {
      printJson(term, {
        deploymentId: latest.id,
        version: latest.version,
        status: latest.status,
        logs: latest.logs,
        error: latest.errorMessage,
      });
      return 0;
    }
    term.stdout.write(
      `${site.subdomain} version ${latest.version}: ${latest.status} (${latest.createdAt})\n`,
    );
    for (const line of latest.logs) term.stdout.write(`  ${line}\n`);
    if (latest.errorMessage) term.stdout.write(`Error: ${latest.errorMessage}\n`);
    return 0;
  },
};
