/**
 * Red-envelope campaigns ("red-envelope campaigns ... limits (per user, total)"): an
 * operator's template says what envelope users get, how many one user may hold and how many may be
 * issued in all. These rules decide whether envelopes may be issued; the service applies them
 * under a lock on the template row, and the database's check (issued ≤ total) is the last word.
 */

/** Why an envelope of a template cannot be issued. */
export type TemplateRefusal = 'inactive' | 'gone' | 'user_limit';

export interface TemplateLimits {
  active: boolean;
  /** Envelopes of the template issued so far (grants and exchange codes). */
  issued: number;
  /** null: no total limit. */
  totalLimit: number | null;
  perUserLimit: number;
}

/** Envelopes still to issue before the total limit; null when there is none. */
export function templateRemaining(template: Pick<TemplateLimits, 'issued' | 'totalLimit'>): number | null {
  return template.totalLimit === null ? null : Math.max(0, template.totalLimit - template.issued);
}

/** Whether one more envelope may go to a user already holding `held` of this template. */
export function templateIssueRefusal(template: TemplateLimits, held: number): TemplateRefusal | null {
  if (!template.active) return 'inactive';
  const remaining = templateRemaining(template);
  if (remaining !== null && remaining < 1) return 'gone';
  if (held >= template.perUserLimit) return 'user_limit';
  return null;
}

export type GrantPlan =
  | { ok: true; recipients: number }
  | { ok: false; reason: 'inactive' | 'nobody' }
  | { ok: false; reason: 'short'; needed: number; remaining: number };

/**
 * A grant gives one envelope to each eligible user (those below the per-user limit), all or
 * nothing: a grant larger than what the total limit leaves is refused whole rather than cut at an
 * arbitrary user, so the operator decides (raise the limit, narrow the audience).
 */
export function planGrant(template: TemplateLimits, eligible: number): GrantPlan {
  if (!template.active) return { ok: false, reason: 'inactive' };
  if (eligible < 1) return { ok: false, reason: 'nobody' };
  const remaining = templateRemaining(template);
  if (remaining !== null && eligible > remaining) return { ok: false, reason: 'short', needed: eligible, remaining };
  return { ok: true, recipients: eligible };
}
