import { MALAYSIA_OFFSET_MS } from '../../ledger/dashboard-rollups';

/** UTC calendar days of the dashboard (spec: TD, YD and TM are UTC days). */
export interface DashboardDays {
  today: string;
  yesterday: string;
  monthStart: string;
}

export function dashboardDays(now: Date): DashboardDays {
  const today = now.toISOString().slice(0, 10);
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  return { today, yesterday, monthStart: `${today.slice(0, 7)}-01` };
}

export type ChartGranularity = 'hour' | 'myt_day' | 'myt_month';

/** The chart's buckets for a period: their UTC start instants and Malaysia-time labels. */
export interface ChartBuckets {
  granularity: ChartGranularity;
  starts: string[];
  labels: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Buckets ending with the one holding `now`: 1D = 24 hours, 7D = 7 Malaysia days, 1M = 30
 * Malaysia days, 1Y = 12 Malaysia months. Labels are in Malaysia time (UTC+8).
 */
export function chartBuckets(period: '1D' | '7D' | '1M' | '1Y', now: Date): ChartBuckets {
  const local = new Date(now.getTime() + MALAYSIA_OFFSET_MS);
  const starts: string[] = [];
  const labels: string[] = [];
  const push = (localStartMs: number, label: string) => {
    starts.push(new Date(localStartMs - MALAYSIA_OFFSET_MS).toISOString());
    labels.push(label);
  };
  if (period === '1D') {
    const hour = Date.UTC(
      local.getUTCFullYear(),
      local.getUTCMonth(),
      local.getUTCDate(),
      local.getUTCHours(),
    );
    for (let i = 23; i >= 0; i--) {
      const t = new Date(hour - i * 3_600_000);
      push(
        t.getTime(),
        `${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:00`,
      );
    }
    return { granularity: 'hour', starts, labels };
  }
  if (period === '1Y') {
    for (let i = 11; i >= 0; i--) {
      const t = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - i, 1));
      push(t.getTime(), `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}`);
    }
    return { granularity: 'myt_month', starts, labels };
  }
  const days = period === '7D' ? 7 : 30;
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  for (let i = days - 1; i >= 0; i--) {
    const t = new Date(day - i * 86_400_000);
    push(t.getTime(), `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`);
  }
  return { granularity: 'myt_day', starts, labels };
}
