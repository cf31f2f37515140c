import { Type, type Static } from 'typebox';
import {
  VISIT_LOG_EVENT_ID_PATTERN,
  WEB_VITAL_SECTIONS,
  WEB_VITAL_MAX_MS,
  WEB_VITAL_MAX_CLS,
  WEB_VITALS_PER_RECORD,
} from '../vocabulary/visit-log.js';

const VisitTime = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });

const VitalSection = Type.Enum(WEB_VITAL_SECTIONS);

/**
 * One Web Vitals measurement of one page view: the metric, its value (milliseconds, or the unitless
 * layout-shift score for CLS) and the route section. Nothing else — no address, no query, no metric
 * or visitor id (additional properties are refused); the gateway adds the device class from the
 * request's User-Agent.
 */
export const WebVitalSampleSchema = Type.Union([
  Type.Object(
    {
      name: Type.Literal('CLS'),
      value: Type.Number({ minimum: 0, maximum: WEB_VITAL_MAX_CLS }),
      section: VitalSection,
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      name: Type.Union([Type.Literal('LCP'), Type.Literal('INP'), Type.Literal('FCP'), Type.Literal('TTFB')]),
      value: Type.Number({ minimum: 0, maximum: WEB_VITAL_MAX_MS }),
      section: VitalSection,
    },
    { additionalProperties: false },
  ),
]);
export type WebVitalSample = Static<typeof WebVitalSampleSchema>;

/** The fields of spec §3's record, with the browser's event id: what the gateway forwards upstream. */
const VisitLogFields = {
  contentCode: Type.String({ minLength: 1, maxLength: 64 }),
  param: Type.String({ maxLength: 2048 }),
  ipv4: Type.String({ maxLength: 64 }),
  ipv6: Type.String({ maxLength: 64 }),
  userid: Type.String({ maxLength: 64 }),
  visitTime: VisitTime,
  visitorDevice: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  visitorAppDetail: Type.String({ maxLength: 128 }),
  eventId: Type.Optional(Type.String({ pattern: VISIT_LOG_EVENT_ID_PATTERN })),
};

/**
 * A visit-log record as the client sends it (spec §3), with the browser's event id (older clients
 * send none: the gateway makes one) and, optionally, Web Vitals samples of earlier page views that
 * ride with it (the gateway counts them in its histograms and does not forward them).
 */
// The schemas built from spread fields sit in pure IIFEs: a spread may run getters, so a bundler
// keeps a bare `Type.Object({ ...fields })` (and with it all of TypeBox) in a browser bundle that
// never uses the schema; a pure call with no arguments goes whole.
export const VisitLogRecordSchema = /* @__PURE__ */ (() =>
  Type.Object({
    ...VisitLogFields,
    vitals: Type.Optional(Type.Array(WebVitalSampleSchema, { maxItems: WEB_VITALS_PER_RECORD })),
  }))();
export type VisitLogRecord = Static<typeof VisitLogRecordSchema>;

/** A record after the gateway enriched it: real IP, device, browser, receivedLogTime, an event id (no vitals). */
export const EnrichedVisitLogSchema = /* @__PURE__ */ (() =>
  Type.Object({
    ...VisitLogFields,
    eventId: Type.String({ minLength: 1, maxLength: 64 }),
    receivedLogTime: VisitTime,
  }))();
export type EnrichedVisitLog = Static<typeof EnrichedVisitLogSchema>;

/** A record as forwarded upstream: stamped with batchHandleTime. */
export const ForwardedVisitLogSchema = /* @__PURE__ */ (() =>
  Type.Object({
    ...EnrichedVisitLogSchema.properties,
    batchHandleTime: VisitTime,
  }))();
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
