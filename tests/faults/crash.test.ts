import { crashSuite } from './crash-suite';

crashSuite({ name: 'PGlite', postgres: false });
