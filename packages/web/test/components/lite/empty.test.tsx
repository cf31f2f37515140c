import { render } from '@testing-library/react';
import { Empty } from 'antd';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { AntdScope } from '@/components/antd-scope';
import { SimpleEmpty } from '@/components/simple-empty';

function rendered(element: ReactElement): Element {
  const { container, unmount } = render(element);
  const node = container.firstElementChild!.cloneNode(true) as Element;
  unmount();
  return node;
}

describe('the simple empty state without antd’s script', () => {
  it('draws antd’s simple Empty as the portal’s antd scope does: picture, colours, title and text', () => {
    for (const className of [undefined, 'x']) {
      const lite = rendered(<SimpleEmpty description="暂无数据" className={className} />);
      const antd = rendered(
        <AntdScope>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" className={className} />
        </AntdScope>,
      );
      expect(lite.isEqualNode(antd), `${lite.outerHTML}\n  is not\n${antd.outerHTML}`).toBe(true);
    }
  });
});
