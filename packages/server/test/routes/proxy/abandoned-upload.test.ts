import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { API_PATHS, GATEWAY_PATHS, UPLOAD_MAX_REQUEST_BYTES } from '@credit-portal/shared';
import { startGateway, testConfig, waitFor, type RunningGateway, upstreamEnv } from '../../support/gateway.js';

/*
 * Uploads that never end (a review's finding): a client that sends the first bytes of a multipart
 * body and goes away used to leave the gateway's upstream call waiting for the rest until its
 * timeout, holding one of the pool's connections; enough of them (inside the strict rate limit)
 * held every connection, all other routes waited, and the failures opened the circuit breaker for
 * everyone. A body over the limit counted against the upstream's circuit as well.
 */

/** An upstream that records each request's end: read to its end (then answered) or abandoned. */
interface Recorder {
  url: string;
  abandoned: number;
  completed: number;
  open: Set<IncomingMessage>;
  server: Server;
}

async function startRecorder(): Promise<Recorder> {
  const recorder: Recorder = { url: '', abandoned: 0, completed: 0, open: new Set(), server: createServer() };
  recorder.server.on('request', (req, res) => {
    recorder.open.add(req);
    req.on('close', () => {
      recorder.open.delete(req);
      if (req.complete) recorder.completed += 1;
      else recorder.abandoned += 1;
    });
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ErrorCode: 0, Data: null, Msg: 'ok' }));
    });
  });
  await new Promise<void>((resolve) => recorder.server.listen(0, '127.0.0.1', resolve));
  const address = recorder.server.address();
  recorder.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return recorder;
}

/** Sends a chunked multipart request's first bytes and closes the connection. */
async function abandonUpload(gatewayUrl: string, path: string): Promise<void> {
  const { hostname, port } = new URL(gatewayUrl);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: multipart/form-data; boundary=X\r\n` +
      'Transfer-Encoding: chunked\r\n\r\n10\r\n--X\r\nContent-Dis\r\n',
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
}

/** A POST whose body goes in chunks, without Content-Length: the limit is found while it streams. */
function postChunked(
  url: string,
  path: string,
  type: string,
  body: string,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(`${url}${path}`, { method: 'POST', headers: { 'content-type': type } }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (text += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    call.on('error', reject);
    for (let at = 0; at < body.length; at += 65_536) call.write(body.slice(at, at + 65_536));
    call.end();
  });
}

describe('uploads abandoned half-way', () => {
  let upstream: Recorder;
  let gateway: RunningGateway;

  beforeAll(async () => {
    upstream = await startRecorder();
    gateway = await startGateway(
      testConfig({
        ...upstreamEnv(upstream.url),
        UPSTREAM_TIMEOUT_MS: '30000',
        CIRCUIT_FAILURE_THRESHOLD: '2',
        UPLOAD_LIMIT_BYTES: '16384',
      }),
    );
  });

  afterAll(async () => {
    await gateway?.close();
    await new Promise((resolve) => upstream?.server.close(resolve));
  });

  const circuit = async () =>
    (
      (await request(gateway.adminUrl).get(GATEWAY_PATHS.ready)).body as {
        data: { upstreams: { credit: { circuit: string } } };
      }
    ).data.upstreams.credit.circuit;

  it('end their upstream calls at once and leave the circuit closed', async () => {
    for (const path of [API_PATHS.reportVerifySignature, API_PATHS.reportVerifyFile, API_PATHS.reportVerifySignature]) {
      await abandonUpload(gateway.url, path);
    }
    // Each upstream call ended with its client, long before the route's 30 s timeout.
    await waitFor(() => upstream.abandoned >= 3 && upstream.open.size === 0, 'three abandoned upstream calls', 5_000);
    expect(upstream.completed).toBe(0);
    // Three failures over a threshold of two: none of them was the upstream's.
    expect(await circuit()).toBe('closed');
  });

  it('refuse an upload over its limit with 413, not counted against the upstream', async () => {
    const file = 'x'.repeat(UPLOAD_MAX_REQUEST_BYTES);
    const body = `--X\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n${file}\r\n--X--\r\n`;
    for (const path of [API_PATHS.reportVerifySignature, API_PATHS.reportVerifyFile, API_PATHS.reportVerifySignature]) {
      const answer = await postChunked(gateway.url, path, 'multipart/form-data; boundary=X', body);
      expect([path, answer.status, answer.body]).toEqual([
        path,
        413,
        { ok: false, code: 'payload_too_large', message: expect.any(String), data: null },
      ]);
    }
    expect(await circuit()).toBe('closed');
  });

  it('answer a form sent to a JSON route over UPLOAD_LIMIT_BYTES in the envelope, and stay up', async () => {
    // Over the limit, the limit's error used to have no listener yet and ended the process.
    const answer = await postChunked(
      gateway.url,
      API_PATHS.contentDetail,
      'application/x-www-form-urlencoded',
      `a=${'x'.repeat(20_000)}`,
    );
    expect(answer).toEqual({
      status: 415,
      body: { ok: false, code: 'unsupported_media_type', message: expect.any(String), data: null },
    });
    await request(gateway.url).get(GATEWAY_PATHS.health).expect(200);
  });
});
