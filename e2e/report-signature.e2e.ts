/// <reference lib="dom" />
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API_PATHS, type ReportSigningKeys } from '@credit-portal/shared';
import { paths } from '../packages/web/src/lib/paths.js';
import { api, collectErrors, launchBrowser } from './browser.js';

/*
 * A report downloaded in the browser verifies offline with the commands of
 * docs/VERIFY.md (sh and openssl, the key fetched from the gateway's .well-known address), and the
 * same file uploaded alone on /#/public/xyhc says which key signed it; one byte changed fails both.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let work: string;

/** The documented commands for a report: every ```sh block of docs/VERIFY.md before its open-data part, in order. */
async function documentedScript(): Promise<string> {
  const doc = await readFile(path.resolve(import.meta.dirname, '../docs/VERIFY.md'), 'utf8');
  const reports = doc.split('\n# Verifying the open-data files')[0]!;
  return [...reports.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');
}

/** Runs the documented commands on a file in a directory of its own: their output and exit status. */
async function offline(file: Buffer, name: string): Promise<{ status: number; output: string }> {
  const dir = path.join(work, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir);
  await writeFile(path.join(dir, 'report.pdf'), file);
  const script = await documentedScript();
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', script], {
      cwd: dir,
      env: { PATH: process.env.PATH, PORTAL: baseUrl.replace(/\/$/, ''), REPORT: 'report.pdf' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status: status ?? -1, output }));
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  work = await mkdtemp(path.join(os.tmpdir(), 'report-signature-e2e-'));
});

afterAll(async () => {
  await browser?.close();
  await rm(work, { recursive: true, force: true });
});

describe('SM2-signed reports', () => {
  it(
    'a report downloaded in the browser verifies offline with the documented OpenSSL commands',
    { timeout: 240_000 },
    async () => {
      // The published keys, through the gateway, cacheable.
      const keys = await api<ReportSigningKeys>(baseUrl, API_PATHS.reportSigningKeys);
      const current = keys.keys.find((key) => key.current);
      expect(current?.algorithm).toBe('SM2-with-SM3');
      const listed = await fetch(new URL(API_PATHS.reportSigningKeys, baseUrl));
      expect(listed.headers.get('cache-control') ?? '').not.toContain('no-store');
      const pem = await fetch(new URL(current!.pemPath, baseUrl));
      expect(pem.status).toBe(200);
      expect(await pem.text()).toBe(current!.publicKeyPem);

      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
      try {
        const page = await context.newPage();
        const errors = collectErrors(page);
        await page.goto(`${baseUrl}/#${paths.creditReport}`);
        await page.getByLabel('企业名称或统一社会信用代码').fill('科技');
        await page.getByRole('button', { name: '查询主体' }).click();
        await page
          .getByRole('button', { name: /^选择：/ })
          .first()
          .click();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: '生成并下载报告' }).click(),
        ]);
        await page.getByText('报告已生成').waitFor();
        const pdf = await readFile(await download.path());

        const run = await offline(pdf, 'downloaded');
        expect(run.output).toContain(`key: ${current!.keyId}`);
        expect(run.output).toContain('key fingerprint OK');
        expect(run.output).toContain('Verified OK');
        expect(run.status).toBe(0);

        const altered = Buffer.from(pdf);
        altered[2000] = altered[2000]! ^ 0x20;
        const failed = await offline(altered, 'altered');
        expect(failed.output).toContain('Verification failure');
        expect(failed.status).not.toBe(0);

        // The file alone on the third-party page: the signature, the key's fingerprint and the record.
        await page.goto(`${baseUrl}/#${paths.publicCheck}`);
        const section = page
          .locator('section')
          .filter({ has: page.getByRole('heading', { name: '凭PDF文件核验电子签名' }) });
        await section.locator('input[type=file]').setInputFiles({
          name: download.suggestedFilename(),
          mimeType: 'application/pdf',
          buffer: pdf,
        });
        await section.getByRole('button', { name: '核验电子签名' }).click();
        await page.getByText('电子签名有效').waitFor();
        await page.getByText(current!.keyId).first().waitFor();
        await page.getByText('信用中心留存的报告记录').waitFor();
        expect(errors).toEqual([]);

        await section.locator('.ant-upload-list-item').getByRole('button').click();
        await section
          .locator('input[type=file]')
          .setInputFiles({ name: 'altered.pdf', mimeType: 'application/pdf', buffer: altered });
        await section.getByRole('button', { name: '核验电子签名' }).click();
        await page.getByText('电子签名核验未通过').waitFor();
        await page.getByText('电子签名校验未通过：文件内容已被改动，或签名不是信用中心所签').waitFor();
      } finally {
        await context.close();
      }
    },
  );
});
