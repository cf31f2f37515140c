import { useCompleteLogin } from '../hooks/use-complete-login';
import { LoginFrame } from './login-frame';
import { PasswordLoginForm } from './password-login-form';

/** Account login (spec §2.1 grzx/userlogin): mobile number and password. */
export default function PasswordLoginPage() {
  const complete = useCompleteLogin();
  return (
    <LoginFrame active="password">
      <PasswordLoginForm onLoggedIn={(result) => complete(result)} />
    </LoginFrame>
  );
}
