import { Migration } from '@mikro-orm/migrations';

// Option values get ids of their own (`ProductOptionValue` ids), kept beside the values in `value_ids`, so a value
// keeps its id when it is renamed, moved or its neighbours are deleted. The trigger spares writes of `values` from
// managing them: a write that sets `value_ids` to '{}' (or inserts without them) gets, for each value, the id of the
// old value of the same name or the next id; a write that gives one id per value (null for a new value) keeps those.
export class OptionValueIds extends Migration {
  override name = '20261203000000-option-value-ids';

  override up(): void {
    this.addSql('create sequence product_option_value_ids;');
    this.addSql(`alter table product_options add column value_ids bigint[] not null default '{}';`);
    this.addSql(`
      create function product_option_value_ids() returns trigger language plpgsql as $$
      declare
        old_values text[] := case when tg_op = 'UPDATE' then old.values else '{}' end;
        old_ids bigint[] := case when tg_op = 'UPDATE' then old.value_ids else '{}' end;
        given boolean := cardinality(new.value_ids) = cardinality(new.values);
        ids bigint[] := '{}';
      begin
        for i in 1 .. cardinality(new.values) loop
          ids := ids || case
            when given then coalesce(new.value_ids[i], nextval('product_option_value_ids'))
            else coalesce(old_ids[array_position(old_values, new.values[i])], nextval('product_option_value_ids'))
          end;
        end loop;
        new.value_ids := ids;
        return new;
      end $$;`);
    this.addSql(`create trigger product_option_value_ids_trigger before insert or update of values, value_ids on product_options
      for each row execute function product_option_value_ids();`);
    this.addSql(`update product_options set value_ids = '{}';`);
  }

  override down(): void {
    this.addSql('drop trigger product_option_value_ids_trigger on product_options;');
    this.addSql('drop function product_option_value_ids();');
    this.addSql('alter table product_options drop column value_ids;');
    this.addSql('drop sequence product_option_value_ids;');
  }
}
