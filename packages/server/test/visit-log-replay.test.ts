import { describe, expect, it } from 'vitest';
import { ConfigError } from '@credit-portal/node-common';
import { readReplaySettings } from '../src/visit-log/dead-letter-replay.js';

/** The dead-letter replay command reads the gateways' Redis settings (lib/redis-settings.ts). */
describe('the replay command settings', () => {
  it('takes REDIS_URL, the Sentinels or a cluster, as a gateway does', () => {
    expect(readReplaySettings({ REDIS_URL: 'redis://redis:6379', REDIS_KEY_PREFIX: 'portal:' })).toMatchObject({
      target: { mode: 'url', url: 'redis://redis:6379' },
      keyPrefix: 'portal:',
    });
    expect(
      readReplaySettings({
        REDIS_SENTINELS: 'sentinel-1:26379,sentinel-2:26379',
        REDIS_SENTINEL_MASTER: 'portal',
        REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
        REDIS_PASSWORD: 'data-secret',
      }).target,
    ).toMatchObject({
      mode: 'sentinel',
      sentinels: [
        { host: 'sentinel-1', port: 26379 },
        { host: 'sentinel-2', port: 26379 },
      ],
      masterName: 'portal',
      sentinelPassword: 'sentinel-secret',
      password: 'data-secret',
    });
    expect(readReplaySettings({ REDIS_CLUSTER_NODES: 'redis-1:7000' })).toMatchObject({
      target: { mode: 'cluster', nodes: [{ host: 'redis-1', port: 7000 }] },
      keyPrefix: 'credit-portal:',
    });
  });

  it('refuses to run without Redis, and with the messages the gateway gives', () => {
    expect(() => readReplaySettings({})).toThrow(ConfigError);
    expect(() => readReplaySettings({})).toThrow(/REDIS_URL: must be set \(or REDIS_SENTINELS .*REDIS_CLUSTER_NODES/);
    expect(() => readReplaySettings({ REDIS_SENTINELS: 'sentinel-1:26379' })).toThrow(
      /REDIS_SENTINEL_MASTER: must be set with REDIS_SENTINELS/,
    );
    expect(() => readReplaySettings({ REDIS_URL: 'redis://r:6379', REDIS_CLUSTER_NODES: 'r:7000' })).toThrow(
      /REDIS_CLUSTER_NODES: is an alternative to REDIS_URL/,
    );
    expect(() => readReplaySettings({ REDIS_URL: 'http://r:6379' })).toThrow(/REDIS_URL/);
  });
});
