import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import StopOutlined from '@ant-design/icons-svg/es/asn/StopOutlined';
import {
  CloseCircleFilled as CloseCircleIcon,
  MenuOutlined as MenuIcon,
  ReloadOutlined as ReloadIcon,
  SearchOutlined as SearchIcon,
  StopOutlined as StopIcon,
} from '@ant-design/icons';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Button,
  Collapse,
  ConfigProvider,
  Descriptions,
  Empty,
  Input,
  Pagination,
  Skeleton,
  Space,
  Spin,
  Switch,
  Tabs,
  Tag,
} from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useId, useState, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AntdScope } from '@/components/antd-scope';
import { KeywordSearchBar } from '@/components/keyword-search-bar';
import barStyles from '@/components/keyword-search-bar.module.css';
import { Icon } from '@/components/lite/icon';
import { LiteButton } from '@/components/lite/lite-button';
import { LiteCollapse } from '@/components/lite/lite-collapse';
import { LiteDescriptions, type LiteDescriptionsItem } from '@/components/lite/lite-descriptions';
import { LiteInput } from '@/components/lite/lite-input';
import { LitePagination } from '@/components/lite/lite-pagination';
import { LiteSkeleton } from '@/components/lite/lite-skeleton';
import { LiteSpin } from '@/components/lite/lite-spin';
import { LiteSwitch } from '@/components/lite/lite-switch';
import { LiteTabs } from '@/components/lite/lite-tabs';
import { LiteTag } from '@/components/lite/lite-tag';
import { page } from '@/app/route-kit';
import { RUNTIME_THEME } from '@/lib/antd-theme';

/** The element an element renders, alone (detached, to compare). */
function rendered(element: ReactElement): Element {
  const { container, unmount } = render(element);
  const node = container.firstElementChild!.cloneNode(true) as Element;
  unmount();
  return node;
}

/** antd's component, as the app's antd scope renders it. */
const antd = (element: ReactElement) => rendered(<ConfigProvider theme={RUNTIME_THEME}>{element}</ConfigProvider>);
const noop = () => {};

/** The same element, attribute order aside. */
function expectSame(actual: Element, expected: Element) {
  expect(actual.isEqualNode(expected), `${actual.outerHTML}\n  is not\n${expected.outerHTML}`).toBe(true);
}

/** The element with an attribute removed. */
function without(node: Element, selector: string, ...attributes: string[]): Element {
  const target = node.matches(selector) ? node : node.querySelector(selector)!;
  for (const attribute of attributes) target.removeAttribute(attribute);
  return node;
}

// The look-alikes are styled by antd's own static sheets: they must render antd's very markup.
describe('the frame’s antd look-alikes (components/lite/)', () => {
  it('draw icons as @ant-design/icons does', () => {
    expectSame(rendered(<Icon icon={SearchOutlined} aria-hidden />), rendered(<SearchIcon aria-hidden />));
    expectSame(rendered(<Icon icon={CloseCircleFilled} className="x" />), rendered(<CloseCircleIcon className="x" />));
  });

  it('render antd’s buttons: primary, large, submit; text with an icon only; danger; small; a link', () => {
    expectSame(
      rendered(
        <LiteButton type="primary" size="large" htmlType="submit" icon={SearchOutlined} className="c">
          搜索
        </LiteButton>,
      ),
      antd(
        <Button type="primary" size="large" htmlType="submit" icon={<SearchIcon aria-hidden />} className="c">
          搜索
        </Button>,
      ),
    );
    expectSame(
      rendered(<LiteButton type="text" icon={MenuOutlined} aria-label="打开菜单" aria-expanded={false} />),
      antd(<Button type="text" icon={<MenuIcon aria-hidden />} aria-label="打开菜单" aria-expanded={false} />),
    );
    expectSame(
      rendered(
        <LiteButton danger icon={StopOutlined}>
          停止
        </LiteButton>,
      ),
      antd(
        <Button danger icon={<StopIcon aria-hidden />}>
          停止
        </Button>,
      ),
    );
    expectSame(rendered(<LiteButton size="small">重试</LiteButton>), antd(<Button size="small">重试</Button>));
    // antd's link-button also says it is enabled and focusable; a link is both without saying so.
    expectSame(
      rendered(<LiteButton href="#/index">返回首页</LiteButton>),
      without(antd(<Button href="#/index">返回首页</Button>), 'a', 'tabindex', 'aria-disabled'),
    );
  });

  it('render antd’s loading buttons: default and primary, with and without an icon, icon only; clicks do nothing', async () => {
    expectSame(rendered(<LiteButton loading>提交</LiteButton>), antd(<Button loading>提交</Button>));
    // antd still spaces out two Chinese characters beside the loading icon: it puts them apart by the icon prop.
    expectSame(rendered(<LiteButton loading>重试</LiteButton>), antd(<Button loading>重试</Button>));
    expectSame(
      rendered(
        <LiteButton type="primary" size="large" htmlType="submit" loading icon={SearchOutlined}>
          搜索
        </LiteButton>,
      ),
      antd(
        <Button type="primary" size="large" htmlType="submit" loading icon={<SearchIcon aria-hidden />}>
          搜索
        </Button>,
      ),
    );
    expectSame(
      rendered(<LiteButton type="primary" loading aria-label="停止" />),
      antd(<Button type="primary" loading aria-label="停止" />),
    );
    expectSame(
      rendered(<LiteButton loading icon={StopOutlined} aria-label="停止" />),
      antd(<Button loading icon={<StopIcon aria-hidden />} aria-label="停止" />),
    );
    // Loading turned on after the first render: antd's icon comes through its motion, and settles as the look-alike's.
    const later = render(
      <ConfigProvider theme={RUNTIME_THEME}>
        <Button type="primary">提交申请</Button>
      </ConfigProvider>,
    );
    later.rerender(
      <ConfigProvider theme={RUNTIME_THEME}>
        <Button type="primary" loading>
          提交申请
        </Button>
      </ConfigProvider>,
    );
    const settled = rendered(
      <LiteButton type="primary" loading>
        提交申请
      </LiteButton>,
    );
    await waitFor(() => expectSame(settled, later.container.firstElementChild!));
    later.unmount();
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const user = userEvent.setup();
    const form = (loading: boolean) => (
      <form onSubmit={onSubmit}>
        <LiteButton htmlType="submit" loading={loading} onClick={onClick}>
          提交申请
        </LiteButton>
      </form>
    );
    const { rerender } = render(form(true));
    await user.click(screen.getByRole('button'));
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    rerender(form(false));
    await user.click(screen.getByRole('button'));
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('render antd’s small switch, off and on, and switch by click and arrow keys', async () => {
    for (const checked of [false, true]) {
      expectSame(
        rendered(<LiteSwitch id="s" checked={checked} onChange={noop} aria-labelledby="l" />),
        antd(<Switch id="s" size="small" checked={checked} aria-labelledby="l" />),
      );
    }
    function Controlled() {
      const [on, setOn] = useState(false);
      return <LiteSwitch checked={on} onChange={setOn} aria-labelledby="label" />;
    }
    const user = userEvent.setup();
    render(
      <>
        <span id="label">长者模式</span>
        <Controlled />
      </>,
    );
    const control = screen.getByRole('switch', { name: '长者模式' });
    await user.click(control);
    expect(control).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(control).not.toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(control).toBeChecked();
  });

  it('render antd’s input with its clear button, which empties the box and leaves the focus in it', async () => {
    // The same box both ways: large, with a class, a placeholder and a length limit.
    const props = { id: 'i', size: 'large', className: 'c', placeholder: 'p', maxLength: 100, onChange: noop } as const;
    for (const value of ['', '信用']) {
      // antd's clear button is named by its icon (close-circle); the look-alike's says 清除.
      expectSame(
        without(rendered(<LiteInput {...props} value={value} />), 'button', 'aria-label'),
        antd(<Input {...props} value={value} allowClear />),
      );
    }
    function Controlled() {
      const [value, setValue] = useState('');
      return <LiteInput value={value} onChange={setValue} placeholder="关键字" />;
    }
    const user = userEvent.setup();
    render(<Controlled />);
    const box = screen.getByPlaceholderText('关键字');
    await user.type(box, '云州');
    expect(box).toHaveValue('云州');
    await user.click(screen.getByRole('button', { name: '清除' }));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });

  it('render antd’s active skeleton and large spinner', () => {
    expectSame(rendered(<LiteSkeleton rows={8} />), antd(<Skeleton active paragraph={{ rows: 8 }} />));
    expectSame(
      rendered(<LiteSkeleton title={false} rows={4} />),
      antd(<Skeleton active title={false} paragraph={{ rows: 4 }} />),
    );
    expectSame(rendered(<LiteSpin description="正在加载…" />), antd(<Spin size="large" description="正在加载…" />));
  });
});

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

describe('the lite tabs (双公示’s)', () => {
  const ITEMS = [
    { key: '1', label: '行政许可' },
    { key: '2', label: '行政处罚' },
    { key: '3', label: '其他' },
  ];
  function Tabbed({ start = '1' }: { start?: string }) {
    const [active, setActive] = useState(start);
    return (
      <LiteTabs items={ITEMS} activeKey={active} onChange={setActive}>
        <input aria-label={`面板 ${active}`} defaultValue="" />
      </LiteTabs>
    );
  }

  it('use antd’s classes where antd’s Tabs has them, the ink bar under the active tab', () => {
    const lite = rendered(<Tabbed start="2" />);
    const real = antd(<Tabs activeKey="2" items={ITEMS.map((item) => ({ ...item, children: 'x' }))} />);
    const classesOf = (node: Element, selector: string) => [...node.querySelectorAll(selector)].map((e) => e.className);
    for (const selector of ['[role="tablist"]', '.ant-tabs-nav-list > [data-node-key]', '[role="tab"]']) {
      expect(classesOf(lite, selector)).toEqual(classesOf(real, selector));
    }
    expect(lite.className).toBe(real.className);
    expect(lite.querySelector('.ant-tabs-tab-active .ant-tabs-ink-bar')).not.toBeNull();
    expect(lite.querySelectorAll('.ant-tabs-ink-bar')).toHaveLength(1);
  });

  it('follow the tabs pattern: one tab in the tab order, arrows, Home and End choose and focus, the panel is labelled', async () => {
    const user = userEvent.setup();
    render(<Tabbed />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('行政许可')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((element) => element.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByRole('tabpanel', { name: '行政许可' })).toBeInTheDocument();
    await user.tab();
    expect(tab('行政许可')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('行政处罚')).toHaveFocus();
    expect(tab('行政处罚')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: '行政处罚' })).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(tab('其他')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('行政许可')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('其他')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab('行政许可')).toHaveAttribute('aria-selected', 'true');
    await user.click(tab('行政处罚'));
    expect(screen.getAllByRole('tab').map((element) => element.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('give each tab a panel of its own: what one held does not carry over', async () => {
    const user = userEvent.setup();
    render(<Tabbed />);
    await user.type(screen.getByRole('textbox', { name: '面板 1' }), '科技');
    await user.click(screen.getByRole('tab', { name: '行政处罚' }));
    expect(screen.getByRole('textbox', { name: '面板 2' })).toHaveValue('');
  });
});

describe('antd’s scope', () => {
  const description = (container: HTMLElement) => container.querySelector('.ant-empty-description')?.textContent;

  it('is around every page made by page(): antd speaks Chinese there, and English outside', async () => {
    const { container: paged } = render(page(() => Promise.resolve({ default: () => <Empty /> })));
    await waitFor(() => expect(description(paged)).toBe('暂无数据'));
    const { container: bare } = render(<Empty />);
    expect(description(bare)).toBe('No data');
    const { container: scoped } = render(
      <AntdScope>
        <Empty />
      </AntdScope>,
    );
    expect(description(scoped)).toBe('暂无数据');
  });
});

describe('the lists’ antd look-alikes: the pager and the keyword search bar', () => {
  /** antd's component as the portal's pages draw it (AntdScope: zh_CN). */
  const antdZh = (element: ReactElement) =>
    rendered(
      <ConfigProvider locale={zhCN} theme={RUNTIME_THEME}>
        {element}
      </ConfigProvider>,
    );
  /** The pager's props (components/pager.tsx). */
  const PAGER = { showTotal: (count: number) => `共 ${count} 条`, onChange: noop } as const;
  type Paging = { current: number; total: number; pageSize: number; simple?: false | { readOnly: true } };
  const expectPagerSame = (props: Paging) =>
    expectSame(
      rendered(<LitePagination {...PAGER} {...props} />),
      antdZh(<Pagination {...PAGER} showSizeChanger={false} {...props} />),
    );

  it('render antd’s pagination: the first page, both ••• items, the last page, a single page, the read-only simple pager', () => {
    expectPagerSame({ current: 1, total: 100, pageSize: 10 });
    expectPagerSame({ current: 6, total: 500, pageSize: 10 });
    expectPagerSame({ current: 10, total: 100, pageSize: 10 });
    expectPagerSame({ current: 1, total: 5, pageSize: 10 });
    expectPagerSame({ current: 3, total: 200, pageSize: 10, simple: { readOnly: true } });
    // What the phone reads: 共 200 条 ‹ 3 / 20 ›.
    expect(
      rendered(<LitePagination {...PAGER} current={3} total={200} pageSize={10} simple={{ readOnly: true }} />),
    ).toHaveTextContent('共 200 条3/20');
  });

  it('show the pages antd shows on every page of none, 7, 8 and 12 pages and at either end of 50, the simple pager’s ends, a page out of range', () => {
    for (const total of [0, 70, 80, 115, 500]) {
      const pages = Math.max(1, Math.ceil(total / 10));
      // Every page but the middle of 50, where nothing new happens (one there).
      const currents = Array.from({ length: pages }, (_, index) => index + 1).filter(
        (current) => current <= 8 || current > pages - 8 || current === 25,
      );
      for (const current of currents) expectPagerSame({ current, total, pageSize: 10 });
      // The simple pager's arrows at either end and beside them.
      for (const current of new Set([1, 2, pages - 1, pages].filter((page) => page >= 1))) {
        expectPagerSame({ current, total, pageSize: 10, simple: { readOnly: true } });
      }
    }
    expectPagerSame({ current: 9, total: 80, pageSize: 10 });
    expectPagerSame({ current: 4, total: 95, pageSize: 20 });
  });

  /** The pages a pager reports (page and size) as the user clicks and presses keys, the pager following. */
  async function chosen(lite: boolean, start: number, simple: false | { readOnly: true } = false) {
    const onChange = vi.fn();
    function Paged() {
      const [current, setCurrent] = useState(start);
      const props = {
        current,
        total: 500,
        pageSize: 10,
        simple,
        showTotal: PAGER.showTotal,
        onChange: (page: number, size: number) => {
          onChange(page, size);
          setCurrent(page);
        },
      };
      return lite ? (
        <LitePagination {...props} />
      ) : (
        <ConfigProvider locale={zhCN} theme={RUNTIME_THEME}>
          <Pagination {...props} showSizeChanger={false} />
        </ConfigProvider>
      );
    }
    const user = userEvent.setup();
    const { unmount } = render(<Paged />);
    const press = async (title: string, key: string) => {
      screen.getByTitle(title).focus();
      await user.keyboard(key);
    };
    await user.click(screen.getByTitle('下一页'));
    await user.click(screen.getByTitle('上一页'));
    if (!simple) {
      await user.click(screen.getByTitle('7'));
      await user.click(screen.getByTitle('8'));
      await user.click(screen.getByTitle('向后 5 页'));
      await user.click(screen.getByTitle('向前 5 页'));
      // The current page: nothing.
      await user.click(screen.getByTitle('8'));
      await press('9', '{Enter}');
      await press('向后 5 页', '{Enter}');
      await press('下一页', '{Enter}');
      // Space does nothing on antd's items.
      await press('16', ' ');
      await user.click(screen.getByTitle('50'));
      await user.click(screen.getByTitle('下一页'));
      await user.click(screen.getByTitle('向前 5 页'));
    }
    unmount();
    return onChange.mock.calls;
  }

  it('report the pages antd reports: next, previous, a number, the ••• items, Enter; nothing for the current page or past the end', async () => {
    const lite = await chosen(true, 6);
    expect(lite).toEqual(await chosen(false, 6));
    expect(lite.map(([page]) => page)).toEqual([7, 6, 7, 8, 13, 8, 9, 14, 15, 50, 45]);
    expect(lite.every(([, size]) => size === 10)).toBe(true);
    const simple = await chosen(true, 3, { readOnly: true });
    expect(simple).toEqual(await chosen(false, 3, { readOnly: true }));
    expect(simple).toEqual([
      [4, 10],
      [3, 10],
    ]);
  });

  /** antd's version of the bar (components/keyword-search-bar.tsx before its look-alikes). */
  function AntdBar({ value }: { value: string }) {
    const id = useId();
    return (
      <form role="search" className={barStyles.bar}>
        <label htmlFor={id} className={barStyles.label}>
          标题关键字
        </label>
        <div className={barStyles.controls}>
          <Space.Compact className={barStyles.field}>
            <Input id={id} value={value} placeholder="请输入关键字" allowClear maxLength={100} onChange={noop} />
            <Button type="primary" htmlType="submit" icon={<SearchIcon aria-hidden />}>
              查询
            </Button>
          </Space.Compact>
          <Button icon={<ReloadIcon aria-hidden />}>重置</Button>
        </div>
      </form>
    );
  }

  /** The bar without its generated id (which differs between two renders), once the label is seen to name the box. */
  function withoutId(bar: Element): Element {
    expect(bar.querySelector('label')!.htmlFor).toBe(bar.querySelector('input')!.id);
    return without(without(bar, 'label', 'for'), 'input', 'id');
  }

  it('render the keyword search bar as antd’s Input, Buttons and Space.Compact drew it', () => {
    for (const value of ['', '信用']) {
      const lite = rendered(<KeywordSearchBar value={value} label="标题关键字" onSearch={noop} onReset={noop} />);
      // antd's clear button is named by its icon (close-circle); the look-alike's says 清除.
      expectSame(
        without(withoutId(lite), '.ant-input-clear-icon', 'aria-label'),
        withoutId(antdZh(<AntdBar value={value} />)),
      );
    }
  });

  it('keep the keyword search bar’s behaviour: typing, clearing, a trimmed search, reset, the address followed', async () => {
    const onSearch = vi.fn();
    const onReset = vi.fn();
    function Bar() {
      const [applied, setApplied] = useState('信用');
      return (
        <>
          <KeywordSearchBar value={applied} label="标题关键字" onSearch={onSearch} onReset={onReset} />
          <button type="button" onClick={() => setApplied('修复')}>
            后退
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Bar />);
    const box = screen.getByRole('textbox', { name: '标题关键字' });
    expect(box).toHaveValue('信用');
    expect(box).toHaveAttribute('maxlength', '100');
    await user.click(screen.getByRole('button', { name: '清除' }));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    await user.type(box, '  信用修复 ');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(onSearch).toHaveBeenLastCalledWith('信用修复');
    await user.type(box, '{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(box).toHaveValue('');
    expect(onReset).toHaveBeenCalledOnce();
    expect(onSearch).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: '后退' }));
    expect(box).toHaveValue('修复');
  });
});
