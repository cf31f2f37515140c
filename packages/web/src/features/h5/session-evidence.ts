import { H5, H5_CODE_PARAM } from '@credit-portal/shared';

/*
 * Where the H5 pages find the person they are for (spec §4; api/get-session.ts reads them). A
 * module of constants only: the pre-rendered page's frame.js needs them before the app runs
 * (src/prerender/frames.ts), and they must not bring the exchanges' code into the first page.
 */

/** The query parameters of a test login by parameters (test mode). */
export const TEST_QUERY = { name: 'name', idCard: 'idCard' } as const;

/**
 * Where sessionSource looks: the address's query, this browser's localStorage and this tab's
 * sessionStorage. With none of these there is no source and the H5 pages send the person to
 * /h5/login; frame.js makes that step before the app runs.
 */
export const H5_SESSION_EVIDENCE = {
  query: [TEST_QUERY.name, TEST_QUERY.idCard, H5_CODE_PARAM],
  local: [H5.storageKeys.izgtxytoken],
  session: [H5.storageKeys.infotoken],
} as const;
