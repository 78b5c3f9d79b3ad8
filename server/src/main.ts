import { buildApp } from './app';
import { loadConfig } from './config/config';
import { openDatabase } from './db/open';
import { seedDemoWorld } from './seed/seed-demo-world';

/** Starts the product: database (migrated, demo world when configured), API and web app. */
async function main() {
  const config = loadConfig();
  const db = await openDatabase(config);
  if (config.seedDemo) await seedDemoWorld(db);
  const app = await buildApp(db, config);
  const shutdown = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Back office on http://localhost:${config.port} (${db.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
