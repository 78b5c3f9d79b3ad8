import { existsSync } from 'node:fs';
import type { LaunchOptions } from 'playwright-core';

/**
 * Debian's Chromium without its browser shell (package `chromium-headless-shell`), as
 * Playwright itself runs headless tests: the same Blink and V8 as `/usr/bin/chromium` (one
 * Debian build), without the desktop browser's frames and processes around each page. Measured
 * on this suite (6 December 2026, three files, idle machine): 102 s and 119 CPU-seconds against
 * 122 s and 165 with the full Chromium (docs/architecture.md, "Tests").
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** The browser the suite drives: CHROMIUM_PATH, else the headless shell, else Debian's Chromium. */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** The suite's one browser: headless, as it runs for every file. */
export const CHROMIUM_OPTIONS: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
};
