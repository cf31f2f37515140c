import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, MessageOutlined, MobileOutlined } from '@ant-design/icons';
import {
  ACCOUNT_MESSAGES,
  MOBILE_PATTERN,
  PASSWORD_MIN_LENGTH,
  SMS_CODE_LENGTH,
  passwordProblem,
  smsCodeProblem,
} from '@credit-portal/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useFeedback } from '@/lib/feedback';
import { registerAccount } from '../api/register-account';
import { sendRegisterCode } from '../api/send-register-code';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useCountdown } from '../hooks/use-countdown';
import { FormCard } from './form-card';
import styles from './account.module.css';

interface RegisterFields {
  mobile: string;
  code: string;
  password: string;
  confirm: string;
}

/** Under the password field: the rule, before anything is typed (its error says it again only when broken). */
const PASSWORD_HINT = `${PASSWORD_MIN_LENGTH}位以上，含大写字母、小写字母、数字、符号中的至少三种`;

/** What to say when a code could not be sent: the gateway keeps a 5xx's own text to itself. */
function sendFailure(error: unknown): string {
  return error instanceof ApiError && error.status >= 500 ? ACCOUNT_MESSAGES.smsServiceDown : errorMessage(error);
}

/**
 * Registration (spec §2.1 /register, standalone): a mainland mobile number proven by a one-time
 * SMS code (获取验证码, then 60 s before another), a password of at least 8 characters mixing at
 * least three kinds of character, and its confirmation. The service checks the same rules and the
 * code; success logs the new account in.
 */
export default function RegisterPage() {
  const [form] = Form.useForm<RegisterFields>();
  const { message } = useFeedback();
  const complete = useCompleteLogin();
  const [failure, setFailure] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [sending, setSending] = useState(false);
  const [resendIn, startCountdown] = useCountdown();

  const sendCode = async () => {
    setFailure('');
    let mobile: string;
    try {
      mobile = ((await form.validateFields(['mobile'])) as Pick<RegisterFields, 'mobile'>).mobile.trim();
    } catch {
      return; // the field shows what is wrong
    }
    setSending(true);
    try {
      const sent = await sendRegisterCode({ Mobile: mobile });
      startCountdown(sent.ResendIn);
      void message.success(ACCOUNT_MESSAGES.smsSent);
    } catch (error) {
      setFailure(sendFailure(error));
    } finally {
      setSending(false);
    }
  };

  const submit = async ({ mobile, code, password, confirm }: RegisterFields) => {
    setFailure('');
    setSubmitting(true);
    try {
      complete(
        await registerAccount({
          Mobile: mobile.trim(),
          Code: code.trim(),
          Password: password,
          ConfirmPassword: confirm,
        }),
        '注册成功',
      );
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormCard title="注册账号">
      <Form<RegisterFields>
        form={form}
        layout="vertical"
        requiredMark={false}
        // The wait is the number's: another number may have its code at once (the service limits each number).
        onValuesChange={(changed: Partial<RegisterFields>) => {
          if (changed.mobile !== undefined) startCountdown(0);
        }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          label="手机号码"
          name="mobile"
          validateTrigger="onBlur"
          rules={[
            { required: true, whitespace: true, message: ACCOUNT_MESSAGES.mobileRequired },
            { pattern: MOBILE_PATTERN, message: ACCOUNT_MESSAGES.mobileInvalid },
          ]}
        >
          <Input
            prefix={<MobileOutlined aria-hidden />}
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            placeholder="请输入11位手机号码"
          />
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
              <Input
                aria-label="短信验证码"
                prefix={<MessageOutlined aria-hidden />}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={SMS_CODE_LENGTH}
                placeholder={`${SMS_CODE_LENGTH}位数字验证码`}
              />
            </Form.Item>
            <Button onClick={() => void sendCode()} loading={sending} disabled={resendIn > 0}>
              {resendIn > 0 ? `${resendIn}秒后重新获取` : '获取验证码'}
            </Button>
          </div>
        </Form.Item>
        <Form.Item
          label="密码"
          name="password"
          extra={PASSWORD_HINT}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const problem = passwordProblem(value ?? '');
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入密码' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('password')) throw new Error(ACCOUNT_MESSAGES.passwordMismatch);
              },
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" maxLength={64} />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} /> : null}
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          注册
        </Button>
      </Form>
      <p className={styles.loginFooter}>
        已有账号？<Link to={paths.scanLogin}>去登录</Link>
      </p>
    </FormCard>
  );
}
