import { API_PATHS, type Profile } from '@credit-portal/shared';
import { request } from '@/lib/api-client';
import { noteSessionContact } from '@/lib/login-session';

/**
 * Keeps the login session alive at the service while the person is active: the cheapest call
 * with the token (GET /user/profile). Notes the contact as of when it was sent, so the browser
 * never counts its idle timeout from later than the service does.
 */
export async function keepSessionAlive(): Promise<void> {
  const sentAt = Date.now();
  await request<Profile>(API_PATHS.profile, { auth: true });
  noteSessionContact(sentAt);
}
