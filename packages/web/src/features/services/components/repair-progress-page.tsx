import { PAGE_SIZE } from '@credit-portal/shared';
import { Link } from 'react-router';
import { PagedList } from '@/components/paged-list';
import { RequireLogin } from '@/components/require-login';
import { useListParams } from '@/hooks/use-list-params';
import type { LoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { useMyApplications } from '../api/get-my-applications';
import { ApplicationCard } from './application-card';
import styles from './services.module.css';

function MyRepairs({ session }: { session: LoginSession }) {
  const { page, go } = useListParams();
  const pageSize = PAGE_SIZE.default;
  const query = useMyApplications({ kind: 'repair', pageIndex: page, pageSize }, session.token);
  return (
    <PagedList
      query={query}
      page={page}
      pageSize={pageSize}
      onPageChange={(next) => go({ page: next })}
      summary={(total) => `共 ${total} 件修复申请`}
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
  );
}

/** xyfw/xyxf/document-submit: the user's repair applications, each with its number and timeline; login. */
export default function RepairProgressPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>我的信用修复申请</h1>
      <p className={styles.intro}>
        每件申请的受理、审核、办结情况、办理时间和办理单位。需要补充材料的，办理单位会在办理意见中说明；申请办结后，可按意见
        <Link to={paths.creditRepairSearch}>重新提交申请</Link>。
      </p>
      <RequireLogin>{(session) => <MyRepairs session={session} />}</RequireLogin>
    </div>
  );
}
