import { App, Button, Empty, Form, Input, Select, Tag } from 'antd';
import {
  MOBILE_PATTERN,
  PROMISE_CONTENT_MAX,
  PROMISE_CONTENT_MIN,
  PROMISE_TYPES,
  looksLikeCreditCode,
  normalizeKeyword,
  type CreatePromiseRequest,
  type PromiseType,
} from '@credit-portal/shared';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { RequireLogin } from '@/components/require-login';
import { errorMessage } from '@/lib/api-client';
import type { LoginSession } from '@/lib/login-session';
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

function PromiseInfo({ session }: { session: LoginSession }) {
  const [form] = Form.useForm<PromiseFields>();
  const { message } = App.useApp();
  const mine = useMyPromises(session.token);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: PromiseFields) => {
    const body: CreatePromiseRequest = {
      CreditCode: normalizeKeyword(values.creditCode),
      PromiseType: values.promiseType,
      Promiser: values.promiser.trim(),
      ContactMobile: values.contactMobile.trim(),
      Content: values.content.trim(),
    };
    setSubmitting(true);
    try {
      await createPromise(body);
      void message.success('承诺已提交，审核通过后公示');
      form.resetFields();
      await mine.mutate();
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.panel}>
      <h1 className={styles.heading}>信用承诺</h1>
      <p className={styles.lead}>
        市场主体可就行政审批、容缺受理、行业自律、信用修复等事项作出信用承诺。承诺经审核后在主体详情中公示，违背承诺的将记入信用记录。
      </p>
      <Form<PromiseFields>
        form={form}
        layout="vertical"
        className={styles.promiseForm}
        initialValues={{ promiseType: PROMISE_TYPES[0] }}
        onFinish={(values) => void submit(values)}
      >
        <div className={styles.formGrid}>
          <Form.Item
            label="统一社会信用代码"
            name="creditCode"
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
            <Input maxLength={20} placeholder="承诺主体的18位统一社会信用代码" />
          </Form.Item>
          <Form.Item label="承诺类型" name="promiseType" rules={[{ required: true }]}>
            <Select options={PROMISE_TYPES.map((type) => ({ value: type, label: type }))} />
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

/** Credit promises of the logged-in user (spec §2.1 sxcn/NewEntPromiseInfo): the form and the list. */
export default function PromisePage() {
  return <RequireLogin>{(session) => <PromiseInfo session={session} />}</RequireLogin>;
}
