#!/usr/bin/env node
// A Docker API socket for docker-compose 1.29 on podman 4 (Debian stable's pair):
//
//   node deploy/podman-compose-proxy.mjs [listen-socket] [podman-socket]
//   export DOCKER_HOST=unix:///run/podman/compose.sock
//
// It forwards everything to podman's socket unchanged but for two differences from Docker that
// break a deployment with fixed addresses:
// - podman describes every network's address management with an option (`IPAM.Options.driver:
//   host-local`) that docker-compose 1.29 compares against the compose file's, which it reads under
//   a key the file cannot have ('Options' for 'options', compose/network.py
//   check_remote_ipam_config): any network with a fixed subnet then "needs to be recreated", and
//   every `up` after the first fails. The option is dropped from network inspections.
// - podman gives a container a new random MAC address at every start, where Docker derives it from
//   the IPv4 address (02:42 and the address's four bytes). A container restarted or replaced at its
//   fixed address was then unreachable from its peers for tens of seconds, until their ARP entries
//   for the old MAC lapsed (measured: over 35 s). A container created with a fixed address gets
//   Docker's MAC for it.
// Exec, attach and log streams (HTTP upgrades, chunked answers) pass through as they are.
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { existsSync, unlinkSync } from 'node:fs';

/** Removes podman's IPAM driver option from a network inspection (a single network or a list). */
export function withoutIpamDriverOption(body) {
  const networks = Array.isArray(body) ? body : [body];
  for (const network of networks) {
    const options = network?.IPAM?.Options;
    if (options && options.driver === 'host-local') {
      delete options.driver;
      if (Object.keys(options).length === 0) network.IPAM.Options = null;
    }
  }
  return body;
}

/** Docker's MAC for an IPv4 address: 02:42 and the address's four bytes. */
export const dockerMac = (ipv4) =>
  ['02', '42', ...ipv4.split('.').map((byte) => Number(byte).toString(16).padStart(2, '0'))].join(':');

/** Gives each endpoint with a fixed IPv4 address and no MAC Docker's MAC for it (a create or connect body). */
export function withDockerMacs(body) {
  const endpoints = [
    ...Object.values(body?.NetworkingConfig?.EndpointsConfig ?? {}),
    ...(body?.EndpointConfig ? [body.EndpointConfig] : []),
  ];
  for (const endpoint of endpoints) {
    const address = endpoint?.IPAMConfig?.IPv4Address;
    if (address && !endpoint.MacAddress && /^\d{1,3}(?:\.\d{1,3}){3}$/.test(address))
      endpoint.MacAddress = dockerMac(address);
  }
  return body;
}

const CREATES = /^(?:\/v[\d.]+)?\/(?:containers\/create|networks\/[^/]+\/connect)(?:\?.*)?$/;

/** The proxy's server in front of podman's API socket `target` (not listening yet). */
export function createProxy(target) {
  const server = createServer((req, res) => {
    if (req.method === 'POST' && CREATES.test(req.url ?? '')) {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        let body = Buffer.concat(chunks);
        try {
          body = Buffer.from(JSON.stringify(withDockerMacs(JSON.parse(body.toString('utf8')))));
        } catch {
          // not JSON: passed on as it came
        }
        const headers = { ...req.headers, 'content-length': String(body.length) };
        delete headers['transfer-encoding'];
        forward(req, res, headers, false).end(body);
      });
      return;
    }
    req.pipe(
      forward(req, res, req.headers, req.method === 'GET' && /\/networks(?:\/[^/?]+)?(?:\?|$)/.test(req.url ?? '')),
    );
  });

  /** The request to podman's socket whose answer goes back to `res` (a network inspection rewritten). */
  function forward(req, res, headers, rewrite) {
    const upstream = request({ socketPath: target, path: req.url, method: req.method, headers }, (answer) => {
      if (!rewrite || answer.statusCode !== 200) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => {
        let text = Buffer.concat(chunks).toString('utf8');
        try {
          text = JSON.stringify(withoutIpamDriverOption(JSON.parse(text)));
        } catch {
          // not JSON: passed on as it came
        }
        const headers = { ...answer.headers, 'content-length': Buffer.byteLength(text) };
        delete headers['transfer-encoding'];
        res.writeHead(200, headers);
        res.end(text);
      });
    });
    upstream.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `podman-compose-proxy: ${error.message}` }));
    });
    return upstream;
  }

  // Exec and attach hijack the connection (Upgrade: tcp): the raw bytes go both ways from here on.
  server.on('upgrade', (req, socket, head) => {
    const upstream = connect(target, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      socket.destroy();
    };
    // Either side's end is the exchange's end: neither socket is left open.
    for (const side of [upstream, socket]) {
      side.on('error', close);
      side.on('close', close);
    }
  });
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const listen = process.argv[2] ?? '/run/podman/compose.sock';
  const target = process.argv[3] ?? '/run/podman/podman.sock';
  if (existsSync(listen)) unlinkSync(listen);
  createProxy(target).listen(listen, () => process.stdout.write(`podman-compose-proxy: ${listen} → ${target}\n`));
}
