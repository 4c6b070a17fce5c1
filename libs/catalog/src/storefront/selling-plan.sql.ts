// Storefront reads of selling plans, in one reviewable place. Each is scoped by shop_id ($1).

export const SELLING_PLAN_GROUP_COLUMNS = `g.id, g.name, g.app_name as "appName", g.options`;

/** Groups offered on products (`$2` product ids); `childrenPageSql` pages them per product. */
export const SELLING_PLAN_GROUPS_OF_PRODUCTS_FROM = `selling_plan_group_products gp join selling_plan_groups g on g.id = gp.group_id
  where gp.shop_id = $1 and gp.product_id = any($2::bigint[])`;

/** Every plan of the groups `$2`, in group then plan order (a group has at most 31). */
export const SELLING_PLANS_OF_GROUPS = `select sp.id, sp.group_id as "groupId", sp.name, sp.description, sp.options,
  sp.recurring_deliveries as "recurringDeliveries", sp.billing_policy as "billingPolicy", sp.delivery_policy as "deliveryPolicy",
  sp.checkout_charge as "checkoutCharge", sp.price_adjustments as "priceAdjustments"
  from selling_plans sp where sp.shop_id = $1 and sp.group_id = any($2::bigint[]) order by sp.group_id, sp.position, sp.id`;
