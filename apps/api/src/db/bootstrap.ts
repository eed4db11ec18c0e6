import { hash } from '@node-rs/argon2';
import { ROLE_IDS, ROLES } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
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

/**
 * Creates the first SUPER_ADMIN from ADMIN_EMAIL and ADMIN_PASSWORD when there is no active one (a deleted or
 * disabled one does not count). An account already under that e-mail becomes the SUPER_ADMIN, active again.
 */
export async function ensureSuperAdmin(db: Db, email: string | undefined, password: string | undefined, log: FastifyBaseLogger) {
  if (!email || !password) return;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, ROLE_IDS.SUPER_ADMIN), eq(users.isDeleted, false), eq(users.isDisabled, false)))
    .limit(1);
  if (existing) return;
  const now = new Date();
  const passwordHash = await hash(password, ARGON2_OPTIONS);
  await db
    .insert(users)
    .values({
      email: email.toLowerCase(),
      passwordHash,
      firstName: 'Super',
      lastName: 'Admin',
      roleId: ROLE_IDS.SUPER_ADMIN,
      emailVerifiedAt: now,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: { passwordHash, roleId: ROLE_IDS.SUPER_ADMIN, isDeleted: false, deletedAt: null, isDisabled: false, updatedAt: now },
    });
  log.info({ email }, 'first SUPER_ADMIN created');
}
