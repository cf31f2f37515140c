import { Button, Result, Space } from 'antd';
import { SiteLogo } from '@/components/site-logo';
import { hashHref, paths } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config';
import styles from './not-found-page.module.css';

/** /404: a standalone page that says the address is wrong and leads back home. */
export default function NotFoundPage() {
  const { siteName } = useRuntimeConfig();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className="page-container">
          <SiteLogo siteName={siteName} />
        </div>
      </header>
      <main className={styles.main}>
        <Result
          status="404"
          title={<h1 className={styles.title}>页面未找到</h1>}
          subTitle="抱歉，您访问的页面不存在、已被移除或暂未开放。请检查地址是否正确，或从首页重新进入。"
          extra={
            <Space wrap>
              <Button type="primary" size="large" href={hashHref(paths.home)}>
                返回首页
              </Button>
              <Button size="large" href={hashHref(paths.webMap)}>
                查看网站地图
              </Button>
            </Space>
          }
        />
      </main>
    </div>
  );
}
