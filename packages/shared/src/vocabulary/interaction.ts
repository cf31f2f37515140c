/*
 * Interaction (互动交流, schemas/interaction.ts): message types, states and satisfaction levels with
 * the labels the pages show. Plain data, no TypeBox: the SPA's pages import these without building
 * the schemas.
 */

/** Message types and their labels. */
export const INTERACTION_TYPES = { consult: '咨询', complaint: '投诉', suggestion: '建议' } as const;
export type InteractionType = keyof typeof INTERACTION_TYPES;

/** Message states and their labels. */
export const INTERACTION_STATUSES = { replied: '已答复', processing: '办理中' } as const;
export type InteractionStatus = keyof typeof INTERACTION_STATUSES;

/** How satisfied the writer said they were with the reply. */
export const SATISFACTION_LEVELS = ['满意', '基本满意', '不满意'] as const;
