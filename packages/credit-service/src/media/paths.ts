import { API_PATHS } from '@credit-portal/shared';

/** Where the service serves its generated image `name` (routes/media/index.ts). */
export const imagePath = (name: string): string => `${API_PATHS.images}${name}.svg`;

/** Where the service serves flipbook page n (1-based) of a book (routes/media/index.ts). */
export const flipbookPagePath = (recordId: string, page: number): string =>
  `${API_PATHS.flipbookPages}${recordId}/${page}.svg`;
