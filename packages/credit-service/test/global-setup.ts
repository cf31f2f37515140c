import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its seeded template databases (test/helper.ts copies them). */
    templateDir: string;
  }
}

/** One directory of template databases per run, removed when the run ends. */
export default function setup(project: TestProject): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'credit-service-templates-'));
  project.provide('templateDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
