import { OPEN_DATA_LIMITS, OPEN_DATA_PATHS } from '@credit-portal/shared/heads/open-data';
import styles from './open-data.module.css';

/** The read API in short, for the developers of banks and other systems; the full contract is at /docs. */
export function ApiGuide() {
  return (
    <section className={styles.api} aria-labelledby="open-data-api">
      <h2 id="open-data-api" className={styles.apiTitle}>
        数据接口
      </h2>
      <p>接口无需登录，返回统一信封 {'{ ok, code, message, data }'}，只含当日处于公示期内的记录。</p>
      <dl className={styles.endpoints}>
        <dt>
          <code>GET {OPEN_DATA_PATHS.datasets}</code>
        </dt>
        <dd>当日的数据集、文件（行数、字节数、SHA-256、下载地址）与字段说明。</dd>
        <dt>
          <code>GET {OPEN_DATA_PATHS.records}?dataset=xzcf&amp;limit=100</code>
        </dt>
        <dd>
          按游标分页读取一个数据集的记录：limit 为 1–{OPEN_DATA_LIMITS.maxLimit}（默认 {OPEN_DATA_LIMITS.defaultLimit}
          ）；以应答中的 nextCursor 作为下一页的 cursor 参数，nextCursor 为 null
          即已读完。游标按日有效，次日数据更新后请从第一页重新读取。
        </dd>
        <dt>
          <code>
            GET {OPEN_DATA_PATHS.filesPrefix}
            {'{日期}/{文件名}'}
          </code>
        </dt>
        <dd>下载当日的 CSV、JSON Lines 文件与 manifest.json（清单：日期、数据集、行数、字节数、SHA-256）。</dd>
      </dl>
      <p>
        应答带 ETag 与 Last-Modified，携带 If-None-Match 或 If-Modified-Since 再次请求、数据未变时返回
        304。每个客户端有访问配额，超出时返回 429 和 Retry-After（秒），请稍后再试。完整的接口文档见{' '}
        <a href="/docs">/docs</a>（opendata 分组）。
      </p>
    </section>
  );
}
