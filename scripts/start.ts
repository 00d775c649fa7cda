/** `npm start`: build when needed, then run the production entry in this same process. */
import { pathToFileURL } from 'node:url';
import { buildIfNeeded, ENTRY, ROOT } from './build-if-needed.ts';

buildIfNeeded();
// Same process, so SIGTERM and SIGINT reach the server's own shutdown (it closes the database).
process.chdir(ROOT);
await import(pathToFileURL(ENTRY).href);
