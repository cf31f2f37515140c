import { Alert, Button, Form, Input, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH, passwordProblem } from '@credit-portal/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RequireLogin } from '@/components/require-login';
import { errorMessage } from '@/lib/api-client';
import type { LoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { changePassword } from '../api/change-password';
import { ConfirmPasswordItem } from './confirm-password-item';
import styles from './account.module.css';

/** What the form holds: the current password, the new one twice. */
export interface ChangePasswordFields {
  current: string;
  password: string;
  confirm: string;
}

/** Under the new password: the rule, before anything is typed (its error says it again only when broken). */
const PASSWORD_HINT = `${PASSWORD_MIN_LENGTH}位以上，含大写字母、小写字母、数字、符号中的至少三种`;

/**
 * The checks of the form, before anything is sent (the service checks them again): the current
 * password given, the new one by registration's rules and not the current one, the confirmation equal.
 */
export function newPasswordProblem(fields: Partial<ChangePasswordFields>): string | null {
  const problem = passwordProblem(fields.password ?? '');
  if (problem) return problem === ACCOUNT_MESSAGES.passwordRequired ? ACCOUNT_MESSAGES.newPasswordRequired : problem;
  return fields.current && fields.password === fields.current ? ACCOUNT_MESSAGES.newPasswordSame : null;
}

/** The form, and once the service has changed the password, what happened to the other logins. */
function ChangePassword() {
  const [form] = Form.useForm<ChangePasswordFields>();
  const navigate = useNavigate();
  const [failure, setFailure] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [weak, setWeak] = useState(false);
  const [ended, setEnded] = useState<number | null>(null);

  const submit = async ({ current, password, confirm }: ChangePasswordFields) => {
    setFailure('');
    setSubmitting(true);
    try {
      const result = await changePassword({ Password: current, NewPassword: password, ConfirmPassword: confirm });
      setEnded(result.SessionsEnded);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  if (ended !== null) {
    return (
      <Result
        status="success"
        title="密码已修改"
        subTitle={
          ended > 0
            ? `该账号在其他设备或浏览器上的 ${ended} 处登录已退出；本机登录保持有效，下次登录请使用新密码。`
            : '本机登录保持有效，下次登录请使用新密码。'
        }
        extra={
          <Button type="primary" onClick={() => void navigate(paths.personal)}>
            返回个人中心
          </Button>
        }
      />
    );
  }

  return (
    <Form<ChangePasswordFields>
      form={form}
      layout="vertical"
      requiredMark={false}
      className={styles.passwordForm}
      onFinish={(values) => void submit(values)}
      onFieldsChange={(changed) => {
        const field = changed.find((item) => [item.name].flat()[0] === 'password');
        if (field?.errors) setWeak(field.errors.includes(ACCOUNT_MESSAGES.passwordWeak));
      }}
    >
      <Form.Item
        label="当前密码"
        name="current"
        rules={[{ required: true, message: ACCOUNT_MESSAGES.currentPasswordRequired }]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="password"
        dependencies={['current']}
        extra={weak ? undefined : PASSWORD_HINT}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              const problem = newPasswordProblem({ current: getFieldValue('current') as string, password: value });
              if (problem) throw new Error(problem);
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <ConfirmPasswordItem label="确认新密码" missing="请再次输入新密码" />
      {failure ? <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" size="large" loading={submitting}>
        修改密码
      </Button>
    </Form>
  );
}

function ChangePasswordBody({ session }: { session: LoginSession }) {
  const navigate = useNavigate();
  if (session.kind === 'Wechat') {
    return (
      <Result
        status="info"
        title="微信登录无需密码"
        subTitle="如已绑定手机号码账号，请退出后使用手机号码和密码登录，再修改该账号的登录密码。"
        extra={
          <Button type="primary" onClick={() => void navigate(paths.myCenter)}>
            查看我的账号
          </Button>
        }
      />
    );
  }
  return <ChangePassword />;
}

/**
 * 修改密码 (grzx/xgmm; not in the spec: chosen): a logged-in account's new password, given the
 * current one. This login stays; every other login of the account ends. A forgotten password is
 * 找回密码's, by an SMS code.
 */
export default function ChangePasswordPage() {
  return (
    <div className={styles.panel}>
      <h1 className={styles.heading}>修改密码</h1>
      <p className={styles.lead}>
        修改后，该账号在其他设备和浏览器上的登录都将退出，本机保持登录。忘记当前密码的，请退出后通过“找回密码”重置。
      </p>
      <RequireLogin>{(session) => <ChangePasswordBody session={session} />}</RequireLogin>
    </div>
  );
}
