import { Radio } from 'antd';
import { APPLICATION_KIND_LABELS, APPLICATION_KINDS, PAGE_SIZE, type ApplicationKind } from '@credit-portal/shared';
import { Link } from 'react-router';
import { PagedList } from '@/components/paged-list';
import { RequireLogin } from '@/components/require-login';
import { SimpleEmpty } from '@/components/simple-empty';
import { useListParams } from '@/hooks/use-list-params';
import type { LoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useMyApplications } from '../api/get-my-applications';
import { ApplicationCard } from './application-card';
import styles from './services.module.css';

const parseKind = (value: string | null): ApplicationKind | undefined =>
  APPLICATION_KINDS.find((kind) => kind === value);

function MyFilings({ session }: { session: LoginSession }) {
  const { page, filters, go } = useListParams({ filters: { kind: parseKind } });
  const kind = parseKind(filters.kind);
  const pageSize = PAGE_SIZE.default;
  const query = useMyApplications({ ...(kind ? { kind } : {}), pageIndex: page, pageSize }, session.token);
  const what = kind ? `${APPLICATION_KIND_LABELS[kind]}申请` : '信用修复或信用异议申请';
  return (
    <>
      <div className={styles.filingFilter} role="group" aria-label="办件类型">
        <Radio.Group
          optionType="button"
          value={kind ?? ''}
          onChange={(event) => go({ kind: String(event.target.value) })}
          options={[
            { value: '', label: '全部' },
            ...APPLICATION_KINDS.map((key) => ({ value: key, label: APPLICATION_KIND_LABELS[key] })),
          ]}
        />
      </div>
      <PagedList
        query={query}
        page={page}
        pageSize={pageSize}
        onPageChange={(next) => go({ page: next })}
        summary={(total) => `共 ${total} 件${what}`}
        empty={
          <div className={styles.filingsEmpty}>
            <SimpleEmpty description={`您还没有提交过${what}`} />
            <p>
              可办理 <Link to={paths.creditRepair}>信用修复</Link> 或 <Link to={paths.creditObjection}>信用异议</Link>
              ，提交后在这里查看办理进度。
            </p>
          </div>
        }
      >
        {(applications) => (
          <ul className={styles.applications}>
            {applications.map((application) => (
              <li key={application.ApplyNo}>
                <ApplicationCard application={application} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

/**
 * 我的办件 (grzx/wdbj; not in the spec: chosen): the user's credit repair and credit objection
 * filings, newest first, each with its state and timeline (受理、审核、办结, with time, unit and
 * comment), of one kind or both (?kind=), paged — 个人中心's view of 信用服务's applications.
 */
export default function MyFilingsPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>我的办件</h1>
      <p className={styles.intro}>
        您提交的信用修复、信用异议申请及其办理进度。需要补充材料的，办理单位会在办理意见中说明。
      </p>
      <RequireLogin>{(session) => <MyFilings session={session} />}</RequireLogin>
    </div>
  );
}
