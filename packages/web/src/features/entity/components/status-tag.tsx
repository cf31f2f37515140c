import { LiteTag } from '@/components/lite/lite-tag';
import type { EntityStatus } from '@credit-portal/shared';

/** Tag colours: 存续 (active) green; revoked, cancelled and other each distinct. */
const COLOURS: Readonly<Record<EntityStatus, 'success' | 'error' | 'default' | 'warning'>> = {
  存续: 'success',
  吊销: 'error',
  注销: 'default',
  其他: 'warning',
};

/** The status tag of an entity (spec §2.1: the search list's status tag). */
export function StatusTag({ status }: { status: EntityStatus }) {
  return (
    <LiteTag color={COLOURS[status]} variant="outlined">
      {status}
    </LiteTag>
  );
}
