import { z } from 'zod';

// Version links: every successful deployment of a site keeps its own address,
// v{N}--{subdomain}.{SITES_DOMAIN}, one DNS label so the sites' wildcard certificate covers it.

/** The label prefix of a version link: `v12--` in `v12--shop`. */
export const VERSION_LABEL = /^v([1-9][0-9]{0,8})--(.+)$/;

/** The one label naming version `version` of the site at `subdomain`. */
export function versionLabel(version: number, subdomain: string): string {
  return `v${version}--${subdomain}`;
}

/** The version and subdomain a label names, or null for a label that names no version. */
export function parseVersionLabel(label: string): { version: number; subdomain: string } | null {
  const m = VERSION_LABEL.exec(label);
  if (!m?.[1] || !m[2]) return null;
  return { version: Number(m[1]), subdomain: m[2] };
}

export const UpdateVersionLinksRequestSchema = z.object({
  enabled: z.boolean({ error: 'Say whether version links are on: { "enabled": true | false }' }),
});
export type UpdateVersionLinksRequest = z.infer<typeof UpdateVersionLinksRequestSchema>;
