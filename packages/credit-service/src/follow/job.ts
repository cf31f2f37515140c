import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import {
  FOLLOW_NOTICE_LABELS,
  FOLLOW_PAGE_PATH,
  FOLLOW_UNFOLLOW_PAGE_PATH,
  FOLLOW_WITHDRAW_PAGE_PATH,
  formatBeijingTime,
} from '@credit-portal/shared';
import { localToday } from '../lib/dates.js';
import type { Mailer } from '../mail/mailer.js';
import { recordedRun, type ServiceMetrics } from '../metrics/service-metrics.js';
import type { Digest, FollowRepository, ScanResult } from '../repositories/follow.js';
import type { RepairableRepository } from '../repositories/repairable-notices.js';
import { repairableMail } from './repairable-mail.js';
import { signUnfollowLink } from './unfollow-link.js';
import { signWithdrawLink } from './withdraw-link.js';
import type { ConsentRepository } from '../repositories/consents.js';

/*
 * The follow job: on a schedule (croner), turn what was published since the last run
 * into notices (repositories/follow.ts `scan`: marks and notices in one transaction), then mail
 * each opted-in follower at most one digest a day (claimed before it is sent). The same run tells
 * the owners (and opted-in followers) of a penalty whose shortest publicity ended today that it
 * can be repaired (repositories/repairable-notices.ts: a notice and one mail each). Runs never overlap
 * (croner's protect, and a run in progress is joined by a manual one), and a restart starts from
 * the marks and claims in the database: a publication is noticed once and mailed once.
 */

export interface FollowJobOptions {
  repo: FollowRepository;
  /** The repairable-day notices and their mails. */
  repairable: RepairableRepository;
  /** The consents the mails go under: each mail's withdrawal link names the one in force. */
  consents: ConsentRepository;
  mailer: Mailer;
  /** Key of the signed unfollow links. */
  linkKey: string;
  /** The portal's address (ends with /): the links open its unfollow page. */
  portalUrl: string;
  siteName: string;
  log: FastifyBaseLogger;
  /** A cron pattern (croner: 5 or 6 fields); unset: no schedule, runs only when called. */
  schedule?: string;
  now?: () => Date;
  /** Where each run is recorded as job `follow` (app.metrics); unset: not recorded. */
  metrics?: Pick<ServiceMetrics, 'recordJobRun'>;
}

/** What one run did. */
export interface FollowJobRun {
  notices: ScanResult;
  mailed: number;
  failed: number;
  /** The repairable-day notices made, and their mails sent and failed. */
  repairable: { notices: number; mailed: number; failed: number };
}

export interface FollowJob {
  /** One run now (or the one in progress). */
  run(): Promise<FollowJobRun>;
  /** Ends the schedule. */
  stop(): void;
  /** Resolves once no run is in progress. */
  idle(): Promise<void>;
}

/** The schedule of server.ts when FOLLOW_JOB_SCHEDULE is unset: every minute. */
export const DEFAULT_FOLLOW_SCHEDULE = '* * * * *';

/** What is wrong with a cron pattern, or null when croner reads it. */
export function scheduleProblem(pattern: string): string | null {
  try {
    new Cron(pattern, { paused: true }).stop();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The portal page a digest's unfollow link opens (the token after #, so no server ever logs it). */
export const UNFOLLOW_PAGE_PATH = `#${FOLLOW_UNFOLLOW_PAGE_PATH}`;

/** The page every mail's one-click withdrawal of the consent to the mails opens (the token after #). */
export const WITHDRAW_PAGE_PATH = `#${FOLLOW_WITHDRAW_PAGE_PATH}`;

/** The withdrawal link of a mail to an owner's address. */
export function withdrawUrl(portalUrl: string, token: string): string {
  return `${portalUrl}${WITHDRAW_PAGE_PATH}?token=${token}`;
}

/** The link of one follow in a digest. */
export function unfollowUrl(portalUrl: string, token: string): string {
  return `${portalUrl}${UNFOLLOW_PAGE_PATH}?token=${token}`;
}

/** The digest's text: one block per entity, its notices, and the entity's unfollow link. */
export function digestText(
  digest: Digest,
  siteName: string,
  portalUrl: string,
  linkOf: (followId: number, entityId: number) => string,
  withdrawLink: string,
): string {
  const byEntity = new Map<number, Digest['notices']>();
  for (const notice of digest.notices) {
    const list = byEntity.get(notice.entityId) ?? [];
    list.push(notice);
    byEntity.set(notice.entityId, list);
  }
  const blocks = [...byEntity.values()].map((notices) => {
    const first = notices[0]!;
    const lines = notices.map(
      (n) => `  · [${FOLLOW_NOTICE_LABELS[n.kind]}] ${n.title}（${n.publishedOn}）\n    ${n.detail}`,
    );
    const unfollow =
      first.followId === null
        ? '  （您已取消关注该主体）'
        : `  不再关注该主体：${linkOf(first.followId, first.entityId)}`;
    return [`【${first.entName}】`, ...lines, unfollow].join('\n');
  });
  return [
    '您好：',
    '',
    `您在${siteName}关注的信用主体有以下新公示的信用信息（${digest.day}）：`,
    '',
    blocks.join('\n\n'),
    '',
    `登录${siteName}，在 个人中心 › 信用关注 查看全部提醒：${portalUrl}#${FOLLOW_PAGE_PATH}`,
    '每天最多发送一封提醒邮件。如不再需要邮件提醒，可在 信用关注 页面关闭。',
    `撤回接收提醒邮件的同意（不再发送任何提醒邮件，并删除您的邮箱地址）：${withdrawLink}`,
    '',
    `本邮件由系统自动发送，请勿回复。`,
  ].join('\n');
}

export function createFollowJob(options: FollowJobOptions): FollowJob {
  const now = options.now ?? (() => new Date());
  let running: Promise<FollowJobRun> | null = null;
  const portalBase = options.portalUrl.replace(/\/*$/, '/');
  /** The withdrawal link of a mail to this owner's address, naming the consent in force now. */
  const withdrawLinkOf = (owner: string): string =>
    withdrawUrl(
      portalBase,
      signWithdrawLink(options.linkKey, { owner, consentId: options.consents.idInForce(owner, 'digest_mail') ?? 0 }),
    );

  async function runOnce(): Promise<FollowJobRun> {
    const at = now();
    const notices = options.repo.scan(formatBeijingTime(at), localToday(at));
    const digests = options.repo.claimDigests(localToday(at));
    let mailed = 0;
    let failed = 0;
    for (const digest of digests) {
      const text = digestText(
        digest,
        options.siteName,
        options.portalUrl,
        (followId, entityId) =>
          unfollowUrl(
            options.portalUrl,
            signUnfollowLink(options.linkKey, { followId, owner: digest.owner, entityId }),
          ),
        withdrawLinkOf(digest.owner),
      );
      try {
        await options.mailer.send({
          to: digest.email,
          subject: `【${options.siteName}】信用关注提醒：${digest.notices.length}条新公示信息`,
          text,
          attachments: [],
        });
        options.repo.digestSent(digest.owner, digest.day, formatBeijingTime(now()));
        mailed += 1;
      } catch (error) {
        // Released: the next run tries again (still at most one digest that day).
        options.repo.digestFailed(digest.owner, digest.day);
        failed += 1;
        options.log.error({ err: error }, 'follow digest not sent');
      }
    }
    const repairable = await repairableRun(at);
    const made = Object.values(notices).reduce((sum, n) => sum + n, 0);
    if (
      made > 0 ||
      mailed > 0 ||
      failed > 0 ||
      repairable.notices > 0 ||
      repairable.mailed > 0 ||
      repairable.failed > 0
    ) {
      options.log.info({ notices, mailed, failed, repairable }, 'follow job run');
    }
    return { notices, mailed, failed, repairable };
  }

  /** Today's repairable-day notices, then every mail not yet sent (claimed first: at most once each). */
  async function repairableRun(at: Date): Promise<FollowJobRun['repairable']> {
    const made = options.repairable.scan(formatBeijingTime(at), localToday(at));
    let mailed = 0;
    let failed = 0;
    for (const mail of options.repairable.claimMails()) {
      try {
        await options.mailer.send(
          repairableMail(mail, options.portalUrl, options.siteName, withdrawLinkOf(mail.owner)),
        );
        options.repairable.mailSent(mail.penalty.id, mail.owner, formatBeijingTime(now()));
        mailed += 1;
      } catch (error) {
        options.repairable.mailFailed(mail.penalty.id, mail.owner);
        failed += 1;
        options.log.error({ err: error }, 'repairable-day mail not sent');
      }
    }
    return { notices: made, mailed, failed };
  }

  const run = (): Promise<FollowJobRun> => {
    // Recorded with the wall clock (the monitoring's, not the test clock `now`).
    running ??= recordedRun(options.metrics, 'follow', runOnce).finally(() => {
      running = null;
    });
    return running;
  };

  const cron = options.schedule
    ? new Cron(options.schedule, { protect: true }, async () => {
        try {
          await run();
        } catch (error) {
          options.log.error({ err: error }, 'follow job failed');
        }
      })
    : null;

  return {
    run,
    stop: () => cron?.stop(),
    idle: async () => {
      await running?.catch(() => undefined);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** 信用关注's job: notices and digests (decorated by routes/follow/with-job.ts). */
    followJob: FollowJob;
  }
}
