import { describe, expect, it } from 'vitest';
import { JSON_LIMITS, JsonShapeScanner, jsonShapeProblem } from '../src/json-limits.js';

describe('jsonShapeProblem', () => {
  it('accepts ordinary bodies, strings with brackets, colons and escaped quotes included', () => {
    expect(jsonShapeProblem('{"a":{"b":[1,2,{"c":"x"}]},"d":"[[[{{{:::,,,\\"]]]"}')).toBeNull();
    expect(jsonShapeProblem('[]')).toBeNull();
    expect(jsonShapeProblem('"just a string"')).toBeNull();
    expect(jsonShapeProblem('{"k":"ends with a backslash \\\\"}')).toBeNull();
  });

  it('allows exactly the maximum depth and refuses one more', () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect(jsonShapeProblem(nested(JSON_LIMITS.maxDepth))).toBeNull();
    expect(jsonShapeProblem(nested(JSON_LIMITS.maxDepth + 1))).toBe('请求体嵌套层级超过 32 层');
    expect(jsonShapeProblem('{"a":'.repeat(40) + '1' + '}'.repeat(40))).toBe('请求体嵌套层级超过 32 层');
  });

  it('counts object members and array elements over the whole document', () => {
    const wide = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`;
    expect(jsonShapeProblem(wide(1000))).toBeNull();
    expect(jsonShapeProblem(wide(1001))).toBe('请求体字段数超过 1000 个');
    const items = (n: number) => `[${Array.from({ length: n }, () => '0').join(',')}]`;
    expect(jsonShapeProblem(items(10_000))).toBeNull();
    expect(jsonShapeProblem(items(10_001))).toBe('请求体数组元素超过 10000 个');
    // Commas between object members are not array elements.
    expect(jsonShapeProblem(`[${wide(900)}]`, { ...JSON_LIMITS, maxItems: 1 })).toBeNull();
  });

  it('takes its limits as an argument', () => {
    expect(jsonShapeProblem('[[1]]', { maxDepth: 1, maxKeys: 10, maxItems: 10 })).toBe('请求体嵌套层级超过 1 层');
  });

  it('leaves malformed text to the parser', () => {
    expect(jsonShapeProblem('{"unterminated')).toBeNull();
    expect(jsonShapeProblem(']]]}}}')).toBeNull();
  });

  it('keeps its state across chunks, inside strings and escapes too', () => {
    const text = '{"a\\"[[[":[' + '['.repeat(30) + ']'.repeat(30) + '],"s":"\\\\"}';
    expect(jsonShapeProblem(text)).toBeNull();
    const bytes = new TextEncoder().encode(text);
    // Every split point gives the same answer as the whole.
    for (let at = 0; at <= bytes.length; at += 1) {
      const scanner = new JsonShapeScanner();
      expect(scanner.push(bytes.subarray(0, at)) ?? scanner.push(bytes.subarray(at))).toBeNull();
    }
    const deep = new JsonShapeScanner();
    expect(deep.push(new TextEncoder().encode('['.repeat(20)))).toBeNull();
    expect(deep.push(new TextEncoder().encode('['.repeat(20)))).toBe('请求体嵌套层级超过 32 层');
  });

  it('scans multi-byte text without decoding it', () => {
    expect(jsonShapeProblem('{"名称":"信用[云州]{市}","列表":["甲","乙"]}')).toBeNull();
  });
});
