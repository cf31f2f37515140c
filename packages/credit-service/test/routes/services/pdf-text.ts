import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text of a PDF as poppler's pdftotext reads it (Debian poppler-utils; .ci/run installs it),
 * in reading order with the layout kept, so a test sees what a reader's viewer would find.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await fs.writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The text with all white space removed: CJK lines wrap anywhere, so tests match on this. */
export const compact = (text: string): string => text.replace(/\s+/g, '');
