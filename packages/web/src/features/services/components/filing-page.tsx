import {
  FILING_FIELD_LABELS,
  OBJECTION_TYPES,
  PENALTY_FIELD_LABELS,
  REPAIR_PROMISE,
  RepairFilingFieldsSchema,
  SERVICE_MESSAGES,
  type Application,
  type ObjectionType,
  type RepairPunishRow,
} from '@credit-portal/shared';
import { Alert, Button, Checkbox, Form, Input, Result, Select, type UploadFile } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LabelledFields } from '@/components/labelled-fields';
import { QueryState } from '@/components/query-state';
import { RequireLogin } from '@/components/require-login';
import { errorMessage } from '@/lib/api-client';
import type { LoginSession } from '@/lib/login-session';
import { paths, withQuery } from '@/lib/paths';
import { useFeedback } from '@/lib/feedback';
import { fileObjection, fileRepair } from '../api/file-application';
import { useRepairPurposes } from '../api/get-repair-purposes';
import { useJudgeMyBusiness } from '../api/judge-my-business';
import { usePunishment } from '../api/search-punishments';
import { FILING_LIMITS, MaterialsUpload, filesOf } from './materials-upload';
import type { FilingKind } from './punish-search';
import styles from './services.module.css';

const TEXT = {
  repair: {
    title: '信用修复申请',
    search: paths.creditRepairSearch,
    can: (row: RepairPunishRow) => row.Repairable,
    cannot: SERVICE_MESSAGES.notRepairable,
    description: '请说明已履行行政处罚决定、纠正失信行为的情况（5—1000字）',
    submit: '提交修复申请',
  },
  objection: {
    title: '信用异议申请',
    search: paths.creditObjectionSearch,
    can: (row: RepairPunishRow) => row.Objectionable,
    cannot: SERVICE_MESSAGES.notObjectionable,
    description: '请说明该信息哪里有误、正确的内容应是什么（5—1000字）',
    submit: '提交异议申请',
  },
} as const;

/** The penalty's fields the form shows, with their national labels. */
const PUNISH_LABELS = Object.fromEntries(
  (['CF_WSH', 'CF_XDR_MC', 'CF_XDR_SHXYM', 'CF_CFLB', 'CF_WFXW', 'CF_JDRQ', 'CF_CFJG', 'CF_GSJZQ'] as const).map(
    (field) => [field, PENALTY_FIELD_LABELS[field]],
  ),
);

/** A text field's limits as the shared filing schema states them: the form checks what the service checks. */
const limitsOf = (field: 'contactName' | 'contactPhone' | 'description') =>
  RepairFilingFieldsSchema.properties[field] as { pattern?: string; minLength?: number; maxLength?: number };
const PHONE_PATTERN = new RegExp(limitsOf('contactPhone').pattern ?? '^1[3-9]\\d{9}$');
const DESCRIPTION_MIN = limitsOf('description').minLength ?? 5;
const DESCRIPTION_MAX = limitsOf('description').maxLength ?? 1000;
const NAME_MAX = limitsOf('contactName').maxLength ?? 30;

interface FilingFields {
  purposeId?: string;
  objectionType?: ObjectionType;
  contactName: string;
  contactPhone: string;
  description: string;
  files: UploadFile[];
  /** Repair: the 信用修复承诺书 signed (the signer's name, the box ticked). */
  promiseSigner?: string;
  promiseAccepted?: boolean;
}

/**
 * The 信用修复承诺书 step of a repair: the text (scrollable, reachable by keyboard), the signer's
 * name and the box — both required; the service stores them with the text's version.
 */
function PromiseStep() {
  return (
    <section className={styles.promise} aria-labelledby="promise-title">
      <h2 id="promise-title" className={styles.cardTitle}>
        {REPAIR_PROMISE.title}
      </h2>
      {/* Focusable so that a keyboard can scroll the text; named by its heading. */}
      <div className={styles.promiseText} tabIndex={0} role="document" aria-labelledby="promise-title">
        {REPAIR_PROMISE.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p className={styles.meta}>承诺书版本：{REPAIR_PROMISE.version}</p>
      </div>
      <Form.Item
        label={FILING_FIELD_LABELS.promiseSigner}
        name="promiseSigner"
        extra="请填写签署本承诺书的申请人（经办人）姓名"
        rules={[{ required: true, whitespace: true, message: '请填写承诺人姓名' }]}
      >
        <Input maxLength={NAME_MAX} autoComplete="name" className={styles.promiseSigner} />
      </Form.Item>
      <Form.Item
        name="promiseAccepted"
        valuePropName="checked"
        rules={[
          {
            validator: (_rule, value) =>
              value === true ? Promise.resolve() : Promise.reject(new Error(`请勾选“${REPAIR_PROMISE.consent}”`)),
          },
        ]}
      >
        <Checkbox>{REPAIR_PROMISE.consent}</Checkbox>
      </Form.Item>
    </section>
  );
}

function Filed({ kind, application }: { kind: FilingKind; application: Application }) {
  const follow =
    kind === 'repair'
      ? { label: '查看办理进度', path: paths.creditRepairProgress }
      : { label: '查看办理进度', path: withQuery(paths.creditObjectionResult, { applyNo: application.ApplyNo }) };
  return (
    <Result
      status="success"
      title="申请已提交"
      subTitle={`申请编号：${application.ApplyNo}。请记下申请编号，可随时查看办理进度。`}
      extra={[
        <Link key="follow" to={follow.path} className={styles.primaryAction}>
          {follow.label}
        </Link>,
        <Link key="services" to={paths.services} className={styles.action}>
          返回信用服务
        </Link>,
      ]}
    />
  );
}

function FilingForm({ kind, row, session }: { kind: FilingKind; row: RepairPunishRow; session: LoginSession }) {
  const text = TEXT[kind];
  const [form] = Form.useForm<FilingFields>();
  const { message } = useFeedback();
  const purposes = useRepairPurposes();
  const judge = useJudgeMyBusiness(row.EntityId, session.token);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState('');
  const [filed, setFiled] = useState<Application | null>(null);
  const purposeId = Form.useWatch('purposeId', form);

  if (filed) return <Filed kind={kind} application={filed} />;

  const submit = async (values: FilingFields) => {
    const common = {
      punishId: row.id,
      contactName: values.contactName.trim(),
      contactPhone: values.contactPhone.trim(),
      description: values.description.trim(),
    };
    setSubmitting(true);
    setFailure('');
    try {
      const files = filesOf(values.files);
      const application =
        kind === 'repair'
          ? await fileRepair(
              {
                ...common,
                purposeId: values.purposeId ?? '',
                promiseSigner: values.promiseSigner?.trim() ?? '',
                promiseAccepted: 'true',
                promiseVersion: REPAIR_PROMISE.version,
              },
              files,
            )
          : await fileObjection({ ...common, objectionType: values.objectionType ?? OBJECTION_TYPES[0] }, files);
      void message.success('申请已提交');
      setFiled(application);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <section className={styles.picked} aria-labelledby="picked-title">
        <h2 id="picked-title" className={styles.cardTitle}>
          所选行政处罚
        </h2>
        <LabelledFields labels={PUNISH_LABELS} record={row} />
      </section>
      <QueryState query={judge} skeletonRows={2}>
        {(verdict) => {
          const blocked = !verdict.isMine
            ? SERVICE_MESSAGES.notMyBusiness
            : !text.can(row)
              ? row.Note || text.cannot
              : '';
          return (
            <>
              {blocked ? (
                <Alert
                  className={styles.notice}
                  type="error"
                  showIcon
                  title={blocked}
                  description={
                    !verdict.isMine
                      ? `“${verdict.EntName || row.CF_XDR_MC}”未与您的账号关联。只能为本人名下的企业申请；如需办理，请使用该企业关联的账号登录。`
                      : undefined
                  }
                />
              ) : null}
              <Form<FilingFields>
                form={form}
                layout="vertical"
                className={styles.form}
                disabled={Boolean(blocked) || submitting}
                initialValues={{ files: [], objectionType: OBJECTION_TYPES[0] }}
                onFinish={(values) => void submit(values)}
                scrollToFirstError
              >
                <div className={styles.formGrid}>
                  {kind === 'repair' ? (
                    <Form.Item
                      label={FILING_FIELD_LABELS.purposeId}
                      name="purposeId"
                      rules={[{ required: true, message: '请选择修复用途' }]}
                      extra={purposes.data?.find((purpose) => purpose.id === purposeId)?.description}
                    >
                      <Select
                        placeholder="请选择修复用途"
                        loading={purposes.isLoading}
                        notFoundContent={purposes.error ? errorMessage(purposes.error) : '暂无数据'}
                        options={(purposes.data ?? []).map((purpose) => ({ value: purpose.id, label: purpose.name }))}
                      />
                    </Form.Item>
                  ) : (
                    <Form.Item
                      label={FILING_FIELD_LABELS.objectionType}
                      name="objectionType"
                      rules={[{ required: true, message: '请选择异议类型' }]}
                    >
                      <Select options={OBJECTION_TYPES.map((type) => ({ value: type, label: type }))} />
                    </Form.Item>
                  )}
                  <Form.Item
                    label={FILING_FIELD_LABELS.contactName}
                    name="contactName"
                    rules={[{ required: true, whitespace: true, message: '请输入联系人姓名' }]}
                  >
                    <Input maxLength={NAME_MAX} autoComplete="name" />
                  </Form.Item>
                  <Form.Item
                    label={FILING_FIELD_LABELS.contactPhone}
                    name="contactPhone"
                    validateTrigger="onBlur"
                    rules={[
                      { required: true, whitespace: true, message: '请输入联系电话' },
                      { pattern: PHONE_PATTERN, message: '请输入正确的手机号码或带区号的固定电话' },
                    ]}
                  >
                    <Input inputMode="tel" maxLength={13} autoComplete="tel" placeholder="手机号码或带区号的固定电话" />
                  </Form.Item>
                </div>
                <Form.Item
                  label={FILING_FIELD_LABELS.description}
                  name="description"
                  rules={[
                    { required: true, whitespace: true, message: '请填写情况说明' },
                    { min: DESCRIPTION_MIN, message: `情况说明至少${DESCRIPTION_MIN}个字` },
                  ]}
                >
                  <Input.TextArea rows={5} showCount maxLength={DESCRIPTION_MAX} placeholder={text.description} />
                </Form.Item>
                <Form.Item
                  label={FILING_FIELD_LABELS.files}
                  name="files"
                  valuePropName="value"
                  // A required rule (not a bare validator): antd marks the label with its asterisk.
                  rules={[{ required: true, type: 'array', min: 1, message: SERVICE_MESSAGES.noFiles }]}
                >
                  <MaterialsUpload limits={FILING_LIMITS} />
                </Form.Item>
                {kind === 'repair' ? <PromiseStep /> : null}
                {failure ? (
                  <Alert className={styles.notice} type="error" showIcon role="alert" title={`提交失败：${failure}`} />
                ) : null}
                <Button type="primary" htmlType="submit" size="large" loading={submitting}>
                  {text.submit}
                </Button>
              </Form>
            </>
          );
        }}
      </QueryState>
    </>
  );
}

function FilingBody({ kind, session }: { kind: FilingKind; session: LoginSession }) {
  const [params] = useSearchParams();
  const punishId = params.get('punishId')?.trim() ?? '';
  const docNo = params.get('docNo')?.trim() ?? '';
  const punishment = usePunishment(punishId, docNo);
  if (!punishId || !docNo) {
    return (
      <Result
        status="info"
        title="请先选择行政处罚记录"
        subTitle="从查询页面找到需要办理的记录后，点击其后的申请按钮进入本页。"
        extra={
          <Link to={TEXT[kind].search} className={styles.primaryAction}>
            去查询
          </Link>
        }
      />
    );
  }
  return (
    <QueryState query={punishment} skeletonRows={6} size="page">
      {(row) =>
        row ? (
          <FilingForm kind={kind} row={row} session={session} />
        ) : (
          <Result
            status="warning"
            title={SERVICE_MESSAGES.punishNotFound}
            subTitle="该记录可能已不在公示期内，请重新查询。"
            extra={
              <Link to={TEXT[kind].search} className={styles.primaryAction}>
                重新查询
              </Link>
            }
          />
        )
      }
    </QueryState>
  );
}

/** The filing of a repair or an objection against one penalty (query punishId, docNo); login. */
export function FilingPage({ kind }: { kind: FilingKind }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{TEXT[kind].title}</h1>
      <RequireLogin>{(session) => <FilingBody kind={kind} session={session} />}</RequireLogin>
    </div>
  );
}
