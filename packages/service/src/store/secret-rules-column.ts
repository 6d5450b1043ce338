/**
 * The `secret_rules` column of reports and diagnoses (migration 0016): the `SECRET_RULES_VERSION`
 * a stored analysis or diagnosis was passed through the secret gate with.
 */
import { type SqlBool, sql } from 'kysely';
import { SECRET_RULES_VERSION } from '../adapters/investigator.js';

/**
 * A row gated under older rules than today's, or stored before the service gated reports. Read
 * through the `secret_rules` index of migration 0016, so the check at every start costs an index
 * lookup, not a scan of every stored report (versions only grow: a row a newer Sightline gated is
 * left to it).
 */
export const UNDER_OTHER_SECRET_RULES = sql<SqlBool>`(secret_rules is null or secret_rules < ${SECRET_RULES_VERSION})`;
