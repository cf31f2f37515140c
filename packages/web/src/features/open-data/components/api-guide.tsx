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
          即已读完。游标按日有效，次日数据更新或当日有记录撤下后请从第一页重新读取。
        </dd>
        <dt>
          <code>GET {OPEN_DATA_PATHS.changes}?cursor=&amp;limit=100</code>
        </dt>
        <dd>
          按顺序列出各数据集的每一次变更：新增（added）、更新（updated）、撤下（withdrawn，附原因：已修复、公示期满、异议更正、撤销），含记录的稳定标识与发生时间；以应答中的
          nextCursor 作为下次请求的
          cursor，即从上次读到的位置继续，不重复、不遗漏。数据复用单位也可由信用中心登记，以签名的 Webhook
          实时接收变更。
        </dd>
        <dt>
          <code>
            GET {OPEN_DATA_PATHS.filesPrefix}
            {'{日期}/{文件名}'}
          </code>
        </dt>
        <dd>
          下载当日的 CSV、JSON Lines 文件与
          manifest.json（清单：日期、版本、数据集、行数、字节数、SHA-256、自上一日以来的变更），以及清单的 SM2 签名
          manifest.json.sig，可用 OpenSSL 核验。
        </dd>
      </dl>
      <p>
        应答带 ETag 与 Last-Modified，携带 If-None-Match 或 If-Modified-Since 再次请求、数据未变时返回
        304。每个客户端有访问配额，超出时返回 429 和 Retry-After（秒），请稍后再试。完整的接口文档见{' '}
        <a href="/docs">/docs</a>（opendata 分组）。
      </p>
    </section>
  );
}
