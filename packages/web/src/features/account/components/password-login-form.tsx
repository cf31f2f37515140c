import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { ACCOUNT_MESSAGES, type LoginRequest, type LoginResult } from '@credit-portal/shared';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { loginWithPassword } from '../api/login-with-password';
import { MobileField } from './mobile-field';

interface CredentialFields {
  mobile: string;
  password: string;
}

interface CredentialsFormProps {
  /** Sends the mobile number and password; a thrown error's message shows above the button. */
  onSubmit: (body: LoginRequest) => Promise<void>;
  submitText: string;
}

/** A mobile number and its password, checked here for shape and by the service for the rest. */
export function CredentialsForm({ onSubmit, submitText }: CredentialsFormProps) {
  const [failure, setFailure] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ mobile, password }: CredentialFields) => {
    setFailure('');
    setSubmitting(true);
    try {
      await onSubmit({ Mobile: mobile.trim(), Password: password });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<CredentialFields> layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
      <MobileField autoComplete="username" />
      <Form.Item label="密码" name="password" rules={[{ required: true, message: ACCOUNT_MESSAGES.passwordRequired }]}>
        <Input.Password
          prefix={<LockOutlined aria-hidden />}
          autoComplete="current-password"
          maxLength={64}
          placeholder="请输入密码"
        />
      </Form.Item>
      {failure ? <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {submitText}
      </Button>
    </Form>
  );
}

/** Mobile number + password login; the service's answer (wrong password, lockout) shows above the button. */
export function PasswordLoginForm({ onLoggedIn }: { onLoggedIn: (result: LoginResult) => void }) {
  return <CredentialsForm submitText="登录" onSubmit={async (body) => onLoggedIn(await loginWithPassword(body))} />;
}
