import {
  clientFor,
  COMMON_HELP,
  parse,
  positionals,
  printJson,
  showHelp,
  type Command,
} from '../command';
import { table } from '../output';

const help = `Usage: artifact-host sites [options]

Lists your sites: subdomain, status, URL and last update.

Options:
${COMMON_HELP}`;

export const sitesCommand: Command = {
  name: 'sites',
  summary: 'list your sites',
  help,
  async run(args, term) {
    const { values, positionals: rest } = parse(args, {}, help);
    if (values.help) return showHelp(term, help);
    positionals(rest, [], help);
    const sites = await (await clientFor(values, term.env)).sites();
    if (values.json) {
      printJson(term, { sites });
    } else if (sites.length === 0) {
      term.stdout.write('No sites yet. Deploy one: artifact-host deploy ./App.jsx\n');
    } else {
      const rows = sites.map((s) => [
        s.subdomain,
        s.status,
        s.url,
        s.updatedAt.slice(0, 16).replace('T', ' '),
      ]);
      term.stdout.write(table([['SUBDOMAIN', 'STATUS', 'URL', 'UPDATED (UTC)'], ...rows]) + '\n');
    }
    return 0;
  },
};
