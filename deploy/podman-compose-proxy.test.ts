import { mkdtempSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain Node script of the deployment, without type declarations
import { createProxy, dockerMac, withDockerMacs, withoutIpamDriverOption } from './podman-compose-proxy.mjs';

/** What a fake podman socket received, and the proxy in front of it. */
const dir = mkdtempSync(join(tmpdir(), 'compose-proxy-'));
const podmanSocket = join(dir, 'podman.sock');
const proxySocket = join(dir, 'compose.sock');
const received: { method: string; url: string; body: string }[] = [];
let podman: Server;
let proxy: Server;

const NETWORK = {
  Name: 'credit-portal_default',
  IPAM: { Driver: 'default', Options: { driver: 'host-local' }, Config: [{ Subnet: '172.28.0.0/24' }] },
};

function call(method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      { socketPath: proxySocket, method, path, headers: payload ? { 'content-type': 'application/json' } : {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

beforeAll(async () => {
  podman = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.setHeader('content-type', 'application/json');
      if (req.url?.includes('/networks/')) res.end(JSON.stringify(NETWORK));
      else if (/\/networks(?:\?|$)/.test(req.url ?? '')) res.end(JSON.stringify([NETWORK]));
      else res.end(JSON.stringify({ Id: 'x', echo: body }));
    });
  });
  // Exec and attach: the connection is hijacked and echoes what the client sends after the upgrade.
  podman.on('upgrade', (_req, socket) => {
    socket.write('HTTP/1.1 101 UPGRADED\r\nConnection: Upgrade\r\nUpgrade: tcp\r\n\r\n');
    socket.on('data', (chunk) => socket.write(chunk));
    socket.on('end', () => socket.end());
  });
  await new Promise<void>((resolve) => podman.listen(podmanSocket, resolve));
  proxy = createProxy(podmanSocket);
  await new Promise<void>((resolve) => proxy.listen(proxySocket, resolve));
});

afterAll(async () => {
  for (const server of [proxy, podman]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
});

describe('the compose proxy in front of podman', () => {
  it('derives the MAC from the address as Docker does', () => {
    expect(dockerMac('172.28.0.20')).toBe('02:42:ac:1c:00:14');
    const body = withDockerMacs({
      NetworkingConfig: {
        EndpointsConfig: {
          fixed: { IPAMConfig: { IPv4Address: '172.28.0.11' } },
          chosen: { IPAMConfig: { IPv4Address: '172.28.0.12' }, MacAddress: '02:00:00:00:00:01' },
          dynamic: {},
        },
      },
    });
    expect(body.NetworkingConfig.EndpointsConfig).toEqual({
      fixed: { IPAMConfig: { IPv4Address: '172.28.0.11' }, MacAddress: '02:42:ac:1c:00:0b' },
      chosen: { IPAMConfig: { IPv4Address: '172.28.0.12' }, MacAddress: '02:00:00:00:00:01' },
      dynamic: {},
    });
    expect(withoutIpamDriverOption(structuredClone(NETWORK)).IPAM.Options).toBeNull();
  });

  it('hides the IPAM driver option in network inspections, single and listed', async () => {
    const one = JSON.parse((await call('GET', '/v1.41/networks/credit-portal_default')).text);
    const all = JSON.parse((await call('GET', '/v1.41/networks?filters=%7B%7D')).text);
    expect(one.IPAM).toEqual({ Driver: 'default', Options: null, Config: [{ Subnet: '172.28.0.0/24' }] });
    expect(all[0].IPAM.Options).toBeNull();
  });

  it('gives a container created at a fixed address Docker’s MAC, and passes other bodies as they are', async () => {
    await call('POST', '/v1.41/containers/create?name=gateway-1', {
      Image: 'credit-portal',
      NetworkingConfig: { EndpointsConfig: { default: { IPAMConfig: { IPv4Address: '172.28.0.11' } } } },
    });
    const created = received.at(-1)!;
    expect(JSON.parse(created.body).NetworkingConfig.EndpointsConfig.default.MacAddress).toBe('02:42:ac:1c:00:0b');
    await call('POST', '/v1.41/containers/x/start', { untouched: true });
    expect(received.at(-1)).toEqual({
      method: 'POST',
      url: '/v1.41/containers/x/start',
      body: '{"untouched":true}',
    });
  });

  it('passes a hijacked exec connection through both ways', async () => {
    const socket = connect(proxySocket);
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('ping-through')) resolve(text);
      });
    });
    socket.write('POST /v1.41/exec/x/start HTTP/1.1\r\nHost: d\r\nConnection: Upgrade\r\nUpgrade: tcp\r\n\r\n');
    setTimeout(() => socket.write('ping-through'), 50);
    expect(await answer).toMatch(/^HTTP\/1\.1 101 UPGRADED[\s\S]*ping-through$/);
    socket.destroy();
  });
});
