// Visit-log ingestion: one gateway with Redis under load for 30 s, then the forwarder drains;
// events accepted per second, upstream calls per 1,000 events, events lost, forwarder lag.
import { randomBytes } from 'node:crypto';
import { autocannon, fail, figure, request, sleep } from './lib.mjs';
import { SHARED, checkRedis, deleteRedisPrefix, startGateway, upstreamCount, withCreditDatabase } from './services.mjs';

const EVENTS_PER_POST = Number(process.env.BENCH_VISITLOG_EVENTS_PER_POST ?? 20);
const SECONDS = Number(process.env.BENCH_VISITLOG_SECONDS ?? 30);
/** The offered load, events a second (30 s at 20,000 sustained); posts are sent at this rate / EVENTS_PER_POST. */
const RATE = Number(process.env.BENCH_VISITLOG_RATE ?? 20_000);
const DRAIN_TIMEOUT_MS = 300_000;

async function metric(gateway, name) {
  const response = await fetch(`${gateway.adminUrl}/metrics`);
  const text = await response.text();
  const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  if (!match) fail(`the gateway's /metrics has no ${name}`);
  return Number(match[1]);
}

/** Distinct events stored, read from the service's database: cheap enough to poll while a backlog drains. */
async function storedCount(credit) {
  return withCreditDatabase(credit, (db) => db.prepare('SELECT COUNT(*) FROM visit_logs').pluck().get());
}

/** Deliveries (duplicates included) and distinct events stored. */
async function stored(credit) {
  return withCreditDatabase(credit, (db) =>
    db.prepare('SELECT COALESCE(SUM(deliveries), 0) AS total, COUNT(*) AS "distinct" FROM visit_logs').get(),
  );
}

export async function runVisitLog(credit, { log, cpuProfDir }) {
  const { encodeVisitLogMessage, VISIT_LOG_APP_TOKEN } = await import(SHARED);
  checkRedis();
  const prefix = `bench-${process.pid}-${randomBytes(3).toString('hex')}:`;
  const now = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  const visitTime = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  const records = Array.from({ length: EVENTS_PER_POST }, (_, i) => ({
    contentCode: `0105${String(i).padStart(2, '0')}`,
    param: `bench=${i}`,
    ipv4: '',
    ipv6: '',
    userid: '',
    visitTime,
    visitorDevice: '0',
    visitorAppDetail: 'bench',
  }));
  const body = JSON.stringify({ message: encodeVisitLogMessage({ appToken: VISIT_LOG_APP_TOKEN, messages: records }) });
  const raw = {};
  try {
    withCreditDatabase(credit, (db) => db.prepare('DELETE FROM visit_logs').run());
    const nodeArgs = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [];
    const gateway = await startGateway('gateway-visitlog', credit, { redisPrefix: prefix, nodeArgs });
    const url = `${gateway.url}/visitstatics/EncodeMsgs`;
    const sample = await request(url, { method: 'POST', body, status: 202 });
    if (JSON.parse(sample.body.toString('utf8')).data?.accepted !== EVENTS_PER_POST) {
      fail(`the visit-log intake did not accept all ${EVENTS_PER_POST} events of a post`);
    }
    const callsBefore = await upstreamCount(credit, 'EncodeMsgs');
    const acceptedBefore = await metric(gateway, 'gateway_visitlog_accepted_total');
    log(`visit logs: ${EVENTS_PER_POST} events a post, ${RATE} events/s offered for ${SECONDS} s`);
    const started = performance.now();
    const run = await autocannon(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      connections: 100,
      duration: SECONDS,
      overallRate: Math.round(RATE / EVENTS_PER_POST),
      expectStatus: true,
    });
    const seconds = (performance.now() - started) / 1000;
    const accepted = (await metric(gateway, 'gateway_visitlog_accepted_total')) - acceptedBefore;
    const totalAccepted = accepted + EVENTS_PER_POST;
    const atEnd = { distinct: await storedCount(credit) };
    raw.load = run;
    raw.accepted = accepted;
    raw.refusedPosts = run.non2xx;
    raw.lagAtEnd = totalAccepted - atEnd.distinct;
    raw.lagGaugeAtEnd = await metric(gateway, 'gateway_visitlog_lag_events');
    raw.shedPosts = await metric(gateway, 'gateway_visitlog_shed_total');
    log(`accepted ${accepted} events (${run.non2xx} posts refused); forwarder lag at the end: ${raw.lagAtEnd}`);
    const drainStart = performance.now();
    let distinct = atEnd.distinct;
    while (distinct < totalAccepted && performance.now() - drainStart < DRAIN_TIMEOUT_MS) {
      await sleep(250);
      distinct = await storedCount(credit);
    }
    raw.drainSeconds = (performance.now() - drainStart) / 1000;
    const last = await stored(credit);
    raw.stored = last;
    raw.upstreamCalls = (await upstreamCount(credit, 'EncodeMsgs')) - callsBefore;
    raw.lost = totalAccepted - last.distinct;
    raw.duplicates = last.total - last.distinct;
    // Over autocannon's own measured duration (the process's start-up is not load).
    raw.eventsPerSecond = accepted / (run.seconds > 0 ? run.seconds : seconds);
    await gateway.stop();
  } finally {
    deleteRedisPrefix(prefix);
  }
  const perThousand = (raw.upstreamCalls / (raw.accepted + EVENTS_PER_POST)) * 1000;
  const lagSeconds = raw.lagAtEnd / raw.eventsPerSecond;
  return {
    raw,
    figures: [
      figure(
        `visit-log events accepted (one gateway, Redis, ${RATE.toLocaleString('en')} a second offered)`,
        raw.eventsPerSecond,
        'events/s',
        `≥ ${(RATE * 0.98).toLocaleString('en')}`,
        raw.eventsPerSecond >= RATE * 0.98,
      ),
      figure('visit-log posts refused during the run', raw.refusedPosts, 'posts', '0', raw.refusedPosts === 0),
      figure('visit-log upstream calls per 1,000 events', perThousand, 'calls', '≤ 5', perThousand <= 5),
      figure('visit-log events lost (counted at the credit-service)', raw.lost, 'events', '0', raw.lost === 0),
      figure('visit-log forwarder lag at the end of the load', raw.lagAtEnd, 'events'),
      figure('visit-log forwarder lag at the end, in seconds of intake', lagSeconds, 's', '< 2', lagSeconds < 2),
      figure('visit-log posts shed (503 at VISITLOG_SHED_LAG)', raw.shedPosts, 'posts'),
      figure('visit-log drain time after the load', raw.drainSeconds, 's'),
    ],
  };
}
