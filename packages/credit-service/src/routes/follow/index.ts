import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CONTRACTS,
  FOLLOW_LIMIT,
  FOLLOW_MESSAGES,
  FOLLOW_NOTICE_PAGE_SIZE,
  formatBeijingTime,
  isEmailAddress,
  maskEmail,
  PRIVACY_RULES_VERSION,
  type FollowState,
} from '@credit-portal/shared';
import { errorCodeOk } from '../../lib/dialect.js';
import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import { pageOffset } from '../../lib/sql.js';
import { ownerOf } from '../../plugins/auth.js';
import type { ConsentRepository } from '../../repositories/consents.js';
import type { FollowRepository } from '../../repositories/follow.js';
import { verifyUnfollowLink } from '../../follow/unfollow-link.js';
import { verifyWithdrawLink } from '../../follow/withdraw-link.js';
import { confirmationMail } from '../../follow/confirm-mail.js';
import type { Mailer } from '../../mail/mailer.js';

export interface FollowRoutesOptions {
  repo: FollowRepository;
  /** Where the consent to the mails (digest_mail) is recorded and withdrawn. */
  consents: ConsentRepository;
  /** Key of the digest mails' signed unfollow links. */
  linkKey: string;
  /** Sends the confirmation of a digest address. */
  mailer: Mailer;
  /** The portal's address (ends with /): the confirmation link opens its page. */
  portalUrl: string;
  siteName: string;
}

/**
 * 信用关注 in the credit API's errorCode dialect. Every call but the signed link's needs
 * a login and reads or changes the caller's own follows, notices and mail choice only (the owner
 * comes from the session, never from the request). UnfollowByLink takes no login: its signed token
 * names the follow, and it ends exactly that one. A digest address gets mail only once its owner
 * has confirmed it by the link mailed to it (ConfirmDigestEmail, no login: the token is the proof).
 * Turning the digest on with an address is consenting to the mails (recorded with the rules'
 * version); turning it off, or the one-click withdrawal (in 信用关注, or by every mail's signed
 * link), withdraws the consent — the withdrawal also erases the address, so no mail goes at all.
 */
const followRoutes: FastifyPluginAsyncTypebox<FollowRoutesOptions> = async (app, options) => {
  const { repo, linkKey, mailer, consents } = options;

  /**
   * Withdraws the owner's consent to the mails: the digest off, the address erased (and with it
   * the repairable-day mails), the withdrawal recorded. False when there was nothing to withdraw.
   */
  const withdrawMail = (owner: string): boolean => {
    const now = formatBeijingTime();
    const before = repo.settings(owner);
    const withdrawn = consents.withdraw(owner, 'digest_mail', now);
    if (!before.EmailDigest && !before.Email) return withdrawn;
    repo.saveSettings(owner, { EmailDigest: false, Email: '' }, now);
    return true;
  };
  const { auth } = app;
  const { requireLogin } = auth;

  const stateOf = (owner: string, entityId: number): FollowState => ({
    EntityId: String(entityId),
    Following: repo.following(owner, entityId),
    Count: repo.countOf(owner),
    Limit: FOLLOW_LIMIT,
  });

  serve(
    app,
    CONTRACTS.followList,
    async (request) => {
      const owner = ownerOf(auth.session(request));
      const list = repo.list(owner);
      return errorCodeOk({ list, totalCount: list.length, Limit: FOLLOW_LIMIT, Settings: repo.settings(owner) });
    },
    { onRequest: requireLogin },
  );

  serve(
    app,
    CONTRACTS.followState,
    async (request) => {
      const entityId = Number(request.query.entityId);
      if (repo.entityName(entityId) === undefined) throw new NotFoundError(FOLLOW_MESSAGES.entityNotFound);
      return errorCodeOk(stateOf(ownerOf(auth.session(request)), entityId));
    },
    { onRequest: requireLogin },
  );

  serve(
    app,
    CONTRACTS.follow,
    async (request) => {
      const owner = ownerOf(auth.session(request));
      const entityId = Number(request.body.entityId);
      const outcome = repo.follow(owner, entityId, formatBeijingTime());
      if (outcome === 'no_entity') throw new NotFoundError(FOLLOW_MESSAGES.entityNotFound);
      if (outcome === 'limit') throw new ConflictError(FOLLOW_MESSAGES.limitReached);
      return errorCodeOk(stateOf(owner, entityId), FOLLOW_MESSAGES.followed);
    },
    { onRequest: requireLogin },
  );

  serve(
    app,
    CONTRACTS.unfollow,
    async (request) => {
      const owner = ownerOf(auth.session(request));
      const entityId = Number(request.body.entityId);
      // Idempotent: unfollowing what one does not follow answers the same state.
      repo.unfollow(owner, entityId);
      return errorCodeOk(stateOf(owner, entityId), FOLLOW_MESSAGES.unfollowed);
    },
    { onRequest: requireLogin },
  );

  serve(
    app,
    CONTRACTS.followNotices,
    async (request) => {
      const pageSize = request.query.pageSize ?? FOLLOW_NOTICE_PAGE_SIZE;
      const offset = pageOffset(request.query.pageIndex ?? 1, pageSize);
      return errorCodeOk(repo.notices(ownerOf(auth.session(request)), offset, pageSize));
    },
    { onRequest: requireLogin },
  );

  serve(
    app,
    CONTRACTS.followNoticesRead,
    async (request) => {
      const { ids, all } = request.body;
      if (!all && (!ids || ids.length === 0)) throw new BadRequestError('请指定要标记为已读的提醒');
      const unread = repo.markRead(
        ownerOf(auth.session(request)),
        all ? 'all' : (ids ?? []).map(Number),
        formatBeijingTime(),
      );
      return errorCodeOk({ Unread: unread });
    },
    { onRequest: requireLogin },
  );

  serve(
    app,
    CONTRACTS.followSettings,
    async (request) => {
      const owner = ownerOf(auth.session(request));
      const email = (request.body.Email ?? '').trim();
      if (email) app.audit.note(request, { subject: app.audit.email(email) });
      if (request.body.EmailDigest) {
        if (!email) throw new BadRequestError(FOLLOW_MESSAGES.emailRequired);
        if (!isEmailAddress(email)) throw new BadRequestError(FOLLOW_MESSAGES.emailInvalid);
      } else if (email && !isEmailAddress(email)) {
        throw new BadRequestError(FOLLOW_MESSAGES.emailInvalid);
      }
      repo.saveSettings(
        owner,
        { EmailDigest: request.body.EmailDigest, Email: email, RepairableNotice: request.body.RepairableNotice },
        formatBeijingTime(),
      );
      const saved = repo.settings(owner);
      // The consent follows the choice; saving the same choice again records nothing new.
      if (!saved.EmailDigest) consents.withdraw(owner, 'digest_mail', formatBeijingTime());
      else if (consents.versionInForce(owner, 'digest_mail') !== PRIVACY_RULES_VERSION) {
        consents.grant(owner, 'digest_mail', PRIVACY_RULES_VERSION, formatBeijingTime());
      }
      const noted = (confirmation: 'not_needed' | 'mailed' | 'mail_failed') =>
        app.audit.note(request, { details: { digest: saved.EmailDigest, confirmation } });
      if (!saved.EmailDigest || saved.EmailConfirmed) {
        noted('not_needed');
        return errorCodeOk(saved, FOLLOW_MESSAGES.settingsSaved);
      }
      // On, to an address its owner has not confirmed: the link goes to it (saving again resends).
      const started = repo.startConfirmation(owner, Date.now());
      if (started === 'recent') throw new TooManyRequestsError(FOLLOW_MESSAGES.confirmMailRecent);
      try {
        await mailer.send(confirmationMail(started.email, started.token, options.portalUrl, options.siteName));
      } catch (error) {
        repo.dropConfirmation(owner);
        // The error's code only: SMTP answers often repeat the recipient's address.
        request.log.warn({ code: (error as { code?: unknown }).code ?? 'unknown' }, 'follow confirmation mail failed');
        noted('mail_failed');
        return errorCodeOk(saved, FOLLOW_MESSAGES.confirmMailFailed);
      }
      noted('mailed');
      // A link on its way changes nothing of the choice: still unconfirmed.
      return errorCodeOk(saved, FOLLOW_MESSAGES.confirmMailSent);
    },
    { onRequest: requireLogin, config: { audit: 'follow.mail_settings' } },
  );

  serve(app, CONTRACTS.followUnfollowByLink, async (request) => {
    const link = verifyUnfollowLink(linkKey, request.body.token);
    if (!link) throw new BadRequestError(FOLLOW_MESSAGES.linkInvalid);
    const follow = repo.followById(link.followId);
    // The follow is gone (this link was used, or it was ended in 个人中心): nothing to do, said so.
    if (!follow) {
      return errorCodeOk(
        { EntName: repo.entityName(link.entityId) ?? '', Unfollowed: false },
        FOLLOW_MESSAGES.linkUsed,
      );
    }
    // A valid signature over a follow id that now names another owner or entity cannot happen
    // (ids are never reused); checked anyway, so the link ends only what it was made for.
    if (follow.owner !== link.owner || follow.entityId !== link.entityId)
      throw new BadRequestError(FOLLOW_MESSAGES.linkInvalid);
    const ended = repo.unfollowById(link.followId);
    return errorCodeOk(
      { EntName: follow.name, Unfollowed: ended },
      ended ? FOLLOW_MESSAGES.unfollowed : FOLLOW_MESSAGES.linkUsed,
    );
  });

  serve(
    app,
    CONTRACTS.followWithdrawMail,
    async (request) => {
      const session = auth.session(request);
      app.audit.note(request, { subject: app.audit.account(session.subject), details: { purpose: 'digest_mail' } });
      const withdrawn = withdrawMail(ownerOf(session));
      app.audit.note(request, { details: { withdrawn } });
      return errorCodeOk(
        { Withdrawn: withdrawn },
        withdrawn ? FOLLOW_MESSAGES.mailWithdrawn : FOLLOW_MESSAGES.nothingToWithdraw,
      );
    },
    { onRequest: requireLogin, config: { audit: 'consent.withdraw' } },
  );

  // A mail's one-click withdrawal: the signed token names the owner and the consent the mail went
  // under; only while that consent is in force (0: none was on record, and still none is) does it act.
  serve(
    app,
    CONTRACTS.followWithdrawMailByLink,
    async (request) => {
      const link = verifyWithdrawLink(linkKey, request.body.token);
      if (!link) throw new BadRequestError(FOLLOW_MESSAGES.withdrawLinkInvalid);
      // The account by its number (user:<id>), an unbound chat-app identity by a keyed hash.
      const subject = link.owner.startsWith('user:') ? `account:${link.owner.slice(5)}` : app.audit.input(link.owner);
      app.audit.note(request, { subject, details: { purpose: 'digest_mail' } });
      const inForce = consents.idInForce(link.owner, 'digest_mail');
      const current = link.consentId === 0 ? inForce === null : inForce === link.consentId;
      const withdrawn = current && withdrawMail(link.owner);
      app.audit.note(request, { details: { withdrawn } });
      return errorCodeOk(
        { Withdrawn: withdrawn },
        withdrawn ? FOLLOW_MESSAGES.mailWithdrawn : FOLLOW_MESSAGES.withdrawLinkUsed,
      );
    },
    { config: { audit: 'consent.withdraw' } },
  );

  serve(
    app,
    CONTRACTS.followConfirmEmail,
    async (request) => {
      const email = repo.confirmEmail(request.body.token, Date.now());
      if (email === null) throw new BadRequestError(FOLLOW_MESSAGES.confirmLinkInvalid);
      // The owner of the address consented: recorded by the address's keyed hash, not the address.
      app.audit.note(request, { subject: app.audit.email(email) });
      return errorCodeOk({ Email: maskEmail(email) }, FOLLOW_MESSAGES.emailConfirmed);
    },
    { config: { audit: 'follow.email_confirmed' } },
  );
};

export default followRoutes;
