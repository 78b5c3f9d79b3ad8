import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';

describe('configuration', () => {
  it('seeds the demo world on the embedded database by default', () => {
    expect(loadConfig({}, []).seedDemo).toBe(true);
    expect(loadConfig({ NO_SEED_DEMO: '1' }, []).seedDemo).toBe(false);
  });

  it('seeds nothing on a real database unless asked with --seed-demo', () => {
    const url = 'postgres://localhost/x';
    expect(loadConfig({ DATABASE_URL: url }, []).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url }, ['node', 'main.ts', '--seed-demo']).seedDemo).toBe(
      true,
    );
  });

  it('has the documented defaults', () => {
    const config = loadConfig({}, []);
    expect(config).toMatchObject({
      port: 3000,
      trustProxy: false,
      sessionIdleMinutes: 60,
      databaseUrl: undefined,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('trusts a number of our own proxies, or their addresses, never every hop', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }, []).trustProxy;
    expect(trust('')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 192.168.1.7,fd00::/8')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
    for (const bad of ['all', '10.0.0.0/33', '10.0.0.1/8/8', 'proxy.local'])
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY must be a number of proxies/);
  });

  it('reads a relative DATA_DIR from where npm was run, not from the workspace', () => {
    expect(loadConfig({ INIT_CWD: '/srv/backoffice', DATA_DIR: 'state' }, []).dataDir).toBe(
      '/srv/backoffice/state',
    );
    expect(loadConfig({ INIT_CWD: '/srv/backoffice' }, []).dataDir).toBe('/srv/backoffice/data');
    expect(loadConfig({ INIT_CWD: '/srv/backoffice', DATA_DIR: '/var/lib/bo' }, []).dataDir).toBe(
      '/var/lib/bo',
    );
  });

  it('reads the sandbox dispute rate as a share from 0 to 1, off by default', () => {
    expect(loadConfig({}, []).sandboxDisputeRate).toBe(0);
    expect(loadConfig({ SANDBOX_DISPUTE_RATE: '0.05' }, []).sandboxDisputeRate).toBe(0.05);
    expect(loadConfig({ SANDBOX_DISPUTE_RATE: '1' }, []).sandboxDisputeRate).toBe(1);
    for (const bad of ['1.5', '-0.1', '5%', 'x', '1e-2'])
      expect(() => loadConfig({ SANDBOX_DISPUTE_RATE: bad }, []), bad).toThrow(
        /SANDBOX_DISPUTE_RATE must be a share between 0 and 1/,
      );
  });

  it('stops with a clear message on a bad number', () => {
    expect(() => loadConfig({ PORT: 'abc' }, [])).toThrow('PORT must be a whole number, got "abc"');
  });

  it('reads the operations webhook, refusing it without a secret or with a bad format', () => {
    expect(loadConfig({}, [])).toMatchObject({
      alertWebhookUrl: undefined,
      alertWebhookFormat: 'json',
    });
    const url = 'https://ops.example/alerts';
    const secret = '0123456789abcdef';
    expect(
      loadConfig(
        { ALERT_WEBHOOK_URL: url, ALERT_WEBHOOK_SECRET: secret, ALERT_WEBHOOK_FORMAT: 'slack' },
        [],
      ),
    ).toMatchObject({
      alertWebhookUrl: url,
      alertWebhookSecret: secret,
      alertWebhookFormat: 'slack',
    });
    expect(() => loadConfig({ ALERT_WEBHOOK_URL: url }, [])).toThrow(
      'ALERT_WEBHOOK_SECRET must be set (16 characters or more) with ALERT_WEBHOOK_URL',
    );
    expect(() =>
      loadConfig({ ALERT_WEBHOOK_URL: 'ftp://ops.example', ALERT_WEBHOOK_SECRET: secret }, []),
    ).toThrow('ALERT_WEBHOOK_URL must be an http(s) URL');
    expect(() => loadConfig({ ALERT_WEBHOOK_FORMAT: 'xml' }, [])).toThrow(
      'ALERT_WEBHOOK_FORMAT must be json or slack',
    );
  });
});
