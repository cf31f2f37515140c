import { Type, type Static } from 'typebox';

const VisitTime = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });

/** A visit-log record as the client sends it (spec §3). */
export const VisitLogRecordSchema = Type.Object({
  contentCode: Type.String({ minLength: 1, maxLength: 64 }),
  param: Type.String({ maxLength: 2048 }),
  ipv4: Type.String({ maxLength: 64 }),
  ipv6: Type.String({ maxLength: 64 }),
  userid: Type.String({ maxLength: 64 }),
  visitTime: VisitTime,
  visitorDevice: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  visitorAppDetail: Type.String({ maxLength: 128 }),
});
export type VisitLogRecord = Static<typeof VisitLogRecordSchema>;

/** A record after the gateway enriched it: real IP, device, browser, receivedLogTime, an event id. */
export const EnrichedVisitLogSchema = Type.Object({
  ...VisitLogRecordSchema.properties,
  eventId: Type.String({ minLength: 1, maxLength: 64 }),
  receivedLogTime: VisitTime,
});
export type EnrichedVisitLog = Static<typeof EnrichedVisitLogSchema>;

/** A record as forwarded upstream: stamped with batchHandleTime. */
export const ForwardedVisitLogSchema = Type.Object({
  ...EnrichedVisitLogSchema.properties,
  batchHandleTime: VisitTime,
});
export type ForwardedVisitLog = Static<typeof ForwardedVisitLogSchema>;

/** The wire body of POST /visitstatics/EncodeMsgs, from the browser and to the upstream alike. */
export const EncodedMessageBodySchema = Type.Object({
  message: Type.String({ minLength: 1, maxLength: 1_000_000 }),
});
export type EncodedMessageBody = Static<typeof EncodedMessageBodySchema>;

/** What `message` holds once decoded. */
export const VisitLogPayloadSchema = Type.Object({
  appToken: Type.String({ minLength: 1, maxLength: 128 }),
  messages: Type.Array(Type.Unknown(), { maxItems: 500 }),
});
export type VisitLogPayload<T = unknown> = { appToken: string; messages: T[] };
