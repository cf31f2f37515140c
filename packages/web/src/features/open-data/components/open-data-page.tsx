import { QueryState } from '@/components/query-state';
import { formatServerTime } from '@/lib/format';
import { useOpenDatasets } from '../api/get-open-datasets';
import { ApiGuide } from './api-guide';
import { DatasetCard } from './dataset-card';
import styles from './open-data.module.css';

/**
 * /xygs/kfsj 开放数据: today's daily files of the published records — 双公示 licences and penalties
 * in the national field codes, the red/black and other lists — with their sizes, SHA-256 and
 * field descriptions, and the read API in short.
 */
export default function OpenDataPage() {
  const query = useOpenDatasets();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>开放数据</h1>
      <p className={styles.intro}>
        本站每日生成当日处于公示期内的双公示行政许可、行政处罚及各类名单的数据文件，可下载 CSV（UTF-8，Excel
        可直接打开）或 JSON
        Lines，也可通过数据接口读取。超过公示期或已信用修复的记录不再包含在内；自然人证件号码已脱敏。
      </p>
      <QueryState query={query} isEmpty={(catalog) => catalog.datasets.length === 0} skeletonRows={12} size="page">
        {(catalog) => (
          <>
            <p className={styles.summary}>
              <span>数据日期：{catalog.date}</span>
              <span>生成时间：{formatServerTime(catalog.generatedAt, 'minute')}</span>
              <a href={catalog.manifestUrl} download>
                下载清单 manifest.json
              </a>
            </p>
            {catalog.datasets.map((dataset) => (
              <DatasetCard key={dataset.id} dataset={dataset} date={catalog.date} />
            ))}
          </>
        )}
      </QueryState>
      <ApiGuide />
    </div>
  );
}
