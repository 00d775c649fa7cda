/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    brand: import('./lib/rules/brand').Brand;
  }
}
