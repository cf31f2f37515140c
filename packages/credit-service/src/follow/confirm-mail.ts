import { FOLLOW_CONFIRM_PAGE_PATH, FOLLOW_CONFIRM_TTL_HOURS } from '@credit-portal/shared';
import type { MailMessage } from '../mail/mailer.js';

/*
 * The mail that asks an address's owner to confirm 信用关注's daily digest. It names no account
 * and nothing followed (the one who typed the address may not be its owner): it says what was
 * asked, that ignoring it sends nothing, and carries the link — its token after the #, so no
 * server's access log ever holds it.
 */

/** The link of a confirmation mail. */
export const confirmUrl = (portalUrl: string, token: string): string =>
  `${portalUrl}#${FOLLOW_CONFIRM_PAGE_PATH}?token=${token}`;

export function confirmationMail(to: string, token: string, portalUrl: string, siteName: string): MailMessage {
  return {
    to,
    subject: `【${siteName}】请确认接收信用关注提醒邮件`,
    text: [
      '您好：',
      '',
      `有人在${siteName}开启了“信用关注”每日邮件提醒，并填写了本邮箱作为接收地址。`,
      `如是您本人操作，请在${FOLLOW_CONFIRM_TTL_HOURS}小时内打开以下链接，并在页面上点击“确认接收”：`,
      confirmUrl(portalUrl, token),
      '',
      '如非您本人操作，请忽略本邮件：未经确认，本邮箱不会收到任何提醒邮件。',
      '',
      '本邮件由系统自动发送，请勿回复。',
    ].join('\n'),
    attachments: [],
  };
}
