import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { EnvError, parseEnv, type TEnv } from './env.js';

async function main() {
  let env: TEnv;
  try {
    env = parseEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ env });
  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, exit within 10 s.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
