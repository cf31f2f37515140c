import type { ReportVerifyOutcome } from '@credit-portal/shared';
import { Button, Form, Input, Result, Spin, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useReportVerification, verifyReportFile } from '../api/verify-report';
import { MaterialsUpload, filesOf, type MaterialLimits } from './materials-upload';
import { SignatureCheck } from './signature-check';
import { VerificationResult } from './verification-result';
import styles from './services.module.css';

/** One issued PDF to compare byte for byte. */
const PDF_LIMITS: MaterialLimits = {
  maxFiles: 1,
  maxFileBytes: 20 * 1024 * 1024,
  extensions: ['.pdf'],
  mimeTypes: ['application/pdf'],
};

interface VerifyFields {
  reportNo: string;
  code: string;
  file: UploadFile[];
}

function Failure({ message }: { message: string }) {
  return (
    <div role="alert" className={styles.failed}>
      <Result status="error" title="核验未通过" subTitle={message} />
    </div>
  );
}

/** The outcome of a check: what the report said, or why the check did not pass. */
function Outcome({ outcome }: { outcome: ReportVerifyOutcome }) {
  return outcome.Verified && outcome.Report ? (
    <VerificationResult verification={outcome.Report} />
  ) : (
    <Failure message={outcome.Message} />
  );
}

/**
 * xyfw/verify: anyone checks a report by its number and verification code (filled in from the QR
 * code's link ?no=&code=, and then checked at once), optionally with the PDF to prove it unaltered;
 * or by the PDF alone, through its SM2 signature (SignatureCheck, issue 24).
 */
export default function VerifyPage() {
  const [params, setParams] = useSearchParams();
  const reportNo = params.get('no')?.trim() ?? '';
  const code = params.get('code')?.trim() ?? '';
  const [form] = Form.useForm<VerifyFields>();
  const byCode = useReportVerification(reportNo, code);
  const [fileCheck, setFileCheck] = useState<{ result?: ReportVerifyOutcome; error?: string; pending: boolean } | null>(
    null,
  );

  // The address is the source of the number and code (QR links, back and forward): the fields follow it.
  useEffect(() => {
    form.setFieldsValue({ reportNo, code });
  }, [form, reportNo, code]);

  const submit = async (values: VerifyFields) => {
    const no = values.reportNo.trim();
    const c = values.code.trim();
    const files = filesOf(values.file ?? []);
    if (files[0]) {
      setFileCheck({ pending: true });
      try {
        setFileCheck({ pending: false, result: await verifyReportFile(no, c, files[0]) });
      } catch (error) {
        setFileCheck({ pending: false, error: errorMessage(error) });
      }
    } else {
      setFileCheck(null);
    }
    setParams({ no, code: c }, { replace: true });
  };

  const shown = fileCheck ? (
    fileCheck.pending ? (
      <div className={styles.generating} aria-live="polite">
        <Spin /> 正在核验…
      </div>
    ) : fileCheck.error ? (
      <Failure message={fileCheck.error} />
    ) : fileCheck.result ? (
      <Outcome outcome={fileCheck.result} />
    ) : null
  ) : reportNo && code ? (
    byCode.error ? (
      <Failure message={errorMessage(byCode.error)} />
    ) : byCode.data ? (
      <Outcome outcome={byCode.data} />
    ) : (
      <div className={styles.generating} aria-live="polite" aria-busy="true">
        <Spin /> 正在核验…
      </div>
    )
  ) : null;

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>报告核验</h1>
      <p className={styles.intro}>
        输入信用报告上的报告编号和验证码（扫描报告上的二维码可自动填入），核验报告是否由信用中心出具并查看报告内容摘要。上传报告PDF文件，还可核对文件是否被修改。
      </p>
      <Form<VerifyFields>
        form={form}
        layout="vertical"
        className={styles.form}
        initialValues={{ reportNo, code, file: [] }}
        onFinish={(values) => void submit(values)}
      >
        <div className={styles.formGrid}>
          <Form.Item
            label="报告编号"
            name="reportNo"
            rules={[{ required: true, whitespace: true, message: '请输入报告编号' }]}
          >
            <Input maxLength={40} autoComplete="off" />
          </Form.Item>
          <Form.Item label="验证码" name="code" rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
            <Input maxLength={20} autoComplete="off" />
          </Form.Item>
        </div>
        <Form.Item label="报告PDF文件（选填）" name="file">
          <MaterialsUpload limits={PDF_LIMITS} />
        </Form.Item>
        <Button type="primary" size="large" htmlType="submit" loading={fileCheck?.pending || byCode.isLoading}>
          立即核验
        </Button>
      </Form>
      {shown}
      <SignatureCheck />
    </div>
  );
}
