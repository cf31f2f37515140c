import { describe, expect, it } from 'vitest';
import { decodeVisitLogMessage, encodeVisitLogMessage } from '@credit-portal/shared';
import { decodeVisitLogOnNode, encodeVisitLogOnNode } from '../src/visit-log-codec.js';

describe('the Buffer codec of the visit log’s message', () => {
  const payloads = [
    { appToken: 'credit-portal-web', messages: [] },
    { appToken: 'credit-portal-web', messages: [{ contentCode: '0105', param: '企业=信用云州&x=1', userid: '' }] },
    // As the gateway forwards them: stamped with its event id and times.
    { appToken: 't', messages: [{ contentCode: '0103', eventId: 'c-1', batchHandleTime: '2026-11-02 09:30:03' }] },
    { appToken: 't', messages: [{ emoji: '😀', lone: '\ud800', quote: '"\\' }] },
  ];

  it('encodes exactly as the shared codec and decodes what it encodes', () => {
    for (const payload of payloads) {
      const encoded = encodeVisitLogOnNode(payload);
      expect(encoded).toBe(encodeVisitLogMessage(payload));
      expect(decodeVisitLogOnNode(encoded)).toEqual(decodeVisitLogMessage(encoded));
    }
  });

  it('refuses what the shared codec refuses', () => {
    const bad = [
      'not base64!',
      'abc',
      'AB=C',
      'A===',
      Buffer.from([0xff, 0xfe, 0x00]).toString('base64'),
      Buffer.from('{"a":').toString('base64'),
    ];
    for (const message of bad) {
      expect(() => decodeVisitLogMessage(message), message).toThrow();
      expect(() => decodeVisitLogOnNode(message), message).toThrow();
    }
  });
});
