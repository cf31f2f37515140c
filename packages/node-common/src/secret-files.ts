/*
 * Secrets from files, as Docker and compose hand them to a container (/run/secrets/<name>): a
 * secret NAME may be given as NAME_FILE, the path of a file holding it, so that it never appears
 * in the environment a `docker inspect` or `compose config` shows. Pure: the caller passes the
 * environment and a file reader in (both services' server.ts pass process.env and fs).
 */
import type { EnvSource } from './env-reader.js';

/** Reads a whole file as UTF-8, throwing as fs.readFileSync does (with an errno `code`). */
export type ReadTextFile = (path: string) => string;

/** The environment with every NAME_FILE of `names` read into NAME, and one problem per file that could not be. */
export interface ResolvedSecrets {
  env: Record<string, string | undefined>;
  problems: string[];
}

/**
 * Reads NAME_FILE into NAME for each secret name. A file's trailing line break is not part of the
 * secret (`echo … > file` and editors add one). NAME and NAME_FILE together are a problem: which
 * one counts would be a guess. An unreadable file is a problem naming the path and the reason —
 * never its content.
 */
export function resolveSecretFiles(env: EnvSource, names: readonly string[], readFile: ReadTextFile): ResolvedSecrets {
  const resolved: Record<string, string | undefined> = { ...env };
  const problems: string[] = [];
  for (const name of names) {
    const file = env[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (env[name]?.trim()) {
      problems.push(`${name}_FILE: set either ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      resolved[name] = readFile(file).replace(/\r?\n$/, '');
      delete resolved[`${name}_FILE`];
    } catch (error) {
      problems.push(`${name}_FILE: cannot read ${file} (${readProblem(error)})`);
    }
  }
  return { env: resolved, problems };
}

/** Why a secret file could not be read, in words an operator acts on. */
export function readProblem(error: unknown): string {
  const code = (error as { code?: string }).code ?? 'error';
  if (code === 'EACCES' || code === 'EPERM') {
    return `${code}: the process cannot read it — start the container as root so that it reads its secrets before it drops to the unprivileged user (docker-compose.yml does), or make the file readable by that user (uid 1000)`;
  }
  if (code === 'ENOENT') return 'ENOENT: no such file';
  return code;
}

/** The parts of `process` a privilege drop uses (injected: tests pass a fake). */
export interface ProcessIdentity {
  getuid?: () => number;
  setgroups?: (groups: Array<string | number>) => void;
  setgid?: (id: string | number) => void;
  setuid?: (id: string | number) => void;
}

/**
 * Drops a process started as root to `user` (the image's RUN_AS_USER, `node`), after it has read
 * what only root may read (its secrets). Group first: once the user id changes, the group can no
 * longer be. Returns what happened; a process not running as root, or without `user`, keeps its identity.
 */
export function dropPrivileges(proc: ProcessIdentity, user: string | undefined): 'dropped' | 'unchanged' {
  if (!user || proc.getuid?.() !== 0) return 'unchanged';
  if (!proc.setgroups || !proc.setgid || !proc.setuid) throw new Error('this platform cannot change the process user');
  proc.setgroups([]);
  proc.setgid(user);
  proc.setuid(user);
  if (proc.getuid?.() === 0) throw new Error(`still root after switching to ${user}`);
  return 'dropped';
}
