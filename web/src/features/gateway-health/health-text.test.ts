import { describe, expect, it } from 'vitest';
import { translatorOf as tOf } from '../../i18n/test-translations';
import type { GatewayHealthAlert } from '@bo/contract';
import { durationText } from '../../lib/duration-text';
import { healthChartOption } from './health-chart-option';
import { alertText, latencyText } from './health-text';

const alert = (patch: Partial<GatewayHealthAlert>) =>
  ({
    kind: 'success_rate',
    payment_gateway_name: 'Siam Pay',
    currency: 'THB',
    window_minutes: 60,
    min_success_percent: '80.0000',
    observed_success_rate: '52.8571',
    observed_attempts: 2040,
    ...patch,
  }) as GatewayHealthAlert;

describe('gateway health words and numbers', () => {
  it('an alert reads its rates as percentages and its counts grouped', () => {
    expect(alertText(tOf('en'), alert({}))).toBe(
      'Siam Pay (THB): success rate 52.86% over 2,040 pay-ins in 60 min, under 80.00%',
    );
    const arabic = alertText(tOf('ar'), alert({ window_minutes: 1440 }));
    expect(arabic).toContain('52.86%');
    expect(arabic).toContain('2,040');
    expect(arabic).toContain('1,440');
    expect(arabic).toContain('80.00%');
    expect(arabic).not.toContain('%%');
  });

  it('an alert with no figures yet reads 0.00%, never a bare placeholder', () => {
    const text = alertText(
      tOf('en'),
      alert({ observed_success_rate: null, observed_attempts: null }),
    );
    expect(text).toContain('success rate 0.00% over 0 pay-ins');
  });

  it('a latency is whole milliseconds, grouped, under 10 s, else the duration’s words', () => {
    const t = tOf('en');
    expect(latencyText(t, 850)).toBe('850 ms');
    expect(latencyText(t, 9_999)).toBe('9,999 ms');
    expect(latencyText(t, 12_400)).toBe('12 sec');
    expect(latencyText(t, 125_000)).toBe('2 min');
    expect(latencyText(t, null)).toBe('—');
    expect(latencyText(tOf('ar'), 2_040)).toBe('2,040 ملي ثانية');
  });

  it('a wait is worded in its largest whole unit, in the reader’s language', () => {
    const t = tOf('en');
    expect(durationText(t, 45)).toBe('45 sec');
    expect(durationText(t, 12 * 60 + 5)).toBe('12 min');
    expect(durationText(t, 3 * 3600)).toBe('3 hours');
    expect(durationText(t, 86_400)).toBe('1 day');
    expect(durationText(tOf('ar'), 3 * 3600)).toMatch(/^3 [\u0600-\u06FF]+$/);
  });

  it('the chart names hours in the reader’s zone and counts grouped', () => {
    const chart = {
      hours: ['2026-01-02T06:00:00.000Z', '2026-01-02T07:00:00.000Z'],
      success: [2040, 3],
      unsuccessful: [1, 0],
    };
    const option = healthChartOption(chart, 'Malaysia', { success: 'OK', failed: 'Not OK' }) as {
      xAxis: { data: string[] };
      yAxis: { axisLabel: { formatter: (v: number) => string } };
      tooltip: { valueFormatter: (v: number) => string };
    };
    expect(option.xAxis.data).toEqual(['14:00', '15:00']);
    expect(healthChartOption(chart, 'Default', { success: '', failed: '' })).toMatchObject({
      xAxis: { data: ['06:00', '07:00'] },
    });
    expect(option.tooltip.valueFormatter(2040)).toBe('2,040');
    expect(option.yAxis.axisLabel.formatter(12000)).toBe('12,000');
  });
});
