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
import { followDeployment, openLive, type LiveChannel } from '../follow';
import { progressView } from '../output';
import { readSource, slugify } from '../source';

const help = `Usage: artifact-host deploy <file|folder|-> [--subdomain <name>] [options]

Deploys an artifact and waits until it is live, then prints its URL.
  <file>     .jsx .tsx .js .ts (sent as code), .html .htm .zip (uploaded)
  <folder>   zipped on the fly (node_modules and .git skipped; symbolic links refused)
  -          reads the code from stdin, e.g. pbpaste | artifact-host deploy - --subdomain my-app

Options:
  --subdomain <name>  where it goes live (default: the file or folder name, slugified);
                      deploying again to one of your subdomains makes a new version
  --team <slug>       a new site goes to this team instead of your own account
${COMMON_HELP}

Exit code 0 only when the deployment succeeded; on a failed build the error goes to stderr
and the exit code is 1. --json prints {deploymentId, siteId, version, status, url, error}.`;

export const deployCommand: Command = {
  name: 'deploy',
  summary: 'deploy a file, a folder or stdin and print its live URL',
  help,
  async run(args, term) {
    const { values, positionals: rest } = parse(
      args,
      { subdomain: { type: 'string', short: 's' }, team: { type: 'string' } },
      help,
    );
    if (values.help) return showHelp(term, help);
    const [target] = positionals(rest, ['file|folder|-'], help) as [string];
    const client = await clientFor(values, term.env);
    const source = await readSource(target, term.stdin);
    const subdomain = values.subdomain ?? (source.name ? slugify(source.name) : '');
    if (!subdomain) {
      throw new CliError('Give the site a name with --subdomain <name>.', 2);
    }
    // Opened while the upload runs, so following starts at once.
    const live: LiveChannel | null = client.token ? openLive(client.server, client.token) : null;
    try {
      const started =
        source.kind === 'code'
          ? await client.deployCode(subdomain, source.code, values.team)
          : await client.deployFile(
              subdomain,
              { name: source.fileName, bytes: source.bytes },
              values.team,
            );
      const view = progressView(term.stderr, values.json);
      if (!values.json)
        term.stderr.write(
          `Deploying to ${started.site.subdomain} (version ${started.deployment.version})…\n`,
        );
      const final = await followDeployment(client, live, started.deployment.id, (p) =>
        view.update(p),
      );
      view.done();
      const ok = final.status === 'SUCCESS';
      if (values.json) {
        printJson(term, {
          deploymentId: started.deployment.id,
          siteId: started.site.id,
          version: started.deployment.version,
          status: final.status,
          url: ok ? started.site.url : null,
          error: ok ? null : final.errorMessage,
        });
      } else if (ok) {
        term.stdout.write(`${started.site.url}\n`);
      } else {
        term.stderr.write(`Build failed: ${final.errorMessage ?? 'no error message'}\n`);
      }
      return ok ? 0 : 1;
    } finally {
      live?.socket.close();
    }
  },
};
