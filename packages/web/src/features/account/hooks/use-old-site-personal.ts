import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { oldSitePersonalUrl } from '@/lib/login-session';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useFeedback } from '@/lib/feedback';
import { createOldSiteCode } from '../api/create-old-site-code';
import { leaveForOldSite } from '../old-site-navigation';

/**
 * The old site's personal centre (spec §2.1, §7: NewLinkTo.aspx, PageType=grzl) for the current
 * login: `open()` asks the service for a one-time code of the session (POST
 * /user/oldsite/handoff) and then goes there with it — the JwtToken never travels in the address
 *. `available` is false without an old site.
 */
export function useOldSitePersonal() {
  const { oldSiteUrl } = useRuntimeConfig();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const open = useCallback(async () => {
    setBusy(true);
    try {
      const { LoginToken } = await createOldSiteCode();
      leaveForOldSite(oldSitePersonalUrl(oldSiteUrl, LoginToken));
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      // Not left busy: a page restored by the back button offers the link again.
      setBusy(false);
    }
  }, [oldSiteUrl, message]);
  return { available: oldSiteUrl !== '', busy, open };
}
