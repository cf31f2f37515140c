import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp as buildCreditService } from '../../packages/credit-service/src/app.js';
import { buildApp as buildGateway } from '../../packages/server/src/app.js';
import { cleanupRedis, testConfig, uniquePrefix } from '../../packages/server/test/support/gateway.js';
import { dashboardExpressions, metricNames, ruleExpressions, ruleValues } from './metric-names.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../..');
const PROMETHEUS_CONFIG = path.join(HERE, 'prometheus.yml');
const RULES = path.join(HERE, 'alerts.yml');
const RULE_TESTS = path.join(HERE, 'alerts.test.yml');
const DASHBOARD = path.join(HERE, 'grafana/credit-portal.json');

/** Series Prometheus makes itself for every target, exported by no service. */
const PROMETHEUS_SERIES = new Set(['up']);

/** Runs Debian's promtool; a missing promtool fails the test with how to install it. */
function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { cwd: REPO, encoding: 'utf8' });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error(
      'promtool is not installed: apt-get install prometheus (Debian/Ubuntu; it provides /usr/bin/promtool)',
    );
  }
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The metric families of a Prometheus exposition (its # TYPE lines). */
function families(exposition: string): Set<string> {
  return new Set([...exposition.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!));
}

const rulesText = await readFile(RULES, 'utf8');
const ruleTestsText = await readFile(RULE_TESTS, 'utf8');
const dashboard = JSON.parse(await readFile(DASHBOARD, 'utf8')) as unknown;
const alertNames = [...rulesText.matchAll(/^\s*- alert: (\S+)$/gm)].map((match) => match[1]!);

describe('promtool', () => {
  it('accepts prometheus.yml, and the rule files it loads', () => {
    const run = promtool('check', 'config', PROMETHEUS_CONFIG);
    expect(run.status, run.output).toBe(0);
  });

  it('accepts alerts.yml', () => {
    const run = promtool('check', 'rules', RULES);
    expect(run.status, run.output).toBe(0);
  });

  it("passes alerts.yml's unit tests (alerts.test.yml)", () => {
    const run = promtool('test', 'rules', RULE_TESTS);
    expect(run.status, run.output).toBe(0);
  });

  it("accepts every query of the dashboard as PromQL (Grafana's interval variables as durations)", async () => {
    const exprs = [...new Set(dashboardExpressions(dashboard))];
    const dir = await mkdtemp(path.join(tmpdir(), 'deploy-monitoring-'));
    try {
      const file = path.join(dir, 'dashboard-queries.yml');
      const rules = exprs.map((expr, index) => {
        const promql = expr.replaceAll('$__rate_interval', '1m').replaceAll('$__range', '1h');
        expect(promql, 'a dashboard variable promtool cannot stand in for').not.toContain('$');
        // A JSON string is a YAML double-quoted scalar.
        return `      - record: dashboard_query_${index}\n        expr: ${JSON.stringify(promql)}`;
      });
      await writeFile(file, `groups:\n  - name: dashboard\n    rules:\n${rules.join('\n')}\n`);
      const run = promtool('check', 'rules', file);
      expect(run.status, run.output).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('alerts.yml', () => {
  it('has an alert for each thing the on-call person must hear of', () => {
    expect(alertNames).toEqual(
      expect.arrayContaining([
        'GatewayTargetDown',
        'CreditServiceTargetDown',
        'UpstreamCircuitOpen',
        'VisitLogForwarderLagging',
        'VisitLogShedding',
        'VisitLogDeadLettersGrowing',
        'GatewayRedisDown',
        'CreditServiceAuditWriteFailures',
        'CreditServiceJobFailed',
        'CreditServiceJobNotSucceeding',
        'TlsCertificateExpiringSoon',
        'TlsCertificateExpiryCritical',
        'CreditServiceBackupTooOld',
        'CreditServiceBackupMissing',
        'GatewayHigh5xxRate',
        'CreditServiceSearchQueueBuilding',
        'CreditServiceReportSigningFailures',
      ]),
    );
    expect(new Set(alertNames).size).toBe(alertNames.length);
  });

  it('has every alert both fire and stay quiet in alerts.test.yml', () => {
    const cases = [...ruleTestsText.matchAll(/alertname: (\S+)\n\s+exp_alerts:( \[\])?/g)];
    const fired = new Set(cases.filter((match) => !match[2]).map((match) => match[1]));
    const quiet = new Set(cases.filter((match) => match[2]).map((match) => match[1]));
    for (const name of alertNames) {
      expect(fired, `${name} fires in alerts.test.yml`).toContain(name);
      expect(quiet, `${name} stays quiet in alerts.test.yml`).toContain(name);
    }
  });

  it('gives every alert a severity, and a summary and description in Chinese and English naming a runbook', () => {
    const blocks = rulesText.split(/^\s*- alert: /m).slice(1);
    expect(blocks).toHaveLength(alertNames.length);
    for (const block of blocks) {
      const name = block.split('\n')[0];
      expect(ruleValues(block, 'severity'), name).toEqual([expect.stringMatching(/^(critical|warning)$/)]);
      // Chinese first, then English: "中文 / English" in a summary, a paragraph each in a description.
      for (const [key, separator] of [
        ['summary', ' / '],
        ['description', '\n\n'],
      ] as const) {
        const [text = ''] = ruleValues(block, key);
        const [chinese = '', english = ''] = text.split(separator);
        expect(chinese, `${name} ${key} in Chinese`).toMatch(/\p{Script=Han}/u);
        expect(english, `${name} ${key} in English`).not.toMatch(/\p{Script=Han}/u);
        const words = english.split(/\s+/).filter((word) => /^[A-Za-z][A-Za-z'-]*[.,:;]?$/.test(word));
        expect(words.length, `${name} ${key} in English`).toBeGreaterThanOrEqual(3);
      }
      expect(ruleValues(block, 'runbook'), name).toEqual([expect.stringContaining('docs/OPERATIONS.md')]);
    }
  });

  it('reads one expression per rule (metric-names.ts)', () => {
    expect(ruleExpressions(rulesText)).toHaveLength([...rulesText.matchAll(/^\s*- (alert|record): /gm)].length);
  });

  it("keeps the credit-service's job label as it exports it (prometheus.yml)", async () => {
    const config = await readFile(PROMETHEUS_CONFIG, 'utf8');
    expect(config).toMatch(/- job_name: credit-service\n(\s+#.*\n)*\s+honor_labels: true\n/);
  });
});

describe('grafana/credit-portal.json', () => {
  interface Panel {
    id: number;
    type: string;
    title: string;
    datasource?: { type: string; uid: string };
    targets?: Array<{ datasource?: { uid: string }; expr: string }>;
  }
  const model = dashboard as {
    schemaVersion: number;
    uid: string;
    panels: Panel[];
    templating: { list: Array<{ name: string; type: string; query: string }> };
  };

  it('asks for its Prometheus data source, and every query uses it', () => {
    expect(model.schemaVersion).toBe(39);
    expect(model.templating.list).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }),
    );
    for (const panel of model.panels.filter((p) => p.type !== 'row')) {
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.datasource?.uid, panel.title).toBe('${datasource}');
    }
  });

  it('has its rows in order, and panels with ids of their own', () => {
    expect(model.panels.filter((p) => p.type === 'row').map((p) => p.title)).toEqual([
      '流量 / Traffic',
      '缓存 / Cache',
      '上游 / Upstreams',
      '访问日志 / Visit logs',
      'Redis',
      '信用服务 / Credit-service',
      '备份 / Backups',
      'TLS 证书 / TLS certificate',
      '进程 / Process',
    ]);
    const ids = model.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('every series the rules and the dashboard read is exported', () => {
  const exprs = [...ruleExpressions(rulesText), ...dashboardExpressions(dashboard)];
  const used = new Map<string, string>();
  for (const expr of exprs) for (const name of metricNames(expr)) if (!used.has(name)) used.set(name, expr);

  const redisUrl = inject('redisUrl');
  const prefix = uniquePrefix('deploy-monitoring');
  const exported = { gateway: new Set<string>(), creditService: new Set<string>() };
  let gateway: FastifyInstance | undefined;
  let creditService: FastifyInstance | undefined;
  let dataDir = '';
  let gatewayAuditDir = '';

  beforeAll(async () => {
    // The gateway as compose runs it: with Redis, under a key prefix of this file's.
    const config = testConfig({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
    gatewayAuditDir = config.audit.dir;
    gateway = await buildGateway(config);
    await gateway.ready();
    exported.gateway = families(await gateway.metrics.scrape());

    dataDir = await mkdtemp(path.join(tmpdir(), 'deploy-monitoring-credit-service-'));
    creditService = await buildCreditService({ dataDir, seedEntities: 100 });
    await creditService.ready();
    // Both packages declare app.metrics on Fastify's instance type, each as its own class.
    const creditMetrics = (creditService as unknown as { metrics: { scrape(): Promise<string> } }).metrics;
    exported.creditService = families(await creditMetrics.scrape());
  });

  afterAll(async () => {
    await gateway?.close();
    await creditService?.close();
    await cleanupRedis(redisUrl, prefix);
    await rm(dataDir, { recursive: true, force: true });
    await rm(gatewayAuditDir, { recursive: true, force: true });
  });

  it('reads both services', () => {
    expect(exported.gateway).toContain('gateway_http_requests_total');
    expect(exported.creditService).toContain('credit_service_http_requests_total');
  });

  it.each(['gateway', 'credit-service'] as const)('exports from the %s every name of its prefix', (service) => {
    const prefixOf = service === 'gateway' ? 'gateway_' : 'credit_service_';
    const names = service === 'gateway' ? exported.gateway : exported.creditService;
    const missing = [...used]
      .filter(([name]) => name.startsWith(prefixOf) && !names.has(name))
      .map(([name, expr]) => `${name} (in: ${expr})`);
    expect(missing, `read by the rules or the dashboard, not exported by the ${service}`).toEqual([]);
  });

  it("reads no other series but Prometheus's own", () => {
    const others = [...used.keys()].filter(
      (name) => !name.startsWith('gateway_') && !name.startsWith('credit_service_') && !PROMETHEUS_SERIES.has(name),
    );
    expect(others).toEqual([]);
  });
});
