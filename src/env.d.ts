/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    brand: import('~/platform/rules/brand').Brand;
    /** PUBLIC_API_BASE: the API host the browser calls; '' for this origin. */
    apiBase: string;
    /** The customer-service desk's kind and where /redirect sends the browser (null: our own chat). */
    desk: { kind: import('~/platform/providers/customer-service').CustomerServiceDesk['kind']; redirectUrl: string | null };
    /** Outside hosts the pages' CSP must allow for the site's captcha (only CAPTCHA_PROVIDER=aliyun has any). */
    captchaSources: import('~/platform/providers/captcha/page-sources').CaptchaPageSources;
    /** This request's database, resolved by middleware (platform/http/request-context.ts). */
    db?: import('~/platform/db/client').Db;
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate on idle once the visitor is signed in (<html data-signed-in>). */
    'client:signedin'?: boolean;
  }
}
