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
import { Button, ConfigProvider, Empty, Input, Skeleton, Spin, Switch } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AntdScope } from '@/components/antd-scope';
import { Icon } from '@/components/lite/icon';
import { LiteButton } from '@/components/lite/lite-button';
import { LiteInput } from '@/components/lite/lite-input';
import { LiteSkeleton } from '@/components/lite/lite-skeleton';
import { LiteSpin } from '@/components/lite/lite-spin';
import { LiteSwitch } from '@/components/lite/lite-switch';
import { page } from '@/app/route-kit';
import { RUNTIME_THEME } from '@/lib/antd-theme';
import { antd, expectSame, noop, rendered, without } from './support';

/*
 * The frame's antd look-alikes (components/lite/) against antd's own output, and antd's scope
 * around the pages. The entity details page's look-alikes: lite-components-entity-details.test.tsx;
 * the lists': lite-components-lists.test.tsx.
 */

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
