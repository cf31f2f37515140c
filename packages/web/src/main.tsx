// antd's base styles (tokens, reset), made at build time (build/antd-static-style.ts), before
// anything else; each component's own sheet comes with the module that imports it.
import 'virtual:antd.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type ErrorInfo } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadOpeningPage } from '@/app/router';
import { assumeForFirstRender, BROWSER_ONLY_PAGE } from '@/lib/first-render';
import { embeddedRuntimeConfig } from '@/lib/runtime-config';
import { FRAME_ATTRIBUTE, frameFacts } from '@/prerender/frames';
import '@/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const runtimeConfig = embeddedRuntimeConfig();
// Set by public/frame.js when it put a pre-rendered frame into #root (src/prerender/).
const frame = container.getAttribute(FRAME_ATTRIBUTE);
const facts = frame && runtimeConfig ? frameFacts(frame) : undefined;

/**
 * Errors React recovered from while hydrating, reported as React does by default — except the
 * page the frame left to the browser (its digest says so): that one is by design.
 */
function onRecoverableError(error: unknown, info: ErrorInfo): void {
  if ((error as { digest?: unknown } | null)?.digest === BROWSER_ONLY_PAGE) return;
  console.error(error, info.componentStack ?? '');
}

// The opening page's module (and its first data) from now, not from the first render, which comes
// a task later and takes a slow phone's main thread for a while itself.
const openingPage = preloadOpeningPage();

// The first render as a transition: React renders it in slices of a few milliseconds and lets
// the browser in between, instead of one long task on a slow phone's main thread.
const app = (
  <StrictMode>
    <App runtimeConfig={runtimeConfig} frame={facts !== undefined} openingPage={openingPage} />
  </StrictMode>
);
if (facts) assumeForFirstRender(facts);
// In a task of its own: the app's modules have just been evaluated, itself one long task on a
// phone, and the browser gets its turn (a tap, a paint) between the two.
setTimeout(() => {
  startTransition(() => {
    if (facts) hydrateRoot(container, app, { onRecoverableError });
    // No frame to hydrate (none fitted, or a page without the gateway's frames): the loading line
    // stays until the app has rendered.
    else createRoot(container).render(app);
  });
}, 0);
