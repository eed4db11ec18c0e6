import { hash } from '@node-rs/argon2';
import { ROLE_IDS, ROLES } from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client.js';
import { roles, users } from './schema/index.js';

export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export async function ensureRoles(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ id: ROLE_IDS[name], name })))
    .onConflictDoNothing();
}

/** Creates the first SUPER_ADMIN from ADMIN_EMAIL and ADMIN_PASSWORD when there is none. */
export async function ensureSuperAdmin(db: Db, email: string | undefined, password: string | undefined, log: FastifyBaseLogger) {
  if (!email || !password) return;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.roleId, ROLE_IDS.SUPER_ADMIN)).limit(1);
  if (existing) return;
  await db
    .insert(users)
    .values({
      email: email.toLowerCase(),
      passwordHash: await hash(password, ARGON2_OPTIONS),
      firstName: 'Super',
      lastName: 'Admin',
      roleId: ROLE_IDS.SUPER_ADMIN,
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing();
  log.info({ email }, 'first SUPER_ADMIN created');
}
