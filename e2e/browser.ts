import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';

/** Debian's Chromium with the flags this machine needs (no sandbox as root, no background networking). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Chromium; Playwright gives every launch a fresh, temporary user-data-dir. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
}

/** Collects console errors and uncaught page errors of a page, to assert there are none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** Calls the gateway the way the SPA does and returns the normalized envelope's data. */
export async function api<T>(baseUrl: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(new URL(path, baseUrl), {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { ok: boolean; data: T; message: string };
  if (!envelope.ok) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

/** A page of a pool with the errors it reported since it was lent out. */
export interface PooledPage {
  page: Page;
  /** Console errors and uncaught page errors since the page was lent (see collectErrors). */
  errors: string[];
}

/**
 * A fixed set of pages of one context, lent out one at a time: routes are visited side by side
 * without a new page, and a new start of the SPA, for each. A page that opens the SPA afresh
 * costs about five times a navigation inside it (parsing the bundle, antd's styles, the runtime
 * configuration); the routes themselves mount the same either way.
 */
export class PagePool {
  private readonly free: PooledPage[] = [];
  private readonly waiting: ((entry: PooledPage) => void)[] = [];
  private readonly all: PooledPage[] = [];

  /** Opens `size` pages of `context`, each at `startUrl` (the SPA started once per page). */
  static async open(context: BrowserContext, size: number, startUrl: string): Promise<PagePool> {
    const pool = new PagePool();
    await Promise.all(
      Array.from({ length: size }, async () => {
        const page = await context.newPage();
        const entry = { page, errors: collectErrors(page) };
        await page.goto(startUrl);
        pool.all.push(entry);
        pool.free.push(entry);
      }),
    );
    return pool;
  }

  /** Runs `use` with a free page (waiting for one); its errors start empty. The page goes back after. */
  async use<T>(use: (entry: PooledPage) => Promise<T>): Promise<T> {
    const entry = this.free.pop() ?? (await new Promise<PooledPage>((resolve) => this.waiting.push(resolve)));
    entry.errors.length = 0;
    try {
      return await use(entry);
    } finally {
      const next = this.waiting.shift();
      if (next) next(entry);
      else this.free.push(entry);
    }
  }

  /** Closes the pool's pages (not the context). */
  async close(): Promise<void> {
    await Promise.all(this.all.map(({ page }) => page.close()));
  }
}
