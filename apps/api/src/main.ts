import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import { buildApp } from './app.js';
import { users } from './db/schema/index.js';
import { parseEnv, type TEnv } from './env.js';
import { checkWritableDir } from './platform/storage.js';
import { listenForMetrics } from './plugins/metrics.js';
import { readyLines } from './ready-line.js';
import { stopOnSignals } from './shutdown.js';
import { exitOnStartupError, StartupError } from './startup-error.js';

/** Reads the environment, builds the app on its database, listens, and stops gracefully on SIGTERM/SIGINT. */
async function main() {
  let env: TEnv | undefined;
  let app: FastifyInstance | undefined;
  try {
    env = parseEnv();
    const dataDir = resolve(env.DATA_DIR);
    await checkWritableDir(dataDir).catch((err: Error) => {
      throw new StartupError(
        `DATA_DIR ${dataDir} is not writable (${err.message}): make it writable by this user, or set DATA_DIR to another directory.`,
      );
    });
    app = await buildApp({ env });
    stopOnSignals(app, env.SHUTDOWN_GRACE_MS);
    if (env.METRICS_PORT) {
      const metricsServer = await listenForMetrics(app, env.METRICS_PORT, env.HOST);
      app.addHook('onClose', (_instance, done) => {
        metricsServer.close(() => done());
        metricsServer.closeAllConnections();
      });
    }
    await app.listen({ port: env.PORT, host: env.HOST });
    const [{ n }] = await app.services.db.select({ n: count() }).from(users);
    // Plain lines on stdout whatever LOG_LEVEL says: the one thing a person starting the server waits for.
    for (const line of readyLines(app.server.address(), env.HOST, Number(n))) console.log(line);
    // `npm run backup` asks the server that holds the embedded database to take the backup itself.
    const server = app;
    process.on('SIGUSR2', () => {
      server.backups.takeNow().catch((err: Error) => server.log.error({ err }, 'backup failed'));
    });
  } catch (err) {
    await app?.close().catch(() => {});
    exitOnStartupError(err, env);
  }
}

await main();
