import { describe, expect, it } from 'vitest';
import { dashboardExpressions, metricNames, ruleExpressions } from './metric-names.js';

describe('metricNames', () => {
  it('reads a bare selector and one with matchers, ranges and offsets', () => {
    expect(metricNames('up')).toEqual(['up']);
    expect(metricNames('increase(a_total{job="x", status=~"5.."}[5m] offset 1h)')).toEqual(['a_total']);
    expect(metricNames('rate(a_total[1h30m:1m]) @ start()')).toEqual(['a_total']);
  });

  it('maps the series of a histogram to its name', () => {
    expect(metricNames('histogram_quantile(0.95, sum by (le, route) (rate(http_seconds_bucket[5m])))')).toEqual([
      'http_seconds',
    ]);
    expect(metricNames('rate(d_seconds_sum[5m]) / rate(d_seconds_count[5m])')).toEqual(['d_seconds']);
  });

  it('skips label lists of by, without, on, ignoring and group_left, before or after the operand', () => {
    expect(metricNames('sum by (instance, job) (a) / sum(b) by (le)')).toEqual(['a', 'b']);
    expect(metricNames('sum without(instance)(a)')).toEqual(['a']);
    expect(metricNames('a * on (instance) group_left (version) b')).toEqual(['a', 'b']);
    expect(metricNames('a / ignoring(code) group_right c')).toEqual(['a', 'c']);
    expect(metricNames('a and on () (max(up{job="x"}) == 1)')).toEqual(['a', 'up']);
  });

  it('skips functions, aggregations, keywords and numbers, whatever their case', () => {
    expect(metricNames('time() - (last_success{job="follow"} > 0) > 10 * 60')).toEqual(['last_success']);
    expect(metricNames('SUM BY (x) (a) > BOOL 1e-3 OR b UNLESS c atan2 d')).toEqual(['a', 'b', 'c', 'd']);
    expect(metricNames('topk(3, a) + count_values("value", b) + quantile(0.9, c)')).toEqual(['a', 'b', 'c']);
    expect(metricNames('a > Inf or b < -NaN or c > 0x1F or d > .5')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('never reads a name inside a string, even a function argument', () => {
    expect(metricNames('label_replace(a, "dst", "$1 not_a_metric", "src", "(.*)")')).toEqual(['a']);
    expect(metricNames('a{path=\'/x{y}\', q="say \\"b\\""} + `c`')).toEqual(['a']);
    expect(metricNames('absent(b{set="credit-service"}) or absent(b{set="redis"})')).toEqual(['b']);
  });

  it('reads a {__name__="x"} selector and refuses a pattern on __name__', () => {
    expect(metricNames('{__name__="a_total", job="x"}')).toEqual(['a_total']);
    expect(() => metricNames('{__name__=~"gateway_.*"}')).toThrow(/__name__/);
  });

  it("skips Grafana's variables and PromQL comments", () => {
    expect(metricNames('rate(a[$__rate_interval]) / ${scale} * $factor # b is not read\n+ c')).toEqual(['a', 'c']);
  });

  it('refuses an expression it cannot read whole', () => {
    expect(() => metricNames('a{job="x"')).toThrow(/unclosed/);
    expect(() => metricNames('a{job="x}')).toThrow(/unterminated/);
  });
});

describe('ruleExpressions', () => {
  it('reads plain, quoted and block expressions, and nothing else', () => {
    const yaml = [
      'groups:',
      '  - name: g',
      '    rules:',
      '      - alert: A',
      '        expr: up == 0 # a comment',
      '        annotations:',
      '          description: "expr: not this"',
      "      - expr: 'a{x=''y''} > 1'",
      '        record: b',
      '      - alert: C',
      '        expr: "c{x=\\"y\\"} > 2"',
      '      - alert: D',
      '        expr: |',
      '          sum(d)',
      '',
      '            / sum(e) > 1',
      '        for: 5m',
      '      - alert: F',
      '        expr: >-',
      '          f',
      '          > 1',
    ].join('\n');
    expect(ruleExpressions(yaml)).toEqual([
      'up == 0',
      "a{x='y'} > 1",
      'c{x="y"} > 2',
      'sum(d)\n\n  / sum(e) > 1',
      'f\n> 1',
    ]);
  });

  it('refuses a plain expression continued on the next line rather than read half of it', () => {
    expect(() =>
      ruleExpressions(['      - alert: A', '        expr: sum(a)', '          / sum(b) > 1'].join('\n')),
    ).toThrow(/block scalar/);
  });
});

describe('dashboardExpressions', () => {
  it("reads every query's expr, in panels and in rows' panels", () => {
    const dashboard = {
      panels: [
        {
          type: 'timeseries',
          targets: [
            { expr: 'a', refId: 'A' },
            { expr: 'b', refId: 'B' },
          ],
        },
        { type: 'row', panels: [{ targets: [{ expr: 'c' }] }] },
        { type: 'text', options: { content: 'expr' } },
      ],
    };
    expect(dashboardExpressions(dashboard)).toEqual(['a', 'b', 'c']);
  });
});
