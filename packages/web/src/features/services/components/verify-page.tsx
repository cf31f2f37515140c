import type { ReportSignatureCheck, ReportVerifyOutcome } from '@credit-portal/shared';
import { Button, Form, Input, Result, Spin, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useReportVerification, verifyReportFile, verifyReportSignature } from '../api/verify-report';
import { MaterialsUpload, filesOf } from './materials-upload';
import { ReportStatusPanel } from './report-status';
import { REPORT_PDF_LIMITS, SignatureResult } from './signature-check';
import { VerificationResult } from './verification-result';
import { planVerification, VERIFY_MISSING, type VerifyWay } from './verify-way';
import styles from './services.module.css';

interface VerifyFields {
  reportNo: string;
  code: string;
  file: UploadFile[];
}

/** A check the page ran on a file: the signature alone, or the file against a number and code. */
type FileCheck =
  | { pending: true; way: VerifyWay }
  | { pending: false; way: VerifyWay; error: string }
  | { pending: false; way: 'signature'; signature: ReportSignatureCheck }
  | { pending: false; way: 'file'; outcome: ReportVerifyOutcome };

function Failure({ title = '核验未通过', message }: { title?: string; message: string }) {
  return (
    <div role="alert" className={styles.failed}>
      <Result status="error" title={title} subTitle={message} />
    </div>
  );
}

/** The number and code a check was asked with (kept in the page, never in its address). */
interface Asked {
  reportNo: string;
  code: string;
}

/** The outcome of a check: what the report said and whether it is still current, or why the check did not pass. */
function Outcome({ outcome, asked }: { outcome: ReportVerifyOutcome; asked: Asked | null }) {
  return outcome.Verified && outcome.Report ? (
    <>
      <VerificationResult verification={outcome.Report} />
      {asked ? <ReportStatusPanel reportNo={asked.reportNo} code={asked.code} /> : null}
    </>
  ) : (
    <Failure message={outcome.Message} />
  );
}

function Checking({ text }: { text: string }) {
  return (
    <div className={styles.generating} aria-live="polite" aria-busy="true">
      <Spin /> {text}
    </div>
  );
}

function FileCheckShown({ check, asked }: { check: FileCheck; asked: Asked | null }) {
  if (check.pending) return <Checking text={check.way === 'signature' ? '正在核验电子签名…' : '正在核验…'} />;
  if ('error' in check) {
    return <Failure title={check.way === 'signature' ? '电子签名核验未通过' : '核验未通过'} message={check.error} />;
  }
  return 'signature' in check ? (
    <SignatureResult check={check.signature} />
  ) : (
    <Outcome outcome={check.outcome} asked={asked} />
  );
}

/**
 * xyfw/verify: one form, two ways to check a report. The PDF alone is checked by its embedded SM2
 * signature (no number or code needed: a bank handed the file); the number and verification code
 * find the record kept for them and whether the report is still current (ReportStatus); given
 * both, the file is also compared byte for byte with the one issued. The QR code's link ?no= fills
 * in the number; the code is typed in from the report and never goes into the address. The link
 * of a report issued before (?no=&code=) is still checked at once, and its code leaves the address.
 */
export default function VerifyPage() {
  const [params, setParams] = useSearchParams();
  const reportNo = params.get('no')?.trim() ?? '';
  const linkedCode = params.get('code')?.trim() ?? '';
  const [form] = Form.useForm<VerifyFields>();
  const [asked, setAsked] = useState<Asked | null>(() =>
    reportNo && linkedCode ? { reportNo, code: linkedCode } : null,
  );
  const [byCodeAsked, setByCodeAsked] = useState(asked !== null);
  const byCode = useReportVerification(
    byCodeAsked ? (asked?.reportNo ?? '') : '',
    byCodeAsked ? (asked?.code ?? '') : '',
  );
  const [fileCheck, setFileCheck] = useState<FileCheck | null>(null);

  // The number follows the address (QR links, back and forward); a code in it is taken and dropped.
  useEffect(() => {
    form.setFieldsValue(linkedCode ? { reportNo, code: linkedCode } : { reportNo });
    if (linkedCode) setParams(reportNo ? { no: reportNo } : {}, { replace: true });
  }, [form, reportNo, linkedCode, setParams]);

  /** The rule of one text field: what the form as a whole still lacks, said under the field it concerns. */
  const missingRule = (field: 'reportNo' | 'code') => ({
    validator: async () => {
      const plan = planVerification({
        reportNo: form.getFieldValue('reportNo') ?? '',
        code: form.getFieldValue('code') ?? '',
        hasFile: filesOf(form.getFieldValue('file') ?? []).length > 0,
      });
      if (!('missing' in plan)) return;
      const here = plan.missing === field || (plan.missing === 'any' && field === 'reportNo');
      if (here) throw new Error(VERIFY_MISSING[plan.missing]);
    },
  });

  const submit = async (values: VerifyFields) => {
    const no = (values.reportNo ?? '').trim();
    const c = (values.code ?? '').trim();
    const [file] = filesOf(values.file ?? []);
    const plan = planVerification({ reportNo: no, code: c, hasFile: Boolean(file) });
    if ('missing' in plan) return;
    if (plan.way === 'code' || !file) {
      setFileCheck(null);
      setAsked({ reportNo: no, code: c });
      setByCodeAsked(true);
      setParams({ no }, { replace: true });
      return;
    }
    // A file checked by its signature alone leaves no number in the address to check again.
    setParams(plan.way === 'file' ? { no } : {}, { replace: true });
    setAsked(plan.way === 'file' ? { reportNo: no, code: c } : null);
    setByCodeAsked(false);
    setFileCheck({ pending: true, way: plan.way });
    try {
      setFileCheck(
        plan.way === 'signature'
          ? { pending: false, way: 'signature', signature: await verifyReportSignature(file) }
          : { pending: false, way: 'file', outcome: await verifyReportFile(no, c, file) },
      );
    } catch (error) {
      setFileCheck({ pending: false, way: plan.way, error: errorMessage(error) });
    }
  };

  const shown = fileCheck ? (
    <FileCheckShown check={fileCheck} asked={asked} />
  ) : byCodeAsked && asked ? (
    byCode.error ? (
      <Failure message={errorMessage(byCode.error)} />
    ) : byCode.data ? (
      <Outcome outcome={byCode.data} asked={asked} />
    ) : (
      <Checking text="正在核验…" />
    )
  ) : null;

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>报告核验</h1>
      <p className={styles.intro}>
        核验信用中心出具的信用报告，两种方式任选其一：上传报告PDF文件，无需报告编号和验证码，即可核验文件是否由信用中心签发、签名后是否被改动；或输入报告上的报告编号和验证码（扫描报告上的二维码可自动填入报告编号），查看信用中心留存的报告内容摘要及报告当前状态（有效或已有更新）。两者同时提供时，还将核对文件与出具的报告是否完全一致。
      </p>
      <Form<VerifyFields>
        form={form}
        layout="vertical"
        className={styles.form}
        initialValues={{ reportNo, code: linkedCode, file: [] }}
        onFinish={(values) => void submit(values)}
      >
        <div className={styles.formGrid}>
          <Form.Item label="报告编号" name="reportNo" dependencies={['code', 'file']} rules={[missingRule('reportNo')]}>
            <Input maxLength={40} autoComplete="off" />
          </Form.Item>
          <Form.Item label="验证码" name="code" dependencies={['reportNo', 'file']} rules={[missingRule('code')]}>
            <Input maxLength={20} autoComplete="off" />
          </Form.Item>
        </div>
        <Form.Item label="报告PDF文件" name="file" extra="只上传PDF文件即可核验电子签名，报告编号和验证码可不填。">
          <MaterialsUpload limits={REPORT_PDF_LIMITS} />
        </Form.Item>
        <Button type="primary" size="large" htmlType="submit" loading={fileCheck?.pending || byCode.isLoading}>
          立即核验
        </Button>
      </Form>
      {shown}
    </div>
  );
}
