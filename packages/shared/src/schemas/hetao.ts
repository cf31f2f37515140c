import { Type, type Static } from 'typebox';
import { PageField, PageSchema, pageSizeField } from './query.js';
import { LIST_KEYWORD_MAX, LIST_PAGE_SIZE_MAX } from '../constants.js';
import type { HETAO_FIELD_LABELS } from '../vocabulary/hetao.js';
import type { LabelsName, Proof } from './labelled.js';

/*
 * 信用河套: the enterprise credit list of the Shenzhen–Hong Kong Hetao cooperation zone. A paged
 * list of the zone's member enterprises with their credit labels, a membership check for any
 * entity and the labels of one entity. Rows are named by the entity id (the entity search's ID).
 */

const S = Type.String();

/** GET GetXyhtList: `searchkey` matches the name or the credit code; empty lists every member. */
export const HetaoListQuerySchema = Type.Object({
  searchkey: Type.Optional(Type.String({ maxLength: LIST_KEYWORD_MAX })),
  ...PageField,
  ...pageSizeField(LIST_PAGE_SIZE_MAX),
});
export type HetaoListQuery = Static<typeof HetaoListQuerySchema>;

/** GET GetIsXyht and GetXyhtLabel: the entity id. */
export const HetaoEntityQuerySchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 32 }) });
export type HetaoEntityQuery = Static<typeof HetaoEntityQuerySchema>;

/** One member enterprise of the zone; `id` is the entity id, dates yyyy-mm-dd. */
export const HetaoRowSchema = Type.Object({
  id: S,
  EntName: S,
  CreditCode: S,
  EntType: S,
  LegalRep: S,
  SetUpDate: S,
  Address: S,
  Labels: Type.Array(S),
  JoinedOn: S,
  SourceUnit: S,
  UpdateTime: S,
});
export type HetaoRow = Static<typeof HetaoRowSchema>;

/** A page of the member list, newest joined first. */
export const HetaoPageSchema = PageSchema(HetaoRowSchema);
export type HetaoPage = Static<typeof HetaoPageSchema>;

/** GetIsXyht: whether the entity is a member of the zone's list. */
export const HetaoCheckSchema = Type.Object({ isXyht: Type.Boolean() });
export type HetaoCheck = Static<typeof HetaoCheckSchema>;

/** GetXyhtLabel: the entity's credit labels; empty for an entity outside the zone. */
export const HetaoLabelsSchema = Type.Object({ labels: Type.Array(S) });
export type HetaoLabels = Static<typeof HetaoLabelsSchema>;

/** The field labels (vocabulary/) name exactly the fields of their rows. */
export type HetaoFieldLabelsNamed = Proof<LabelsName<typeof HETAO_FIELD_LABELS, Exclude<keyof HetaoRow, 'id'>>>;
