/**
 * The business-invest page's address until that page is built. The contacts /ContactUs
 * shows are the `site.contacts` setting (services/site-settings.ts), edited in the console.
 */
export const BUSINESS_EMAIL = 'bd@example.com';
