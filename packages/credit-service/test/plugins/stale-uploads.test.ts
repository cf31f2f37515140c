import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_FILE_FIELD } from '@credit-portal/shared';
import { incomingDir, moveIntoPlace, receiveUpload, type ReceivedUpload } from '../../src/applications/uploads.js';
import { buildTestApp, type TestApp } from '../helper.js';

/**
 * An upload interrupted mid-way (the process stopped after writing its `.part` files, before
 * moving them into place) leaves nothing behind once the service starts again; the files of an
 * upload this process is still handling are not touched.
 */
describe('temporary files of interrupted uploads', () => {
  const open: TestApp[] = [];
  afterEach(async () => {
    for (const app of open.splice(0)) await app.close();
  });

  it('are removed when the service starts', async () => {
    const first = await buildTestApp();
    const dataDir = first.dataDir;
    await first.app.close();
    const incoming = incomingDir(dataDir);
    fs.mkdirSync(incoming, { recursive: true });
    const stale = ['0b6a1c1e-stale-one.part', '9f1d2c3b-stale-two.part'].map((name) => path.join(incoming, name));
    for (const file of stale) fs.writeFileSync(file, '%PDF-1.4 half an upload');
    const other = path.join(incoming, 'not-an-upload.txt');
    fs.writeFileSync(other, 'kept');

    const second = await buildTestApp({ dataDir });
    open.push(second);

    for (const file of stale) expect(fs.existsSync(file)).toBe(false);
    expect(fs.readdirSync(incoming)).toEqual(['not-an-upload.txt']);
  });

  it('spares an upload this process is handling', async () => {
    const seeded = await buildTestApp();
    open.push(seeded);
    const dataDir = seeded.dataDir;
    const incoming = incomingDir(dataDir);
    const uploadsDir = path.dirname(incoming);

    // A route that receives the files, then waits (as a filing waits for its transaction) before moving them.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let received!: (upload: ReceivedUpload) => void;
    const receivedUpload = new Promise<ReceivedUpload>((resolve) => (received = resolve));
    const server = Fastify();
    await server.register(multipart);
    server.post('/upload', async (request) => {
      const upload = await receiveUpload(request, incoming);
      received(upload);
      await gate;
      moveIntoPlace(upload.files, ['kept/file.pdf'], uploadsDir);
      return { ok: true };
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const form = new FormData();
      form.append(UPLOAD_FILE_FIELD, new Blob(['%PDF-1.4 a filing in progress']), 'material.pdf');
      const answer = fetch(`http://127.0.0.1:${port}/upload`, { method: 'POST', body: form });

      const upload = await receivedUpload;
      const inProgress = upload.files[0]!.tempPath;
      expect(path.dirname(inProgress)).toBe(incoming);
      const stale = path.join(incoming, 'left-by-a-crash.part');
      fs.writeFileSync(stale, '%PDF-1.4 half an upload');

      // The service starts again on the same directory while the upload is in progress.
      const restarted = await buildTestApp({ dataDir });
      await restarted.app.close();

      expect(fs.existsSync(stale)).toBe(false);
      expect(fs.readFileSync(inProgress, 'utf8')).toBe('%PDF-1.4 a filing in progress');
      release();
      expect((await answer).status).toBe(200);
      expect(fs.readFileSync(path.join(uploadsDir, 'kept/file.pdf'), 'utf8')).toBe('%PDF-1.4 a filing in progress');
      expect(fs.readdirSync(incoming)).toEqual([]);
    } finally {
      release();
      await server.close();
    }
  });
});
