import { isRouteErrorResponse, useRouteError } from 'react-router';
import { hashHref, paths } from '@/lib/paths';
import styles from './route-error.module.css';
import { LazyResult } from '@/components/lazy-result';
import { LiteButton } from '@/components/lite/lite-button';

// A page chunk that no longer exists on the server (a new version was deployed) fails to import.
const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);

/** The route-level error boundary: the page failed, the layout around it stays. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className={styles.box}>
        <LazyResult
          status="404"
          title="页面不存在"
          extra={<LiteButton href={hashHref(paths.home)}>返回首页</LiteButton>}
        />
      </div>
    );
  }
  console.error('页面出错', error);
  const reloadNeeded = isChunkLoadError(error);
  return (
    <div className={styles.box} role="alert">
      <LazyResult
        status="warning"
        title={reloadNeeded ? '网站已更新' : '页面出现错误'}
        subTitle={reloadNeeded ? '请刷新页面以加载最新内容。' : '很抱歉，该页面暂时无法显示，请稍后重试。'}
        extra={
          <div className={styles.actions}>
            <LiteButton type="primary" onClick={() => window.location.reload()}>
              刷新页面
            </LiteButton>
            <LiteButton href={hashHref(paths.home)}>返回首页</LiteButton>
          </div>
        }
      />
    </div>
  );
}
