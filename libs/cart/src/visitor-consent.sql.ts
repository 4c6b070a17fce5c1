// The installation's consent signing key: written once (the first process to need it wins the insert), read by
// every process after. Not shop data: the one statement of the cart context without a shop.

/** $1 name, $2 random bytes offered: the key stored under the name (the offered one when there was none). */
export const INSTALLATION_SECRET = `with created as (
    insert into installation_secrets (name, value) values ($1, $2) on conflict (name) do nothing returning value)
  select value from created union all select value from installation_secrets where name = $1 limit 1`;
