import type { ChildProcess } from 'node:child_process';

export function ensureInstalled(options?: { frozen?: boolean }): number;
export function build(): number;
export function buildCommands(): [command: string, args: string[], options?: { cwd?: string }][];
export interface RunningProduct {
  url: string;
  children: ChildProcess[];
  stop(): Promise<void>;
}
export function startProduct(options?: {
  env?: Record<string, string>;
  output?: 'inherit' | 'ignore' | ((label: string, line: string) => void);
  timeoutMs?: number;
}): Promise<RunningProduct>;
