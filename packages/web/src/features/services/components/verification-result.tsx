import { labelBeijingTime, type ReportVerification } from '@credit-portal/shared';
import { Descriptions, Result } from 'antd';
import { useWideScreen } from '@/hooks/use-media-query';
import styles from './services.module.css';

/** A verified report: what it is, about whom, over which period, when issued, what it found. */
export function VerificationResult({ verification }: { verification: ReportVerification }) {
  const wide = useWideScreen();
  return (
    <section aria-labelledby="verify-ok" className={styles.verified}>
      <Result
        status="success"
        title={<span id="verify-ok">报告真实有效</span>}
        subTitle={
          verification.FileChecked
            ? '上传的PDF文件与信用中心出具的报告完全一致，未被修改。'
            : '报告编号与验证码一致，以下为信用中心留存的报告内容；如需核对纸质或电子文件是否被修改，请上传PDF文件核验。'
        }
      />
      <Descriptions
        bordered
        size="middle"
        layout={wide ? 'horizontal' : 'vertical'}
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'type', label: '报告类型', children: verification.ReportTypeLabel, span: 'filled' },
          { key: 'no', label: '报告编号', children: verification.ReportNo },
          { key: 'time', label: '生成时间', children: labelBeijingTime(verification.GeneratedAt) },
          { key: 'name', label: '主体名称', children: verification.EntName },
          { key: 'code', label: '统一社会信用代码', children: verification.CreditCode },
          {
            key: 'period',
            label: '报告期间',
            children: `${verification.PeriodFrom} 至 ${verification.PeriodTo}`,
            span: 'filled',
          },
          {
            key: 'summary',
            label: '结论摘要',
            span: 'filled',
            children: (
              <ul className={styles.findings}>
                {verification.Summary.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ),
          },
          ...(verification.KeyId
            ? [
                {
                  key: 'signature',
                  label: '电子签名',
                  span: 'filled' as const,
                  children: (
                    <span className={styles.digest}>
                      {verification.SignatureAlgorithm}，签名密钥指纹 {verification.KeyId}，签名时间{' '}
                      {labelBeijingTime(verification.GeneratedAt)}
                    </span>
                  ),
                },
              ]
            : []),
          {
            key: 'digest',
            label: '内容摘要值',
            span: 'filled',
            children: <span className={styles.digest}>SHA-256：{verification.ContentDigest}</span>,
          },
        ]}
      />
    </section>
  );
}
