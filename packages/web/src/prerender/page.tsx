import { Writable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { RuntimeConfig } from '@credit-portal/shared';
import { App } from '@/app/app';
import { isPlainPage } from '@/app/route-kit';
import { appRoutes, findRoute } from '@/app/routes';
import type { VisitLog } from '@/features/visit-log/visit-log';
import { assumeForFirstRender, BROWSER_ONLY_PAGE } from '@/lib/first-render';
import { paths } from '@/lib/paths';
import { WIDE_SCREEN_QUERY } from '@/hooks/use-media-query';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@/lib/runtime-config';
import {
  FRAME_PATHS,
  FRAME_SCREENS,
  FRAMELESS_WHEN_STORED,
  FRAME_SIGN_IN,
  frameFacts,
  frameKey,
  FRAMES_ELEMENT_ID,
  type FrameScreen,
} from './frames';

/*
 * The gateway's page (a pre-rendered frame). Built as a Node module of its own
 * (`vite build --ssr`, dist/.prerender/page.js) and called once when the gateway starts, with the
 * deployment's runtime configuration: it renders the frame of each address of FRAME_PATHS for a
 * phone and for a desktop — the same App the browser runs, its first render — and returns the
 * built index.html with them as templates, the configuration as a JSON data block and
 * public/frame.js, which puts the frame that fits into #root before the app's modules run. The
 * page's own content is left to the browser (route-kit: page()); so is everything a first visit
 * does not show (login, 长者模式, 大鼠标: FRAMELESS_WHEN_STORED).
 */

/** Where the built index.html takes the frames (right after #root). */
const FRAMES_MARKER = '<!-- pre-rendered frames -->';
/** The configuration's preload, which the embedded copy replaces. */
const CONFIG_PRELOAD = /<link rel="preload" href="\/runtime-config"[^>]*>/;

/** The visit log of a render that never reaches a browser: nothing to log. */
const NO_VISIT_LOG: VisitLog = {
  log: () => undefined,
  logVital: () => undefined,
  flush: async () => undefined,
  flushOnHide: () => undefined,
  start: () => () => undefined,
};

/** The little of a window the hash router reads: the address of the frame. */
function windowAt(path: string): Window {
  const hash = `#${path}`;
  const stand = {
    location: { hash, origin: 'http://frame.invalid', href: `http://frame.invalid/${hash}`, pathname: '/', search: '' },
    history: { state: null, length: 1, replaceState: () => undefined, pushState: () => undefined, go: () => undefined },
    document: { querySelector: () => null },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  return stand as unknown as Window;
}

/** JSON that stays inside a <script> element whatever the configuration holds. */
const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** One frame's HTML: the app's first render at `path` on `screen`, its page left to the browser unless prerendered. */
export function renderFrame(path: string, screen: FrameScreen, runtimeConfig: RuntimeConfig): Promise<string> {
  const facts = frameFacts(frameKey(path, screen));
  if (!facts) throw new Error(`no frame for ${path} on ${screen}`);
  assumeForFirstRender(facts);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failure: unknown;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)));
        else resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(
      <StrictMode>
        <App runtimeConfig={runtimeConfig} frame routerWindow={windowAt(path)} visitLog={NO_VISIT_LOG} />
      </StrictMode>,
      {
        onAllReady: () => stream.pipe(sink),
        // Every boundary inline, whatever its size: by default React sends a large one (双公示's
        // page) after the rest, with a script to move it in (the frames hold none).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellError: reject,
        onError: (error: unknown) => {
          if ((error as { digest?: unknown } | null)?.digest === BROWSER_ONLY_PAGE) return BROWSER_ONLY_PAGE;
          failure ??= error;
          return undefined;
        },
      },
    );
  });
}

/** The addresses whose pages load no antd to begin with (frame.js preloads antd's scope for the others). */
const plainPaths = (): string[] => appRoutes.filter((route) => isPlainPage(route.page)).map((route) => route.path);

/**
 * The gateway's index.html: `indexHtml` (the build's) with the configuration embedded and the
 * frames of every FRAME_PATHS address, identical frames stored once under all their keys.
 */
export async function renderPage(indexHtml: string, runtimeConfig: RuntimeConfig): Promise<string> {
  if (!indexHtml.includes(FRAMES_MARKER)) throw new Error(`index.html has no ${FRAMES_MARKER}`);
  if (!CONFIG_PRELOAD.test(indexHtml)) throw new Error('index.html has no preload of /runtime-config');
  // Identical frames (with the same opening request) are stored once, under all their keys.
  const templates = new Map<string, { request: string; html: string; keys: string[] }>();
  for (const path of FRAME_PATHS) {
    const opening = findRoute(path)?.openingRequest;
    const request = opening ? ` data-request="${escapeAttribute(JSON.stringify(opening))}"` : '';
    for (const screen of Object.keys(FRAME_SCREENS) as FrameScreen[]) {
      const html = await renderFrame(path, screen, runtimeConfig);
      const key = `${request}\n${html}`;
      const same = templates.get(key) ?? { request, html, keys: [] };
      same.keys.push(frameKey(path, screen));
      templates.set(key, same);
    }
  }
  const frameTemplates = [...templates.values()]
    .map(
      ({ request, html, keys }) =>
        `<template data-frame="${escapeAttribute(keys.join(' '))}"${request}>${html}</template>`,
    )
    .join('');
  const frames =
    `<div id="${FRAMES_ELEMENT_ID}" hidden data-home="${escapeAttribute(paths.home)}"` +
    ` data-wide-query="${escapeAttribute(WIDE_SCREEN_QUERY)}"` +
    ` data-frameless-when-stored="${escapeAttribute(FRAMELESS_WHEN_STORED.join(' '))}"` +
    ` data-sign-in="${escapeAttribute(JSON.stringify(FRAME_SIGN_IN))}"` +
    ` data-plain="${escapeAttribute(plainPaths().join(' '))}">${frameTemplates}</div>` +
    '<script src="./frame.js"></script>';
  const config = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${scriptSafeJson(runtimeConfig)}</script>`;
  return indexHtml.replace(CONFIG_PRELOAD, () => config).replace(FRAMES_MARKER, () => frames);
}
