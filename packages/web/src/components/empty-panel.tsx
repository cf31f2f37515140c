import { Empty } from 'antd';
import { AntdScope } from './antd-scope';

/** antd's simple Empty, as the default export of its own chunk: LazyEmpty (lazy-empty.tsx) loads it. */
export default function EmptyPanel({ description }: { description: string }) {
  return (
    <AntdScope>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />
    </AntdScope>
  );
}
