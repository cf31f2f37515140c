import { Alert, Button, Empty, Form, Input, Select, Tag } from 'antd';
import {
  MOBILE_PATTERN,
  PROMISE_CONTENT_MAX,
  PROMISE_CONTENT_MIN,
  PROMISE_TYPES,
  VOLUNTARY_PROMISE_TEXT,
  looksLikeCreditCode,
  normalizeKeyword,
  type CreatePromiseRequest,
  type PromiseType,
} from '@credit-portal/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoginPrompt } from '@/components/login-prompt';
import { QueryState } from '@/components/query-state';
import { RequireLogin } from '@/components/require-login';
import { errorMessage } from '@/lib/api-client';
import { useLoginSession, type LoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useFeedback } from '@/lib/feedback';
import { createPromise } from '../api/create-promise';
import { useMyPromises } from '../api/get-my-promises';
import styles from './account.module.css';

interface PromiseFields {
  creditCode: string;
  promiseType: PromiseType;
  promiser: string;
  contactMobile: string;
  content: string;
}

/** Where the form is offered: the personal centre, or 信息公示's voluntary registration. */
export type PromisePageVariant = 'personal' | 'voluntary';

interface VariantText {
  heading: string;
  lead: ReactNode;
  /** The one kind of promise the page files (the type field is then fixed). */
  fixedType?: PromiseType;
  /** The promise text the form starts with. */
  content?: string;
  /** A line under the promise text. */
  contentHint?: string;
}

const VARIANTS: Readonly<Record<PromisePageVariant, VariantText>> = {
  personal: {
    heading: '信用承诺',
    lead: '市场主体可就行政审批、容缺受理、行业自律、信用修复等事项作出信用承诺。承诺经审核后在主体详情中公示，违背承诺的将记入信用记录。',
  },
  voluntary: {
    heading: '信用承诺自愿注册',
    lead: (
      <>
        市场主体可自愿向社会作出信用承诺（主动型承诺），承诺依法诚信经营、接受社会监督。承诺经审核后在
        <Link to={paths.promiseBook}>信用承诺公示</Link>
        中公示，并由承诺受理单位核查履约情况：经核查已履行的，列入
        <Link to={paths.keptPromises}>守信践诺公示</Link>
        ；违背承诺的，依法依规记入信用记录。
      </>
    ),
    fixedType: '主动型',
    content: VOLUNTARY_PROMISE_TEXT,
    contentHint: '已填入标准承诺文本，可按本单位实际修改。',
  },
};

function PromiseInfo({ session, text }: { session: LoginSession; text: VariantText }) {
  const [form] = Form.useForm<PromiseFields>();
  const { message } = useFeedback();
  const mine = useMyPromises(session.token);
  const [submitting, setSubmitting] = useState(false);
  // Shown above the button: a refusal (an entity the account may not act for) needs reading, not a toast.
  const [failure, setFailure] = useState('');

  const submit = async (values: PromiseFields) => {
    const body: CreatePromiseRequest = {
      CreditCode: normalizeKeyword(values.creditCode),
      PromiseType: values.promiseType,
      Promiser: values.promiser.trim(),
      ContactMobile: values.contactMobile.trim(),
      Content: values.content.trim(),
    };
    setSubmitting(true);
    setFailure('');
    try {
      await createPromise(body);
      void message.success('承诺已提交，审核通过后公示');
      form.resetFields();
      await mine.mutate();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.panel}>
      <h1 className={styles.heading}>{text.heading}</h1>
      <p className={styles.lead}>{text.lead}</p>
      <Form<PromiseFields>
        form={form}
        layout="vertical"
        className={styles.promiseForm}
        initialValues={{ promiseType: text.fixedType ?? PROMISE_TYPES[0], content: text.content }}
        onFinish={(values) => void submit(values)}
      >
        <div className={styles.formGrid}>
          <Form.Item
            label="统一社会信用代码"
            name="creditCode"
            extra="仅可为您名下的企业填报"
            validateTrigger="onBlur"
            rules={[
              { required: true, whitespace: true, message: '请输入统一社会信用代码' },
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value && !looksLikeCreditCode(normalizeKeyword(value))) {
                    throw new Error('请输入18位统一社会信用代码');
                  }
                },
              },
            ]}
          >
            <Input maxLength={20} placeholder="您名下企业的18位统一社会信用代码" />
          </Form.Item>
          <Form.Item label="承诺类型" name="promiseType" rules={[{ required: true }]}>
            <Select
              disabled={text.fixedType !== undefined}
              options={PROMISE_TYPES.map((type) => ({ value: type, label: type }))}
            />
          </Form.Item>
          <Form.Item
            label="承诺人"
            name="promiser"
            rules={[{ required: true, whitespace: true, min: 2, max: 30, message: '请输入承诺人姓名（至少2个字）' }]}
          >
            <Input maxLength={30} placeholder="法定代表人或经营者姓名" />
          </Form.Item>
          <Form.Item
            label="联系电话"
            name="contactMobile"
            validateTrigger="onBlur"
            rules={[
              { required: true, whitespace: true, message: '请输入联系电话' },
              { pattern: MOBILE_PATTERN, message: '请输入正确的11位手机号码' },
            ]}
          >
            <Input inputMode="numeric" maxLength={11} placeholder="11位手机号码" />
          </Form.Item>
        </div>
        <Form.Item
          label="承诺内容"
          name="content"
          extra={text.contentHint}
          rules={[
            {
              required: true,
              whitespace: true,
              min: PROMISE_CONTENT_MIN,
              message: `请填写承诺内容（至少${PROMISE_CONTENT_MIN}个字）`,
            },
          ]}
        >
          <Input.TextArea rows={5} showCount maxLength={PROMISE_CONTENT_MAX} placeholder="请填写承诺事项与承诺内容" />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} role="alert" className={styles.formAlert} /> : null}
        <Button type="primary" htmlType="submit" loading={submitting}>
          提交承诺
        </Button>
      </Form>

      <h2 className={styles.subheading}>我的承诺</h2>
      <QueryState query={mine}>
        {(promises) =>
          promises.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="您还没有提交过信用承诺" />
          ) : (
            <ul className={styles.promises}>
              {promises.map((promise) => (
                <li key={promise.ID} className={styles.promise}>
                  <div className={styles.promiseHead}>
                    <strong>{promise.EntName}</strong>
                    <Tag color={promise.Status === '已公示' ? 'success' : 'warning'}>{promise.Status}</Tag>
                  </div>
                  <p className={styles.promiseMeta}>
                    {promise.CreditCode} · {promise.PromiseType} · {promise.PromiseDate} · 承诺人 {promise.Promiser}
                  </p>
                  <p className={styles.promiseText}>{promise.Content}</p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}

/** xygs/xycnzyzc for someone not logged in: what the page is for, and the way to log in. */
function VoluntaryLoginPrompt({ text }: { text: VariantText }) {
  return (
    <div className={styles.panel}>
      <h1 className={styles.heading}>{text.heading}</h1>
      <p className={styles.lead}>{text.lead}</p>
      <LoginPrompt purpose="填报信用承诺并查看本人提交的承诺" returnTo={paths.promiseVoluntary} />
    </div>
  );
}

function VoluntaryPromisePage({ text }: { text: VariantText }) {
  const session = useLoginSession();
  return session ? <PromiseInfo session={session} text={text} /> : <VoluntaryLoginPrompt text={text} />;
}

/**
 * Credit promises of the logged-in user, the form and the list: in the personal centre (spec §2.1
 * sxcn/NewEntPromiseInfo, login required), or as 信息公示's voluntary registration
 * (xygs/xycnzyzc: 主动型 promises; anyone may read it, filing asks for a login).
 */
export default function PromisePage({ variant = 'personal' }: { variant?: PromisePageVariant }) {
  const text = VARIANTS[variant];
  if (variant === 'voluntary') return <VoluntaryPromisePage text={text} />;
  return <RequireLogin>{(session) => <PromiseInfo session={session} text={text} />}</RequireLogin>;
}
