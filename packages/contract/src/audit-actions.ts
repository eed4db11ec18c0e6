/** The audit log's actions in words, for the console and its CSV. Unknown actions are spelled out from their name. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'account.deleted': 'Deleted their account',
  'account.update': "Changed a customer account's terms",
  'account.create': 'Opened a customer account',
  'account.member.invite': 'Invited someone to a customer account',
  'account.member.invitation_revoke': 'Withdrew an invitation to a customer account',
  'account.member.join': 'Joined a customer account',
  'account.member.role': "Changed a member's role in a customer account",
  'account.member.remove': 'Removed a member from a customer account',
  'account.profile.updated': 'Updated their profile',
  'account.registered': 'Signed up',
  'account.signup_with_existing_email': 'Tried to sign up with an e-mail already in use',
  'auth.address.locked': 'Sign-in locked after failed attempts',
  'auth.email.verified': 'Verified their e-mail',
  'auth.login.blocked': 'Sign-in refused (locked)',
  'auth.login.failed': 'Failed to sign in',
  'auth.login.succeeded': 'Signed in',
  'auth.login.verification_required': 'Signed in, e-mail code sent',
  'auth.login_code.resent': 'Asked for a new e-mail code',
  'auth.logout': 'Signed out',
  'auth.password.changed': 'Changed their password',
  'auth.password.reset': 'Reset their password',
  'auth.password_change.failed': 'Failed to change their password',
  'auth.password_reset.requested': 'Asked to reset their password',
  'auth.refresh_token.reused': 'A stolen session was detected and ended',
  'custody.report': 'Printed a custody report',
  'delivery.approve': 'Approved a delivery',
  'hl7_sender.create': 'Registered an HL7 sender',
  'hl7_sender.delete': 'Removed an HL7 sender',
  'discrepancy.open': 'Opened a discrepancy case',
  'discrepancy.update': 'Moved or assigned a discrepancy case',
  'discrepancy.note': 'Added a note to a discrepancy case',
  'discrepancy.read': 'Opened a discrepancy case',
  'discrepancy.report': 'Printed a loss report',
  'discrepancy.export': 'Exported discrepancy cases (CSV)',
  'delivery.assign': 'Assigned a driver',
  'delivery.reassign': 'Handed a delivery to another driver',
  'delivery.cancel': 'Cancelled a delivery',
  'delivery.create': 'Booked a delivery',
  'delivery.deliver': 'Delivered a parcel',
  'delivery.export': 'Exported deliveries (CSV)',
  'delivery.arrived': 'Arrived at a stop',
  'delivery.pickup': 'Picked up a parcel',
  'delivery.pickup_run': 'Set off to a pickup',
  'delivery.pickup_scan_mismatch': 'Scanned the wrong parcel at pickup',
  'delivery.read': 'Opened a delivery',
  'delivery.transit': 'Set off with a parcel',
  'audit.export': 'Exported the audit log (CSV)',
  'email.unsubscribe': 'Unsubscribed from e-mails',
  'feedback.submitted': 'Left feedback',
  'fhir_client.create': 'Registered a FHIR client (SMART Backend Services)',
  'fhir_client.delete': 'Removed a FHIR client',
  'fuel_surcharge.create': 'Set a fuel surcharge',
  'fuel_surcharge.delete': 'Removed a fuel surcharge',
  'label.generate': 'Printed a label',
  'label.read': 'Opened a label',
  'message.retry': 'Retried a failed message',
  'invoice.run': 'Ran the invoices of a period',
  'invoice.adjust_line': 'Adjusted an invoice line',
  'invoice.issue': 'Issued an invoice',
  'invoice.void': 'Voided an invoice',
  'invoice.overdue': 'An invoice fell overdue',
  'invoice.payment': 'Recorded a payment',
  'invoice.credit_note': 'Issued a credit note',
  'invoice.export': 'Exported invoices for the books (CSV)',
  'rate_card.create': 'Created a rate card',
  'rate_card.update': 'Changed a rate card',
  'optin.consent': 'Gave SMS or e-mail consent',
  'optin.sms_start': 'Texted START (SMS back on)',
  'optin.sms_stop': 'Texted STOP (no more SMS)',
  'route_plan.apply': 'Applied a route plan',
  'route_plan.create': 'Planned routes',
  'user.disable': 'Disabled an account',
  'user.enable': 'Enabled an account',
  'user.invite': 'Invited a user',
  'user.role_change': 'Changed a role',
  'user.shift_change': "Changed a driver's shift, vehicle or skills",
};

/** "delivery.pickup_scan_mismatch" in words; an action not in the list reads "Delivery: pickup scan mismatch". */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const [head, ...rest] = action.split('.');
  const words = rest.join(' ').replaceAll('_', ' ');
  const capital = head.charAt(0).toUpperCase() + head.slice(1);
  return words ? `${capital}: ${words}` : capital;
}

/** The audit log's two kinds: changes (what someone did) and reads (what staff looked at, and API key calls). */
export const AUDIT_KINDS = ['changes', 'reads'] as const;
export type TAuditKind = (typeof AUDIT_KINDS)[number];
/** A read's action ends in one of these (delivery.list, custody.read, audit.export...); api_key.call is an access record. */
export const AUDIT_READ_SUFFIXES = ['.list', '.search', '.read', '.report', '.export'] as const;
export const AUDIT_ACCESS_ACTIONS = ['api_key.call'] as const;
export const isReadAction = (action: string): boolean =>
  AUDIT_READ_SUFFIXES.some((s) => action.endsWith(s)) || (AUDIT_ACCESS_ACTIONS as readonly string[]).includes(action);
