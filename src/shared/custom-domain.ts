import { z } from 'zod';
import { DnsInstructionsSchema, SiteSchema } from './site';

// The custom-domain calls (SPEC.md section 7): add, remove, verify.

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
