import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { FastifyRequest } from 'fastify';
import {
  PUBLIC_CHANGES_FOLLOW_LIMITS,
  PUBLIC_CHANGES_FOLLOW_PATH,
  PublicChangesFollowPageSchema,
  PublicChangesFollowQuerySchema,
  type PublicChangeEvent,
  type PublicChangesFollowPage,
} from '@credit-portal/shared';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.js';
import type { TypeboxApp } from '../lib/typebox-app.js';

/** How often a held call looks for new changes (a review from the command line writes from another process). */
const POLL_MS = 100;

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

interface Row {
  seq: number;
  eventId: string;
  dataset: string;
  recordId: string;
  entityId: string | null;
  kind: PublicChangeEvent['kind'];
  reason: string | null;
  tags: string;
  occurredAt: string;
}

/**
 * GET /internal/public-changes?after&limit&waitMs: the outbox after a seq, for the gateways that
 * purge their caches by it — held up to waitMs while there is nothing new (a long poll), so a
 * change reaches them within a poll interval of its commit. With a token (CHANGES_FEED_TOKEN)
 * only a caller presenting it is answered; without one, only callers on this machine.
 */
export function registerFollowRoute(app: TypeboxApp, db: Database, token: string | undefined): void {
  const expected = token ? digest(token) : null;
  const head = db.prepare('SELECT COALESCE(MAX(seq), 0) FROM public_changes').pluck();
  const after = db.prepare(
    `SELECT seq, event_id AS eventId, dataset, record_id AS recordId, entity_id AS entityId, kind, reason, tags,
       occurred_at AS occurredAt
     FROM public_changes WHERE seq > ? ORDER BY seq LIMIT ?`,
  );
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  const authenticate = async (request: FastifyRequest): Promise<void> => {
    if (expected) {
      const given = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
      if (!given || !timingSafeEqual(digest(given), expected)) throw new UnauthorizedError('未授权');
    } else if (!LOOPBACK.test(request.ip)) {
      throw new ForbiddenError('未授权');
    }
  };

  const page = (from: number | undefined, limit: number): PublicChangesFollowPage => {
    const top = Number(head.get());
    if (from === undefined) return { head: top, changes: [] };
    const rows = after.all(from, limit) as Row[];
    return { head: top, changes: rows.map((row) => ({ ...row, tags: JSON.parse(row.tags) as string[] })) };
  };

  app.get(
    PUBLIC_CHANGES_FOLLOW_PATH,
    {
      onRequest: authenticate,
      schema: { querystring: PublicChangesFollowQuerySchema, response: { 200: PublicChangesFollowPageSchema } },
      // Polled all day by every gateway: not request-logged.
      logLevel: 'warn',
    },
    async (request, reply) => {
      const { after: from, limit = PUBLIC_CHANGES_FOLLOW_LIMITS.defaultLimit, waitMs = 0 } = request.query;
      const deadline = Date.now() + waitMs;
      let gone = false;
      request.raw.once('close', () => {
        gone = true;
      });
      let answer = page(from, limit);
      while (from !== undefined && answer.changes.length === 0 && Date.now() < deadline && !closing && !gone) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, deadline - Date.now())));
        answer = page(from, limit);
      }
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );
}
