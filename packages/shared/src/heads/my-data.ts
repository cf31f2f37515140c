import { defineHead } from '../api.js';
import { PASSWORD_TIMEOUT_MS, USER_CALL } from './account.js';

/**
 * 我的数据 (PIPL Art. 45) and 注销账号 (PIPL Art. 47, 15), behind login and bound to the caller's
 * account: no row takes an account, a number or a token in its address. Personal answers
 * (USER_CALL): never cached (no cache rule). Paths not shown in the spec: chosen.
 */
export const MY_DATA_HEADS = {
  /** The copy of everything held about the account, as JSON (the SPA saves it as a file too). */
  myData: defineHead({
    path: '/user/mydata',
    ...USER_CALL,
    // Reads the audit files of the last months.
    rateLimit: 'strict',
    methods: ['GET'],
    auth: true,
  }),
  /** The same copy as a readable PDF (a POST: nothing of it in an address). */
  myDataPdf: defineHead({
    path: '/user/mydata/pdf',
    ...USER_CALL,
    // Reads the audit files and renders a PDF.
    rateLimit: 'strict',
    methods: ['POST'],
    auth: true,
    fileAnswer: true,
    timeoutMs: 30_000,
  }),
  /** Ends one of the account's other logins (我的数据's 结束). */
  sessionEnd: defineHead({
    path: '/user/sessions/end',
    ...USER_CALL,
    methods: ['POST'],
    auth: true,
  }),
  /** 注销账号, step one: a one-time code to the account's own number (none is typed: no enumeration). */
  closeAccountCode: defineHead({
    path: '/user/close/code',
    ...USER_CALL,
    // Sends an SMS (the service adds its own per-number limits), as 找回密码's code.
    rateLimit: 'strict',
    methods: ['POST'],
    auth: true,
  }),
  /** 注销账号, step two: the password and the code; the account is closed. */
  closeAccount: defineHead({
    path: '/user/close',
    ...USER_CALL,
    // Checks a password and an SMS code.
    rateLimit: 'strict',
    methods: ['POST'],
    auth: true,
    timeoutMs: PASSWORD_TIMEOUT_MS,
  }),
};
