import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { ACCOUNT_MESSAGES } from '@credit-portal/shared';

/**
 * The new password typed again, checked against the form's `password` field: registration,
 * 找回密码 and 修改密码 ask for it the same way.
 */
export function ConfirmPasswordItem({ label, missing }: { label: string; missing: string }) {
  return (
    <Form.Item
      label={label}
      name="confirm"
      dependencies={['password']}
      rules={[
        { required: true, message: missing },
        ({ getFieldValue }) => ({
          validator: async (_rule, value: string | undefined) => {
            if (value && value !== getFieldValue('password')) throw new Error(ACCOUNT_MESSAGES.passwordMismatch);
          },
        }),
      ]}
    >
      <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" maxLength={64} />
    </Form.Item>
  );
}
