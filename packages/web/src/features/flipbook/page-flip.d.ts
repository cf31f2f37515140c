// The page-flip package ships no type declarations: the part of its API this feature uses.
declare module 'page-flip' {
  export type FlipCorner = 'top' | 'bottom';
  export type Orientation = 'portrait' | 'landscape';

  export interface FlipSetting {
    startPage: number;
    size: 'fixed' | 'stretch';
    width: number;
    height: number;
    minWidth: number;
    maxWidth: number;
    minHeight: number;
    maxHeight: number;
    drawShadow: boolean;
    flippingTime: number;
    usePortrait: boolean;
    startZIndex: number;
    autoSize: boolean;
    maxShadowOpacity: number;
    showCover: boolean;
    mobileScrollSupport: boolean;
    clickEventForward: boolean;
    useMouseEvents: boolean;
    swipeDistance: number;
    showPageCorners: boolean;
    disableFlipByClick: boolean;
  }

  export interface PageRect {
    left: number;
    top: number;
    width: number;
    height: number;
    pageWidth: number;
  }

  export interface FlipEvent<T> {
    data: T;
    object: PageFlip;
  }

  export class PageFlip {
    constructor(root: HTMLElement, setting: Partial<FlipSetting>);
    loadFromHTML(items: NodeListOf<HTMLElement> | HTMLElement[]): void;
    destroy(): void;
    update(): void;
    getPageCount(): number;
    getCurrentPageIndex(): number;
    getOrientation(): Orientation;
    getBoundsRect(): PageRect;
    flipNext(corner?: FlipCorner): void;
    flipPrev(corner?: FlipCorner): void;
    flip(page: number, corner?: FlipCorner): void;
    turnToPage(page: number): void;
    on(event: 'flip', handler: (event: FlipEvent<number>) => void): PageFlip;
    on(event: 'changeOrientation', handler: (event: FlipEvent<Orientation>) => void): PageFlip;
    on(event: 'init' | 'update', handler: (event: FlipEvent<{ page: number; mode: Orientation }>) => void): PageFlip;
    on(event: 'changeState', handler: (event: FlipEvent<string>) => void): PageFlip;
  }
}
