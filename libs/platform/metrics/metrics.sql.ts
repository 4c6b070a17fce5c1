import { preparedSql } from '@platform/database';

/** Seconds the oldest pending event of the outbox has waited to be handled; null when none waits. */
export const OUTBOX_LAG = preparedSql(`select extract(epoch from now() - min(created_at))::float8 as seconds from event_outbox where status = 'pending'`);
