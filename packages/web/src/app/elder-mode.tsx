import { STORAGE_KEYS } from '@credit-portal/shared';
import { createContext, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';

/** localStorage key of the large-cursor option (an accessibility choice, like 长者模式). */
export const LARGE_CURSOR_KEY = 'largeCursor';

interface ElderModeValue {
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  /** The large mouse pointer (大鼠标), on its own or with 长者模式. */
  largeCursor: boolean;
  setLargeCursor: (enabled: boolean) => void;
}

const ElderModeContext = createContext<ElderModeValue | null>(null);

/**
 * The elder-friendly mode (长者模式, required of government sites, MIIT 适老化): larger type,
 * higher contrast, larger targets, one column, no carousel and no motion — remembered in
 * localStorage and applied as html.elder-mode (the portal's and antd's styles both follow it). The large cursor is a
 * separate choice (html.large-cursor), remembered the same way.
 */
export function ElderModeProvider({ children }: { children: ReactNode }) {
  const [enabled, setEnabled] = useState(() => readStorage(STORAGE_KEYS.elderMode) === '1');
  const [largeCursor, setLargeCursor] = useState(() => readStorage(LARGE_CURSOR_KEY) === '1');
  // Before the first paint: antd's 长者模式 sizes, like the portal's, hang on this class alone.
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('elder-mode', enabled);
    writeStorage(STORAGE_KEYS.elderMode, enabled ? '1' : '0');
  }, [enabled]);
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('large-cursor', largeCursor);
    writeStorage(LARGE_CURSOR_KEY, largeCursor ? '1' : '0');
  }, [largeCursor]);
  const value = useMemo(() => ({ enabled, setEnabled, largeCursor, setLargeCursor }), [enabled, largeCursor]);
  return <ElderModeContext.Provider value={value}>{children}</ElderModeContext.Provider>;
}

/** The elder-friendly mode and its switch. */
export function useElderMode(): ElderModeValue {
  const value = useContext(ElderModeContext);
  if (!value) throw new Error('useElderMode must be used below ElderModeProvider');
  return value;
}
