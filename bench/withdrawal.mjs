// Withdrawal latency: a reviewer's decision (an approved repair, committed in the credit-service's
// database as the review command line commits it, from another process) until the penalty is
// gone from every gateway — its details say publicized false and the penalty notices no longer
// list it — measured per decision as the slowest gateway's time, p50/p95/max over
// BENCH_WITHDRAWALS decisions (100): two gateways sharing Redis, then one on its embedded cache.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, fail, figure, percentile, sleep } from './lib.mjs';
import { checkRedis, deleteRedisPrefix, startGateway } from './services.mjs';

const DECISIONS = Number(process.env.BENCH_WITHDRAWALS ?? 100);
/** The 5 s of issue 47, as the target of the p95. */
const TARGET_MS = 5000;
const POLL_MS = 20;
const GIVE_UP_MS = 60_000;

const dist = (file) => import(pathToFileURL(join(ROOT, 'packages', 'credit-service', 'dist', file)).href);

/** Whether a gateway still publishes the penalty (details publicized, or listed on the first notices page). */
async function published(gateway, id) {
  const [detail, notices] = await Promise.all([
    fetch(`${gateway.url}/api/dmenterprise/punishpublicitydetailinfo?id=${id}`).then((r) => r.json()),
    fetch(`${gateway.url}/api/dmenterprise/punishpublicity?pageIndex=1&pageSize=10`).then((r) => r.json()),
  ]);
  const listed = (notices.data?.list ?? []).some((row) => row.RecordId === String(id));
  return detail.data?.publicized === true || listed;
}

/** Decides `count` repairs one after another; the decision → gone-everywhere time of each, in ms. */
async function measure(db, services, publishDemoPenalty, gateways, count, today, log) {
  const entityId = Number(db.prepare('SELECT MIN(id) FROM entities').pluck().get());
  // Published first (each with its public change), then withdrawn newest first: each is on the first notices page.
  const ids = [];
  for (let i = 0; i < count; i += 1) ids.push(publishDemoPenalty(db, entityId, today).id);
  ids.reverse();
  const at = `${today} 10:00:00`;
  const latencies = [];
  for (const [n, id] of ids.entries()) {
    // Every gateway shows it (its publication purged what they held) and has it cached.
    for (const gateway of gateways) {
      const deadline = Date.now() + GIVE_UP_MS;
      while (!(await published(gateway, id))) {
        if (Date.now() > deadline) fail(`gateway ${gateway.label} never showed penalty ${id}`);
        await sleep(POLL_MS);
      }
      await published(gateway, id);
    }
    const filed = services.create(
      {
        kind: 'repair',
        owner: 'bench:withdrawal',
        penalty: services.penalty(String(id)),
        purpose: '1',
        contactName: '张三',
        contactPhone: '13812345678',
        description: '基准测试',
        at,
        materials: [],
      },
      () => undefined,
    );
    services.review(filed.ApplyNo, 'accept', at, undefined, undefined);
    services.review(filed.ApplyNo, 'review', at, undefined, undefined);
    const decided = performance.now();
    services.review(filed.ApplyNo, 'approve', at, undefined, undefined);
    const times = await Promise.all(
      gateways.map(async (gateway) => {
        while (await published(gateway, id)) {
          if (performance.now() - decided > GIVE_UP_MS) fail(`penalty ${id} still published on ${gateway.label}`);
          await sleep(POLL_MS);
        }
        return performance.now() - decided;
      }),
    );
    latencies.push(Math.max(...times));
    if ((n + 1) % 25 === 0) log(`withdrawal: ${n + 1}/${count} decisions`);
  }
  return latencies;
}

/** Both set-ups against the running credit-service; figures in ms. */
export async function runWithdrawal(credit, { log }) {
  const { openDatabase } = await dist('db/open.js');
  const { createServicesRepository } = await dist('repositories/services.js');
  const { publishDemoPenalty } = await dist('demo/seed/publish.js');
  const { siteIdentity } = await dist('lib/site.js');
  const { localToday } = await dist('lib/dates.js');
  const db = openDatabase(credit.dataDir);
  const services = createServicesRepository(db, siteIdentity());
  const today = localToday();
  const figures = [];
  checkRedis();
  const prefix = `bench-${process.pid}-withdrawal:`;
  try {
    log('withdrawal: two gateways sharing Redis');
    const shared = [
      await startGateway('gateway-w1', credit, { redisPrefix: prefix }),
      await startGateway('gateway-w2', credit, { redisPrefix: prefix }),
    ];
    const withRedis = await measure(db, services, publishDemoPenalty, shared, DECISIONS, today, log);
    await Promise.all(shared.map((gateway) => gateway.stop()));
    log('withdrawal: one gateway, embedded cache');
    const alone = [await startGateway('gateway-w3', credit)];
    const embedded = await measure(db, services, publishDemoPenalty, alone, DECISIONS, today, log);
    await alone[0].stop();
    for (const [label, values] of [
      ['2 gateways + Redis', withRedis],
      ['1 gateway, embedded', embedded],
    ]) {
      const p95 = percentile(values, 95);
      figures.push(figure(`withdrawal p50, ${label}`, percentile(values, 50), 'ms'));
      figures.push(figure(`withdrawal p95, ${label}`, p95, 'ms', `≤ ${TARGET_MS} ms`, p95 <= TARGET_MS));
      figures.push(figure(`withdrawal max, ${label}`, Math.max(...values), 'ms'));
    }
  } finally {
    db.close();
    deleteRedisPrefix(prefix);
  }
  return { decisions: DECISIONS, figures };
}
