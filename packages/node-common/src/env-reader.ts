/*
 * The one environment reader of the gateway and the credit-service: typed values with defaults
 * and bounds, one problem per bad variable so that a misconfigured start says everything that is
 * wrong at once. Pure: the caller passes the environment in (process.env at the call site).
 */

/** Environment variables as the process has them. */
export type EnvSource = Readonly<Record<string, string | undefined>>;

/** The log levels both services accept (pino's, plus silent). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A bad configuration: one line per bad value, all of them at once. */
export class ConfigError extends Error {
  constructor(
    readonly problems: readonly string[],
    subject = 'configuration',
  ) {
    super(`Invalid ${subject}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

export interface UrlOptions {
  /** Allowed protocols, with their colon: ['http:', 'https:']. */
  protocols: readonly string[];
  /** Keep trailing slashes as given (default: strip them). */
  keepTrailingSlash?: boolean;
  /**
   * Also accept an absolute path of the site that serves it (`/oldsite`): one leading '/', never
   * '//' or a backslash, which a browser would take for another host.
   */
  paths?: boolean;
}

/**
 * An absolute path of this site below its root: '/', a first character that is neither '/' nor
 * '\' (either would name another host), no space, backslash or control character anywhere.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const SITE_PATH = /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]+$/;

/** Reads typed values from an environment, collecting a problem per bad one instead of stopping. */
export class EnvReader {
  readonly #problems: string[] = [];

  constructor(private readonly env: EnvSource) {}

  /** Every problem found so far, `NAME: what is wrong (got …)`. */
  get problems(): readonly string[] {
    return this.#problems;
  }

  /** Records a problem with a variable (for checks across several variables). */
  problem(name: string, message: string): void {
    this.#problems.push(`${name}: ${message}`);
  }

  /** Throws a ConfigError listing every problem, if there is one. */
  throwIfProblems(subject?: string): void {
    if (this.#problems.length > 0) throw new ConfigError(this.#problems, subject);
  }

  /** The trimmed value; undefined when unset or blank. */
  raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
      this.problem(name, `must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})`);
      return fallback;
    }
    return value;
  }

  /** true/1/yes/on or false/0/no/off, any case. */
  bool(name: string, fallback: boolean): boolean {
    const raw = this.raw(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (TRUE_WORDS.includes(raw)) return true;
    if (FALSE_WORDS.includes(raw)) return false;
    this.problem(name, `must be one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(', ')} (got ${JSON.stringify(raw)})`);
    return fallback;
  }

  string(name: string, fallback: string, maxLength: number): string {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    if (raw.length > maxLength) {
      this.problem(name, `must be at most ${maxLength} characters (got ${raw.length})`);
      return fallback;
    }
    return raw;
  }

  /** A string of minLength to maxLength characters (no upper bound when maxLength is Infinity); null when unset. */
  optionalString(name: string, minLength: number, maxLength: number): string | null {
    const raw = this.raw(name);
    if (raw === undefined) return null;
    if (raw.length < minLength || raw.length > maxLength) {
      const bounds =
        maxLength === Infinity
          ? `at least ${minLength} characters long`
          : `${minLength} to ${maxLength} characters long`;
      this.problem(name, `must be ${bounds} (got ${raw.length})`);
      return null;
    }
    return raw;
  }

  oneOf<const T extends readonly string[]>(name: string, allowed: T, fallback: T[number]): T[number] {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    if (!allowed.includes(raw)) {
      this.problem(name, `must be one of ${allowed.join(', ')} (got ${JSON.stringify(raw)})`);
      return fallback;
    }
    return raw;
  }

  url(name: string, fallback: string, options: UrlOptions): string {
    return this.optionalUrl(name, options) ?? fallback;
  }

  /** An absolute URL with one of the protocols (or, with `paths`, an absolute path); null when unset or bad. */
  optionalUrl(name: string, options: UrlOptions): string | null {
    const raw = this.raw(name);
    if (raw === undefined) return null;
    if (options.paths && raw.startsWith('/')) {
      if (SITE_PATH.test(raw)) return options.keepTrailingSlash ? raw : raw.replace(/\/+$/, '');
      this.problem(
        name,
        `must be an absolute URL or a path below / starting with a single / (got ${JSON.stringify(raw)})`,
      );
      return null;
    }
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      this.problem(
        name,
        `must be an absolute URL${options.paths ? ' or a path starting with /' : ''} (got ${JSON.stringify(raw)})`,
      );
      return null;
    }
    const { protocols } = options;
    if (!protocols.includes(url.protocol)) {
      this.problem(
        name,
        `must use ${protocols.map((p) => p.replace(':', '')).join(' or ')} (got ${JSON.stringify(url.protocol)})`,
      );
      return null;
    }
    return options.keepTrailingSlash ? raw : raw.replace(/\/+$/, '');
  }

  /**
   * A TRUSTED_PROXIES-style list: IP addresses, CIDR ranges or the keywords loopback, linklocal
   * and uniquelocal (proxy-addr's, which Fastify's trustProxy reads); `fallback` when unset.
   */
  proxies(name: string, fallback: readonly string[]): string[] {
    const raw = this.raw(name);
    if (raw === undefined) return [...fallback];
    const entries = raw
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !PROXY_KEYWORDS.has(entry) && !isAddressOrCidr(entry));
    if (bad.length > 0) {
      this.problem(
        name,
        `must be IP addresses, CIDR ranges or loopback/linklocal/uniquelocal (bad: ${bad.join(', ')})`,
      );
      return [...fallback];
    }
    return entries;
  }
}

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** 4 or 6 for an IPv4 or IPv6 address, else 0 (IPv6 checked by the WHATWG URL parser: no Node import). */
export function ipFamily(address: string): 0 | 4 | 6 {
  if (IPV4.test(address)) return 4;
  if (!address.includes(':') || /[^0-9a-f:.]/i.test(address)) return 0;
  try {
    return new URL(`http://[${address}]/`).hostname.length > 2 ? 6 : 0;
  } catch {
    return 0;
  }
}

/** True for an IP address or a CIDR range (address/prefix). */
export function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = ipFamily(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
