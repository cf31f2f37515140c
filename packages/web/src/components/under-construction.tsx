import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { MESSAGES } from '@credit-portal/shared';
import { hashHref, paths } from '@/lib/paths';

interface UnderConstructionProps {
  note?: string;
  /** A box inside a page that has its own way home: no button. */
  inline?: boolean;
}

/** The under-construction placeholder of spec §2.1: 建设中..., with the way back home. */
export function UnderConstruction({ note, inline = false }: UnderConstructionProps) {
  return (
    <Result
      icon={<ToolOutlined aria-hidden />}
      title={MESSAGES.underConstruction}
      subTitle={note ?? '该栏目正在建设中，敬请期待。'}
      extra={
        inline ? undefined : (
          <Button type="primary" href={hashHref(paths.home)}>
            返回首页
          </Button>
        )
      }
    />
  );
}
