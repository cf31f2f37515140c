import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Collapse, ConfigProvider, Descriptions, Tag } from 'antd';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { LiteCollapse } from '@/components/lite/lite-collapse';
import { LiteDescriptions, type LiteDescriptionsItem } from '@/components/lite/lite-descriptions';
import { LiteTag } from '@/components/lite/lite-tag';
import { RUNTIME_THEME } from '@/lib/antd-theme';
import { antd, expectSame, rendered } from './support';

/*
 * The entity details page's antd look-alikes (components/lite/) against antd's own output: tags,
 * descriptions and the collapse, and the collapse's keyboard.
 */

describe('the entity details page’s antd look-alikes (components/lite/)', () => {
  it('render antd’s tags: without a colour, preset and status colours, filled, solid and outlined', () => {
    const cases = [
      {},
      { color: 'blue' },
      { color: 'orange' },
      { color: 'processing' },
      { color: 'success', variant: 'solid' },
      { color: 'error', variant: 'solid' },
      { variant: 'solid' },
      { color: 'success', variant: 'outlined' },
      { color: 'error', variant: 'outlined' },
      { color: 'default', variant: 'outlined' },
      { color: 'warning', variant: 'outlined' },
    ] as const;
    for (const props of cases)
      expectSame(rendered(<LiteTag {...props}>存续</LiteTag>), antd(<Tag {...props}>存续</Tag>));
  });

  /** 基本信息's nine items, the address filling its row; one value empty (antd then draws no span). */
  const BASE: LiteDescriptionsItem[] = [
    { key: 'code', label: '统一社会信用代码', children: '91150200MA0N000001' },
    { key: 'name', label: '主体名称', children: '包头市云州科技有限公司' },
    { key: 'type', label: '主体类型', children: '有限责任公司' },
    { key: 'status', label: '经营状态', children: '存续' },
    { key: 'rep', label: '法定代表人（经营者）', children: '张三' },
    { key: 'date', label: '成立日期', children: '' },
    { key: 'authority', label: '登记机关', children: '包头市市场监督管理局' },
    { key: 'district', label: '所属区域', children: '昆都仑区' },
    { key: 'address', label: '住所（经营场所）', children: '包头市昆都仑区钢铁大街 1 号', span: 'filled' },
  ];
  /** A licence block's thirteen fields, 许可内容 (the ninth) filling its row. */
  const LICENCE: LiteDescriptionsItem[] = [
    '行政许可决定文书号',
    '行政许可决定文书名称',
    '许可证书名称',
    '许可类别',
    '许可编号',
    '许可决定日期',
    '有效期自',
    '有效期至',
    '许可内容',
    '许可机关',
    '许可机关统一社会信用代码',
    '数据来源单位',
    '数据来源单位统一社会信用代码',
  ].map((label, index) => ({
    key: String(index),
    label,
    children: index === 3 ? '—' : `值 ${index}`,
    span: label === '许可内容' ? 'filled' : 1,
  }));

  it('render antd’s descriptions: bordered, middle and small, side by side and stacked, filled items', () => {
    type Look = { size: 'middle' | 'small'; layout: 'horizontal' | 'vertical'; column: number };
    const cases: [LiteDescriptionsItem[], Look][] = [
      [BASE, { size: 'middle', layout: 'horizontal', column: 2 }],
      [BASE, { size: 'middle', layout: 'vertical', column: 1 }],
      [LICENCE, { size: 'small', layout: 'horizontal', column: 2 }],
      [LICENCE, { size: 'small', layout: 'vertical', column: 1 }],
    ];
    for (const [items, look] of cases) {
      expectSame(
        rendered(<LiteDescriptions bordered items={items} {...look} />),
        antd(<Descriptions bordered items={items} {...look} />),
      );
    }
  });

  it('render antd’s descriptions unbordered, with spans, a class, and the last item of a short row stretched', () => {
    const items: LiteDescriptionsItem[] = [
      { key: 'a', label: '甲', children: '1' },
      { key: 'b', label: '乙', children: '2', span: 2 },
      { key: 'c', label: '丙', children: '3', span: 2 },
      { key: 'd', label: '丁', children: '' },
      { key: 'e', label: '戊', children: '5', span: 'filled' },
      { key: 'f', label: '己', children: '6' },
    ];
    for (const layout of ['horizontal', 'vertical'] as const) {
      for (const bordered of [false, true]) {
        expectSame(
          rendered(<LiteDescriptions items={items} bordered={bordered} layout={layout} column={3} className="c" />),
          antd(<Descriptions items={items} bordered={bordered} layout={layout} column={3} className="c" />),
        );
      }
    }
  });

  const PANELS = [
    { key: 'a', label: '食品经营许可证', children: <input aria-label="甲的内容" defaultValue="" /> },
    { key: 'b', label: '排污许可证', children: '乙的内容' },
    { key: 'c', label: '取水许可证', children: '丙的内容' },
  ];

  /** What an element draws after the user clicks these headers (by index), in order. */
  async function afterClicks(element: ReactElement, headers: number[]): Promise<Element> {
    const user = userEvent.setup();
    const { container, unmount } = render(element);
    for (const index of headers) await user.click(container.querySelectorAll('.ant-collapse-header')[index]!);
    const node = container.firstElementChild!.cloneNode(true) as Element;
    unmount();
    return node;
  }

  it('render antd’s collapse: closed panels without a body, open ones, and the same after clicks', async () => {
    expectSame(rendered(<LiteCollapse items={PANELS} />), antd(<Collapse items={PANELS} />));
    expectSame(
      rendered(<LiteCollapse items={PANELS} defaultActiveKey={['a']} className="c" />),
      antd(<Collapse items={PANELS} defaultActiveKey={['a']} className="c" />),
    );
    // Opening the second panel and closing the first: antd keeps the closed panel's body, hidden
    // (its motion has no transitions in jsdom and ends at once, on the classes it settles on).
    for (const clicks of [[1], [1, 0], [1, 0, 0, 2]]) {
      expectSame(
        await afterClicks(<LiteCollapse items={PANELS} defaultActiveKey={['a']} />, clicks),
        await afterClicks(
          <ConfigProvider theme={RUNTIME_THEME}>
            <Collapse items={PANELS} defaultActiveKey={['a']} />
          </ConfigProvider>,
          clicks,
        ),
      );
    }
  });

  it('open and close the collapse’s panels by Enter and Space on their headers, keeping what a closed one holds', async () => {
    const user = userEvent.setup();
    render(<LiteCollapse items={PANELS} />);
    const header = (name: string) => screen.getByRole('button', { name });
    expect(screen.queryByRole('textbox', { name: '甲的内容' })).toBeNull();
    await user.tab();
    expect(header('食品经营许可证')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(header('食品经营许可证')).toHaveAttribute('aria-expanded', 'true');
    await user.type(screen.getByRole('textbox', { name: '甲的内容' }), '许可');
    header('食品经营许可证').focus();
    await user.keyboard(' ');
    expect(header('食品经营许可证')).toHaveAttribute('aria-expanded', 'false');
    // (The closed panel's box is hidden by antd's sheet, which jsdom does not apply: no tabbing past it here.)
    header('排污许可证').focus();
    await user.keyboard(' ');
    expect(header('排污许可证')).toHaveAttribute('aria-expanded', 'true');
    await user.click(header('食品经营许可证'));
    expect(screen.getByRole('textbox', { name: '甲的内容' })).toHaveValue('许可');
  });
});
