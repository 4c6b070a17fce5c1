import { BACKGROUND } from '@platform/database';

// Statements on the outbox. Lists travel as JSON arrays: one parameter whatever their length. The sweeper's own
// statements start with BACKGROUND: work of the process' timers, which a request's statement count leaves out.

/** Takes up to `limit` due rows of the given event names for `leaseMs`, one more attempt each; skips rows another process holds. */
export const CLAIM_DUE_EVENTS = `${BACKGROUND}
  with due as (
    select id from event_outbox
     where status = 'pending' and available_at <= now() and name in (select jsonb_array_elements_text(?::jsonb))
     order by available_at, id
     limit ?
     for update skip locked)
  update event_outbox o
     set attempts = o.attempts + 1, available_at = now() + ? * interval '1 millisecond', updated_at = now()
    from due
   where o.id = due.id
  returning o.id, o.shop_id, o.name, o.payload, o.request_id, o.origin, o.handled, o.attempts`;

export const MARK_DELIVERED = `
  update event_outbox
     set status = 'delivered', handled = handled || array(select jsonb_array_elements_text(?::jsonb)),
         delivered_at = now(), last_error = null, updated_at = now()
   where id = ?`;

export const MARK_RETRY = `
  update event_outbox
     set handled = handled || array(select jsonb_array_elements_text(?::jsonb)),
         available_at = now() + ? * interval '1 millisecond', last_error = ?, updated_at = now()
   where id = ?`;

export const MARK_FAILED = `
  update event_outbox
     set status = 'failed', handled = handled || array(select jsonb_array_elements_text(?::jsonb)), last_error = ?, updated_at = now()
   where id = ?`;

/** Delivered rows after a week and any row after a month go, a batch at a time. */
export const DELETE_OLD_EVENTS = `${BACKGROUND}
  delete from event_outbox
   where id in (
     (select id from event_outbox where status = 'delivered' and delivered_at < now() - interval '7 days' limit ?)
     union all
     (select id from event_outbox where created_at < now() - interval '30 days' limit ?))`;

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
