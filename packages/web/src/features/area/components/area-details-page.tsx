import { Col, Row } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import type { NoticeListItem, SiteInfo } from '@credit-portal/shared';
import { Link, useSearchParams } from 'react-router';
import { ContentLinkList } from '@/components/content-link-list';
import { NoticeList } from '@/components/notice-list';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { UnderConstruction } from '@/components/under-construction';
import { WidgetBoundary } from '@/components/widget-boundary';
import { paths, withQuery } from '@/lib/paths';
import { useDistrictArticles, useDistricts, useSiteInfo, type DistrictKey } from '../api/get-district';
import styles from './area-details-page.module.css';

const districtPath = (key: DistrictKey): string => withQuery(paths.areaDetails, { ...key });

function Articles({ cmsBaseId, section, title }: { cmsBaseId: string; section: 'news' | 'policy'; title: string }) {
  const query = useDistrictArticles(cmsBaseId, section);
  return (
    <SectionCard title={title}>
      <QueryState query={query} isEmpty={(items) => items.length === 0}>
        {(items) => <ContentLinkList items={items} detailsBase={paths.newsArticle} />}
      </QueryState>
    </SectionCard>
  );
}

/** The overview rows as notice items, so they open the portal's licence and penalty details. */
const licenceNotices = (site: SiteInfo): NoticeListItem[] =>
  site.xkInfo.map((row) => ({
    RecordId: row.id,
    EntName: row.xK_XDR_MC,
    LicenseDocNo: row.xK_WSH,
    DecisionDate: row.xK_JDRQ,
  }));
const penaltyNotices = (site: SiteInfo): NoticeListItem[] =>
  site.cfInfo.map((row) => ({
    RecordId: row.id,
    EntName: row.cF_XDR_MC,
    PunishDocNo: row.cF_WSH,
    DecisionDate: row.cF_JDRQ,
  }));

function Site({ districtKey }: { districtKey: DistrictKey }) {
  const query = useSiteInfo(districtKey);
  return (
    <QueryState query={query} skeletonRows={12} size="page">
      {(site) => (
        <>
          <header className={styles.banner}>
            <EnvironmentOutlined aria-hidden className={styles.bannerIcon} />
            <h1 className={styles.bannerTitle}>{site.siteName}</h1>
          </header>
          {site.layout === 'full' ? (
            <Row gutter={[24, 24]}>
              <Col xs={24} lg={12}>
                <SectionCard title="行政许可公示">
                  <NoticeList breadcrumb="行政许可" items={licenceNotices(site)} />
                </SectionCard>
              </Col>
              <Col xs={24} lg={12}>
                <SectionCard title="行政处罚公示">
                  <NoticeList breadcrumb="行政处罚" items={penaltyNotices(site)} />
                </SectionCard>
              </Col>
              <Col xs={24} lg={12}>
                <WidgetBoundary>
                  <Articles cmsBaseId={site.cmsBaseId} section="news" title="信用动态" />
                </WidgetBoundary>
              </Col>
              <Col xs={24} lg={12}>
                <WidgetBoundary>
                  <Articles cmsBaseId={site.cmsBaseId} section="policy" title="政策法规" />
                </WidgetBoundary>
              </Col>
            </Row>
          ) : (
            <Row gutter={[24, 24]}>
              {['经销企业', '信用动态', '政策法规'].map((title) => (
                <Col key={title} xs={24} lg={8}>
                  <SectionCard title={title}>
                    <UnderConstruction inline note={`${site.siteName}“${title}”栏目正在建设中。`} />
                  </SectionCard>
                </Col>
              ))}
            </Row>
          )}
        </>
      )}
    </QueryState>
  );
}

function DistrictLinks({ current }: { current?: string }) {
  const query = useDistricts();
  return (
    <nav aria-label="区县信用站点" className={styles.sites}>
      <h2 className={styles.sitesTitle}>区县信用站点</h2>
      <QueryState query={query} isEmpty={(sites) => sites.length === 0} skeletonRows={2}>
        {(sites) => (
          <ul className={styles.siteList}>
            {sites.map((site) => (
              <li key={site.recordId}>
                <Link
                  to={districtPath(site)}
                  aria-current={site.recordId === current ? 'page' : undefined}
                  className={site.recordId === current ? styles.currentSite : undefined}
                >
                  {site.siteName}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </nav>
  );
}

/**
 * /areaDetails?recordId=&categoryId=&cmsBaseId=: a district's credit site (spec §2.2 overview):
 * its name from /cms/siteinfo and its four boxes; without a district, the list of district sites.
 */
export default function AreaDetailsPage() {
  const [searchParams] = useSearchParams();
  const recordId = searchParams.get('recordId')?.trim() ?? '';
  const districtKey: DistrictKey = {
    recordId,
    categoryId: searchParams.get('categoryId')?.trim() ?? '',
    cmsBaseId: searchParams.get('cmsBaseId')?.trim() ?? '',
  };
  return (
    <div className={styles.page}>
      {recordId ? <Site key={recordId} districtKey={districtKey} /> : <h1 className={styles.heading}>区县信用站点</h1>}
      <DistrictLinks current={recordId || undefined} />
    </div>
  );
}
