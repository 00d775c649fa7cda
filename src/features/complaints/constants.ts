/**
 * The complaints feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

/** Complaints: open complaints one order may have at once. */
export const COMPLAINTS_OPEN_PER_ORDER_MAX = 3;

// Complaint arbitration (docs/decisions.md "Complaint arbitration")
/** Images a renter may attach to a complaint as evidence (the owner's answer takes as many). */
export const COMPLAINT_EVIDENCE_IMAGES_MAX = 6;
/** The written decision both sides read: characters (code points), trimmed. */
export const COMPLAINT_DECISION_TEXT_MIN_CHARS = 5;
export const COMPLAINT_DECISION_TEXT_MAX_CHARS = 500;
/** The largest penalty one decision may charge a listing's owner (¥5,000). */
export const COMPLAINT_PENALTY_MAX_FEN = 500_000;
/** Past complaints each party's history shows on the arbitration screen. */
export const COMPLAINT_HISTORY_ROWS = 5;
