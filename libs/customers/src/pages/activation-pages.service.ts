import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { hashToken } from '@platform/auth';
import type { HtmlPage } from '@platform/html';
import type { RequestContext } from '@platform/request';
import { Customer } from '../customer.entity.js';
import { CustomersService } from '../customers.service.js';
import { activatedPage, activationFormPage, deadLinkPage } from './activation.page.js';
import { activationForm, activationLink } from './activation-page.rules.js';

// Problems that mean the link itself is dead, whatever the password: the dead-link page, not the form again.
const DEAD_LINK_CODES = new Set(['EXPIRED', 'NOT_FOUND', 'ALREADY_ENABLED']);

/** The hosted account activation page: which page a link and a posted form get. */
@Injectable()
export class ActivationPagesService {
  constructor(
    private readonly customers: CustomersService,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  // The time rules and expiries are judged at (the process' clock: tests move it).
  private now(): Date {
    return new Date(this.clock.now());
  }

  /** GET: the form while the link is live, else the dead-link page. */
  async form(ctx: RequestContext, customerId: unknown, token: unknown): Promise<HtmlPage> {
    const link = activationLink(customerId, token);
    const live = link !== null && (await this.isLive(ctx, link.customerId, link.token));
    return live ? activationFormPage(ctx.shop.name) : deadLinkPage(ctx.shop.name);
  }

  /** POST: activates the account (the success page), or the form with its problems, or the dead-link page. */
  async submit(ctx: RequestContext, customerId: unknown, token: unknown, body: unknown): Promise<HtmlPage> {
    const link = activationLink(customerId, token);
    if (!link) return deadLinkPage(ctx.shop.name);
    const form = activationForm(body);
    if (form.problems) return activationFormPage(ctx.shop.name, form.problems);
    const result = await this.customers.activate(ctx, link.customerId, link.token, form.password, form.passwordConfirmation);
    if (result.problems.some((p) => DEAD_LINK_CODES.has(p.code))) return deadLinkPage(ctx.shop.name);
    if (result.problems.length) return activationFormPage(ctx.shop.name, result.problems.map((p) => p.message));
    return activatedPage(ctx.shop.name, ctx.origin);
  }

  // The link's token is the live one (only its SHA-256 is kept) and has not expired; the account is not active yet.
  private async isLive(ctx: RequestContext, customerId: number, token: string): Promise<boolean> {
    const customer = await ctx.em.findOne(
      Customer,
      { id: customerId, activationTokenHash: hashToken(token), activationExpiresAt: { $gt: this.now() }, state: { $ne: 'enabled' } },
      { fields: ['id'], disableIdentityMap: true },
    );
    return customer !== null;
  }
}
