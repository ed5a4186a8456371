import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { ConfigError } from './config/environment.ts';

function exitWith(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function configOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      exitWith(`${error.message}\nSee the configuration table in README.md.`);
    }
    throw error;
  }
}

const config = configOrExit();
let app: FastifyInstance | undefined;
try {
  app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  await app?.close();
  exitWith(`${config.productName} could not start: ${String(error)}`);
}
const running = app;

/**
 * Shutting down without failing a request: first stop reporting ready and keep serving for
 * `SHUTDOWN_DRAIN_MS` while the load balancer's health checks take this instance out, then
 * close (finishing the requests in flight), then the pools.
 */
closeWithGrace(
  { delay: config.shutdownDrainMs + 30_000, logger: false },
  async ({ signal, err }) => {
    if (err) running.log.error({ err }, 'fatal error, shutting down');
    else
      running.log.info({ signal, drainMs: config.shutdownDrainMs }, 'draining, then shutting down');
    running.draining = true;
    if (!err) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    await running.close();
  },
);

process.stdout.write(`${config.productName} is running at ${config.appUrl}\n`);
