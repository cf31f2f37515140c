import { defineRoute } from '../api.js';
import { MY_DATA_HEADS as HEADS } from '../heads/my-data.js';
import { EmptyQuerySchema } from '../schemas/query.js';
import { SmsCodeSentSchema } from '../schemas/account.js';
import {
  CloseAccountRequestSchema,
  CloseAccountResultSchema,
  MyDataSchema,
  SessionEndRequestSchema,
  SessionEndResultSchema,
} from '../schemas/my-data.js';
import { ACCOUNT_MESSAGES } from '../vocabulary/account.js';

/** The heads of heads/my-data.ts with their schemas, by the same names. */
export const MY_DATA_CONTRACTS = {
  myData: defineRoute(HEADS.myData, {
    data: MyDataSchema,
  }),
  myDataPdf: defineRoute(HEADS.myDataPdf, {
    body: EmptyQuerySchema,
  }),
  sessionEnd: defineRoute(HEADS.sessionEnd, {
    body: SessionEndRequestSchema,
    data: SessionEndResultSchema,
  }),
  closeAccountCode: defineRoute(HEADS.closeAccountCode, {
    body: EmptyQuerySchema,
    data: SmsCodeSentSchema,
  }),
  closeAccount: defineRoute(HEADS.closeAccount, {
    body: CloseAccountRequestSchema,
    data: CloseAccountResultSchema,
    emptyFieldMessages: { Password: ACCOUNT_MESSAGES.passwordRequired, Code: ACCOUNT_MESSAGES.smsCodeRequired },
  }),
};
