import { GATEWAY_PATHS, type RuntimeConfig } from '@credit-portal/shared';
import type { RUNTIME_CONFIG_CONTRACTS } from '@credit-portal/shared/contracts/runtime-config';
import { createContext, useContext } from 'react';
import useSWR from 'swr';
import { callAs, type RouteHead } from './api-client';

/*
 * The runtime configuration (site name, contact details, external addresses) that the gateway
 * serves, so one build runs anywhere. It lives in lib rather than a feature because the app
 * shell, shared components and features all read it.
 */

type RuntimeConfigRow = typeof RUNTIME_CONFIG_CONTRACTS.runtimeConfig;

/** GET /runtime-config, its row named by type only (callAs): every page waits for it. */
const RUNTIME_CONFIG: RouteHead<RuntimeConfigRow> = { path: GATEWAY_PATHS.runtimeConfig, methods: ['GET'] };

/** Fetches the runtime configuration. */
export const getRuntimeConfig = () => callAs<RuntimeConfigRow>(RUNTIME_CONFIG);

/** SWR key of the runtime configuration. */
export const runtimeConfigKey = (): string => RUNTIME_CONFIG.path;

/** Loads the runtime configuration once per page load (it changes only with a deployment). */
export function useRuntimeConfigQuery() {
  return useSWR(runtimeConfigKey(), getRuntimeConfig, {
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
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
