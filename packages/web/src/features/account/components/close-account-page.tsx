import { Alert, Button, Checkbox, Form, Input, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { ACCOUNT_MESSAGES, MY_DATA_MESSAGES, smsCodeProblem } from '@credit-portal/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { RequireLogin } from '@/components/require-login';
import { errorMessage } from '@/lib/api-client';
import { markLoggedOut, type LoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useCountdown } from '../hooks/use-countdown';
import { closeAccount, sendCloseCode } from '../api/my-data';
import styles from './my-data.module.css';

/** What the form holds. */
export interface CloseAccountFields {
  password: string;
  code: string;
  confirm: boolean;
}

/** The form: a code to the account's number, the password, the code, and the confirmation. */
export function CloseAccountForm({ onClosed }: { onClosed: () => void }) {
  const [form] = Form.useForm<CloseAccountFields>();
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [wait, startWait] = useCountdown();

  const send = async () => {
    setFailure('');
    setSending(true);
    try {
      const sent = await sendCloseCode();
      startWait(sent.ResendIn);
      setNotice(MY_DATA_MESSAGES.codeSent);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  const submit = async ({ password, code, confirm }: CloseAccountFields) => {
    setFailure('');
    setSubmitting(true);
    try {
      await closeAccount({ Password: password, Code: code.trim(), Confirm: confirm });
      onClosed();
    } catch (error) {
      setFailure(errorMessage(error));
      setSubmitting(false);
    }
  };

  return (
    <Form<CloseAccountFields>
      form={form}
      layout="vertical"
      requiredMark={false}
      className={styles.form}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        label="登录密码"
        name="password"
        rules={[{ required: true, message: ACCOUNT_MESSAGES.passwordRequired }]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item label="短信验证码" required>
        <div className={styles.codeRow}>
          <Form.Item
            name="code"
            noStyle
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  const problem = smsCodeProblem((value ?? '').trim());
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <Input aria-label="短信验证码" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          <Button disabled={wait > 0} loading={sending} onClick={() => void send()}>
            {wait > 0 ? `${wait}秒后重新获取` : '获取验证码'}
          </Button>
        </div>
      </Form.Item>
      <Form.Item
        name="confirm"
        valuePropName="checked"
        rules={[
          {
            validator: async (_rule, value: boolean | undefined) => {
              if (!value) throw new Error(MY_DATA_MESSAGES.closeConfirmRequired);
            },
          },
        ]}
      >
        <Checkbox>我已了解：注销后不能恢复，关注、邮件设置等将被删除</Checkbox>
      </Form.Item>
      {notice && !failure ? <Alert type="info" showIcon title={notice} style={{ marginBottom: 16 }} /> : null}
      {failure ? <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" danger htmlType="submit" size="large" loading={submitting}>
        注销账号
      </Button>
    </Form>
  );
}

/** After the closing: this browser's login is gone with the account's others. */
function Closed() {
  return (
    <Result
      status="success"
      title="账号已注销"
      subTitle="全部登录已结束，确认短信已发送至原手机号码。该号码可重新注册。"
      extra={
        <Link to={paths.home}>
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}

function CloseAccountBody({ session, onClosed }: { session: LoginSession; onClosed: () => void }) {
  if (session.kind === 'Wechat') {
    return (
      <Result
        status="info"
        title="请用手机号码登录后注销"
        subTitle="注销需要验证登录密码和发送至账号手机号码的短信验证码。"
        extra={
          <Link to={paths.passwordLogin}>
            <Button type="primary">手机号码登录</Button>
          </Link>
        }
      />
    );
  }
  return <CloseAccountForm onClosed={onClosed} />;
}

/**
 * 注销账号 (grzx/zxzh; PIPL Art. 47, 15): the person proves it with the password and an SMS code;
 * what goes and what the centre keeps is said before the form.
 */
export default function CloseAccountPage() {
  const [closed, setClosed] = useState(false);
  if (closed) {
    return (
      <div className={styles.panel}>
        <h1 className={styles.heading}>注销账号</h1>
        <Closed />
      </div>
    );
  }
  const onClosed = () => {
    // The service ended every login: this browser forgets its own, as a logout does.
    markLoggedOut();
    setClosed(true);
  };
  return (
    <div className={styles.panel}>
      <h1 className={styles.heading}>注销账号</h1>
      <p className={styles.lead}>
        注销前可先在 <Link to={paths.myData}>我的数据</Link> 下载您的个人信息副本。注销后：
      </p>
      <ul className={styles.list}>
        <li>全部登录立即结束，微信绑定解除，信用关注、提醒和邮件设置删除；</li>
        <li>已提交的信用修复、异议申请和信用承诺由信用中心依规保存，其中的联系人姓名和电话将被去标识化处理；</li>
        <li>已出具的信用报告仍可验真；审计记录仅保留不可识别您身份的编号；</li>
        <li>该手机号码可重新注册，但原账号的数据不会恢复。</li>
      </ul>
      <RequireLogin>{(session) => <CloseAccountBody session={session} onClosed={onClosed} />}</RequireLogin>
    </div>
  );
}
