/**
 * The metric names that PromQL expressions use, and the expressions of a Prometheus rule file and a
 * Grafana dashboard: what monitoring.test.ts checks against the series the services export.
 */

/** Operators and modifiers written as words; never metric names. */
const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'atan2',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
  'inf',
  'nan',
]);

/** The keywords that may be followed by a parenthesised list of label names. */
const LABEL_LIST_KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);

/** Aggregation operators: `sum by (le) (…)` puts a keyword, not a parenthesis, right after the name. */
const AGGREGATIONS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'group',
  'stddev',
  'stdvar',
  'count',
  'count_values',
  'bottomk',
  'topk',
  'quantile',
  'limitk',
  'limit_ratio',
]);

/** The series a histogram (or summary) exposes beside its name. */
const HISTOGRAM_SUFFIX = /_(bucket|sum|count)$/;

const IDENTIFIER_START = /[A-Za-z_:]/;
const IDENTIFIER_PART = /[A-Za-z0-9_:]/;
const DIGIT = /[0-9]/;
const NUMBER_PART = /[A-Za-z0-9_.]/;

/**
 * The metric names one PromQL expression reads, sorted, each once: identifiers outside strings,
 * label matchers, ranges and label lists that are neither functions, aggregations nor keywords,
 * with `_bucket`, `_sum` and `_count` mapped to their histogram. A `{__name__="x"}` selector
 * counts as `x`; a regular expression on `__name__` cannot be checked and throws. Grafana's
 * variables (`$__rate_interval`, `${x}`) are skipped.
 */
export function metricNames(expr: string): string[] {
  const names = new Set<string>();
  const at = (i: number): string => expr[i] ?? '';
  const nextNonSpace = (from: number): number => {
    let i = from;
    while (/\s/.test(at(i))) i++;
    return i;
  };
  /** The index just past a quoted string that starts at `start`. */
  const skipString = (start: number): number => {
    const quote = at(start);
    let i = start + 1;
    while (i < expr.length && at(i) !== quote) i += at(i) === '\\' && quote !== '`' ? 2 : 1;
    if (i >= expr.length) throw new Error(`unterminated string in: ${expr}`);
    return i + 1;
  };
  /** The index just past the bracket that closes the one at `start` (strings inside skipped). */
  const skipGroup = (start: number, close: string): number => {
    let i = start + 1;
    while (i < expr.length && at(i) !== close) i = /["'`]/.test(at(i)) ? skipString(i) : i + 1;
    if (i >= expr.length) throw new Error(`unclosed ${at(start)} in: ${expr}`);
    return i + 1;
  };
  const add = (name: string) => names.add(name.replace(HISTOGRAM_SUFFIX, ''));

  let i = 0;
  while (i < expr.length) {
    const c = at(i);
    if (/\s/.test(c)) {
      i++;
    } else if (c === '#') {
      while (i < expr.length && at(i) !== '\n') i++;
    } else if (/["'`]/.test(c)) {
      i = skipString(i);
    } else if (c === '{') {
      const end = skipGroup(i, '}');
      for (const matcher of expr.slice(i + 1, end - 1).matchAll(/__name__\s*(=~|!~|!=|=)\s*(["'`])(.*?)\2/g)) {
        if (matcher[1] !== '=') throw new Error(`a pattern on __name__ names no metric to check: ${expr}`);
        add(matcher[3]!);
      }
      i = end;
    } else if (c === '[') {
      i = skipGroup(i, ']');
    } else if (c === '$' && at(i + 1) === '{') {
      i = skipGroup(i + 1, '}');
    } else if (c === '$') {
      i++;
      while (IDENTIFIER_PART.test(at(i))) i++;
    } else if (DIGIT.test(c) || (c === '.' && DIGIT.test(at(i + 1)))) {
      // Numbers and durations alike (20000, 1e-3, 0x1f, 1h30m): none names a metric.
      const hex = /^0[xX]/.test(expr.slice(i, i + 2));
      i++;
      while (NUMBER_PART.test(at(i)) || (!hex && /[+-]/.test(at(i)) && /[eE]/.test(at(i - 1)))) i++;
    } else if (IDENTIFIER_START.test(c)) {
      const start = i;
      while (IDENTIFIER_PART.test(at(i))) i++;
      const word = expr.slice(start, i);
      const lower = word.toLowerCase();
      const next = nextNonSpace(i);
      if (KEYWORDS.has(lower)) {
        if (LABEL_LIST_KEYWORDS.has(lower) && at(next) === '(') i = skipGroup(next, ')');
      } else if (!AGGREGATIONS.has(lower) && at(next) !== '(') {
        add(word);
      }
    } else {
      i++;
    }
  }
  return [...names].sort();
}

/** The `expr` of every rule of a Prometheus rule file, read from its text (ruleValues). */
export function ruleExpressions(yaml: string): string[] {
  return ruleValues(yaml, 'expr');
}

/**
 * The values of one key wherever it appears in a rule file's text (`expr`, `summary`…): a plain or
 * quoted scalar on the key's line, or a block scalar (`|`, `>`) below it, whose lines are kept as
 * they are (PromQL reads a line break as a space). A style this reader does not know (a plain
 * scalar continued on the next line) throws rather than yield part of a value.
 */
export function ruleValues(yaml: string, key: string): string[] {
  const lines = yaml.split(/\r?\n/);
  const indentOf = (line: string): number => /^ */.exec(line)![0].length;
  const keyPattern = new RegExp(`^( *(?:- +)?)${key}:(?: +(.*))?$`);
  const values: string[] = [];
  lines.forEach((line, index) => {
    const match = keyPattern.exec(line);
    if (!match) return;
    const keyColumn = match[1]!.length;
    const value = (match[2] ?? '').trim();
    // The lines that belong to the value: blank or indented deeper than the key.
    const below: string[] = [];
    for (const next of lines.slice(index + 1)) {
      if (next.trim() !== '' && indentOf(next) <= keyColumn) break;
      below.push(next);
    }
    while (below.length > 0 && below.at(-1)!.trim() === '') below.pop();
    if (/^[|>][0-9+-]*( +#.*)?$/.test(value)) {
      const indent = Math.min(...below.filter((l) => l.trim() !== '').map(indentOf));
      values.push(below.map((l) => l.slice(indent)).join('\n'));
      return;
    }
    if (below.length > 0) throw new Error(`line ${index + 1}: write a multi-line ${key} as a block scalar (|)`);
    if (value.startsWith("'")) {
      const quoted = /^'((?:[^']|'')*)'( +#.*)?$/.exec(value);
      if (!quoted) throw new Error(`line ${index + 1}: unterminated single-quoted ${key}`);
      values.push(quoted[1]!.replaceAll("''", "'"));
    } else if (value.startsWith('"')) {
      const quoted = /^("(?:[^"\\]|\\.)*")( +#.*)?$/.exec(value);
      if (!quoted) throw new Error(`line ${index + 1}: unterminated double-quoted ${key}`);
      values.push(JSON.parse(quoted[1]!) as string);
    } else if (value === '') {
      throw new Error(`line ${index + 1}: empty ${key}`);
    } else {
      values.push(value.replace(/ +#.*$/, ''));
    }
  });
  return values;
}

/** The `expr` of every query in a Grafana dashboard's JSON model (panels, rows' panels, anywhere). */
export function dashboardExpressions(dashboard: unknown): string[] {
  const exprs: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'expr' && typeof value === 'string') exprs.push(value);
        else visit(value);
      }
    }
  };
  visit(dashboard);
  return exprs;
}
