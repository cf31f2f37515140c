import { type EnrichedVisitLog, type VisitLogRecord, type WebVitalSample } from '@credit-portal/shared';
import type { DeviceClass, GatewayMetrics } from '../lib/metrics.js';
/** A record the intake refused, by its index in `messages`. */
export interface RejectedRecord {
    index: number;
    reason: string;
}
/** Decodes the `message` field and checks the payload around the records; whole-body errors are 400s. */
export declare function decodePayload(message: string, appToken: string): unknown[];
/** Splits the records into valid ones and rejected ones (with their index and why). */
export declare function validateRecords(messages: readonly unknown[]): {
    valid: VisitLogRecord[];
    rejected: RejectedRecord[];
};
export interface RequestFacts {
    /** The client address, X-Forwarded-For resolved through the trusted proxies only. */
    ip: string;
    userAgent: string | undefined;
    receivedAt: Date;
}
/**
 * A record as it is queued: the client's own fields kept, the placeholders the browser cannot
 * know replaced from the request (address, device, browser), stamped with receivedLogTime, and
 * carrying the browser's event id (or, from an older client without one, a fresh one) for the
 * upstream to de-duplicate on.
 */
export declare function enrich(record: VisitLogRecord, facts: RequestFacts): EnrichedVisitLog;
/** The device class of the Web Vitals histograms, from the posting browser's User-Agent (the browser that measured). */
export declare function deviceClass(userAgent: string | undefined): DeviceClass;
/** The Web Vitals samples riding on accepted records (validated with them: known metric, section, bounded value). */
export declare function webVitalSamples(records: readonly VisitLogRecord[]): WebVitalSample[];
/**
 * Counts the samples of accepted records in the admin port's histograms, by route section and
 * device class: the only labels (no address, no id). Called once the records are queued, so a
 * batch the browser must resend (503) is not counted twice.
 */
export declare function observeWebVitals(metrics: GatewayMetrics, records: readonly VisitLogRecord[], userAgent: string | undefined): void;
