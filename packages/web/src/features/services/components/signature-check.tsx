import { labelBeijingTime, type ReportSignatureCheck } from '@credit-portal/shared';
import { Button, Descriptions, Form, Result, Spin, type UploadFile } from 'antd';
import { useWideScreen } from '@/hooks/use-media-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { verifyReportSignature } from '../api/verify-report';
import { MaterialsUpload, filesOf, type MaterialLimits } from './materials-upload';
import { VerificationResult } from './verification-result';
import styles from './services.module.css';

/** One report PDF, as issued (at most the upload limit of a single material). */
export const REPORT_PDF_LIMITS: MaterialLimits = {
  maxFiles: 1,
  maxFileBytes: 20 * 1024 * 1024,
  extensions: ['.pdf'],
  mimeTypes: ['application/pdf'],
};

/** The signature of a file, checked: which key signed it, when, and the record kept for it. */
export function SignatureResult({ check }: { check: ReportSignatureCheck }) {
  const wide = useWideScreen();
  const keyState = check.KeyCurrent
    ? `当前签名密钥（自 ${check.KeyValidFrom} 起启用）`
    : `已轮换的历史密钥（${check.KeyValidFrom} 至 ${check.KeyValidTo ?? '—'} 期间使用），其签发的报告仍然有效`;
  return (
    <section aria-labelledby="signature-ok" className={styles.verified}>
      <Result
        status="success"
        title={<span id="signature-ok">电子签名有效</span>}
        subTitle={`该文件是信用中心签发的${check.ReportKindLabel}，签名后未被改动。`}
      />
      <Descriptions
        bordered
        size="middle"
        layout={wide ? 'horizontal' : 'vertical'}
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'kind', label: '报告类型', children: check.ReportKindLabel },
          { key: 'no', label: '报告编号', children: check.ReportNo },
          { key: 'time', label: '签名时间', children: labelBeijingTime(check.SignedAt) },
          { key: 'alg', label: '签名算法', children: `${check.Algorithm}（GB/T 32918）` },
          {
            key: 'key',
            label: '签名密钥指纹',
            span: 'filled',
            children: <span className={styles.digest}>{check.KeyId}</span>,
          },
          { key: 'state', label: '密钥状态', span: 'filled', children: keyState },
        ]}
      />
      {check.Verification ? (
        <>
          <h2 className={styles.subheading}>信用中心留存的报告记录</h2>
          <VerificationResult verification={check.Verification} />
        </>
      ) : (
        <p className={styles.meta}>
          {check.ReportKind === 'personal'
            ? '个人公共信用报告涉及个人信息，不在线展示内容，请以该文件所载内容为准。'
            : '未找到该报告的签发记录，请联系信用中心。'}
        </p>
      )}
    </section>
  );
}

interface FileFields {
  file: UploadFile[];
}

/**
 * A report PDF checked by its electronic signature alone — no number or code needed: for a bank or
 * a tender office that was handed the file.
 */
export function SignatureCheck() {
  const [form] = Form.useForm<FileFields>();
  const [state, setState] = useState<{ result?: ReportSignatureCheck; error?: string; pending: boolean } | null>(null);

  const submit = async (values: FileFields) => {
    const [file] = filesOf(values.file ?? []);
    if (!file) return;
    setState({ pending: true });
    try {
      setState({ pending: false, result: await verifyReportSignature(file) });
    } catch (error) {
      setState({ pending: false, error: errorMessage(error) });
    }
  };

  return (
    <section aria-labelledby="signature-check" className={styles.section}>
      <h2 id="signature-check" className={styles.subheading}>
        凭PDF文件核验电子签名
      </h2>
      <p className={styles.intro}>
        信用报告均经信用中心以 SM2
        电子签名。上传报告PDF文件，无需报告编号和验证码，即可核验文件是否由信用中心签发、签名后是否被改动，并查看签名密钥和签名时间；也可按公布的公钥用
        OpenSSL 离线核验。
      </p>
      <Form<FileFields>
        form={form}
        name="signature"
        layout="vertical"
        className={styles.form}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          label="报告PDF文件"
          name="file"
          rules={[{ required: true, type: 'array', min: 1, message: '请上传要核验的报告PDF文件' }]}
        >
          <MaterialsUpload limits={REPORT_PDF_LIMITS} />
        </Form.Item>
        <Button type="primary" size="large" htmlType="submit" loading={state?.pending}>
          核验电子签名
        </Button>
      </Form>
      {state?.pending ? (
        <div className={styles.generating} aria-live="polite" aria-busy="true">
          <Spin /> 正在核验电子签名…
        </div>
      ) : state?.error ? (
        <div role="alert" className={styles.failed}>
          <Result status="error" title="电子签名核验未通过" subTitle={state.error} />
        </div>
      ) : state?.result ? (
        <SignatureResult check={state.result} />
      ) : null}
    </section>
  );
}
