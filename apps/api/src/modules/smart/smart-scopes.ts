import { SMART_SCOPES } from '@courier/contract';

/** SMART v2 permissions in their canonical order: create, read, update, delete, search. */
const PERMISSIONS = ['c', 'r', 'u', 'd', 's'] as const;
export type TSmartPermission = (typeof PERMISSIONS)[number];
export type TSmartResource = 'Task' | 'Subscription';

/** What a client may be granted at most, per resource, read from the contract's scopes. */
const ALLOWED: Record<TSmartResource, Set<TSmartPermission>> = { Task: new Set(), Subscription: new Set() };
for (const scope of SMART_SCOPES) {
  const [, resource, letters] = /^system\/(\w+)\.(\w+)$/.exec(scope) ?? [];
  for (const letter of letters ?? '') ALLOWED[resource as TSmartResource].add(letter as TSmartPermission);
}

/** v1's words in v2 letters: read is read and search, write is create, update and delete. */
const V1: Record<string, TSmartPermission[]> = { read: ['r', 's'], write: ['c', 'u', 'd'], '*': ['c', 'r', 'u', 'd', 's'] };

/** The permissions a `system/...` scope asks for, per resource; null when it is not a system scope we read. */
function parseScope(scope: string): Map<TSmartResource, Set<TSmartPermission>> | null {
  const match = /^system\/(\*|[A-Za-z]+)\.([a-z*]+)(\?.*)?$/.exec(scope);
  // A scope with a query (system/Task.rs?code=...) narrows access in ways we do not read: not granted.
  if (!match || match[3]) return null;
  const [, resource, permission] = match;
  let letters: TSmartPermission[] | undefined = V1[permission];
  if (!letters) {
    // v2: letters from cruds, each at most once, in that order.
    if (!/^c?r?u?d?s?$/.test(permission)) return null;
    letters = [...permission] as TSmartPermission[];
  }
  const resources: TSmartResource[] =
    resource === '*' ? ['Task', 'Subscription'] : Object.hasOwn(ALLOWED, resource) ? [resource as TSmartResource] : [];
  if (resources.length === 0) return null;
  return new Map(resources.map((r) => [r, new Set(letters)]));
}

/**
 * The scopes granted for those asked (space-separated): each asked scope narrowed to what is allowed, written as a
 * SMART v2 scope (`system/Task.read` is granted as `system/Task.rs`, `system/Task.cruds` as `system/Task.crs`).
 * Unknown or unreadable scopes, and those that narrow to nothing, are left out.
 */
export function grantScopes(asked: string): string[] {
  const granted = new Set<string>();
  for (const scope of asked.split(' ').filter(Boolean)) {
    for (const [resource, letters] of parseScope(scope) ?? []) {
      const kept = PERMISSIONS.filter((p) => letters.has(p) && ALLOWED[resource].has(p));
      if (kept.length > 0) granted.add(`system/${resource}.${kept.join('')}`);
    }
  }
  return [...granted];
}

/**
 * Whether a token's scopes allow an interaction: `scopeAllows(scopes, 'Task', 'c')` before a create, 'r' before
 * a read, 's' before a search, and so on. Reads v2 and v1 scopes alike.
 */
export function scopeAllows(scopes: readonly string[], resource: TSmartResource, permission: TSmartPermission): boolean {
  return scopes.some((scope) => parseScope(scope)?.get(resource)?.has(permission) ?? false);
}
