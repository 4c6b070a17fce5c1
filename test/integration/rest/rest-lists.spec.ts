import { type ArgumentsHost, Catch, Controller, type ExceptionFilter, Get, Module, Query, Req, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageOfList } from '@platform/paging';
import { errorResponse } from '@platform/request';
import { ADMIN_REST_PREFIX, type RestListing, restListRequest, restPage } from '@platform/rest';

// The REST list kit through a real Fastify route (query parsing, headers, error answers), on a list held in memory.
const WIDGETS: RestListing = { scope: { connection: 'rest.widgets', sortKey: 'ID' }, cursor: ['bigint'], filters: ['since_id'] };
const ROWS = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, title: `Widget ${i + 1}`, vendor: 'Acme' }));

@Controller(ADMIN_REST_PREFIX)
class WidgetsController {
  @Get('widgets.json')
  list(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = restListRequest(WIDGETS, query);
    const page = pageOfList(ROWS.filter((row) => row.id > (list.sinceId ?? 0)), list.page, WIDGETS.scope, (row) => row.id);
    // The API's controllers pass ctx.origin, which the request pipeline builds the same way.
    return restPage(reply, `${request.protocol}://${request.host}`, list, page, 'widgets', (row) => ({ ...row }));
  }
}

@Catch()
class RestErrors implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const answer = errorResponse(error, 'admin_rest', 'test');
    host.switchToHttp().getResponse<FastifyReply>().code(answer.status).send(answer.body);
  }
}

@Module({ controllers: [WidgetsController] })
class WidgetsModule {}

describe('REST lists through a Fastify route', () => {
  let app: NestFastifyApplication;
  const HOST = 'shop.example:8080';

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(WidgetsModule, new FastifyAdapter(), { logger: false });
    app.useGlobalFilters(new RestErrors());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());

  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { host: HOST } });
    return { status: res.statusCode, link: res.headers.link as string | undefined, body: res.json() };
  };
  const linked = (link: string | undefined, rel: 'next' | 'previous') => {
    const target = new RegExp(`<([^>]+)>; rel="${rel}"`).exec(link ?? '')?.[1];
    return target ? new URL(target) : undefined;
  };

  it('pages through the whole list by its Link headers, forward and back, with absolute URLs on the request host', async () => {
    let res = await get('/admin/api/2026-10/widgets.json?limit=3');
    expect(res.status).toBe(200);
    expect(linked(res.link, 'previous')).toBeUndefined();
    const ids = [res.body.widgets.map((w: { id: number }) => w.id)];
    let next = linked(res.link, 'next');
    while (next) {
      expect(next.origin).toBe('http://shop.example:8080');
      expect(next.pathname).toBe('/admin/api/2026-10/widgets.json');
      expect([...next.searchParams.keys()]).toEqual(['page_info', 'limit']);
      res = await get(`${next.pathname}${next.search}`);
      expect(res.status).toBe(200);
      ids.push(res.body.widgets.map((w: { id: number }) => w.id));
      next = linked(res.link, 'next');
    }
    expect(ids).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    const previous = linked(res.link, 'previous')!;
    const back = await get(`${previous.pathname}${previous.search}`);
    expect(back.body.widgets.map((w: { id: number }) => w.id)).toEqual([4, 5, 6]);
  });

  it('sends no Link header when the list fits one page', async () => {
    const res = await get('/admin/api/2026-10/widgets.json');
    expect(res.body.widgets).toHaveLength(7);
    expect(res.link).toBeUndefined();
  });

  it('keeps only the asked fields, and since_id and fields on every later page', async () => {
    const res = await get('/admin/api/2026-10/widgets.json?since_id=4&limit=2&fields=id,title');
    expect(res.body).toEqual({ widgets: [{ id: 5, title: 'Widget 5' }, { id: 6, title: 'Widget 6' }] });
    const next = linked(res.link, 'next')!;
    expect(next.searchParams.get('fields')).toBe('id,title');
    const last = await get(`${next.pathname}${next.search}`);
    expect(last.body).toEqual({ widgets: [{ id: 7, title: 'Widget 7' }] });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=251', 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['since_id=-3', 'since_id'],
    ['page_info=nonsense', 'page_info'],
  ])('answers ?%s with 400 naming the parameter', async (query, parameter) => {
    const res = await get(`/admin/api/2026-10/widgets.json?${query}`);
    expect(res).toMatchObject({ status: 400, body: { errors: { [parameter]: 'Invalid value.' } } });
  });

  it('refuses a filter beside a page_info', async () => {
    const next = linked((await get('/admin/api/2026-10/widgets.json?limit=2')).link, 'next')!;
    const res = await get(`${next.pathname}${next.search}&since_id=1`);
    expect(res).toMatchObject({ status: 400, body: { errors: { page_info: 'Invalid value.' } } });
  });
});
