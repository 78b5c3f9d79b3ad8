import * as chromeLauncher from 'chrome-launcher';
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';

const CATEGORIES = [
  { id: 'performance', goal: 90 },
  { id: 'accessibility', goal: 100 },
  { id: 'best-practices', goal: 95 },
] as const;

export interface CategoryScore {
  title: string;
  score: number;
  goal: number;
  /** The category's audits that did not pass fully, with their score. */
  findings: string[];
}

/**
 * Lighthouse's default run (mobile emulation, simulated slow 4G and CPU throttling) of `url` in
 * the given Chromium, started by Lighthouse's own launcher (it never downloads a browser).
 * BENCH_LIGHTHOUSE_JSON=<file> keeps the whole report there (which element shifted, and so on).
 */
export async function lighthouseScores(
  url: string,
  chromePath: string,
  chromeFlags: string[],
): Promise<CategoryScore[]> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES.map((c) => c.id),
    });
    if (!result) throw new Error('Lighthouse gave no result');
    const keep = process.env.BENCH_LIGHTHOUSE_JSON;
    if (keep) writeFileSync(keep, JSON.stringify(result.lhr, null, 1));
    const { categories, audits } = result.lhr;
    return CATEGORIES.map(({ id, goal }) => {
      const category = categories[id]!;
      const findings = category.auditRefs
        .map((ref) => audits[ref.id]!)
        .filter(
          (audit) =>
            audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative',
        )
        .map(
          (audit) =>
            `${id}: ${audit.title} (${Math.round((audit.score ?? 0) * 100)})${audit.displayValue ? ` ${audit.displayValue}` : ''}`,
        );
      return {
        title: category.title,
        score: Math.round((category.score ?? 0) * 100),
        goal,
        findings,
      };
    });
  } finally {
    chrome.kill();
  }
}
