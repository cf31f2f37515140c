import { API_PATHS } from '@credit-portal/shared';
import type { CONTENT_CONTRACTS } from '@credit-portal/shared/contracts/content';
import useSWR from 'swr';
import { callAs, type RouteHead } from '@/lib/api-client';

type ImageLinkListRow = typeof CONTENT_CONTRACTS.imageLinkList;

/** POST /Cms/twljlb, its row named by type only (callAs): every page's frame calls it. */
const IMAGE_LINK_LIST: RouteHead<ImageLinkListRow> = { path: API_PATHS.imageLinkList, methods: ['POST'] };

/** Fetches the image links of a category: banners, footer QR codes. */
export const getImageLinks = (categoryId: string) =>
  callAs<ImageLinkListRow>(IMAGE_LINK_LIST, { body: { categoryId } });

/** SWR key of an image-link category. */
export const imageLinksKey = (categoryId: string) => [IMAGE_LINK_LIST.path, categoryId] as const;

/** The image links of a category; they change rarely, so they are not refetched on focus. */
export function useImageLinks(categoryId: string) {
  return useSWR(imageLinksKey(categoryId), ([, id]) => getImageLinks(id), { revalidateOnFocus: false });
}
