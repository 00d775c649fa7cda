/** The version the health check reports: package.json's, read at build time. */
export { version as APP_VERSION } from '~/../package.json';
