import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { ACCOUNT_MESSAGES, MOBILE_PATTERN, passwordProblem } from '@credit-portal/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { registerAccount } from '../api/register-account';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { FormCard } from './form-card';
import styles from './account.module.css';

interface RegisterFields {
  mobile: string;
  password: string;
  confirm: string;
}

/**
 * Registration (spec §2.1 /register, standalone): a mainland mobile number, a password of at
 * least 8 characters with letters and digits, and its confirmation. The service checks the same
 * rules and refuses a number that is already registered; success logs the new account in.
 */
export default function RegisterPage() {
  const complete = useCompleteLogin();
  const [failure, setFailure] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ mobile, password, confirm }: RegisterFields) => {
    setFailure('');
    setSubmitting(true);
    try {
      complete(
        await registerAccount({ Mobile: mobile.trim(), Password: password, ConfirmPassword: confirm }),
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
      <Form<RegisterFields> layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
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
        <Form.Item
          label="密码"
          name="password"
          extra={ACCOUNT_MESSAGES.passwordWeak}
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
