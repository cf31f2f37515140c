import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const OVERRIDE = 'deploy/docker-compose.sentinel.yml';

/** The Sentinel variant of the deployment: an override file on top of docker-compose.yml. */
describe('docker-compose Sentinel variant', () => {
  it('renders with `docker-compose config`: primary, replica, three Sentinels, both gateways on the Sentinels', async () => {
    const { stdout } = await promisify(execFile)(
      'docker-compose',
      ['-f', 'docker-compose.yml', '-f', OVERRIDE, 'config'],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '' } },
    ).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return { stdout: '' };
      throw err;
    });
    // Without docker-compose on this machine (.ci/run installs it) the file itself is checked below.
    const rendered = stdout || readFileSync(`${ROOT}${OVERRIDE}`, 'utf8');
    for (const service of ['redis-replica', 'sentinel-1', 'sentinel-2', 'sentinel-3']) {
      expect(rendered).toMatch(new RegExp(`\\n  ${service}:\\n`));
    }
    expect(rendered.match(/REDIS_SENTINELS: sentinel-1:26379,sentinel-2:26379,sentinel-3:26379/g)).toHaveLength(2);
    expect(rendered.match(/REDIS_SENTINEL_MASTER: portal/g)).toHaveLength(2);
    expect(rendered.match(/REDIS_SENTINEL_PASSWORD_FILE: \/run\/secrets\/redis-sentinel-password/g)).toHaveLength(2);
    // The servers and Sentinels are configured by deploy/redis/start.sh from their secrets.
    expect(rendered).toMatch(/redis-start\.sh', 'replica', 'redis'\]|- replica\n\s+- redis\n/);
    const start = readFileSync(`${ROOT}deploy/redis/start.sh`, 'utf8');
    expect(start).toMatch(/sentinel announce-hostnames yes/);
    expect(start).toMatch(/echo 'appendonly yes'/);
    expect(start).toMatch(/\[ "\$role" = replica \] && echo "replicaof/);
    expect(start).toMatch(/echo "user default on #\$internal_hash /);
    expect(start).not.toMatch(/nopass/);
  });
});
