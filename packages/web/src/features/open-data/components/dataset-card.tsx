import type { OpenDataset } from '@credit-portal/shared/contracts/open-data';
import { FORMAT_LABELS, fileSizeLabel } from '../format';
import styles from './open-data.module.css';

/** One dataset: what it holds, today's files (size, SHA-256, download) and its fields. */
export function DatasetCard({ dataset, date }: { dataset: OpenDataset; date: string }) {
  const titleId = `open-data-${dataset.id}`;
  return (
    <section className={styles.dataset} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.datasetTitle}>
        {dataset.title}
        <code className={styles.datasetId}>{dataset.id}</code>
      </h2>
      <p className={styles.datasetText}>{dataset.description}</p>
      <p className={styles.datasetMeta}>
        <span>数据日期：{date}</span>
        <span>记录数：{dataset.rows.toLocaleString('zh-CN')} 条</span>
      </p>
      <ul className={styles.files} aria-label={`${dataset.title}的数据文件`}>
        {dataset.files.map((file) => (
          <li key={file.name} className={styles.file}>
            <span className={styles.fileFormat}>{FORMAT_LABELS[file.format]}</span>
            <span className={styles.fileSize}>{fileSizeLabel(file.bytes)}</span>
            <span className={styles.fileHash}>
              <span className={styles.hashLabel}>SHA-256</span>
              <code>{file.sha256}</code>
            </span>
            <a className={styles.download} href={file.url} download={file.name}>
              下载 {file.format.toUpperCase()}
              <span className="visually-hidden">
                （{dataset.title}，{file.name}）
              </span>
            </a>
          </li>
        ))}
      </ul>
      <details className={styles.fields}>
        <summary>字段说明（{dataset.fields.length} 个字段）</summary>
        <table className={styles.fieldTable}>
          <caption className="visually-hidden">{dataset.title}的字段说明</caption>
          <thead>
            <tr>
              <th scope="col">字段代码</th>
              <th scope="col">中文名称</th>
              <th scope="col">含义</th>
            </tr>
          </thead>
          <tbody>
            {dataset.fields.map((field) => (
              <tr key={field.code}>
                <td>
                  <code>{field.code}</code>
                </td>
                <td>{field.name}</td>
                <td>{field.meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
