import { ZIdParams, ZFileQuery } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/app-error.js';
import { actorOf } from '../../plugins/auth.js';
import { readerOfFileLink } from '../../shared/file-links.js';
import { readStoredFile } from './read-stored-file.js';

/** Stored files (package images, labels, proof of delivery), read with a signed link or a Bearer token. */
const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const { jwtKey, clock } = services;

  app.get(
    '/v1/files/:id',
    {
      schema: {
        tags: ['files'],
        description:
          'A stored file; allowed with a valid signed link (exp, for, sig: minted for one account, read and audited as that account) or the Bearer token of its owner, driver or staff.',
        params: ZIdParams,
        querystring: ZFileQuery,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const linkedReader = readerOfFileLink(jwtKey, id, request.query, clock.now());
      // Without a valid link or a Bearer token, a file is as unknown as one that does not exist.
      if (!linkedReader && !request.headers.authorization) throw notFound('File not found');
      if (!linkedReader) await app.authenticate(request);
      const reader = linkedReader ? { linkedFor: linkedReader, ip: request.ip } : actorOf(request);
      const file = await readStoredFile(services, reader, { fileId: id });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'private, max-age=1800')
        .send(file.bytes);
    },
  );
};
export default filesRoutes;
