import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../contract/accounts';
import { warmUpDummyHash } from '../../lib/passwords';
import { registerUserCall } from '../../lib/register-call';
import { perAccount, perAddress } from '../../plugins/rate-limits';
import * as service from './service';
import * as settings from './service-settings';

const byEmail = (request: FastifyRequest) => String((request.body as { email?: unknown }).email ?? '');
const bySessionUser = (request: FastifyRequest) => request.signedIn?.user.id ?? '';

export function routes(app: FastifyInstance) {
  void warmUpDummyHash();
  const limited = (name: string, account: (request: FastifyRequest) => string) => ({
    rateLimit: perAddress(app),
    accountLimit: perAccount(app, name, account),
  });

  registerUserCall(app, calls.register, ({ ctx, body }) => service.register(ctx, body), limited('register', byEmail));
  registerUserCall(app, calls.login, ({ ctx, body }) => service.login(ctx, body), limited('login', byEmail));
  registerUserCall(app, calls.logout, ({ ctx }) => service.logout(ctx));
  registerUserCall(app, calls.session, async ({ ctx }) => service.currentState(ctx));
  registerUserCall(app, calls.changePassword, ({ ctx, body }) => settings.changePassword(ctx, body));
  registerUserCall(app, calls.changeEmail, ({ ctx, body }) => settings.changeEmail(ctx, body));
  registerUserCall(app, calls.lockAccount, ({ ctx }) => service.lockAccount(ctx));
  registerUserCall(
    app,
    calls.unlockAccount,
    ({ ctx, body }) => service.unlockAccount(ctx, body.password),
    limited('unlock', bySessionUser),
  );
  registerUserCall(app, calls.updateProfile, ({ ctx, body }) => settings.updateProfile(ctx, body));
}
