import { Button, Skeleton } from 'antd';
import { FileTextOutlined, UserOutlined } from '@ant-design/icons';
import { H5_MESSAGES, maskIdNumber, maskName, type H5UserInfo } from '@credit-portal/shared';
import { errorMessage } from '@/lib/api-client';
import { hashHref, paths } from '@/lib/paths';
import { useReportAvailability } from '../api/get-report-availability';
import styles from './h5.module.css';

/**
 * The person's card (spec §2.3): masked name and ID, then the personal report or why there is
 * none. 个人信用报告 opens the readable report page (its 下载报告 has the PDF), in this tab: the
 * tab's login goes along.
 */
export function PersonCard({ user, h5Login }: { user: H5UserInfo; h5Login: boolean }) {
  const availability = useReportAvailability(user, h5Login);

  return (
    <section className={styles.personCard} aria-labelledby="h5-person">
      <h2 id="h5-person" className={styles.personTitle}>
        <UserOutlined aria-hidden /> 个人信息
      </h2>
      <dl className={styles.personFields}>
        <div>
          <dt>姓名</dt>
          <dd data-testid="h5-masked-name">{maskName(user.Name)}</dd>
        </div>
        <div>
          <dt>证件号码</dt>
          <dd data-testid="h5-masked-id">{maskIdNumber(user.IdCard)}</dd>
        </div>
      </dl>
      {availability.isLoading ? (
        <Skeleton.Button active block />
      ) : availability.data ? (
        <Button type="primary" block icon={<FileTextOutlined aria-hidden />} href={hashHref(paths.h5Report)}>
          个人信用报告
        </Button>
      ) : (
        <div className={styles.noReport} role="note">
          <strong>{H5_MESSAGES.noInformation}</strong>
          <p>{availability.error ? errorMessage(availability.error) : H5_MESSAGES.eligibility}</p>
        </div>
      )}
    </section>
  );
}
