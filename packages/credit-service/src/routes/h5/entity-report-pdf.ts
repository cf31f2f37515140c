import { randomInt } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { localToday } from '../../lib/dates.js';
import { ReportPdf } from '../../pdf/report-pdf.js';
import { penaltyPublicizedSql } from '../../repositories/publicity.js';
import { CITY } from '../../seed/vocabulary.js';
import type { EntityReportRenderer } from './context.js';

interface EntityRow {
  name: string;
  creditCode: string;
  status: string;
  entType: string;
  setupDate: string;
  legalRep: string;
  address: string;
}

/**
 * The entity credit report the H5 app e-mails: registration, licences and the penalties still in
 * publicity, on the shared PDF primitives (Noto Sans SC). Numbered QY + date + six digits.
 */
export function entityReportRenderer(db: Database): EntityReportRenderer {
  const entity = db.prepare(
    `SELECT name, credit_code AS creditCode, status, ent_type AS entType, setup_date AS setupDate,
       legal_rep AS legalRep, address FROM entities WHERE id = ?`,
  );
  const licences = db.prepare(
    'SELECT XK_WSH, XK_XKZS, XK_XKJG, XK_JDRQ FROM licences WHERE entity_id = ? ORDER BY XK_JDRQ DESC LIMIT 50',
  );
  return async (entityId) => {
    const today = localToday();
    const row = entity.get(entityId) as EntityRow | undefined;
    if (!row) throw new Error(`entity ${entityId} does not exist`);
    const penalties = db
      .prepare(
        `SELECT CF_WSH, CF_SY, CF_CFJG, CF_JDRQ FROM penalties WHERE entity_id = ? AND ${penaltyPublicizedSql('?')}
         ORDER BY CF_JDRQ DESC LIMIT 50`,
      )
      .all(entityId, today) as Array<Record<string, string>>;
    const reportNumber = `QY${today.replaceAll('-', '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const pdf = new ReportPdf({ title: '企业信用报告', reportNumber, author: `${CITY.name}公共信用信息中心` });
    pdf.title('企业信用报告', `${CITY.name}公共信用信息中心`);
    pdf.keyValues(
      [
        ['报告编号', reportNumber],
        ['生成日期', today],
        ['主体名称', row.name],
        ['统一社会信用代码', row.creditCode],
        ['登记状态', row.status],
        ['主体类型', row.entType],
        ['成立日期', row.setupDate],
        ['法定代表人', row.legalRep],
        ['住所', row.address],
        ['查询用途', '个人查询信用'],
      ],
      1,
    );
    pdf.heading('行政许可信息');
    pdf.table(
      [
        { header: '许可文书号', weight: 3 },
        { header: '许可证书名称', weight: 3 },
        { header: '许可机关', weight: 3 },
        { header: '决定日期', weight: 2 },
      ],
      (licences.all(entityId) as Array<Record<string, string>>).map((l) => [
        l.XK_WSH!,
        l.XK_XKZS!,
        l.XK_XKJG!,
        l.XK_JDRQ!,
      ]),
      { emptyText: '暂无信息' },
    );
    pdf.heading('行政处罚信息（公示期内）');
    pdf.table(
      [
        { header: '处罚决定书文号', weight: 3 },
        { header: '违法事实', weight: 4 },
        { header: '处罚机关', weight: 3 },
        { header: '决定日期', weight: 2 },
      ],
      penalties.map((p) => [p.CF_WSH!, p.CF_SY!, p.CF_CFJG!, p.CF_JDRQ!]),
      { emptyText: '暂无信息' },
    );
    return { pdf: await pdf.finish(), reportNumber };
  };
}
