import type { Config } from '../../config.js';
import { canonicalEmail } from '../../../shared/email.js';

/**
 * The operator role: the accounts `OPERATOR_EMAILS` names, however they signed in (every sign-in method
 * resolves to the account's email). Read from the settings on every request, so removing an address
 * takes the role away at the next restart without touching the database.
 */
export function isOperator(config: Pick<Config, 'operatorEmails'>, email: string): boolean {
  return config.operatorEmails.has(canonicalEmail(email));
}
