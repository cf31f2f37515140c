import type { Database } from 'better-sqlite3';
import { idNumberCheckChar } from '@credit-portal/shared';
import { generateContent, type ContentRow, type FlipbookPageRow, type ImageRow } from './content.js';
import { dayNumber, formatDay } from '../../lib/dates.js';
import { entityAt, type EntityRow } from './entity.js';
import {
  LICENCES_PER_ENTITY,
  PENALTIES_PER_ENTITY,
  SEED_AS_OF,
  licenceAt,
  penaltyAt,
  type LicenceRow,
  type PenaltyRow,
} from './publicity.js';
import { Random, mixSeed } from '../../lib/random.js';
import { DISTRICTS } from '../place.js';
import { LICENCE_FIELDS, PENALTY_FIELDS, PENALTY_PUBLICITY_COLUMNS } from '../../db/columns.js';
import { ENTITY_BIGRAMS_INSERT_TRIGGER, FILL_ENTITY_BIGRAMS } from '../../db/migrations/index.js';
import { writePortalSeed } from './portal.js';
import { MAX_SEED_ENTITIES, type SeedOptions } from '../../db/dataset.js';

export type { EntityRow } from './entity.js';
export type { LicenceRow, PenaltyRow } from './publicity.js';
export type { ContentRow, FlipbookPageRow, ImageRow } from './content.js';
export { SEED_AS_OF } from './publicity.js';

export interface DistrictRow {
  recordId: string;
  categoryId: string;
  cmsBaseId: string;
  siteName: string;
  districtName: string;
  regionCode: string;
  layout: 'full' | 'placeholder';
  sortOrder: number;
}

/** A person of the H5 app (identity-verified resident) and the entities linked to them. */
export interface H5PersonRow {
  id: number;
  name: string;
  idType: string;
  idNumber: string;
}

export interface H5PersonEntityRow {
  personId: number;
  entityId: number;
  position: string;
}

/** The whole data set, materialized (for tests and small sizes; writeSeed streams instead). */
export interface SeedData {
  districts: DistrictRow[];
  entities: EntityRow[];
  licences: LicenceRow[];
  penalties: PenaltyRow[];
  content: ContentRow[];
  images: ImageRow[];
  flipbookPages: FlipbookPageRow[];
  h5Persons: H5PersonRow[];
  h5PersonEntities: H5PersonEntityRow[];
}

export interface SeedSummary {
  seed: number;
  entities: number;
  licences: number;
  penalties: number;
  content: number;
  h5Persons: number;
}

/** Throws a RangeError with a clear message when the options are out of range. */
export function checkSeedOptions({ seed, entities }: SeedOptions): void {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new RangeError(`seed must be an integer from 0 to 4294967295, got ${seed}`);
  }
  if (!Number.isInteger(entities) || entities < 1 || entities > MAX_SEED_ENTITIES) {
    throw new RangeError(`entities must be an integer from 1 to ${MAX_SEED_ENTITIES}, got ${entities}`);
  }
}

/** How many licences and penalties a data set of `entities` entities has. */
export function seedCounts(entities: number): { licences: number; penalties: number } {
  return {
    licences: Math.max(1, Math.round(entities * LICENCES_PER_ENTITY)),
    penalties: Math.max(1, Math.round(entities * PENALTIES_PER_ENTITY)),
  };
}

export function districtRows(): DistrictRow[] {
  return DISTRICTS.flatMap((district, i) =>
    district.site
      ? [
          {
            recordId: district.site.recordId,
            categoryId: district.site.categoryId,
            cmsBaseId: district.site.cmsBaseId,
            siteName: district.site.siteName,
            districtName: district.name,
            regionCode: district.regionCode,
            layout: district.site.layout,
            sortOrder: i + 1,
          },
        ]
      : [],
  );
}

/**
 * The city's districts by region code (migration 25), which the details page names as the
 * registering district: ensureSeed writes them after the data set, and into a database seeded
 * before the table (the migration copied only the districts with a site). Returns how many rows
 * were new.
 */
export function writeRegions(db: Database): number {
  const insert = db.prepare('INSERT OR IGNORE INTO regions (region_code, name) VALUES (?, ?)');
  return DISTRICTS.reduce((added, district) => added + insert.run(district.regionCode, district.name).changes, 0);
}

function* range<T>(count: number, make: (index: number) => T): Generator<T> {
  for (let i = 0; i < count; i++) yield make(i);
}

const H5_SALT = 0x45;
const H5_PERSONS = 12;
const BIRTH_FROM = dayNumber('1960-01-01');
const BIRTH_TO = dayNumber('2004-12-31');
const OTHER_POSITIONS = ['股东', '监事', '执行董事', '财务负责人'];

/** People of the H5 app: each is the legal representative of one entity and may hold posts in others. */
export function h5Rows({ seed, entities }: SeedOptions): { persons: H5PersonRow[]; links: H5PersonEntityRow[] } {
  const persons: H5PersonRow[] = [];
  const links: H5PersonEntityRow[] = [];
  const usedIds = new Set<string>();
  const representing = new Set<number>();
  for (let i = 0; i < Math.min(H5_PERSONS, entities); i++) {
    const random = new Random(mixSeed(seed, H5_SALT, i));
    let entity = entityAt(seed, random.int(entities));
    for (let attempt = 0; representing.has(entity.id) && attempt < 20; attempt++) {
      entity = entityAt(seed, random.int(entities));
    }
    if (representing.has(entity.id)) continue;
    representing.add(entity.id);
    let idNumber = '';
    do {
      const birth = formatDay(BIRTH_FROM + random.int(BIRTH_TO - BIRTH_FROM + 1)).replaceAll('-', '');
      const first17 = `${entity.regionCode}${birth}${String(random.between(1, 999)).padStart(3, '0')}`;
      idNumber = first17 + idNumberCheckChar(first17)!;
    } while (usedIds.has(idNumber));
    usedIds.add(idNumber);
    const person = { id: persons.length + 1, name: entity.legalRep, idType: '居民身份证', idNumber };
    persons.push(person);
    links.push({ personId: person.id, entityId: entity.id, position: '法定代表人' });
    const linked = new Set([entity.id]);
    for (let k = random.between(0, 2); k > 0; k--) {
      const other = entityAt(seed, random.int(entities));
      if (linked.has(other.id)) continue;
      linked.add(other.id);
      links.push({ personId: person.id, entityId: other.id, position: random.pick(OTHER_POSITIONS) });
    }
  }
  return { persons, links };
}

/** The data set of `options`, materialized. The same options always give identical data. */
export function generateSeed(options: SeedOptions): SeedData {
  checkSeedOptions(options);
  const { seed, entities } = options;
  const counts = seedCounts(entities);
  const { content, images, flipbookPages } = generateContent(seed);
  const h5 = h5Rows(options);
  return {
    districts: districtRows(),
    entities: [...range(entities, (i) => entityAt(seed, i))],
    licences: [...range(counts.licences, (i) => licenceAt(seed, entities, i, options.asOf))],
    penalties: [...range(counts.penalties, (i) => penaltyAt(seed, entities, i, options.asOf))],
    content,
    images,
    flipbookPages,
    h5Persons: h5.persons,
    h5PersonEntities: h5.links,
  };
}

function inserter(db: Database, table: string, columns: readonly string[]) {
  const statement = db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  return (values: readonly unknown[]) => statement.run(...values);
}

/** True when the database already holds a data set. */
export function isSeeded(db: Database): boolean {
  return db.prepare('SELECT 1 FROM dataset WHERE id = 1').get() !== undefined;
}

/**
 * Generates the data set of `options` straight into `db` (migrated, empty) in one transaction,
 * streaming rows so memory stays flat at a million entities; `seededAt` is recorded as the moment
 * it was written.
 */
export function writeSeed(db: Database, options: SeedOptions, seededAt: Date = new Date()): SeedSummary {
  checkSeedOptions(options);
  const { seed, entities } = options;
  const counts = seedCounts(entities);
  const run = db.transaction((): SeedSummary => {
    const district = inserter(db, 'district_sites', [
      'record_id',
      'category_id',
      'cms_base_id',
      'site_name',
      'district_name',
      'region_code',
      'layout',
      'sort_order',
    ]);
    for (const d of districtRows()) {
      district([
        d.recordId,
        d.categoryId,
        d.cmsBaseId,
        d.siteName,
        d.districtName,
        d.regionCode,
        d.layout,
        d.sortOrder,
      ]);
    }
    const entity = inserter(db, 'entities', [
      'id',
      'name',
      'credit_code',
      'status',
      'ent_type',
      'setup_date',
      'legal_rep',
      'region_code',
      'address',
      'district_id',
    ]);
    // The entities go in without the per-row bigram trigger; their bigrams follow in one pass
    // sorted by key, and the trigger comes back for every later insert (all in this transaction).
    const bigramTrigger = db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?")
      .pluck()
      .get(ENTITY_BIGRAMS_INSERT_TRIGGER) as string | undefined;
    if (bigramTrigger) db.exec(`DROP TRIGGER ${ENTITY_BIGRAMS_INSERT_TRIGGER}`);
    for (const e of range(entities, (i) => entityAt(seed, i))) {
      entity([
        e.id,
        e.name,
        e.creditCode,
        e.status,
        e.entType,
        e.setupDate,
        e.legalRep,
        e.regionCode,
        e.address,
        e.districtId,
      ]);
    }
    if (bigramTrigger) {
      db.exec(FILL_ENTITY_BIGRAMS);
      db.exec(bigramTrigger);
    }
    const licence = inserter(db, 'licences', ['id', 'entity_id', 'district_id', ...LICENCE_FIELDS]);
    for (const l of range(counts.licences, (i) => licenceAt(seed, entities, i, options.asOf))) {
      licence([l.id, l.entityId, l.districtId, ...LICENCE_FIELDS.map((f) => l[f])]);
    }
    const penalty = inserter(db, 'penalties', [
      'id',
      'entity_id',
      'district_id',
      ...PENALTY_FIELDS,
      ...PENALTY_PUBLICITY_COLUMNS,
    ]);
    for (const p of range(counts.penalties, (i) => penaltyAt(seed, entities, i, options.asOf))) {
      penalty([
        p.id,
        p.entityId,
        p.districtId,
        ...PENALTY_FIELDS.map((f) => p[f]),
        p.severity,
        p.repairedOn,
        p.CF_XDR_ZJLX,
        p.CF_XDR_ZJHM,
      ]);
    }
    const { content, images, flipbookPages } = generateContent(seed);
    const contentRow = inserter(db, 'content', [
      'record_id',
      'category_id',
      'site_id',
      'title',
      'summary',
      'body_html',
      'body_text',
      'author',
      'source',
      'release_date',
      'top',
      'is_url',
      'url',
      'url_base',
      'image_url',
      'extra',
      'sort_order',
    ]);
    for (const c of content) {
      contentRow([
        c.recordId,
        c.categoryId,
        c.siteId,
        c.title,
        c.summary,
        c.bodyHtml,
        c.bodyText,
        c.author,
        c.source,
        c.releaseDate,
        c.top ? 1 : 0,
        c.isUrl,
        c.url,
        c.urlBase,
        c.imageUrl,
        c.extra ? JSON.stringify(c.extra) : null,
        c.sortOrder,
      ]);
    }
    const image = inserter(db, 'media_images', ['name', 'kind', 'title', 'subtitle', 'width', 'height', 'hue']);
    for (const i of images) image([i.name, i.kind, i.title, i.subtitle, i.width, i.height, i.hue]);
    const page = inserter(db, 'flipbook_pages', ['record_id', 'page_no', 'heading', 'body']);
    for (const p of flipbookPages) page([p.recordId, p.pageNo, p.heading, p.body]);
    const h5 = h5Rows(options);
    const person = inserter(db, 'h5_persons', ['id', 'name', 'id_type', 'id_number']);
    for (const p of h5.persons) person([p.id, p.name, p.idType, p.idNumber]);
    const link = inserter(db, 'h5_person_entities', ['person_id', 'entity_id', 'position']);
    for (const l of h5.links) link([l.personId, l.entityId, l.position]);
    writePortalSeed(db, seed);
    db.prepare('INSERT INTO dataset (id, seed, entities, as_of, seeded_at) VALUES (1, ?, ?, ?, ?)').run(
      seed,
      entities,
      options.asOf ?? SEED_AS_OF,
      seededAt.toISOString(),
    );
    return { seed, entities, ...counts, content: content.length, h5Persons: h5.persons.length };
  });
  // The name indexes (trigram FTS5, bigrams) take each entity's grams at random places in their
  // b-trees: a page cache that holds them keeps a million-entity seed from spilling the same pages
  // to the WAL over and over. About 0.5 MiB per thousand entities, at least SQLite's default 2 MiB,
  // at most 1 GiB; the connection's own setting comes back afterwards.
  const previous = db.pragma('cache_size', { simple: true }) as number;
  db.pragma(`cache_size = ${-Math.min(1024 * 1024, Math.max(2048, Math.ceil(entities / 2)))}`);
  try {
    return run();
  } finally {
    db.pragma(`cache_size = ${previous}`);
  }
}
