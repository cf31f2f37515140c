import { H5EntityRecordSchema, type H5EntityRecord } from '@credit-portal/shared';
import { H5_HEADS } from '@credit-portal/shared/heads/h5';
import useSWR from 'swr';
import { call } from '@/lib/api-client';
import { H5DataError } from './h5-data-error';

const FIELDS = Object.keys(H5EntityRecordSchema.properties) as (keyof H5EntityRecord)[];

function isEntityRecord(value: unknown): value is H5EntityRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return FIELDS.every((field) => typeof record[field] === 'string');
}

/** Parses Data.Data, the JSON string of the entity list; anything else is a data error. */
export function parseEntityList(text: string): H5EntityRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new H5DataError('entity list is not JSON');
  }
  if (!Array.isArray(parsed) || !parsed.every(isEntityRecord)) throw new H5DataError('entity list has bad records');
  return parsed;
}

/** The entities linked to the Infotoken's person (POST /wechat/CommercialSubject). */
export async function getEntities(Infotoken: string): Promise<H5EntityRecord[]> {
  const answer = await call(H5_HEADS.h5Entities, { body: { Infotoken } });
  return parseEntityList(answer.Data);
}

export function useH5Entities(infotoken: string | null) {
  return useSWR(infotoken ? [H5_HEADS.h5Entities.path, infotoken] : null, ([, token]) => getEntities(token), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}
