import { BACKGROUND, preparedSql } from '@platform/database';

// Statements on the outbox, across shops (the platform's own, `SqlPool.unscoped`). Lists travel as JSON arrays: one
// parameter whatever their length. The sweeper's own statements start with BACKGROUND: work of the process' timers,
// which a request's statement count leaves out.

/** Takes up to `limit` due rows of the given event names for `leaseMs`, one more attempt each; skips rows another process holds. */
export const CLAIM_DUE_EVENTS = preparedSql(`${BACKGROUND}
  with due as (
    select id from event_outbox
     where status = 'pending' and available_at <= now() and name in (select jsonb_array_elements_text($1::jsonb))
     order by available_at, id
     limit $2
     for update skip locked)
  update event_outbox o
     set attempts = o.attempts + 1, available_at = now() + $3::int * interval '1 millisecond', updated_at = now()
    from due
   where o.id = due.id
  returning o.id, o.shop_id, o.name, o.payload, o.request_id, o.origin, o.handled, o.attempts`);

export const MARK_DELIVERED = preparedSql(`
  update event_outbox
     set status = 'delivered', handled = handled || array(select jsonb_array_elements_text($1::jsonb)),
         delivered_at = now(), last_error = null, updated_at = now()
   where id = $2`);

export const MARK_RETRY = preparedSql(`
  update event_outbox
     set handled = handled || array(select jsonb_array_elements_text($1::jsonb)),
         available_at = now() + $2::int * interval '1 millisecond', last_error = $3, updated_at = now()
   where id = $4`);

export const MARK_FAILED = preparedSql(`
  update event_outbox
     set status = 'failed', handled = handled || array(select jsonb_array_elements_text($1::jsonb)), last_error = $2, updated_at = now()
   where id = $3`);

/** Delivered rows after a week and any row after a month go, a batch at a time. */
export const DELETE_OLD_EVENTS = preparedSql(`${BACKGROUND}
  delete from event_outbox
   where id in (
     (select id from event_outbox where status = 'delivered' and delivered_at < now() - interval '7 days' limit $1)
     union all
     (select id from event_outbox where created_at < now() - interval '30 days' limit $2))`);

export interface ClaimedEventRow {
  id: string | number;
  shop_id: string | number;
  name: string;
  payload: Record<string, unknown>;
  request_id: string;
  origin: string;
  handled: string[];
  attempts: number;
}
