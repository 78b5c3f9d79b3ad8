import type { LaunchOptions } from 'playwright-core';

/** Debian's Chromium (CHROMIUM_PATH elsewhere), headless, as the suite's one browser runs. */
export const CHROMIUM_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
};
