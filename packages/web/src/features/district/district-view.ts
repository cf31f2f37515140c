import { useSearchParams } from 'react-router';
import type { PublicityKind } from '@/components/publicity-fields';
import { paths, withQuery } from '@/lib/paths';
import type { DistrictKey } from './api/get-district';

/**
 * The district page's active view (spec §2.2): 1 overview, 2 licence list, 3 penalty list,
 * 4 licence detail, 5 penalty detail. It lives in the address (?view=, with ?page=&keyword= on
 * the lists and ?id= on the details), so reload, back and forward all keep it.
 */
export type DistrictView = 1 | 2 | 3 | 4 | 5;

/** The address parameters that name the district: kept by every view. */
export const DISTRICT_KEYS = ['recordId', 'categoryId', 'cmsBaseId'] as const;

export const LIST_VIEW: Readonly<Record<PublicityKind, DistrictView>> = { licence: 2, penalty: 3 };
export const DETAIL_VIEW: Readonly<Record<PublicityKind, DistrictView>> = { licence: 4, penalty: 5 };

/** The kind of licence or penalty a list or detail view shows. */
export const kindOfView = (view: DistrictView): PublicityKind => (view === 2 || view === 4 ? 'licence' : 'penalty');

/** The view an address names: 1 unless it names another. */
export function viewFromQuery(value: string | null): DistrictView {
  const view = Number(value);
  return view === 2 || view === 3 || view === 4 || view === 5 ? view : 1;
}

/** The address of a view of a district page. */
export function districtViewPath(key: DistrictKey, view: DistrictView, extra: { id?: string } = {}): string {
  return withQuery(paths.areaDetails, { ...key, view: view === 1 ? undefined : view, ...extra });
}

/** The district named by the address and the view it asks for. */
export function useDistrictAddress(): { key: DistrictKey; view: DistrictView; id: string } {
  const [params] = useSearchParams();
  const read = (name: string) => params.get(name)?.trim() ?? '';
  return {
    key: { recordId: read('recordId'), categoryId: read('categoryId'), cmsBaseId: read('cmsBaseId') },
    view: viewFromQuery(params.get('view')),
    id: read('id'),
  };
}
