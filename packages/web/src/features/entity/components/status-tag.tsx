import { Tag } from 'antd';
import type { EntityStatus } from '@credit-portal/shared';

/** Tag colours: 存续 (active) green; revoked, cancelled and other each distinct. */
const COLOURS: Readonly<Record<EntityStatus, string>> = {
  存续: 'success',
  吊销: 'error',
  注销: 'default',
  其他: 'warning',
};

/** The status tag of an entity (spec §2.1: the search list's status tag). */
export function StatusTag({ status }: { status: EntityStatus }) {
  return (
    <Tag color={COLOURS[status]} variant="outlined">
      {status}
    </Tag>
  );
}
