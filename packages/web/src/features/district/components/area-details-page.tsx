import { Col, Row } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import type { NoticeListItem, SiteInfo } from '@credit-portal/shared';
import { Link } from 'react-router';
import { ContentLinkList } from '@/components/content-link-list';
import { NoticeList } from '@/components/notice-list';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { UnderConstruction } from '@/components/under-construction';
import { WidgetBoundary } from '@/components/widget-boundary';
import { paths } from '@/lib/paths';
import { useDistrictArticles, useDistricts, useSiteInfo, type DistrictKey } from '../api/get-district';
import {
  DETAIL_VIEW,
  districtViewPath,
  kindOfView,
  LIST_VIEW,
  useDistrictAddress,
  type DistrictView,
} from '../district-view';
import { DistrictDetailView } from './district-detail-view';
import { DistrictListView } from './district-list-view';
import styles from './area-details-page.module.css';

/** A district's own articles; 更多 leads to the portal's list of the section, titles open in a new tab. */
function Articles({ cmsBaseId, section, title }: { cmsBaseId: string; section: 'news' | 'policy'; title: string }) {
  const query = useDistrictArticles(cmsBaseId, section);
  const detailsBase = section === 'news' ? paths.newsArticle : paths.policyArticle;
  return (
    <SectionCard title={title} morePath={section === 'news' ? paths.newsList : paths.policyList}>
      <QueryState query={query} isEmpty={(items) => items.length === 0}>
        {(items) => <ContentLinkList items={items} detailsBase={detailsBase} newTab />}
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

/** View 1: the four boxes; licence and penalty rows open the in-page details, 更多 the full lists. */
function Overview({ site, districtKey }: { site: SiteInfo; districtKey: DistrictKey }) {
  const detail = (view: DistrictView) => (item: NoticeListItem) =>
    districtViewPath(districtKey, view, { id: item.RecordId });
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={12}>
        <SectionCard title="行政许可公示" morePath={districtViewPath(districtKey, LIST_VIEW.licence)}>
          <NoticeList breadcrumb="行政许可" items={licenceNotices(site)} detailPath={detail(DETAIL_VIEW.licence)} />
        </SectionCard>
      </Col>
      <Col xs={24} lg={12}>
        <SectionCard title="行政处罚公示" morePath={districtViewPath(districtKey, LIST_VIEW.penalty)}>
          <NoticeList breadcrumb="行政处罚" items={penaltyNotices(site)} detailPath={detail(DETAIL_VIEW.penalty)} />
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
  );
}

/** The active view of a district site; a site without lists (the second layout) has only its overview. */
function ActiveView({
  site,
  districtKey,
  view,
  id,
}: {
  site: SiteInfo;
  districtKey: DistrictKey;
  view: DistrictView;
  id: string;
}) {
  if (site.layout !== 'full') return <PlaceholderBoxes site={site} />;
  if (view === 2 || view === 3) return <DistrictListView kind={kindOfView(view)} districtKey={districtKey} />;
  if ((view === 4 || view === 5) && id)
    return <DistrictDetailView kind={kindOfView(view)} id={id} districtKey={districtKey} />;
  return <Overview site={site} districtKey={districtKey} />;
}

/** The second district's page: a header plus placeholder boxes (spec §1). */
function PlaceholderBoxes({ site }: { site: SiteInfo }) {
  return (
    <Row gutter={[24, 24]}>
      {['经销企业', '信用动态', '政策法规'].map((title) => (
        <Col key={title} xs={24} lg={8}>
          <SectionCard title={title}>
            <UnderConstruction inline note={`${site.siteName}“${title}”栏目正在建设中。`} />
          </SectionCard>
        </Col>
      ))}
    </Row>
  );
}

function Site({ districtKey, view, id }: { districtKey: DistrictKey; view: DistrictView; id: string }) {
  const query = useSiteInfo(districtKey);
  return (
    <QueryState query={query} skeletonRows={12} size="page">
      {(site) => (
        <>
          <header className={styles.banner}>
            <EnvironmentOutlined aria-hidden className={styles.bannerIcon} />
            <h1 className={styles.bannerTitle}>{site.siteName}</h1>
          </header>
          <ActiveView site={site} districtKey={districtKey} view={view} id={id} />
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
                  to={districtViewPath(site, 1)}
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
 * /areaDetails?recordId=&categoryId=&cmsBaseId=[&view=&page=&keyword=&id=]: a district's credit
 * site (spec §2.2), one page with an active view — 1 overview, 2 and 3 the licence and penalty
 * lists, 4 and 5 their details — under the site's name from /cms/siteinfo; without a district,
 * the list of district sites.
 */
export default function AreaDetailsPage() {
  const { key: districtKey, view, id } = useDistrictAddress();
  const { recordId } = districtKey;
  return (
    <div className={styles.page}>
      {recordId ? (
        <Site key={recordId} districtKey={districtKey} view={view} id={id} />
      ) : (
        <h1 className={styles.heading}>区县信用站点</h1>
      )}
      <DistrictLinks current={recordId || undefined} />
    </div>
  );
}
