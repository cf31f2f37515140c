import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { API_PATHS } from '@credit-portal/shared';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
} from 'playwright-core';

/**
 * Debian's Chromium with the flags this machine needs (no sandbox as root, no background networking):
 * its headless shell (package chromium-headless-shell, the build Playwright itself runs headless)
 * where installed, else the full browser in its headless mode. Same Blink and V8 without the
 * browser UI behind each context: the suite spends half the CPU (BENCHMARKS.md). The shell shows no
 * PDF: a PDF it is sent to is a download.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
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

/**
 * How long a page may take for an action, a navigation or a wait, unless a test says otherwise:
 * twice Playwright's own default, for a machine shared with others (set on every context).
 */
export const PAGE_TIMEOUT = 60_000;

/**
 * Chromium for a test file: one browser per worker, shared by the files the worker runs (one module
 * graph per worker: e2e/vitest.config.ts), each file with a handle of its own whose close() closes
 * the contexts the file made, not the browser. A launch costs about a second of CPU; contexts are
 * what isolates (storage, cookies, cache), and every file makes its own. Playwright closes the
 * browser when the worker exits. Every context waits PAGE_TIMEOUT by default.
 *
 * A context is a window and its pages are tabs: a page that is not its window's active tab (an
 * older page of a context with several) gets about one animation frame a second here (measured:
 * ten frames in 9–10 s, against 0.15 s in the active tab), and Playwright waits for frames (the
 * polling of waitForFunction and of a locator's wait, a click's stability check, a screenshot).
 * Pages used side by side are therefore each the one page of a context of their own (PagePool,
 * inPages), and a test that works in two tabs of one context brings the one it works in to the
 * front, as a person would.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!shared || !(await shared).isConnected())
    shared = chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
  const browser = await shared;
  const made = new Set<BrowserContext>();
  const newContext: Browser['newContext'] = async (options) => {
    const context = await browser.newContext(options);
    context.setDefaultTimeout(PAGE_TIMEOUT);
    made.add(context);
    context.on('close', () => made.delete(context));
    return context;
  };
  const handle: Partial<Browser> = {
    newContext,
    // As Browser.newPage: a context of its own, closed with the page.
    newPage: async (options) => {
      const context = await newContext(options);
      const page = await context.newPage();
      page.on('close', () => void context.close().catch(() => undefined));
      return page;
    },
    contexts: () => [...made],
    close: async () => {
      await Promise.all([...made].map((context) => context.close().catch(() => undefined)));
    },
  };
  return new Proxy(browser, {
    get: (target, key, receiver) => (key in handle ? handle[key as keyof Browser] : Reflect.get(target, key, receiver)),
  });
}

let shared: Promise<Browser> | undefined;

/** Where the screenshots of key pages go (gitignored test artefacts), when they are asked for. */
const SCREENSHOT_DIR = join(import.meta.dirname, '..', '.tmp', 'screenshots');

/**
 * Keeps a screenshot of the page as SCREENSHOT_DIR/`name` when E2E_SCREENSHOTS=1: they are for a
 * person to look at (nothing compares them), and each costs about as much CPU as loading the page.
 */
export async function keepScreenshot(page: Page, name: string, fullPage = false): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, name), fullPage });
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

/**
 * Like a slow phone (Lighthouse's mobile preset): the page's CPU 4× slower, and every layout shift
 * recorded from its next load on; `layoutShifts(page)` reads them. Call before the page is loaded.
 */
export async function asSlowPhoneWatchingShifts(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recorded since the page loaded (asSlowPhoneWatchingShifts). */
export const layoutShifts = (page: Page): Promise<number[]> =>
  page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);

/**
 * What a page is still loading that decides what the person sees: the document, scripts, styles
 * and API calls (not images, not the visit log sent in the background, not the QR login's polling).
 */
const pending = new WeakMap<Page, { open: Set<Request>; idle: (() => void)[] }>();
const BACKGROUND = [API_PATHS.visitLog, API_PATHS.loginTicketStatus];
const counts = (request: Request) =>
  ['document', 'script', 'stylesheet', 'fetch', 'xhr'].includes(request.resourceType()) &&
  !BACKGROUND.some((path) => request.url().includes(path));

/** Starts counting the requests of a page that decide what it shows (see requestsDone). */
export function trackRequests(page: Page): void {
  if (pending.has(page)) return;
  const state = { open: new Set<Request>(), idle: [] as (() => void)[] };
  pending.set(page, state);
  page.on('request', (request) => {
    if (counts(request)) state.open.add(request);
  });
  const done = (request: Request) => {
    if (!state.open.delete(request) || state.open.size > 0) return;
    for (const resolve of state.idle.splice(0)) resolve();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('close', () => {
    state.open.clear();
    for (const resolve of state.idle.splice(0)) resolve();
  });
}

/** True when a tracked page waits on no request that decides what it shows. */
export const requestsIdle = (page: Page): boolean => (pending.get(page)?.open.size ?? 0) === 0;

/** Resolves once a tracked page waits on no request that decides what it shows (trackRequests). */
export async function requestsDone(page: Page, timeoutMs: number): Promise<void> {
  const state = pending.get(page);
  if (!state || state.open.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      new Promise<void>((resolve) => state.idle.push(resolve)),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(`requests still open after ${timeoutMs} ms: ${[...state.open].map((r) => r.url()).join(', ')}`),
            ),
          timeoutMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * How often a wait asks the page again, instead of Playwright's default of every animation frame:
 * SETTLED reads innerText, a layout of the whole page, and sixty of those a second compete with the
 * page they wait for (two Chromiums, the product and other suites share two cores).
 */
export const POLL_MS = 100;

/** Nothing is loading and the page shows something. */
const SETTLED = () =>
  document.querySelectorAll('[aria-busy="true"], .ant-skeleton, .ant-spin-spinning').length === 0 &&
  (document.getElementById('root')?.innerText.trim().length ?? 0) > 0;

/** SETTLED, asked again after two frames: what the last answer set going has rendered or started loading. */
const SETTLED_AFTER_TWO_FRAMES = () =>
  new Promise<boolean>((resolve) =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        resolve(
          document.querySelectorAll('[aria-busy="true"], .ant-skeleton, .ant-spin-spinning').length === 0 &&
            (document.getElementById('root')?.innerText.trim().length ?? 0) > 0,
        ),
      ),
    ),
  );

/** Opens a hash route in a new page of the context and waits until it has settled. */
export async function openPage(context: BrowserContext, baseUrl: string, route: string): Promise<Page> {
  const page = await context.newPage();
  trackRequests(page);
  await page.goto(`${baseUrl}/#${route}`);
  await settleOrExplain(page, route);
  return page;
}

/**
 * Shows a hash route in a page that already runs the SPA, as a link does (no new start of the
 * SPA), and waits until it has settled. The title is cleared first: the route guard sets it
 * once the new route is rendered, so the previous route's settled page does not count.
 */
export async function showRoute(page: Page, baseUrl: string, route: string): Promise<void> {
  const target = `${baseUrl}/#${route}`;
  await page.evaluate(() => {
    document.title = '';
  });
  // The same address again is no navigation: reload it.
  if (decodeURIComponent(page.url()) === decodeURIComponent(target)) await page.reload();
  else await page.goto(target);
  await page.waitForFunction(() => document.title !== '', null, { polling: POLL_MS });
  await settleOrExplain(page, route);
}

async function settleOrExplain(page: Page, route: string): Promise<void> {
  try {
    await settle(page);
  } catch (error) {
    const busy = await page
      .evaluate(() =>
        [...document.querySelectorAll('[aria-busy="true"], .ant-skeleton, .ant-spin-spinning')].map(
          (element) => `${element.tagName}.${element.className} in ${element.parentElement?.className ?? ''}`,
        ),
      )
      .catch(() => []);
    throw new Error(
      `${route} did not settle (${busy.join('; ') || 'no text'}): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * Waits until the page shows something, nothing in it is loading and it waits on no request for
 * what it shows (a page that loads its data in two steps shows nothing loading for a moment in
 * between, while its first answer is on the way or its second request has just gone out); then
 * again after two frames, for what the last answer set going. Not 'networkidle': the portal keeps
 * a request open on some pages (the QR login's polling); see trackRequests.
 */
export async function settle(page: Page, timeoutMs = PAGE_TIMEOUT): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(1, deadline - Date.now());
  for (;;) {
    await page.waitForFunction(SETTLED, null, { timeout: left(), polling: POLL_MS });
    await requestsDone(page, left());
    if ((await page.evaluate(SETTLED_AFTER_TWO_FRAMES)) && requestsIdle(page)) return;
    if (Date.now() >= deadline) throw new Error(`still loading after ${timeoutMs} ms`);
  }
}

/**
 * Runs `job` on each item's route, shown in one of at most `size` pages, each the one page of a
 * context made by `newContext` (see launchBrowser): each page starts the SPA once, at its first
 * route, and shows its next routes inside the running SPA (showRoute): a start of the SPA costs
 * several times a route shown in it. The results in the items' order; the contexts are closed
 * after.
 */
export async function inPages<T, R>(
  newContext: () => Promise<BrowserContext>,
  baseUrl: string,
  items: readonly T[],
  size: number,
  routeOf: (item: T) => string,
  job: (page: Page, item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  const pages: Page[] = [];
  let next = 0;
  const worker = async () => {
    let page: Page | undefined;
    while (next < items.length) {
      const index = next++;
      const item = items[index]!;
      if (page) await showRoute(page, baseUrl, routeOf(item));
      else pages.push((page = await openPage(await newContext(), baseUrl, routeOf(item))));
      results[index] = await job(page, item);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  } finally {
    await Promise.all(pages.map((page) => page.context().close()));
  }
  return results;
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
 * A fixed set of pages, lent out one at a time: routes are visited side by side without a new
 * page, and a new start of the SPA, for each. A page that opens the SPA afresh costs about five
 * times a navigation inside it (parsing the bundle, antd's styles, the runtime configuration);
 * the routes themselves mount the same either way. Each page is the one tab of a context of its
 * own (see ownWindows).
 */
export class PagePool {
  private readonly free: PooledPage[] = [];
  private readonly waiting: ((entry: PooledPage) => void)[] = [];
  private readonly all: PooledPage[] = [];

  /**
   * Opens `size` pages, each in a context of its own made by `newContext`, each at `startUrl`
   * until it has settled (the SPA started once per page).
   */
  static async open(newContext: () => Promise<BrowserContext>, size: number, startUrl: string): Promise<PagePool> {
    const pool = new PagePool();
    await Promise.all(
      Array.from({ length: size }, async () => {
        const page = await (await newContext()).newPage();
        trackRequests(page);
        const entry = { page, errors: collectErrors(page) };
        pool.all.push(entry);
        await page.goto(startUrl);
        // Started: a route shown next is told from this one by the title its guard sets.
        await settle(page);
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

  /** Closes the pool's pages and their contexts. */
  async close(): Promise<void> {
    await Promise.all(this.all.map(({ page }) => page.context().close()));
  }
}
