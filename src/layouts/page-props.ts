/** Props every page layout takes. */
export interface PageProps {
  /** Route name from src/platform/config/routes.ts; it gives the title and the floating-button rule. */
  routeName: string;
  /** Replaces the route title, e.g. a listing's own title on its detail page. */
  title?: string;
  description?: string;
}
