import { specialAreasRefusal, type ReportRequest } from '@credit-portal/shared';
import { Empty, Select } from 'antd';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { handleNotLoggedIn } from '@/lib/api-client';
import { useLoginSession, type LoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { generateSpecialReport } from '../api/generate-report';
import { useMyBusinesses } from '../api/get-my-businesses';
import { ReportGenerator } from './report-generator';
import { SpecialReportAreas } from './special-report-areas';
import styles from './services.module.css';

function SpecialReportForm({ session }: { session: LoginSession }) {
  const businesses = useMyBusinesses(session.token);
  const [entityId, setEntityId] = useState<string>();
  const [areas, setAreas] = useState<string[]>([]);
  const generate = (request: ReportRequest) => generateSpecialReport({ ...request, areas });
  const selectId = useId();
  return (
    <QueryState query={businesses} skeletonRows={4} size="page">
      {(list) => {
        if (list.length === 0) {
          return (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="您的账号暂未关联企业，无法申请专项信用报告。请使用企业关联的账号登录。"
            />
          );
        }
        const chosen = list.find((business) => business.EntityId === entityId);
        return (
          <>
            <h2 className={styles.subheading}>1. 选择本人名下的企业</h2>
            <div className={styles.searchField}>
              <label htmlFor={selectId}>报告主体</label>
              <Select
                id={selectId}
                className={styles.entitySelect}
                placeholder="请选择企业"
                value={entityId}
                onChange={setEntityId}
                options={list.map((business) => ({
                  value: business.EntityId,
                  label: `${business.EntName}（${business.CreditCode}，${business.Role}）`,
                }))}
              />
            </div>
            <h2 className={styles.subheading}>2. 选择报告涵盖的领域</h2>
            <SpecialReportAreas value={areas} onChange={setAreas} />
            <h2 className={styles.subheading}>3. 选择报告期间并生成</h2>
            <ReportGenerator
              entityId={chosen?.EntityId}
              entityName={chosen?.EntName}
              reportName="专项信用报告"
              generate={generate}
              waitingFor={specialAreasRefusal(areas)}
            />
          </>
        );
      }}
    </QueryState>
  );
}

/**
 * xyfw/wwfwgb/reportInfo: the 专项信用报告 of one of the user's entities. Real-name area (spec
 * §6–7): its calls answer 用户未登录！ without a valid login, and the api-client applies the rule;
 * without any stored login the page applies the same rule at once instead of asking first.
 */
export default function SpecialReportInfoPage() {
  const session = useLoginSession();
  useEffect(() => {
    if (session) return undefined;
    // On the next turn: the router shell registers its navigate in an effect that runs after this one.
    const timer = setTimeout(handleNotLoggedIn, 0);
    return () => clearTimeout(timer);
  }, [session]);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>申请专项信用报告</h1>
      <p className={styles.intro}>
        专项信用报告代替所选领域的有无违法违规记录证明：逐一列明各领域主管部门在报告期间内作出的行政处罚（含轻微违法行为的处罚、已过公示期和已修复的记录）以及严重失信主体名单等情况，结论按查到的记录写明。
        <Link to={paths.specialReportExplain}>查看报告说明</Link>
      </p>
      {session ? <SpecialReportForm session={session} /> : null}
    </div>
  );
}
