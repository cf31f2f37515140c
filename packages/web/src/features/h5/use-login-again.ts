import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { paths } from '@/lib/paths';

/**
 * The person's login in this tab failed or ended (the exchange refused, the Infotoken revoked):
 * says why and replaces the page with /h5/login, so that Back does not return to a dead page.
 * Nothing happens while `error` is undefined.
 */
export function useLoginAgainOn(error: unknown): void {
  const { message } = useFeedback();
  const navigate = useNavigate();
  useEffect(() => {
    if (!error) return;
    message.error(errorMessage(error));
    navigate(paths.h5Login, { replace: true });
  }, [error, message, navigate]);
}
