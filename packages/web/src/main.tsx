// antd's base styles (tokens, reset), made at build time (build/antd-static-style.ts), before
// anything else; each component's own sheet comes with the module that imports it.
import 'virtual:antd.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import '@/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
