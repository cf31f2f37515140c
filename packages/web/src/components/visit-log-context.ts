import type { DeviceCode } from '@credit-portal/shared';
import { createContext, useContext } from 'react';

/** A visit-log entry a component records by itself (a click, as opposed to a navigation). */
export interface LoggedClick {
  contentCode: string;
  /** The address the click leads to (path and query). */
  param: string;
  visitorDevice?: DeviceCode;
}

/**
 * Where components hand their clicks to the visit log. The app provides the real queue;
 * without a provider (isolated component tests) clicks are not logged.
 */
export const VisitLogContext = createContext<(click: LoggedClick) => void>(() => undefined);

/** The function that logs a click. */
export const useLogClick = () => useContext(VisitLogContext);
