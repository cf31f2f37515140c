import {
  CONSENT_PURPOSE_LABELS,
  MY_AUDIT_EVENT_LABELS,
  MY_AUDIT_PARTY_LABELS,
  formatBeijingTime,
  type MyData,
} from '@credit-portal/shared';
import { ReportPdf } from '../../pdf/report-pdf.js';

const yesNo = (value: boolean): string => (value ? '是' : '否');
const time = (iso: string): string => formatBeijingTime(new Date(iso));

/**
 * 我的数据 as a readable PDF (the credit-service's report blocks and CJK fonts): the same copy as the
 * JSON, section by section. The person's own copy: the number is whole, as in the JSON. Not signed:
 * it is a copy for the person, not a certificate.
 */
export function renderMyDataPdf(data: MyData, siteName: string): Promise<Buffer> {
  const pdf = new ReportPdf({ title: '我的数据', author: siteName, subject: '个人信息副本' });
  pdf.title('我的数据', `${siteName} · 生成时间 ${time(data.GeneratedAt)}`);
  pdf.paragraph('依据《个人信息保护法》第四十五条，本文件为本账号在本网站保存的个人信息副本，仅供本人查阅。', {
    muted: true,
  });

  pdf.heading('账号');
  pdf.keyValues([
    ['手机号码', data.Profile.Mobile],
    ['注册时间', data.Profile.RegisteredAt],
    ['绑定微信', data.Wechat?.Nickname ?? '未绑定'],
  ]);

  pdf.heading('登录');
  pdf.table(
    [
      { header: '方式', weight: 1 },
      { header: '开始时间', weight: 2 },
      { header: '最近使用', weight: 2 },
      { header: '到期时间', weight: 2 },
    ],
    data.Sessions.map((s) => [
      `${s.LoginType === 'User' ? '手机号码' : '微信'}${s.Current ? '（当前）' : ''}`,
      time(s.CreatedAt),
      time(s.LastSeenAt),
      time(s.ExpiresAt),
    ]),
  );

  pdf.heading('信用修复与异议申请');
  pdf.table(
    [
      { header: '申请编号', weight: 2 },
      { header: '企业', weight: 3 },
      { header: '状态', weight: 1 },
      { header: '联系人', weight: 2 },
      { header: '材料', weight: 3 },
    ],
    data.Filings.map((f) => [
      f.ApplyNo,
      f.EntName,
      f.Status,
      `${f.ContactName} ${f.ContactPhone}`,
      f.Materials.join('、') || '无',
    ]),
  );

  pdf.heading('信用承诺');
  pdf.table(
    [
      { header: '企业', weight: 3 },
      { header: '承诺类型', weight: 2 },
      { header: '承诺人', weight: 1 },
      { header: '联系电话', weight: 2 },
      { header: '承诺日期', weight: 2 },
    ],
    data.Promises.map((p) => [p.EntName, p.PromiseType, p.Promiser, p.ContactMobile, p.PromisedOn]),
  );

  pdf.heading('关联企业');
  pdf.table(
    [
      { header: '企业', weight: 3 },
      { header: '统一社会信用代码', weight: 2 },
      { header: '身份', weight: 1 },
    ],
    data.Entities.map((e) => [e.EntName, e.CreditCode, e.Role]),
  );

  pdf.heading('信用关注');
  pdf.table(
    [
      { header: '企业', weight: 3 },
      { header: '统一社会信用代码', weight: 2 },
      { header: '关注时间', weight: 2 },
    ],
    data.Follows.map((f) => [f.EntName, f.CreditCode, f.FollowedAt]),
  );
  const mail = data.MailSettings;
  pdf.keyValues(
    mail
      ? [
          ['提醒邮箱', mail.Email || '未填写'],
          ['邮箱已确认', yesNo(mail.EmailConfirmed)],
          ['每日邮件提醒', yesNo(mail.EmailDigest)],
          ['可修复提醒', yesNo(mail.RepairableNotice)],
        ]
      : [['邮件设置', '未设置']],
  );

  pdf.heading('出具的信用报告');
  pdf.table(
    [
      { header: '报告编号', weight: 3 },
      { header: '企业', weight: 3 },
      { header: '出具时间', weight: 2 },
    ],
    data.Reports.map((r) => [r.ReportNo, r.EntName, r.GeneratedAt]),
  );

  pdf.heading('同意记录');
  pdf.table(
    [
      { header: '事项', weight: 3 },
      { header: '规则版本', weight: 1 },
      { header: '同意时间', weight: 2 },
      { header: '撤回时间', weight: 2 },
    ],
    data.Consents.map((c) => [CONSENT_PURPOSE_LABELS[c.purpose], c.version, c.grantedAt, c.withdrawnAt ?? '—']),
  );

  pdf.heading('与本账号有关的审计记录');
  pdf.paragraph(
    `自 ${data.Audit.Since} 起${data.Audit.Truncated ? '（仅含最近的记录）' : ''}：登录、绑定、申请、报告等操作的记录。`,
    { muted: true },
  );
  pdf.table(
    [
      { header: '时间', weight: 2 },
      { header: '事项', weight: 3 },
      { header: '操作方', weight: 1 },
      { header: '结果', weight: 1 },
    ],
    data.Audit.Records.map((r) => [
      time(r.Time),
      MY_AUDIT_EVENT_LABELS[r.Event] ?? r.Event,
      MY_AUDIT_PARTY_LABELS[r.Actor],
      r.Result === 'success' ? '成功' : '未成功',
    ]),
  );
  return pdf.finish();
}
