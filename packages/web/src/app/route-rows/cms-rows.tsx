import { CONTENT_SECTIONS, type ContentSectionKey } from '@credit-portal/shared';
import type { ReactElement } from 'react';
import type { ContentOverviewPageProps } from '@/features/content/components/content-overview-page';
import { page, type AppRoute, type RowInput } from '../route-kit';

// Rows of the CMS content pages: a section's list and details pair, a details page alone, and a
// landing page of several sections. Every section file builds its content pages with these.

const loadContentOverview = () => import('@/features/content/components/content-overview-page');
const loadContentList = () => import('@/features/content/components/content-list-page');
const loadContentDetails = () => import('@/features/content/components/content-details-page');

export const DETAILS = '正文';

/** The label of a CMS section (spec §3 categories). */
export const cmsLabel = (key: ContentSectionKey): string => CONTENT_SECTIONS[key].label;

/** The content list page of a section (or of the category named by the `id` query when `section` is absent). */
export const contentListPage = (section: ContentSectionKey | undefined, detailsBase: string): ReactElement =>
  page(loadContentList, { section, detailsBase });

/** The details page of an article, with the list it returns to. */
export const contentDetailsPage = (listPath: string, listLabel: string): ReactElement =>
  page(loadContentDetails, { listPath, listLabel });

/** A landing page of several CMS sections (one block each). */
export const contentOverviewPage = (props: ContentOverviewPageProps): ReactElement => page(loadContentOverview, props);

/** A CMS section's list page and details page: two rows of the section file. */
export function cmsSectionRows(options: {
  section: ContentSectionKey;
  listPath: string;
  detailsPath: string;
  /** Breadcrumb steps before the list (the section's landing page). */
  parents: AppRoute['breadcrumb'];
  description: string;
  /** Extra keywords of the list page (the section's label comes first). */
  keywords: readonly string[];
  /** The list's breadcrumb label when it differs from the section's. */
  listLabel?: string;
}): RowInput[] {
  const name = cmsLabel(options.section);
  const listLabel = options.listLabel ?? name;
  return [
    {
      path: options.listPath,
      label: name,
      breadcrumb: [...options.parents, { label: listLabel }],
      meta: { keywords: [name, ...options.keywords], description: options.description },
      page: contentListPage(options.section, options.detailsPath),
    },
    {
      path: options.detailsPath,
      label: name,
      breadcrumb: [...options.parents, { label: listLabel, path: options.listPath }, { label: DETAILS }],
      meta: { keywords: [name], description: `${name}正文。` },
      inSiteMap: false,
      page: contentDetailsPage(options.listPath, listLabel),
    },
  ];
}
