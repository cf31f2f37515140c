import type { RuntimeConfig } from '@credit-portal/shared';
import { RUNTIME_CONFIG_HEADS } from '@credit-portal/shared/heads/runtime-config';
import { createContext, useContext } from 'react';
import useSWR from 'swr';
import { call } from './api-client';

/*
 * The runtime configuration (site name, contact details, external addresses) that the gateway
 * serves, so one build runs anywhere. It lives in lib rather than a feature because the app
 * shell, shared components and features all read it.
 */

/** GET /runtime-config: every page waits for it. */
const RUNTIME_CONFIG = RUNTIME_CONFIG_HEADS.runtimeConfig;

/** Fetches the runtime configuration. */
export const getRuntimeConfig = () => call(RUNTIME_CONFIG);

/** SWR key of the runtime configuration. */
export const runtimeConfigKey = (): string => RUNTIME_CONFIG.path;

/** The id of the JSON data block in which the gateway's page carries the configuration (src/prerender/). */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

/**
 * The configuration the page came with (a `<script type="application/json">` block, which the
 * CSP's `script-src 'self'` allows as it is never run), or undefined where the page has none (the
 * Vite dev server, tests): then it is fetched.
 */
export function embeddedRuntimeConfig(): RuntimeConfig | undefined {
  const text = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && typeof (parsed as RuntimeConfig).siteName === 'string'
      ? (parsed as RuntimeConfig)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Loads the runtime configuration once per page load (it changes only with a deployment); with
 * `given` (the page's own copy) nothing is requested.
 */
export function useRuntimeConfigQuery(given?: RuntimeConfig) {
  return useSWR(runtimeConfigKey(), getRuntimeConfig, {
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    ...(given ? { fallbackData: given, revalidateOnMount: false } : {}),
  });
}

/** Holds the loaded configuration below the app's loading gate. */
export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

/** The runtime configuration; only valid below the app provider, which renders nothing else until it is loaded. */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used below the runtime-config provider');
  return config;
}
