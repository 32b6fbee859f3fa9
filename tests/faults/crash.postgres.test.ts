import { crashSuite } from './crash-suite';

// Included in the fault suite when DATABASE_URL names a PostgreSQL server (vitest.config.ts).
crashSuite({ name: 'PostgreSQL', postgres: true });
