import { z } from 'zod';

// Kinds of value more than one group of settings takes.

/** A yes/no switch: 'true' or '1' is yes, anything else allowed (or unset) is no. */
export const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** An http(s) origin, kept without its trailing slash so paths can be appended. */
export const origin = () =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((v) => v.replace(/\/+$/, ''));

/** An http(s) URL kept as written. */
export const httpUrl = () =>
  z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });
