import { Type, type Static } from 'typebox';

/** The `Data` of the upstream's answer to POST /visitstatics/EncodeMsgs: records received and newly stored (duplicates by eventId are not). */
export const VisitLogReceiptSchema = Type.Object({
  received: Type.Integer({ minimum: 0 }),
  stored: Type.Integer({ minimum: 0 }),
});
export type VisitLogReceipt = Static<typeof VisitLogReceiptSchema>;
