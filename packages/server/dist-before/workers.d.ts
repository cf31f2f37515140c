import { type FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config.js';
/** In a worker: answers the primary's readiness and metrics questions, and its shutdown request. */
export declare function serveWorker(app: FastifyInstance, shutdown: (reason: string) => void): void;
/** The primary: forks, restarts, serves the admin listener, shuts everything down on a signal. */
export declare function runPrimary(config: GatewayConfig): Promise<void>;
