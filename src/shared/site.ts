import { z } from 'zod';
import { SiteBrandingSchema } from './branding';
import { SiteEmbeddingSchema } from './embed';
import { SiteRemixSchema } from './remix';

export const SITE_STATUSES = ['ACTIVE', 'PENDING', 'BUILDING', 'ERROR', 'INACTIVE'] as const;
export const SiteStatusSchema = z.enum(SITE_STATUSES);
export type SiteStatus = z.infer<typeof SiteStatusSchema>;

export const DOMAIN_STATUSES = ['PENDING', 'VERIFYING', 'VERIFIED', 'FAILED'] as const;
export const SSL_STATUSES = ['PENDING', 'PROVISIONING', 'ACTIVE', 'FAILED'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];
export type SslStatus = (typeof SSL_STATUSES)[number];

/** The one DNS record that points a custom domain at its site. */
export const DnsInstructionsSchema = z.object({
  type: z.enum(['CNAME', 'A']),
  name: z.string(),
  value: z.string(),
});
export type DnsInstructions = z.infer<typeof DnsInstructionsSchema>;

export const SiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  subdomain: z.string(),
  url: z.string(),
  /** Whether each successful version answers at its own link (version-links.ts). */
  versionLinks: z.boolean(),
  /** Whether visitors are asked for a password (site-access.ts); the hash is never shown. */
  private: z.boolean(),
  customDomain: z.string().nullable(),
  customDomainStatus: z.enum(DOMAIN_STATUSES).nullable(),
  /** Where the site answers on its custom domain, once that domain is verified. */
  customDomainUrl: z.string().nullable(),
  sslStatus: z.enum(SSL_STATUSES).nullable(),
  sslExpiresAt: z.string().nullable(),
  /** What the last DNS check found, or what to do next, in words. */
  domainMessage: z.string().nullable(),
  /** The record to create while the domain is not verified yet. */
  domainInstructions: DnsInstructionsSchema.nullable(),
  /**
   * Set while a verified domain's DNS record points elsewhere: when the domain stops showing
   * this site and is released, unless the record comes back first.
   */
  domainReleaseAt: z.string().nullable(),
  /** Why the certificate could not be issued, when it could not. */
  sslMessage: z.string().nullable(),
  status: SiteStatusSchema,
  /** Set when the operators disabled the site: why, in their words (it serves a 451 page). */
  disabledReason: z.string().nullable(),
  views: z.number(),
  currentDeploymentId: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Page settings written into the site's pages, and whether it is white-labelled. */
  branding: SiteBrandingSchema,
  /** Who may show the site in a frame: null, any page. */
  embedding: SiteEmbeddingSchema,
  /** Whether visitors may remix the site, how often they did, and a remix's origin. */
  remix: SiteRemixSchema,
  /** The team the site belongs to; null for a personal site. */
  teamId: z.string().nullable(),
  /** The live version's link preview (PNG, 1200×630); null until it is made. */
  previewUrl: z.string().nullable(),
});
export type Site = z.infer<typeof SiteSchema>;

export const SitesResponseSchema = z.object({ sites: z.array(SiteSchema) });
export type SitesResponse = z.infer<typeof SitesResponseSchema>;
export const SiteResponseSchema = z.object({ site: SiteSchema });
export type SiteResponse = z.infer<typeof SiteResponseSchema>;
export const DeleteSiteResponseSchema = z.object({ ok: z.literal(true), siteId: z.string() });
export type DeleteSiteResponse = z.infer<typeof DeleteSiteResponseSchema>;
