import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import { call } from '@/lib/api-client';
import { noteSessionContact } from '@/lib/login-session';

/**
 * Keeps the login session alive at the service while the person is active: the cheapest call
 * with the token (GET /user/profile). Notes the contact as of when it was sent, so the browser
 * never counts its idle timeout from later than the service does.
 */
export async function keepSessionAlive(): Promise<void> {
  const sentAt = Date.now();
  await call(ACCOUNT_HEADS.profile);
  noteSessionContact(sentAt);
}
