import { STORAGE_KEYS } from '@credit-portal/shared';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';

interface ElderModeValue {
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
}

const ElderModeContext = createContext<ElderModeValue | null>(null);

/**
 * The elder-friendly mode (长者模式, required of government sites): larger type and higher
 * contrast, remembered in localStorage and applied as html.elder-mode plus the antd theme.
 */
export function ElderModeProvider({ children }: { children: ReactNode }) {
  const [enabled, setEnabled] = useState(() => readStorage(STORAGE_KEYS.elderMode) === '1');
  useEffect(() => {
    document.documentElement.classList.toggle('elder-mode', enabled);
    writeStorage(STORAGE_KEYS.elderMode, enabled ? '1' : '0');
  }, [enabled]);
  const value = useMemo(() => ({ enabled, setEnabled }), [enabled]);
  return <ElderModeContext.Provider value={value}>{children}</ElderModeContext.Provider>;
}

/** The elder-friendly mode and its switch. */
export function useElderMode(): ElderModeValue {
  const value = useContext(ElderModeContext);
  if (!value) throw new Error('useElderMode must be used below ElderModeProvider');
  return value;
}
