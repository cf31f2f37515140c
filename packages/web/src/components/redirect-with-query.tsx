import { Navigate, useSearchParams } from 'react-router';
import { withQuery } from '@/lib/paths';

interface RedirectWithQueryProps {
  /** The page to go to. */
  to: string;
  /** Query keys carried over: incoming name → outgoing name. */
  carry: Readonly<Record<string, string>>;
}

/** Replaces the current entry with `to`, carrying the named query values over (older entry points). */
export function RedirectWithQuery({ to, carry }: RedirectWithQueryProps) {
  const [searchParams] = useSearchParams();
  const query = Object.fromEntries(Object.entries(carry).map(([from, name]) => [name, searchParams.get(from)]));
  return <Navigate to={withQuery(to, query)} replace />;
}
