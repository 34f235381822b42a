import { ConfigError, loadConfig, type Role } from './config';
import { startServer } from './server';

// `--roles=worker` (npm run worker) and `--dev` (npm run dev) come from the command line;
// everything else from the environment.
const args = process.argv.slice(2);
const rolesArg = args.find((a) => a.startsWith('--roles='))?.slice('--roles='.length);

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(rolesArg ? { ...process.env, ROLES: rolesArg } : process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const server = await startServer(config, { dev: args.includes('--dev') });
  const roles = [...config.roles].join(', ') as Role | string;
  console.log(
    `Artifact host ready at ${config.appOrigin} (roles: ${roles}; sites on *.${config.sitesDomain})`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.ctx.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (err) => {
        server.ctx.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
