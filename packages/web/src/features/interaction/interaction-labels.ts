import {
  INTERACTION_STATUSES,
  INTERACTION_TYPES,
  type InteractionStatus,
  type InteractionType,
} from '@credit-portal/shared';

/** antd tag colours of the message types and states. */
export const TYPE_COLORS: Readonly<Record<InteractionType, string>> = {
  consult: 'blue',
  complaint: 'volcano',
  suggestion: 'green',
};
export const STATUS_COLORS: Readonly<Record<InteractionStatus, string>> = {
  replied: 'success',
  processing: 'processing',
};

export const TYPE_KEYS = Object.keys(INTERACTION_TYPES) as InteractionType[];
export const STATUS_KEYS = Object.keys(INTERACTION_STATUSES) as InteractionStatus[];

/** A type from the address, if it names one. */
export const typeFromQuery = (value: string | null): InteractionType | undefined =>
  TYPE_KEYS.find((key) => key === value);

/** A state from the address, if it names one. */
export const statusFromQuery = (value: string | null): InteractionStatus | undefined =>
  STATUS_KEYS.find((key) => key === value);

/** The date part of a yyyy-mm-dd hh:mm:ss time. */
export const dayOf = (value: string | null): string => (value ? value.slice(0, 10) : '');

/** A share as a percentage with one decimal. */
export const percent = (share: number): string => `${Math.round(share * 1000) / 10}%`;
