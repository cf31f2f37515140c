import { API_PATHS } from '@credit-portal/shared';
import type { ACCOUNT_CONTRACTS } from '@credit-portal/shared/contracts/account';
import { callAs, type RouteHead } from '@/lib/api-client';
import { noteSessionContact } from '@/lib/login-session';

type ProfileRow = typeof ACCOUNT_CONTRACTS.profile;

/** GET /user/profile, its row named by type only (callAs): the idle watch, in every page's frame, calls it. */
const PROFILE: RouteHead<ProfileRow> = { path: API_PATHS.profile, methods: ['GET'], auth: true };

/**
 * Keeps the login session alive at the service while the person is active: the cheapest call
 * with the token (GET /user/profile). Notes the contact as of when it was sent, so the browser
 * never counts its idle timeout from later than the service does.
 */
export async function keepSessionAlive(): Promise<void> {
  const sentAt = Date.now();
  await callAs<ProfileRow>(PROFILE);
  noteSessionContact(sentAt);
}
