import { builtinEnvironments, type Environment } from 'vitest/runtime';

/*
 * JavaScript intrinsics that Vitest's jsdom environment replaces with the jsdom realm's copies.
 * Server code checks them with instanceof (Fastify sends a Buffer only when
 * `payload.buffer instanceof ArrayBuffer`), so Node's own are put back; the DOM is unaffected.
 */
const NODE_INTRINSICS = [
  'ArrayBuffer',
  'Uint8Array',
  'Uint8ClampedArray',
  'Uint16Array',
  'Uint32Array',
  'Int8Array',
  'Int16Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
] as const;

/**
 * jsdom for the page, Node for the servers. The integration test runs the gateway and the
 * credit-service in the same process as the page: modules are transformed as server code
 * (the browser transform would rewrite `new URL(..., import.meta.url)` into page-relative
 * asset URLs) and Node's intrinsics stay in place.
 */
const environment: Environment = {
  name: 'jsdom-server',
  viteEnvironment: 'ssr',
  async setup(global: Record<string, unknown>, options) {
    const saved = NODE_INTRINSICS.map((key) => [key, global[key]] as const);
    const jsdom = await builtinEnvironments.jsdom.setup(global, options);
    for (const [key, value] of saved) {
      Object.defineProperty(global, key, { value, writable: true, configurable: true });
    }
    return jsdom;
  },
};

export default environment;
