/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    brand: import('./lib/rules/brand').Brand;
    /** PUBLIC_API_BASE: the API host the browser calls; '' for this origin. */
    apiBase: string;
  }
}
