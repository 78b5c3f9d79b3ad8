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

  it('reads a relative DATA_DIR from where npm was run, not from the workspace', () => {
    expect(loadConfig({ INIT_CWD: '/srv/backoffice', DATA_DIR: 'state' }, []).dataDir).toBe(
      '/srv/backoffice/state',
    );
    expect(loadConfig({ INIT_CWD: '/srv/backoffice' }, []).dataDir).toBe('/srv/backoffice/data');
    expect(loadConfig({ INIT_CWD: '/srv/backoffice', DATA_DIR: '/var/lib/bo' }, []).dataDir).toBe(
      '/var/lib/bo',
    );
  });

  it('stops with a clear message on a bad number', () => {
    expect(() => loadConfig({ PORT: 'abc' }, [])).toThrow('PORT must be a whole number, got "abc"');
  });
});
