import type { EnvReader } from '@credit-portal/node-common';

/*
 * Who the service speaks as: the portal's name, the city and the centre that issues reports. They
 * are configuration (SITE_NAME, CITY_NAME, CREDIT_CENTRE_NAME), not data of any one place; the
 * defaults are the demo's fictional city, so that a laptop start reads as it always did.
 */

/** The site's identity, as pages, reports, mail and SMS name it. */
export interface SiteIdentity {
  /** The portal's name, e.g. 信用云州 (SITE_NAME, the gateway's variable). */
  siteName: string;
  /** The city the centre serves, e.g. 云州市 (CITY_NAME): its authorities and districts are named after it. */
  cityName: string;
  /** The centre that issues reports and handles applications (CREDIT_CENTRE_NAME; default the city's 公共信用信息中心). */
  centreName: string;
}

export const DEFAULT_SITE_NAME = '信用云州';
export const DEFAULT_CITY_NAME = '云州市';

/** The centre of a city when CREDIT_CENTRE_NAME does not name it. */
export const centreOf = (cityName: string): string => `${cityName}公共信用信息中心`;

/** The identity of what is configured, the rest by default. */
export function siteIdentity(given: Partial<SiteIdentity> = {}): SiteIdentity {
  const cityName = given.cityName ?? DEFAULT_CITY_NAME;
  return {
    siteName: given.siteName ?? DEFAULT_SITE_NAME,
    cityName,
    centreName: given.centreName ?? centreOf(cityName),
  };
}

/** SITE_NAME (the gateway's variable, same default), CITY_NAME, CREDIT_CENTRE_NAME. */
export function readSite(read: EnvReader): SiteIdentity {
  const siteName = read.string('SITE_NAME', DEFAULT_SITE_NAME, 64);
  const cityName = read.string('CITY_NAME', DEFAULT_CITY_NAME, 64);
  return { siteName, cityName, centreName: read.string('CREDIT_CENTRE_NAME', centreOf(cityName), 128) };
}

/** The defaults: the demo's fictional city. */
export const DEFAULT_SITE: SiteIdentity = siteIdentity();

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured identity (app.ts decorates it before any plugin). */
    site: SiteIdentity;
  }
}
