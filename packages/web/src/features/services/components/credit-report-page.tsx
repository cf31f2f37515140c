import type { EntitySearchResult } from '@credit-portal/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { generateEnterpriseReport } from '../api/generate-report';
import { EntityPicker } from './entity-picker';
import { ReportGenerator } from './report-generator';
import styles from './services.module.css';

/** xyfw/xybg: the enterprise credit report — pick an entity and a period, download the signed PDF. */
export default function CreditReportPage() {
  const [entity, setEntity] = useState<EntitySearchResult | null>(null);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>企业信用报告</h1>
      <p className={styles.intro}>
        企业公共信用信息报告由信用中心依据归集的公共信用信息生成，可用于政府采购、招标投标、评优评先、融资授信等。
      </p>
      <h2 className={styles.subheading}>报告包含</h2>
      <ul className={styles.list}>
        <li>基本信息：企业名称、统一社会信用代码、法定代表人、登记状态、成立日期等登记信息；</li>
        <li>报告期间内的行政许可；</li>
        <li>公示期内的行政处罚，已修复的记录标注“已修复”；</li>
        <li>红名单、黑名单（严重失信主体名单）列入情况；</li>
        <li>信用承诺。</li>
      </ul>
      <p className={styles.intro}>每份报告有报告编号、生成时间、验证码和二维码，并经数字签名，任何人均可在线核验。</p>
      <h2 className={styles.subheading}>1. 选择报告主体</h2>
      {entity ? (
        <div className={styles.picked}>
          <p className={styles.resultName}>{entity.EntName}</p>
          <p className={styles.resultMeta}>统一社会信用代码：{entity.CreditCode}</p>
          <Button className={styles.changeButton} onClick={() => setEntity(null)}>
            重新选择
          </Button>
        </div>
      ) : (
        <EntityPicker onPick={setEntity} />
      )}
      <h2 className={styles.subheading}>2. 选择报告期间并生成</h2>
      <ReportGenerator
        entityId={entity?.ID}
        entityName={entity?.EntName}
        reportName="企业信用报告"
        generate={generateEnterpriseReport}
      />
    </div>
  );
}
