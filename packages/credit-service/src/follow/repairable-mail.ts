import { FOLLOW_PAGE_PATH, repairFilingUrl } from '@credit-portal/shared';
import type { MailMessage } from '../mail/mailer.js';
import type { RepairableMail } from '../repositories/repairable-notices.js';

/*
 * The mail of the day a penalty becomes repairable: which penalty, since when, what a repair
 * needs, and the link that opens the repair filing with the penalty chosen — its id and document
 * number only, both public; the filing itself asks for the login.
 */

/** Why this account is told, as the mail says it. */
const REASONS = {
  owner: '您收到本邮件，是因为您的账号与该主体关联。',
  follower: '您收到本邮件，是因为您关注了该主体，并开启了“可申请信用修复”提醒。',
} as const;

export function repairableMail(
  mail: RepairableMail,
  portalUrl: string,
  siteName: string,
  withdrawLink: string,
): MailMessage {
  const { penalty } = mail;
  const base = portalUrl.replace(/\/*$/, '/');
  return {
    to: mail.email,
    subject: `【${siteName}】信用修复提醒：${penalty.entName}的一条行政处罚信息已可申请信用修复`,
    text: [
      '您好：',
      '',
      `${penalty.entName}（统一社会信用代码 ${penalty.creditCode}）的以下行政处罚信息已于${mail.repairableFrom}满最短公示期，即日起可以申请信用修复：`,
      '',
      `  行政处罚决定书文号：${penalty.docNo}`,
      `  处罚机关：${penalty.authority}`,
      `  处罚决定日期：${penalty.decidedOn}`,
      `  失信行为程度：${penalty.severity}`,
      `  公示截止日期：${penalty.deadline}`,
      '',
      '已履行行政处罚决定、纠正失信行为的，可登录后在线提交信用修复申请（需上传相关证明材料，并签署信用修复承诺书）：',
      repairFilingUrl(base, String(penalty.id), penalty.docNo),
      '',
      REASONS[mail.role],
      `可在 个人中心 › 信用关注 查看全部提醒、调整提醒设置：${base}#${FOLLOW_PAGE_PATH}`,
      `撤回接收提醒邮件的同意（不再发送任何提醒邮件，并删除您的邮箱地址）：${withdrawLink}`,
      '',
      '本邮件由系统自动发送，请勿回复。',
    ].join('\n'),
    attachments: [],
  };
}
