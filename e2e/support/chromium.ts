import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';

/** Debian's Chromium by default; CHROMIUM_PATH points elsewhere. Test tools never download one. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and quiet: this machine's closed network refuses Chromium's own connections. */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

/** A phone in Tbilisi: the customers' usual device. */
export const georgianPhone: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  locale: 'ka-GE',
  timezoneId: 'Asia/Tbilisi',
};
