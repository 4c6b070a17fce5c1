import { Args, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { BoundedList, connectionOf, pageOf } from '@platform/graphql-types';
import { toGlobalId } from '@platform/ids';
import { MAX_CURRENCIES, MoneyV2, moneyV2 } from '@platform/money';
import { OrdersService } from '@platform/orders';
import { Ctx, type GraphqlContextValue, type NoArgs, type RequestContext, RequiresScope } from '@platform/request';
import { LedgerDirectoryService } from '../../ledger-directory.service.js';
import { BalanceTransactionsArgs, PayoutsArgs } from './payments-account.args.js';
import { adminBalanceTransactionView, adminPayoutView } from './payments-account.presenter.js';
import { AdminAssociatedOrder, AdminBalanceTransaction, AdminBalanceTransactionConnection, AdminPaymentsAccount, AdminPayoutConnection } from './payments-account.type.js';

const PAYOUTS_SCOPE = 'read_platform_payments_payouts';

/**
 * `platformPaymentsAccount`: the balance needs read_platform_payments; its balance transactions and payouts
 * read_platform_payments_payouts, like their REST routes.
 */
@Resolver(() => AdminPaymentsAccount)
export class PaymentsAccountAdminResolver {
  constructor(private readonly directory: LedgerDirectoryService) {}

  @RequiresScope('read_platform_payments')
  @Query(() => AdminPaymentsAccount, { nullable: true, description: "The shop's payments account." })
  platformPaymentsAccount(@Ctx() ctx: RequestContext): AdminPaymentsAccount {
    return { id: toGlobalId('PlatformPaymentsAccount', ctx.shop.id) } as AdminPaymentsAccount;
  }

  @BoundedList({ max: MAX_CURRENCIES, withParent: true })
  @ResolveField(() => [MoneyV2])
  async balance(_account: AdminPaymentsAccount, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<MoneyV2[]> {
    return (await this.directory.balance(ctx)).map((b) => moneyV2(b.amount, b.currency));
  }

  @RequiresScope(PAYOUTS_SCOPE)
  @ResolveField(() => AdminBalanceTransactionConnection, { description: 'Newest first by processing time unless sorted otherwise.' })
  async balanceTransactions(@Ctx() ctx: RequestContext, @Args() args: BalanceTransactionsArgs) {
    const page = pageOf(args);
    return connectionOf(await this.directory.searchTransactions(ctx, args.query ?? null, args.sortKey, page), adminBalanceTransactionView);
  }

  @RequiresScope(PAYOUTS_SCOPE)
  @ResolveField(() => AdminPayoutConnection, { description: 'Newest first by date.' })
  async payouts(@Ctx() ctx: RequestContext, @Args() args: PayoutsArgs) {
    return connectionOf(await this.directory.searchPayouts(ctx, args.query ?? null, pageOf(args)), adminPayoutView);
  }
}

/** A balance transaction's order, from the orders context: every transaction of a page shares one read. */
@Resolver(() => AdminBalanceTransaction)
export class BalanceTransactionAdminResolver {
  constructor(private readonly orders: OrdersService) {}

  @ResolveField(() => AdminAssociatedOrder, { nullable: true })
  async associatedOrder(@Ctx() ctx: RequestContext, @Parent() transaction: AdminBalanceTransaction): Promise<AdminAssociatedOrder | null> {
    const orderId = transaction.record.sourceOrderId;
    if (orderId === null) return null;
    const [order] = await this.orders.ordersByIds(ctx, [orderId]);
    return order ? { id: toGlobalId('Order', order.id), name: order.name } : null;
  }
}
