import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@credit-portal/shared';
import {
  GatewayError,
  parserRefusal,
  toErrorAnswer,
  upstreamFailureError,
  upstreamStatusAnswer,
} from '../../src/lib/errors.js';
import { TooDeepError } from '../../src/lib/canonical.js';

describe('gateway errors', () => {
  it('answers each upstream failure with its status and stable code, an open circuit with Retry-After', () => {
    const circuit = upstreamFailureError('circuit_open', 1500);
    expect([circuit.statusCode, circuit.code, circuit.headers]).toEqual([
      503,
      ERROR_CODES.upstreamUnavailable,
      { 'retry-after': '2' },
    ]);
    expect(upstreamFailureError('timeout').statusCode).toBe(504);
    expect(upstreamFailureError('too_large').code).toBe(ERROR_CODES.upstreamInvalid);
    expect(upstreamFailureError('unavailable').headers).toEqual({});
  });

  it('maps an upstream status without a usable envelope', () => {
    expect(upstreamStatusAnswer(500)).toEqual({ statusCode: 502, code: ERROR_CODES.upstreamError });
    expect(upstreamStatusAnswer(404)).toEqual({ statusCode: 404, code: ERROR_CODES.notFound });
    expect(upstreamStatusAnswer(302)).toEqual({ statusCode: 502, code: ERROR_CODES.upstreamInvalid });
    expect(upstreamStatusAnswer(200)).toEqual({ statusCode: 502, code: ERROR_CODES.upstreamInvalid });
  });

  it('never shows the text of an unexpected error', () => {
    const answer = toErrorAnswer(new Error('ECONNRESET at /srv/secret.js:12'));
    expect(answer).toEqual({
      statusCode: 500,
      envelope: { ok: false, code: ERROR_CODES.internal, message: expect.any(String), data: null },
    });
    expect(answer.envelope.message).not.toContain('secret');
    expect(toErrorAnswer(new TooDeepError()).statusCode).toBe(400);
    expect(toErrorAnswer(new GatewayError(415, ERROR_CODES.unsupportedMediaType)).envelope.code).toBe(
      'unsupported_media_type',
    );
  });

  it("answers what Node's parser refused in the envelope", () => {
    expect(parserRefusal('HPE_HEADER_OVERFLOW').statusCode).toBe(431);
    expect(parserRefusal('HPE_INVALID_METHOD')).toMatchObject({ statusCode: 400, envelope: { code: 'bad_request' } });
  });
});
