import type { Database } from '../database';

/** One value sealed with SECRET_KEY, wherever it is kept. */
export interface SealedValue {
  table: 'api_keys' | 'certificates' | 'installation_secrets' | 'two_factor_totp';
  id: string;
  sealed: string;
}

export async function sealedValues(db: Database): Promise<SealedValue[]> {
  const [keys, certificates, secrets, totp] = await Promise.all([
    db.selectFrom('api_keys').select(['id', 'key_sealed as sealed']).execute(),
    db.selectFrom('certificates').select(['domain as id', 'key_pem as sealed']).execute(),
    db.selectFrom('installation_secrets').select(['name as id', 'value as sealed']).execute(),
    db.selectFrom('two_factor_totp').select(['user_id as id', 'secret_sealed as sealed']).execute(),
  ]);
  return [
    ...keys.map((r) => ({ table: 'api_keys' as const, ...r })),
    ...certificates.map((r) => ({ table: 'certificates' as const, ...r })),
    ...secrets.map((r) => ({ table: 'installation_secrets' as const, ...r })),
    ...totp.map((r) => ({ table: 'two_factor_totp' as const, ...r })),
  ];
}

export async function updateSealedValue(
  db: Database,
  value: SealedValue,
  sealed: string,
): Promise<void> {
  if (value.table === 'api_keys') {
    await db
      .updateTable('api_keys')
      .set({ key_sealed: sealed })
      .where('id', '=', value.id)
      .execute();
  } else if (value.table === 'certificates') {
    await db
      .updateTable('certificates')
      .set({ key_pem: sealed })
      .where('domain', '=', value.id)
      .execute();
  } else if (value.table === 'two_factor_totp') {
    await db
      .updateTable('two_factor_totp')
      .set({ secret_sealed: sealed })
      .where('user_id', '=', value.id)
      .execute();
  } else {
    await db
      .updateTable('installation_secrets')
      .set({ value: sealed })
      .where('name', '=', value.id)
      .execute();
  }
}
