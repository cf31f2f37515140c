import { describe, expect, it } from 'vitest';
import type { ReportTables } from '../schemas/h5.js';
import { buildReportSections, stripOrdinal } from './report-sections.js';

const config = (SortName: string, SortGrade: string, SourceTableENName = '', DisplayMode = '2', VersionCode = 'C') => ({
  SourceTableENName,
  VersionCode,
  SortName,
  SourceTableName: SortName,
  SortGrade,
  DisplayMode,
});

const REPORT: ReportTables = {
  Tables: [
    {
      TableName: 'config',
      Rows: [
        config('一、公安信息', 'I', 'PublicSecurity'),
        config('（一）户籍信息', 'III', 'Household'),
        config('（二）违法记录', 'III', 'Offence'),
        config('二、社会保险信息', 'I', 'Social'),
        config('（一）参保缴费', 'III', 'SocialInsurance'),
        config('三、说明', 'I', 'description'),
        config('四、教育信息', 'I', 'Education'),
        config('（一）学历', 'III', 'Degree'),
        config('五、税务', 'I', 'Tax', '2', 'B'),
      ],
    },
    { TableName: 'report', Rows: [{ ReportNumber: 'GR2026112100001' }] },
    { TableName: 'Household', Rows: [{ 序号: 1, 姓名: '张三', 户籍地址: '云州市东湖区' }] },
    {
      TableName: 'Offence',
      Rows: [
        { 序号: 1, 事由: '交通违法', 日期: '2024-01-01' },
        { 序号: 2, 事由: '噪音扰民', 日期: '2025-03-02' },
      ],
    },
    {
      TableName: 'SocialInsurance',
      Rows: [
        {
          缴费单位: '云州市恒信科技有限公司',
          缴费时间: '2026-09',
          险种: '养老保险',
          个人缴费金额: 400,
          单位缴费金额: 800,
        },
        {
          缴费单位: '云州市恒信科技有限公司',
          缴费时间: '2026-10',
          险种: '养老保险',
          个人缴费金额: 420,
          单位缴费金额: 840,
        },
        {
          缴费单位: '云州市恒信科技有限公司',
          缴费时间: '2026-10',
          险种: '工伤保险',
          个人缴费金额: null,
          单位缴费金额: '',
        },
      ],
    },
    { TableName: 'description', Rows: [{ 说明: '本报告仅供参考' }] },
    { TableName: 'Degree', Rows: [] },
  ],
};

describe('buildReportSections', () => {
  const built = buildReportSections(REPORT);

  it('reads the report number from the second table', () => {
    expect(built.reportNumber).toBe('GR2026112100001');
  });

  it('makes grade I rows sections and grade III rows items, skipping description and other versions', () => {
    expect(built.sections.map((s) => s.title)).toEqual(['公安信息', '社会保险信息', '教育信息']);
    expect(built.sections[0]!.items.map((i) => i.title)).toEqual(['户籍信息', '违法记录']);
  });

  it('omits the serial-number column and counts rows', () => {
    const [household, offence] = built.sections[0]!.items;
    expect(household!.columns).toEqual(['姓名', '户籍地址']);
    expect(household!.showCount).toBe(false);
    expect(offence!.showCount).toBe(true);
    expect(built.sections[0]!.count).toBe(3);
    expect(built.sections[0]!.showCount).toBe(true);
  });

  it('keeps the latest month of social insurance, blanks as 0, no item count', () => {
    const item = built.sections[1]!.items[0]!;
    expect(item.rows).toEqual([
      {
        缴费单位: '云州市恒信科技有限公司',
        缴费时间: '2026-10',
        险种: '养老保险',
        个人缴费金额: '420',
        单位缴费金额: '840',
      },
      {
        缴费单位: '云州市恒信科技有限公司',
        缴费时间: '2026-10',
        险种: '工伤保险',
        个人缴费金额: '0',
        单位缴费金额: '0',
      },
    ]);
    expect(item.showCount).toBe(false);
  });

  it('greys empty sections', () => {
    expect(built.sections[2]!.empty).toBe(true);
    expect(built.sections[0]!.empty).toBe(false);
  });

  it('strips Chinese ordinal prefixes', () => {
    expect(stripOrdinal('十二、司法信息')).toBe('司法信息');
    expect(stripOrdinal('(三) 行政信息')).toBe('行政信息');
    expect(stripOrdinal('1. 纳税')).toBe('纳税');
    expect(stripOrdinal('公安信息')).toBe('公安信息');
  });
});
