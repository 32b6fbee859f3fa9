import { serve } from './serve.js';

/** Starts the server (`npm start` runs this file): production settings only, never a test-harness option. */
void serve();
