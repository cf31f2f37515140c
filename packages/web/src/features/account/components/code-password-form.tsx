import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, MessageOutlined } from '@ant-design/icons';
import {
  ACCOUNT_MESSAGES,
  PASSWORD_MIN_LENGTH,
  SMS_CODE_LENGTH,
  passwordProblem,
  smsCodeProblem,
  type SmsCodeSent,
} from '@credit-portal/shared';
import { useState, type ReactNode } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { useCountdown } from '../hooks/use-countdown';
import { MobileField } from './mobile-field';
import { ConfirmPasswordItem } from './confirm-password-item';
import styles from './account.module.css';

/** What the form sends: the number, its SMS code, the password twice. */
export interface CodePasswordFields {
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

export interface CodePasswordFormProps {
  /** The password field's label (密码, 新密码). */
  passwordLabel: string;
  submitText: string;
  /** Asks for the number's SMS code. */
  sendCode: (mobile: string) => Promise<SmsCodeSent>;
  /** Sends the form (trimmed number and code); a rejection's message is shown above the button. */
  submit: (fields: CodePasswordFields) => Promise<void>;
  /** More form items after the password's (registration's consent), validated with the form. */
  children?: ReactNode;
}

/**
 * A mainland mobile number proven by a one-time SMS code (获取验证码, then 60 s before another
 * for that number), a password of at least 8 characters mixing at least three kinds of character,
 * and its confirmation: registration's form, and a forgotten password's. The service checks the
 * same rules and the code.
 */
export function CodePasswordForm({ passwordLabel, submitText, sendCode, submit, children }: CodePasswordFormProps) {
  const [form] = Form.useForm<CodePasswordFields>();
  const { message } = useFeedback();
  const [failure, setFailure] = useState('');
  // The rule under the password field says what the weak-password error would say again: one of them.
  const [passwordWeak, setPasswordWeak] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [sending, setSending] = useState(false);
  const [resendIn, startCountdown] = useCountdown();

  const askCode = async () => {
    setFailure('');
    let mobile: string;
    try {
      mobile = ((await form.validateFields(['mobile'])) as Pick<CodePasswordFields, 'mobile'>).mobile.trim();
    } catch {
      return; // the field shows what is wrong
    }
    setSending(true);
    try {
      const sent = await sendCode(mobile);
      startCountdown(sent.ResendIn);
      void message.success(ACCOUNT_MESSAGES.smsSent);
    } catch (error) {
      setFailure(sendFailure(error));
    } finally {
      setSending(false);
    }
  };

  const send = async ({ mobile, code, password, confirm }: CodePasswordFields) => {
    setFailure('');
    setSubmitting(true);
    try {
      await submit({ mobile: mobile.trim(), code: code.trim(), password, confirm });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<CodePasswordFields>
      form={form}
      layout="vertical"
      requiredMark={false}
      // The wait is the number's: another number may have its code at once (the service limits each number).
      onValuesChange={(changed: Partial<CodePasswordFields>) => {
        if (changed.mobile !== undefined) startCountdown(0);
      }}
      onFinish={(values) => void send(values)}
      onFieldsChange={(changed) => {
        const password = changed.find((field) => [field.name].flat()[0] === 'password');
        if (password?.errors) setPasswordWeak(password.errors.includes(ACCOUNT_MESSAGES.passwordWeak));
      }}
    >
      <MobileField autoComplete="tel" />
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
          <Button onClick={() => void askCode()} loading={sending} disabled={resendIn > 0}>
            {resendIn > 0 ? `${resendIn}秒后重新获取` : '获取验证码'}
          </Button>
        </div>
      </Form.Item>
      <Form.Item
        label={passwordLabel}
        name="password"
        extra={passwordWeak ? undefined : PASSWORD_HINT}
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
      <ConfirmPasswordItem label="确认密码" missing="请再次输入密码" />
      {children}
      {failure ? <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {submitText}
      </Button>
    </Form>
  );
}
