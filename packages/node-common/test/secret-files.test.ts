import { describe, expect, it } from 'vitest';
import { dropPrivileges, resolveSecretFiles } from '../src/secret-files.js';

const files: Record<string, string> = { '/run/secrets/redis': 's3cret-password\n', '/run/secrets/crlf': 'x\r\n' };
const readFile = (path: string) => {
  if (path === '/run/secrets/locked') throw Object.assign(new Error('denied'), { code: 'EACCES' });
  const text = files[path];
  if (text === undefined) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
  return text;
};

describe('resolveSecretFiles', () => {
  it('reads NAME_FILE into NAME without the trailing line break, and drops NAME_FILE', () => {
    const { env, problems } = resolveSecretFiles(
      { REDIS_PASSWORD_FILE: '/run/secrets/redis', OTHER_FILE: '/run/secrets/crlf', KEEP: 'k' },
      ['REDIS_PASSWORD', 'OTHER'],
      readFile,
    );
    expect(problems).toEqual([]);
    expect(env).toEqual({ REDIS_PASSWORD: 's3cret-password', OTHER: 'x', KEEP: 'k' });
  });

  it('leaves variables that are not named secrets alone (REPORT_SIGNING_KEY_FILE is a path of its own)', () => {
    const { env } = resolveSecretFiles({ REPORT_SIGNING_KEY_FILE: '/run/secrets/redis' }, ['REDIS_PASSWORD'], readFile);
    expect(env).toEqual({ REPORT_SIGNING_KEY_FILE: '/run/secrets/redis' });
  });

  it('says why a file cannot be read, without its content, and refuses both forms at once', () => {
    const { problems } = resolveSecretFiles(
      {
        A_FILE: '/run/secrets/locked',
        B_FILE: '/run/secrets/none',
        C: 'inline',
        C_FILE: '/run/secrets/redis',
      },
      ['A', 'B', 'C'],
      readFile,
    );
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^A_FILE: cannot read \/run\/secrets\/locked \(EACCES: .*root.*uid 1000\)\)$/);
    expect(problems[1]).toBe('B_FILE: cannot read /run/secrets/none (ENOENT: no such file)');
    expect(problems[2]).toBe('C_FILE: set either C or C_FILE, not both');
    expect(problems.join('\n')).not.toContain('s3cret');
  });
});

describe('dropPrivileges', () => {
  function fakeProcess(uid: number) {
    const calls: string[] = [];
    const proc = {
      uid,
      getuid: () => proc.uid,
      setgroups: (groups: Array<string | number>) => void calls.push(`setgroups ${groups.length}`),
      setgid: (id: string | number) => void calls.push(`setgid ${id}`),
      setuid: (id: string | number) => {
        calls.push(`setuid ${id}`);
        proc.uid = 1000;
      },
    };
    return { proc, calls };
  }

  it('switches a root process to the user, groups and group before the user', () => {
    const { proc, calls } = fakeProcess(0);
    expect(dropPrivileges(proc, 'node')).toBe('dropped');
    expect(calls).toEqual(['setgroups 0', 'setgid node', 'setuid node']);
    expect(proc.uid).toBe(1000);
  });

  it('leaves a process that is not root, or has no user to become, as it is', () => {
    const notRoot = fakeProcess(1000);
    expect(dropPrivileges(notRoot.proc, 'node')).toBe('unchanged');
    const noUser = fakeProcess(0);
    expect(dropPrivileges(noUser.proc, undefined)).toBe('unchanged');
    expect([...notRoot.calls, ...noUser.calls]).toEqual([]);
  });

  it('fails loudly when the switch did not take', () => {
    const { proc } = fakeProcess(0);
    proc.setuid = () => undefined;
    expect(() => dropPrivileges(proc, 'node')).toThrow(/still root/);
  });
});
