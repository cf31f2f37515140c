import { describe, expect, it } from 'vitest';
import { qrPng } from '../../../src/pdf/qr.js';
import { ReportPdf } from '../../../src/pdf/report-pdf.js';
import { compact, pdfText } from './pdf-text.js';

describe('PDF primitives', () => {
  it('writes Chinese text that a PDF reader extracts, tables across pages and a footer on every page', async () => {
    const pdf = new ReportPdf({ title: '测试报告', reportNumber: 'XYBG202611240001' });
    pdf.title('企业信用报告', '云州市公共信用信息中心');
    pdf.heading('一、基本信息');
    pdf.keyValues(
      [
        ['企业名称', '云州市恒信科技有限公司'],
        ['统一社会信用代码', '91530100MA6K0000X1'],
        ['住所', '云州市东湖区'],
        ['法定代表人（负责人）', '张三'],
      ],
      2,
    );
    pdf.heading('二、行政处罚');
    const rows = Array.from({ length: 80 }, (_, i) => [
      String(i + 1),
      `云东市监罚〔2026〕${100 + i}号`,
      '未按规定公示年度报告，责令改正并处以罚款'.repeat(2),
    ]);
    pdf.table(
      [
        { header: '序号', weight: 1, align: 'center' },
        { header: '决定文书号', weight: 3 },
        { header: '处罚内容', weight: 6 },
      ],
      rows,
    );
    pdf.table([{ header: '名单', weight: 1 }], [], { emptyText: '报告期内无红黑名单记录' });
    pdf.qrCode(await qrPng('http://localhost:8080/#/xyfw/verify?no=X&code=Y'), [
      '扫码核验报告真伪',
      '验证码：ABCD1234',
    ]);
    const bytes = await pdf.finish();

    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The 10 MB fonts are subset: only the glyphs used are embedded.
    expect(bytes.length).toBeLessThan(400_000);
    const text = await pdfText(bytes);
    const flat = compact(text);
    for (const expected of [
      '企业信用报告',
      '云州市恒信科技有限公司',
      '91530100MA6K0000X1',
      '云东市监罚〔2026〕179号',
      '报告期内无红黑名单记录',
      '验证码：ABCD1234',
    ]) {
      expect(flat).toContain(expected);
    }
    // A label column as wide as its longest word: no label broken inside a word;
    // 法定代表人（负责人） may break before its bracket.
    for (const label of ['统一社会信用代码', '法定代表人']) {
      expect(
        text.split('\n').some((line) => line.includes(label)),
        label,
      ).toBe(true);
    }
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(compact(page)).toContain('报告编号：XYBG202611240001');
      expect(compact(page)).toContain(`第${i + 1}页/共${pages.length}页`);
    });
    // The header row is repeated on the page a table continues on.
    expect(compact(pages[1]!)).toContain('决定文书号');
  });
});
