import { Result, type ResultProps } from 'antd';
import { AntdScope } from './antd-scope';

/** antd's Result, as the default export of its own chunk: LazyResult (lazy-result.tsx) loads it. */
export default function ResultPanel(props: ResultProps) {
  return (
    <AntdScope>
      <Result {...props} />
    </AntdScope>
  );
}
