/**
 * What must never appear in a log line: mainland mobile numbers, resident ID numbers
 * (GB 11643, with a real birth date), JWTs and e-mail addresses. Shapes, not known values: the
 * check holds for whatever data a run happened to use. A number counts only as a word of its own:
 * a hex digest (the report signing key's id, 64 hex digits, new each run) holds a run of eleven
 * digits starting 13–19 once in about 330 keys, and that is no phone number.
 */
const PATTERNS: ReadonlyArray<[string, RegExp]> = [
  ['mobile', /(?<![0-9A-Za-z])1[3-9]\d{9}(?![0-9A-Za-z])/],
  [
    'ID number',
    /(?<![0-9A-Za-z])[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![0-9A-Za-z])/,
  ],
  ['JWT', /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/],
  ['e-mail', /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/],
];

/** The lines of a log that carry personal data, each prefixed with what was found (values cut short). */
export function personalDataIn(log: string): string[] {
  const found: string[] = [];
  for (const line of log.split('\n')) {
    for (const [kind, pattern] of PATTERNS) {
      const match = pattern.exec(line);
      if (match) found.push(`${kind} (${match[0].slice(0, 4)}…): ${line.slice(0, 200)}`);
    }
  }
  return found;
}
