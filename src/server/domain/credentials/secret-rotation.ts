import type { Database } from '../../db/database';
import { sealedValues, updateSealedValue, type SealedValue } from '../../db/queries/sealed-values';
import { keyIdOf, open, seal, sealedKeyId } from '../../lib/secret-box';

// Moving every value sealed in the database from an old SECRET_KEY to a new one: AI provider
// keys, certificates' private keys, the ACME account key, authenticator apps' secrets. A value the new secret already sealed
// is left alone, so a rotation stopped half-way can simply be run again.

export interface RotationResult {
  resealed: number;
  alreadyCurrent: number;
}

export async function rotateSecret(
  db: Database,
  oldSecret: string,
  newSecret: string,
): Promise<RotationResult> {
  const current = keyIdOf(newSecret);
  const result: RotationResult = { resealed: 0, alreadyCurrent: 0 };
  const values: SealedValue[] = await sealedValues(db);
  for (const value of values) {
    if (sealedKeyId(value.sealed) === current) {
      result.alreadyCurrent += 1;
      continue;
    }
    let plain: string;
    try {
      plain = open(oldSecret, value.sealed);
    } catch {
      // A v1 value (no key id) may be sealed under the new secret already.
      open(newSecret, value.sealed);
      result.alreadyCurrent += 1;
      continue;
    }
    await updateSealedValue(db, value, seal(newSecret, plain));
    result.resealed += 1;
  }
  return result;
}
