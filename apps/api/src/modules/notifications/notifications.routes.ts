import {
  ZNotificationListResponse,
  ZIdParams,
  ZMarkAllNotificationsReadResponse,
  ZNotificationResponse,
  ZMessageResponse,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { deleteNotification, listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.queries.js';

/** The signed-in user's in-app notifications: only one's own, newest first. */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const tags = ['notifications'];
  const security = [{ bearer: [] }];

  app.get(
    '/v1/notifications',
    { onRequest: app.admit('signedIn'), schema: { tags, security, response: { 200: ZNotificationListResponse } } },
    async (request) => ({ success: true as const, ...(await listNotifications(db, currentUser(request).id)) }),
  );

  app.patch(
    '/v1/notifications/read-all',
    {
      onRequest: app.admit('signedIn'),
      schema: { tags, security, response: { 200: ZMarkAllNotificationsReadResponse } },
    },
    async (request) => ({ success: true as const, updated: await markAllNotificationsRead(db, currentUser(request).id) }),
  );

  app.patch(
    '/v1/notifications/:id/read',
    {
      onRequest: app.admit('signedIn'),
      schema: { tags, security, params: ZIdParams, response: { 200: ZNotificationResponse } },
    },
    async (request) => ({ success: true as const, data: await markNotificationRead(db, currentUser(request).id, request.params.id) }),
  );

  app.delete(
    '/v1/notifications/:id',
    {
      onRequest: app.admit('signedIn'),
      schema: { tags, security, params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await deleteNotification(db, currentUser(request).id, request.params.id);
      return { success: true as const, message: 'Notification deleted' };
    },
  );
};
export default notificationsRoutes;
