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

const help = `Usage: artifact-host rollback <site> <version> [options]

Makes the site serve an earlier successful version again (no rebuild).
  <site>     the site's subdomain or id
  <version>  the version number, as \`artifact-host logs\` and the dashboard show it

Options:
${COMMON_HELP}`;

export const rollbackCommand: Command = {
  name: 'rollback',
  summary: 'serve an earlier version of a site again',
  help,
  async run(args, term) {
    const { values, positionals: rest } = parse(args, {}, help);
    if (values.help) return showHelp(term, help);
    const [name, versionText] = positionals(rest, ['site', 'version'], help) as [string, string];
    const version = Number(versionText.replace(/^v/i, ''));
    if (!Number.isInteger(version) || version < 1) {
      throw new CliError(`"${versionText}" is not a version number.`, 2);
    }
    const client = await clientFor(values, term.env);
    const site = await client.findSite(name);
    const target = (await client.deployments(site.id)).find((d) => d.version === version);
    if (!target) throw new CliError(`${site.subdomain} has no version ${version}.`);
    const done = await client.rollback(site.id, target.id);
    if (values.json) {
      printJson(term, {
        siteId: site.id,
        deploymentId: done.deployment.id,
        version,
        url: done.site.url,
      });
    } else {
      term.stdout.write(`${site.subdomain} now serves version ${version}: ${done.site.url}\n`);
    }
    return 0;
  },
};
