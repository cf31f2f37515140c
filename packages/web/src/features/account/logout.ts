import { oldSiteLogoutUrl, storedToken } from '@/lib/login-session';
import { logOutAtService } from './api/log-out';

/**
 * The first half of a logout (spec §4; ): ends the login session at the service
 * (POST /user/logout: every token of it and every old-site code and hand-off minted from it,
 * whichever browser holds them), while this browser is still logged in. Answers the old site's
 * logout page with the one-time code to go to next, or '' when there is none (no old site, or no
 * live session left to end). Never fails: when the service cannot be reached the session still
 * ends by itself once idle. The caller then logs out locally (markLoggedOut), which tells the
 * other tabs.
 */
export async function endSessionAtService(oldSiteUrl: string, token = storedToken()): Promise<string> {
  if (!token) return '';
  try {
    const code = await logOutAtService(token);
    return code ? oldSiteLogoutUrl(oldSiteUrl, code) : '';
  } catch {
    return '';
  }
}
