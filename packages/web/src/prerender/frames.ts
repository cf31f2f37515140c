import { STORAGE_KEYS } from '@credit-portal/shared';
import { LARGE_CURSOR_KEY } from '@/app/elder-mode';
import { H5_SESSION_EVIDENCE } from '@/features/h5/session-evidence';
import type { FrameFacts } from '@/lib/first-render';
import { paths } from '@/lib/paths';

/*
 * The pre-rendered frames: which addresses get one, for which screens, and how the page
 * and public/frame.js name them. page.tsx renders them; frame.js picks one; main.tsx hydrates it.
 */

/**
 * The addresses with a frame: the home page (header, menu, banner with the search), the entity
 * search list and 双公示 (their headings and texts: prerendered pages, route-kit) and the H5 app.
 */
export const FRAME_PATHS: readonly string[] = [
  paths.home,
  paths.searchList,
  paths.doubleDisclosure,
  paths.h5Login,
  paths.h5ReportLogin,
  paths.h5Home,
  paths.h5Report,
];

/** The screens a frame is rendered for: a phone's below hooks' WIDE_SCREEN_QUERY, a desktop's from it (frame.js asks it). */
export const FRAME_SCREENS = {
  narrow: { width: 375 },
  wide: { width: 1440 },
} as const;
export type FrameScreen = keyof typeof FRAME_SCREENS;

/** The attribute frame.js sets on #root with the key of the frame it put there. */
export const FRAME_ATTRIBUTE = 'data-frame';

/** The element holding the frames' templates, which frame.js reads and removes. */
export const FRAMES_ELEMENT_ID = 'frames';

/**
 * Stored choices the frames do not show (they are rendered for a first visit): with any of them,
 * frame.js leaves the page to the app. `key=value` means "when stored with this value", a bare key
 * "when stored at all".
 */
export const FRAMELESS_WHEN_STORED: readonly string[] = [
  `${STORAGE_KEYS.elderMode}=1`,
  `${LARGE_CURSOR_KEY}=1`,
  STORAGE_KEYS.userInfo,
];

/**
 * The H5 pages that need a person (spec §2.3): without any of the session's evidence the app would
 * send the visitor to the login at once, so frame.js does it first and shows the login's frame
 * (its introduction is the page's largest paint). With any evidence the app decides.
 */
export const FRAME_SIGN_IN = {
  paths: [paths.h5Home, paths.h5Report],
  to: paths.h5Login,
  unless: H5_SESSION_EVIDENCE,
} as const;

/** The key of a frame: its address and screen (`/index|narrow`). */
export const frameKey = (path: string, screen: FrameScreen): string => `${path}|${screen}`;

/** What the frame of a key assumed (undefined for a key that is not a frame's). */
export function frameFacts(key: string): FrameFacts | undefined {
  const [path, screen] = key.split('|');
  if (!path || !FRAME_PATHS.includes(path) || (screen !== 'narrow' && screen !== 'wide')) return undefined;
  // Frames are made for browsers that can read aloud; frame.js uses none in one that cannot.
  return { width: FRAME_SCREENS[screen].width, readAloud: true };
}
