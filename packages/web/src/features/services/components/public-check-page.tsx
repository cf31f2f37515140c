import { looksLikeCreditCode, normalizeKeyword, type ReportContentSection } from '@credit-portal/shared';
import { Button, Descriptions, Form, Input } from 'antd';
import { useWideScreen } from '@/hooks/use-media-query';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { RecordTable } from '@/components/record-table';
import { useThirdPartyCheck, type ThirdPartyCheckRequest } from '../api/verify-report';
import { SignatureCheck } from './signature-check';
import { VerificationResult } from './verification-result';
import styles from './services.module.css';

function Section({ section }: { section: ReportContentSection }) {
  // A report's section numbers its rows itself (序号, as the PDF prints it); the table numbers
  // them too, so the section's own column is left out rather than shown twice.
  const from = section.columns[0] === '序号' ? 1 : 0;
  return (
    <section>
      <h3 className={styles.sectionTitle}>{section.title}</h3>
      {section.rows.length === 0 ? (
        <p className={styles.meta}>{section.emptyText}</p>
      ) : (
        <RecordTable
          rows={section.rows}
          columns={section.columns
            .slice(from)
            .map((title, index) => ({ title, render: (row: string[]) => row[from + index] ?? '—' }))}
          rowKey={(row) => row.join('|')}
          cardTitle={(row) => row[from] ?? section.title}
          firstNumber={1}
        />
      )}
    </section>
  );
}

function CheckResult({ request }: { request: ThirdPartyCheckRequest }) {
  const query = useThirdPartyCheck(request);
  const wide = useWideScreen();
  return (
    <QueryState query={query} skeletonRows={8} size="page">
      {(report) => (
        <>
          <VerificationResult verification={report.Verification} />
          <h2 className={styles.subheading}>基本信息</h2>
          <Descriptions
            bordered
            size="middle"
            layout={wide ? 'horizontal' : 'vertical'}
            column={{ xs: 1, sm: 1, md: 2 }}
            items={report.BasicInfo.map((item) => ({
              key: item.label,
              label: item.label,
              children: item.value || '—',
            }))}
          />
          <h2 className={styles.subheading}>报告内容</h2>
          {report.Sections.map((section) => (
            <Section key={section.title} section={section} />
          ))}
        </>
      )}
    </QueryState>
  );
}

/**
 * /public/xyhc: an authorized third party (a bank, a tendering unit) views a report the entity
 * gave it: credit code + report number + verification code. Standalone; the address keeps no query.
 */
export default function PublicCheckPage() {
  const [request, setRequest] = useState<ThirdPartyCheckRequest | null>(null);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>第三方信用核查</h1>
      <p className={styles.intro}>
        经企业授权，银行、招标单位等第三方可凭企业的统一社会信用代码和企业提供的信用报告编号、验证码，查看该报告的内容并核验其真伪。
      </p>
      <Form<ThirdPartyCheckRequest>
        layout="vertical"
        className={styles.form}
        onFinish={(values) =>
          setRequest({
            creditCode: normalizeKeyword(values.creditCode).toUpperCase(),
            reportNo: values.reportNo.trim(),
            code: values.code.trim(),
          })
        }
      >
        <Form.Item
          label="统一社会信用代码"
          name="creditCode"
          validateTrigger="onBlur"
          rules={[
            { required: true, whitespace: true, message: '请输入统一社会信用代码' },
            {
              validator: async (_rule, value: string | undefined) => {
                if (value && !looksLikeCreditCode(normalizeKeyword(value).toUpperCase())) {
                  throw new Error('请输入18位统一社会信用代码');
                }
              },
            },
          ]}
        >
          <Input maxLength={20} autoComplete="off" />
        </Form.Item>
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
        <Button type="primary" size="large" htmlType="submit">
          查看报告
        </Button>
      </Form>
      {request ? (
        <div className={styles.verified}>
          <CheckResult request={request} />
        </div>
      ) : null}
      <SignatureCheck />
    </div>
  );
}
