import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import StopOutlined from '@ant-design/icons-svg/es/asn/StopOutlined';
import {
  CloseCircleFilled as CloseCircleIcon,
  MenuOutlined as MenuIcon,
  SearchOutlined as SearchIcon,
  StopOutlined as StopIcon,
} from '@ant-design/icons';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, ConfigProvider, Empty, Input, Skeleton, Spin, Switch, Tabs } from 'antd';
import { useState, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { AntdScope } from '@/components/antd-scope';
import { Icon } from '@/components/lite/icon';
import { LiteButton } from '@/components/lite/lite-button';
import { LiteInput } from '@/components/lite/lite-input';
import { LiteSkeleton } from '@/components/lite/lite-skeleton';
import { LiteSpin } from '@/components/lite/lite-spin';
import { LiteSwitch } from '@/components/lite/lite-switch';
import { LiteTabs } from '@/components/lite/lite-tabs';
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
