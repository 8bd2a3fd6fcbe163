import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../contract/accounts';
import { AppError } from '../../lib/app-error';
import { warmUpDummyHash } from '../../lib/passwords';
import { registerCall } from '../../lib/register-call';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth';
import { perAccount, perAddress } from './rate-limits';
import { currentState, lockAccount, login, logout, register, unlockAccount } from './service';
import type { RequestMeta, ServiceDeps } from './sessions';
import { changeEmail, changePassword, updateProfile } from './settings';

const deps = (request: FastifyRequest): ServiceDeps => ({ database: request.server.database, config: request.server.config });
const meta = (request: FastifyRequest): RequestMeta => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

export function routes(app: FastifyInstance) {
  const secure = new URL(app.config.PUBLIC_ORIGIN).protocol === 'https:';
  void warmUpDummyHash();
  const limited = { rateLimit: perAddress(app) };
  const byEmail = (request: FastifyRequest) => String((request.body as { email?: unknown }).email ?? '');
  const loginPerAccount = perAccount(app, 'login', byEmail);
  const registerPerAccount = perAccount(app, 'register', byEmail);
  const unlockPerAccount = perAccount(app, 'unlock', (request) => request.signedIn?.user.id ?? '');

  registerCall(
    app,
    calls.register,
    async ({ body, auth, request, reply }) => {
      await registerPerAccount(request, reply);
      const issued = await register(deps(request), body, meta(request), auth?.sessionId ?? null);
      setSessionCookie(reply, issued.token, secure, issued.maxAgeSeconds);
      return issued.state;
    },
    limited,
  );

  registerCall(
    app,
    calls.login,
    async ({ body, auth, request, reply }) => {
      await loginPerAccount(request, reply);
      const issued = await login(deps(request), body, meta(request), auth);
      setSessionCookie(reply, issued.token, secure, issued.maxAgeSeconds);
      return issued.state;
    },
    limited,
  );

  registerCall(app, calls.logout, async ({ auth, request, reply }) => {
    await logout(deps(request), auth, meta(request));
    clearSessionCookie(reply);
    return { ok: true as const };
  });

  registerCall(app, calls.session, async ({ auth }) => currentState(auth));

  registerCall(app, calls.changePassword, async ({ auth, body, request, reply }) => {
    const rotated = await changePassword(deps(request), auth, body, meta(request));
    setSessionCookie(reply, rotated.token, secure, rotated.maxAgeSeconds);
    return { ok: true as const };
  });

  registerCall(app, calls.changeEmail, async ({ auth, body, request }) => changeEmail(deps(request), auth, body, meta(request)));

  registerCall(app, calls.lockAccount, async ({ auth, request }) => {
    await lockAccount(deps(request), auth, meta(request));
    return { locked: true as const };
  });

  registerCall(
    app,
    calls.unlockAccount,
    async ({ auth, body, request, reply }) => {
      await unlockPerAccount(request, reply);
      const result = await unlockAccount(deps(request), auth, body.password, meta(request));
      if (result === 'session_ended') {
        clearSessionCookie(reply);
        throw new AppError('SESSION_EXPIRED', 'Too many wrong passwords. Sign in again.');
      }
      return result;
    },
    limited,
  );

  registerCall(app, calls.updateProfile, async ({ auth, body, request }) => updateProfile(deps(request), auth, body));
}
