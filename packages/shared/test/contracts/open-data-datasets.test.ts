import { describe, expect, it } from 'vitest';
import {
  ABNORMAL_BUSINESS_FIELD_LABELS,
  ARREARS_FUNDS_FIELD_LABELS,
  MAJOR_TAX_VIOLATION_FIELD_LABELS,
} from '../../src/vocabulary/disclosure.js';
import { LICENCE_FIELD_LABELS, PENALTY_FIELD_LABELS } from '../../src/vocabulary/publicity.js';
import {
  OPEN_DATASET_IDS,
  OPEN_DATASETS,
  openDataFileName,
  openDataset,
} from '../../src/contracts/open-data-datasets.js';

describe('open-data datasets', () => {
  it('lists every dataset id once, in the order of OPEN_DATASET_IDS', () => {
    expect(OPEN_DATASETS.map((dataset) => dataset.id)).toEqual([...OPEN_DATASET_IDS]);
    expect(openDataset('xzcf')?.title).toBe('行政处罚');
    expect(openDataset('nosuch')).toBeUndefined();
    expect(openDataFileName('hhmd', '2026-11-27', 'jsonl')).toBe('hhmd-2026-11-27.jsonl');
  });

  it('describes every field of the pages, with the pages’ names: the national codes for 双公示', () => {
    const codes = (id: string) => openDataset(id)!.fields.map((field) => field.code);
    expect(codes('xzxk')).toEqual(Object.keys(LICENCE_FIELD_LABELS));
    // The severity decides publicity; it is not a field of the national standard.
    expect(codes('xzcf')).toEqual(Object.keys(PENALTY_FIELD_LABELS).filter((code) => code !== 'severity'));
    expect(codes('jyyc')).toEqual(Object.keys(ABNORMAL_BUSINESS_FIELD_LABELS));
    expect(codes('zdsswf')).toEqual(Object.keys(MAJOR_TAX_VIOLATION_FIELD_LABELS));
    expect(codes('tqgz')).toEqual(Object.keys(ARREARS_FUNDS_FIELD_LABELS));
    expect(codes('xzxk').every((code) => code.startsWith('XK_') || code === 'UPDATETIME')).toBe(true);
    expect(codes('xzcf').every((code) => code.startsWith('CF_') || code === 'UPDATETIME')).toBe(true);
    expect(openDataset('xzcf')!.fields.find((field) => field.code === 'CF_WSH')?.name).toBe(
      PENALTY_FIELD_LABELS.CF_WSH,
    );
    for (const dataset of OPEN_DATASETS) {
      expect(new Set(codes(dataset.id)).size, dataset.id).toBe(dataset.fields.length);
      for (const field of dataset.fields) {
        expect(field.name.length, `${dataset.id}.${field.code}`).toBeGreaterThan(0);
        expect(field.meaning.length, `${dataset.id}.${field.code}`).toBeGreaterThan(3);
      }
    }
  });
});
