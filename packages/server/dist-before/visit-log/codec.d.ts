/**
 * The `message` codec of POST /visitstatics/EncodeMsgs (base64 of UTF-8 JSON), as the shared
 * encodeVisitLogMessage/decodeVisitLogMessage define it, on Node's Buffer: the shared helpers
 * work in browsers too and go through binary strings (btoa/atob), which made them most of the
 * gateway's CPU time under a busy intake. Same output, same refusals.
 */
/** Encodes a visit-log payload into the `message` field. */
export declare function encodeMessage(payload: unknown): string;
/** Decodes the `message` field; throws a SyntaxError when it is not base64 of UTF-8 JSON. */
export declare function decodeMessage(message: string): unknown;
