import { ReloadOutlined as ReloadIcon, SearchOutlined as SearchIcon } from '@ant-design/icons';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, ConfigProvider, Input, Pagination, Space, Tabs } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useId, useState, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { KeywordSearchBar } from '@/components/keyword-search-bar';
import barStyles from '@/components/keyword-search-bar.module.css';
import { LitePagination } from '@/components/lite/lite-pagination';
import { LiteTabs } from '@/components/lite/lite-tabs';
import { RUNTIME_THEME } from '@/lib/antd-theme';
import { antd, expectSame, noop, rendered, without } from './support';

/*
 * The lists' antd look-alikes (components/lite/) against antd's own output: 双公示's tabs, the pager
 * and the keyword search bar, and what they do.
 */

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
