import { describe, expect, it } from 'vitest';
import { ConfigError, EnvReader, LOG_LEVELS } from '../src/env-reader.js';

describe('EnvReader', () => {
  it('returns the fallbacks for unset or blank variables', () => {
    const read = new EnvReader({ BLANK: '  ' });
    expect(read.int('BLANK', 7, 0, 10)).toBe(7);
    expect(read.bool('UNSET', true)).toBe(true);
    expect(read.string('UNSET', 'x', 10)).toBe('x');
    expect(read.optionalString('UNSET', 1, 10)).toBeNull();
    expect(read.oneOf('UNSET', LOG_LEVELS, 'info')).toBe('info');
    expect(read.url('UNSET', 'http://a', { protocols: ['http:'] })).toBe('http://a');
    expect(read.problems).toEqual([]);
  });

  it('reads trimmed, typed values', () => {
    const read = new EnvReader({ N: ' 42 ', B: 'Yes', L: 'warn', U: 'https://x.example/a/', K: 'https://x.example/' });
    expect(read.int('N', 0, 0, 100)).toBe(42);
    expect(read.bool('B', false)).toBe(true);
    expect(read.oneOf('L', LOG_LEVELS, 'info')).toBe('warn');
    expect(read.optionalUrl('U', { protocols: ['https:'] })).toBe('https://x.example/a');
    expect(read.optionalUrl('K', { protocols: ['https:'], keepTrailingSlash: true })).toBe('https://x.example/');
    expect(read.problems).toEqual([]);
  });

  it('collects one problem per bad variable and throws them together', () => {
    const read = new EnvReader({ N: '1.5', B: 'maybe', U: 'ftp://x', S: 'short', W: 'not a url' });
    read.int('N', 0, 0, 10);
    read.bool('B', false);
    read.optionalUrl('U', { protocols: ['http:', 'https:'] });
    read.optionalString('S', 32, Infinity);
    read.optionalUrl('W', { protocols: ['http:'] });
    expect(read.problems).toEqual([
      'N: must be an integer from 0 to 10 (got "1.5")',
      'B: must be one of true, 1, yes, on, false, 0, no, off (got "maybe")',
      'U: must use http or https (got "ftp:")',
      'S: must be at least 32 characters long (got 5)',
      'W: must be an absolute URL (got "not a url")',
    ]);
    expect(() => read.throwIfProblems('test configuration')).toThrow(ConfigError);
    try {
      read.throwIfProblems('test configuration');
    } catch (error) {
      expect((error as ConfigError).message.split('\n')).toEqual([
        'Invalid test configuration:',
        ...read.problems.map((p) => `  - ${p}`),
      ]);
    }
  });

  it('takes an absolute path of the site where paths are allowed, never one that names another host', () => {
    const read = new EnvReader({
      P: '/oldsite/',
      R: '/',
      D: '//evil.example',
      B: '/\\evil.example',
      S: '/a b',
      U: 'x',
    });
    const options = { protocols: ['http:', 'https:'], paths: true };
    expect(read.optionalUrl('P', options)).toBe('/oldsite');
    // The root alone would make `${path}/page` a protocol-relative address.
    for (const name of ['R', 'D', 'B', 'S']) expect(read.optionalUrl(name, options)).toBeNull();
    expect(read.optionalUrl('U', options)).toBeNull();
    expect(read.optionalUrl('P', { protocols: ['http:'] })).toBeNull();
    expect(read.problems).toEqual([
      'R: must be an absolute URL or a path below / starting with a single / (got "/")',
      'D: must be an absolute URL or a path below / starting with a single / (got "//evil.example")',
      'B: must be an absolute URL or a path below / starting with a single / (got "/\\\\evil.example")',
      'S: must be an absolute URL or a path below / starting with a single / (got "/a b")',
      'U: must be an absolute URL or a path starting with / (got "x")',
      'P: must be an absolute URL (got "/oldsite/")',
    ]);
  });

  it('reads trusted proxy lists: addresses, ranges and keywords; refuses anything else', () => {
    const read = new EnvReader({
      OK: '10.0.0.5, 172.28.0.0/24,::1,fd00::/8,loopback',
      BAD: '10.0.0.1,10.0.0.0/33,example.org,1.2.3',
    });
    expect(read.proxies('OK', [])).toEqual(['10.0.0.5', '172.28.0.0/24', '::1', 'fd00::/8', 'loopback']);
    expect(read.proxies('UNSET', ['loopback'])).toEqual(['loopback']);
    expect(read.proxies('BAD', ['loopback'])).toEqual(['loopback']);
    expect(read.problems).toEqual([
      'BAD: must be IP addresses, CIDR ranges or loopback/linklocal/uniquelocal (bad: 10.0.0.0/33, example.org, 1.2.3)',
    ]);
  });
});
