import { ConfigError, loadConfig } from './config';
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
  let server;
  try {
    server = await startServer(config, { dev: args.includes('--dev') });
  } catch (err) {
    // What stops a start (Redis, the bucket, the database) is named in the message itself.
    console.error(`The server could not start: ${(err as Error).message}`);
    if (config.logLevel === 'debug' || config.logLevel === 'trace') console.error(err);
    process.exit(1);
  }

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
