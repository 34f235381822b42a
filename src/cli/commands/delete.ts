import { createInterface } from 'node:readline/promises';
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

const help = `Usage: artifact-host delete <site> [--yes] [options]

Deletes a site with all its deployments; its URL stops answering. This cannot be undone.
  <site>   the site's subdomain or id

Options:
  -y, --yes        do not ask for confirmation (required when stdin is not a terminal)
${COMMON_HELP}`;

export const deleteCommand: Command = {
  name: 'delete',
  summary: 'delete a site and all its deployments',
  help,
  async run(args, term) {
    const { values, positionals: rest } = parse(
      args,
      { yes: { type: 'boolean', short: 'y', default: false } },
      help,
    );
    if (values.help) return showHelp(term, help);
    const [name] = positionals(rest, ['site'], help) as [string];
    const client = await clientFor(values, term.env);
    const site = await client.findSite(name);
    if (!values.yes) {
      if (!term.stdin.isTTY) {
        throw new CliError(`Not deleting ${site.subdomain} without confirmation: pass --yes.`, 2);
      }
      const rl = createInterface({ input: term.stdin, output: term.stderr });
      const answer = await rl.question(
        `Delete ${site.subdomain} (${site.url}) and all its deployments? [y/N] `,
      );
      rl.close();
      if (!/^y(es)?$/i.test(answer.trim())) {
        term.stderr.write('Nothing deleted.\n');
        return 1;
      }
    }
    await client.deleteSite(site.id);
    if (values.json) printJson(term, { ok: true, siteId: site.id, subdomain: site.subdomain });
    else term.stdout.write(`Deleted ${site.subdomain}.\n`);
    return 0;
  },
};
