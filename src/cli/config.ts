import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { CliError } from './errors';

// Where `login` keeps the server and the token. The environment overrides both, so CI and
// one-off runs need no file at all.

export const DEFAULT_SERVER = 'http://localhost:3000';

const StoredConfigSchema = z.object({
  server: z.string().optional(),
  token: z.string().optional(),
});
export type StoredConfig = z.infer<typeof StoredConfigSchema>;

export interface Settings {
  server: string;
  token: string | null;
}

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config');
  return path.join(base, 'artifact-host', 'config.json');
}

export async function readConfig(env: NodeJS.ProcessEnv = process.env): Promise<StoredConfig> {
  try {
    return StoredConfigSchema.parse(JSON.parse(await readFile(configPath(env), 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CliError(`Could not read ${configPath(env)}: ${(err as Error).message}`);
  }
}

/** Written with mode 0600: the file holds a secret. */
export async function writeConfig(
  config: StoredConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const file = configPath(env);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify(config, null, 2) + '\n', { mode: 0o600 });
  // writeFile keeps the mode of a file that already existed.
  await chmod(file, 0o600);
  return file;
}

export function normalizeServer(server: string): string {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new CliError(
      `"${server}" is not a server address; use e.g. https://artifacts.example.com`,
    );
  }
  return url.origin;
}

/** --server, then ARTIFACT_HOST_URL, then the config file; the token: env, then the file. */
export async function resolveSettings(
  flags: { server?: string | undefined },
  env: NodeJS.ProcessEnv = process.env,
): Promise<Settings> {
  const stored = await readConfig(env);
  const server = flags.server ?? env.ARTIFACT_HOST_URL ?? stored.server ?? DEFAULT_SERVER;
  return {
    server: normalizeServer(server),
    token: env.ARTIFACT_HOST_TOKEN || stored.token || null,
  };
}
