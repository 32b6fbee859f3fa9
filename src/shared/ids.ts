/** The shape of our ids (PostgreSQL's gen_random_uuid). A malformed id is answered like a missing one. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
