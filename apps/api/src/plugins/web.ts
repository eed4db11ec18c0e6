import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WEB_DIST } from '../locations.js';

/** The built SPA on the API's port: files as they are, any other non-/api path gets index.html. */
export default fp(async function web(app: FastifyInstance, opts: { root?: string }) {
  const root = opts.root ?? WEB_DIST;
  const built = existsSync(join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      // The build writes .br and .gz beside each text file; they go out as they are, to browsers that take them.
      preCompressed: true,
      // Cache-Control comes from setHeaders alone (send's own max-age=0 would override it).
      cacheControl: false,
      setHeaders: (res, path) => {
        // Hashed assets never change; the shell and the service worker must always be fresh.
        if (path.includes(`${join(root, 'assets')}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // Source maps are never served: they would hand out the app's source (the build emits none).
    if (path === '/api' || path.startsWith('/api/') || path.endsWith('.map') || request.method !== 'GET' || !built) {
      return reply.status(404).send({ success: false, message: `Route ${request.method} ${path} not found`, error: 'NOT_FOUND' });
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
});
