import { z } from 'zod';
import { DnsInstructionsSchema, SiteSchema } from './site';

// The custom-domain calls: add, remove, verify.

/**
 * How long a verified domain whose DNS record no longer points at its site keeps serving it:
 * long enough to fix a mistaken DNS change, short enough that a domain that moved on is not
 * held by its old site. Afterwards the domain is released.
 */
export const DOMAIN_RELEASE_GRACE_HOURS = 72;
export const DOMAIN_RELEASE_GRACE_MS = DOMAIN_RELEASE_GRACE_HOURS * 60 * 60 * 1000;

/** '29 November 2026, 14:05 UTC': a release time in the same words on every screen and e-mail. */
export function releaseTimeInWords(iso: string): string {
  const d = new Date(iso);
  const date = d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${date}, ${iso.slice(11, 16)} UTC`;
}

export const AddDomainRequestSchema = z.object({
  domain: z.string({ error: 'Please enter a domain, such as www.example.com.' }).max(1000, {
    error: 'A domain can be at most 253 characters long.',
  }),
});
export type AddDomainRequest = z.infer<typeof AddDomainRequestSchema>;

export const AddDomainResponseSchema = z.object({
  site: SiteSchema,
  instructions: DnsInstructionsSchema,
  /** The record to add, in words (mentions the AAAA record when one is needed too). */
  message: z.string(),
});
export type AddDomainResponse = z.infer<typeof AddDomainResponseSchema>;

export const RemoveDomainResponseSchema = z.object({ site: SiteSchema });
export type RemoveDomainResponse = z.infer<typeof RemoveDomainResponseSchema>;

export const VerifyDomainResponseSchema = z.object({
  verified: z.boolean(),
  message: z.string(),
  instructions: DnsInstructionsSchema,
  site: SiteSchema,
});
export type VerifyDomainResponse = z.infer<typeof VerifyDomainResponseSchema>;
