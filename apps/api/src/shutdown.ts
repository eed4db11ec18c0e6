import type { FastifyInstance } from 'fastify';

const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
/** Signals this close together are one request to stop: Ctrl-C under npm arrives from the terminal and again from npm. */
const ECHO_MS = 1000;

/**
 * SIGTERM, SIGINT or SIGHUP: stop accepting, let requests in flight finish, end live streams, let the outbox
 * worker finish or give back its message, close the database, exit 0. A second signal, or graceMs passing,
 * exits at once with 1. An uncaught error stops the same way and exits 1.
 */
export function stopOnSignals(app: FastifyInstance, graceMs: number): void {
  let stoppingSince: number | undefined;

  const stop = (exitCode: number) => {
    stoppingSince = Date.now();
    setTimeout(() => {
      app.log.error({ graceMs }, 'requests still in flight when the drain time ran out; exiting now');
      process.exit(1);
    }, graceMs);
    app.close().then(
      () => {
        app.log.info('stopped');
        process.exit(exitCode);
      },
      (err) => {
        app.log.error({ err }, 'error while stopping');
        process.exit(1);
      },
    );
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (stoppingSince === undefined) {
      app.log.info({ signal, graceMs }, 'stopping: no new connections; draining requests in flight');
      stop(0);
    } else if (Date.now() - stoppingSince > ECHO_MS) {
      app.log.warn({ signal }, 'second signal while stopping; exiting now');
      process.exit(1);
    }
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);

  const onCrash = (err: unknown) => {
    app.log.fatal({ err }, 'uncaught error; stopping');
    if (stoppingSince === undefined) stop(1);
    else process.exit(1);
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
}
