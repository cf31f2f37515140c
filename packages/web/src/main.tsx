// antd's base styles (tokens, reset), made at build time (build/antd-static-style.ts), before
// anything else; each component's own sheet comes with the module that imports it.
import 'virtual:antd.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import '@/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// The first render as a transition: React renders it in slices of a few milliseconds and lets
// the browser in between, instead of one long task on a slow phone's main thread.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
