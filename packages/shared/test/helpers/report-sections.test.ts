import { describe, expect, it } from 'vitest';
import type { ReportTables } from '../../src/schemas/h5.js';
import { buildReportSections, stripOrdinal } from '../../src/helpers/report-sections.js';

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
        config('（一）说明事项', 'III', 'Household'),
        config('四、教育信息', 'I', 'Education'),
        config('（一）学历', 'III', 'Degree'),
        config('五、税务', 'I', 'Tax', '2', 'B'),
      ],
    },
    { TableName: 'report', Rows: [{ ReportNumber: 'GR2026112100001', QueryDate: '2026-11-21' }] },
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

  it('reads the report number and the query date from the second table', () => {
    expect(built.reportNumber).toBe('GR2026112100001');
    expect(built.queryDate).toBe('2026-11-21');
  });

  it('skips a description section together with its items', () => {
    expect(built.sections[1]!.items.map((i) => i.key)).toEqual(['SocialInsurance']);
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
    expect(item.insurance).toEqual([
      {
        payer: '云州市恒信科技有限公司',
        paymentTime: '2026-10',
        items: [
          { coverage: '养老保险', personal: '420', unit: '840' },
          { coverage: '工伤保险', personal: '0', unit: '0' },
        ],
      },
    ]);
    // The section of social insurance alone shows no count either, and is not greyed.
    expect(built.sections[1]!.showCount).toBe(false);
    expect(built.sections[1]!.empty).toBe(false);
  });

  it('greys empty sections', () => {
    expect(built.sections[2]!.empty).toBe(true);
    expect(built.sections[0]!.empty).toBe(false);
  });

  it.each([
    ['十二、司法信息', '司法信息'],
    ['(三) 行政信息', '行政信息'],
    ['（一）户籍信息', '户籍信息'],
    ['1. 纳税', '纳税'],
    ['二．税务信息', '税务信息'],
    ['公安信息', '公安信息'],
    ['一二三四', '一二三四'],
  ])('strips the Chinese ordinal prefix of %s', (title, stripped) => {
    expect(stripOrdinal(title)).toBe(stripped);
  });
});

describe('buildReportSections on other shapes', () => {
  it('finds a data table by its Chinese name, shows DisplayMode 1 items without a table and ignores grade II rows', () => {
    const built = buildReportSections({
      Tables: [
        {
          TableName: 'config',
          Rows: [
            config('一、司法信息', 'I', 'Judiciary'),
            config('（一）裁判文书', 'II', 'Judgement'),
            { ...config('1.民事判决', 'III', 'CivilCase', '1'), SourceTableName: '民事判决' },
            config('（二）失信被执行人', 'III', 'Dishonest'),
          ],
        },
        { TableName: 'report', Rows: [{ ReportNumber: 'GR1' }] },
        { TableName: '民事判决', Rows: [{ 序号: 1, 案号: '（2025）云0202民初1号' }] },
        { TableName: 'Dishonest', Rows: [] },
        { TableName: 'summary', Rows: [{ 合计: 1 }] },
      ],
    });
    expect(built.queryDate).toBe('');
    expect(built.sections).toHaveLength(1);
    const [civil, dishonest] = built.sections[0]!.items;
    expect(civil).toMatchObject({ title: '民事判决', displayMode: '1', columns: ['案号'], showCount: false });
    expect(dishonest).toMatchObject({ title: '失信被执行人', rows: [], showCount: false });
    expect(built.sections[0]).toMatchObject({ count: 1, showCount: false, empty: false });
  });

  it('builds nothing from no tables, and an item before any section is dropped', () => {
    expect(buildReportSections({ Tables: [] })).toEqual({ reportNumber: '', queryDate: '', sections: [] });
    const built = buildReportSections({
      Tables: [{ TableName: 'config', Rows: [config('（一）户籍', 'III', 'Household')] }],
    });
    expect(built.sections).toEqual([]);
  });

  it('reads grades in any case and versions other than C only when asked', () => {
    const tables: ReportTables = {
      Tables: [
        {
          TableName: 'config',
          Rows: [config('一、教育', 'i', 'Edu', '2', 'B'), config('（一）学历', 'iii', 'Degree', '2', 'B')],
        },
        { TableName: 'report', Rows: [{ ReportNumber: 'GR2' }] },
        { TableName: 'Degree', Rows: [{ 学历: '本科' }, { 学历: '硕士' }] },
      ],
    };
    expect(buildReportSections(tables).sections).toEqual([]);
    const built = buildReportSections(tables, 'B');
    expect(built.sections[0]).toMatchObject({ title: '教育', count: 2, showCount: true, empty: false });
  });
});
