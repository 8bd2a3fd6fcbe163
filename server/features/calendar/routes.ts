import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/calendar';
import { registerTxCall, registerUserCall } from '../../lib/register-call';
import { perAddress } from '../../plugins/rate-limits';
import * as service from './service';
import * as items from './service-items';
import * as feed from './service-feed';

export function routes(app: FastifyInstance) {
  const origin = app.config.PUBLIC_ORIGIN;
  registerTxCall(app, contract.calendarItems, ({ ctx, query }) => items.calendarItemsFor(ctx, query));
  registerTxCall(app, contract.listCalendarEvents, ({ ctx, query }) => service.listEvents(ctx, query));
  registerTxCall(app, contract.createCalendarEvent, ({ ctx, body }) => service.createEvent(ctx, body));
  registerTxCall(app, contract.updateCalendarEvent, ({ ctx, params, body }) => service.updateEvent(ctx, params.id, body));
  registerTxCall(app, contract.deleteCalendarEvent, ({ ctx, params }) => service.deleteEvent(ctx, params.id));
  registerTxCall(app, contract.myCalendarFeed, ({ ctx }) => feed.myFeed(ctx));
  registerTxCall(app, contract.createCalendarFeed, ({ ctx }) => feed.createFeed(ctx, origin), { answersSecret: true });
  registerTxCall(app, contract.revokeCalendarFeed, ({ ctx }) => feed.revokeFeed(ctx));
  registerUserCall(app, contract.calendarFeedIcs, ({ ctx, params }) => feed.feedIcs(ctx, params.token), {
    rateLimit: perAddress(app),
    contentType: 'text/calendar; charset=utf-8',
  });
}
