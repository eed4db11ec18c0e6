const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path id is a UUID: anything else is an unknown record (404), never a database error. */
export const isUuid = (id: string): boolean => UUID.test(id);
