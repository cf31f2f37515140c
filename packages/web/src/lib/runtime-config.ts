import { GATEWAY_PATHS, type RuntimeConfig } from '@credit-portal/shared';
import { createContext, useContext } from 'react';
import useSWR from 'swr';
import { request } from './api-client';

/*
 * The runtime configuration (site name, contact details, external addresses) that the gateway
 * serves, so one build runs anywhere. It lives in lib rather than a feature because the app
 * shell, shared components and features all read it.
 */

/** Fetches GET /runtime-config. */
export const getRuntimeConfig = (): Promise<RuntimeConfig> => request<RuntimeConfig>(GATEWAY_PATHS.runtimeConfig);

/** SWR key of the runtime configuration. */
export const runtimeConfigKey = (): string => GATEWAY_PATHS.runtimeConfig;

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
