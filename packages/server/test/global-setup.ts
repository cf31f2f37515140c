import type { ChildProcess } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { findRedisServer, freePort, startRedisServer } from './support/redis-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Redis every server test uses, each file under its own key prefix. */
    redisUrl: string;
    /** Path of redis-server when installed ('' when not): tests that stop and start Redis need it. */
    redisServerBin: string;
  }
}

/**
 * Gives the server tests a real Redis: a redis-server on a free port when the binary is
 * installed, else REDIS_URL, else a clear failure.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bin = findRedisServer();
  let child: ChildProcess | null = null;
  let url: string;
  if (bin) {
    const port = await freePort();
    child = await startRedisServer(bin, port);
    url = `redis://127.0.0.1:${port}`;
  } else if (process.env.REDIS_URL) {
    url = process.env.REDIS_URL;
  } else {
    throw new Error(
      'The gateway tests need a real Redis. Install redis-server (Debian/Ubuntu: apt-get install redis-server; ' +
        'macOS: brew install redis) so the tests can start one, or set REDIS_URL=redis://host:port to use a running one.',
    );
  }
  project.provide('redisUrl', url);
  project.provide('redisServerBin', bin ?? '');
  return async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
  };
}
