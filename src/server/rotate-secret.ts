// npm run rotate-secret — re-seals every stored secret (AI provider keys, certificates' private
// keys, the ACME account key) from OLD_SECRET_KEY to SECRET_KEY, on the database the server's
// own configuration names. Stop the servers, run this, start them with the new SECRET_KEY.
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { rotateSecret } from './domain/credentials/secret-rotation';

async function main(): Promise<void> {
  const oldSecret = process.env.OLD_SECRET_KEY;
  if (!oldSecret) {
    console.error(
      'Set OLD_SECRET_KEY to the secret the values were sealed with, and SECRET_KEY to the new one.',
    );
    process.exit(2);
  }
  const config = loadConfig();
  if (config.secretKey === oldSecret) {
    console.error('SECRET_KEY is the same as OLD_SECRET_KEY: nothing to rotate.');
    process.exit(2);
  }
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const result = await rotateSecret(database.db, oldSecret, config.secretKey);
    console.log(
      `Re-sealed ${result.resealed} stored secret(s) under the new SECRET_KEY; ${result.alreadyCurrent} already were.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`Rotating the secret failed: ${(err as Error).message}`);
  process.exit(1);
});
