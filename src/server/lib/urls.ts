import { versionLabel } from '../../shared/version-links';
import type { Config } from '../config';

// The addresses the server hands out: where a site answers and which host names are its own.

/** The sites domain without its port: what DNS records name. */
export function sitesHost(config: Pick<Config, 'sitesDomain'>): string {
  return config.sitesDomain.replace(/:\d+$/, '');
}

/** The app's own host name, from APP_ORIGIN. */
export function appHost(config: Pick<Config, 'appOrigin'>): string {
  return new URL(config.appOrigin).hostname.toLowerCase();
}

/** Public URL of a site on the sites domain. */
export function siteUrl(config: Config, subdomain: string): string {
  return `${config.sitesProtocol}://${subdomain}.${config.sitesDomain}`;
}

/** Permanent URL of one version of a site: one DNS label, under the sites wildcard certificate. */
export function versionUrl(config: Config, subdomain: string, version: number): string {
  return siteUrl(config, versionLabel(version, subdomain));
}

/**
 * Public URL of a site on its custom domain: https once its certificate is served here,
 * otherwise plain http on the port the sites domain uses.
 */
export function customDomainUrl(
  config: Pick<Config, 'sitesDomain' | 'httpsPort'>,
  domain: string,
  secure: boolean,
): string {
  if (secure && config.httpsPort !== null) {
    return `https://${domain}${config.httpsPort === 443 ? '' : `:${config.httpsPort}`}`;
  }
  const port = /:(\d+)$/.exec(config.sitesDomain)?.[1];
  return `http://${domain}${port && port !== '80' ? `:${port}` : ''}`;
}
