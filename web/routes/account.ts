import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FormBody } from '../../core/wire/web';
import { accountSummary, changePlan, rotateKey, rotateWebhookSecret } from '../../services/account';
import type { AppDeps } from '../../services/ports';
import { signIn } from '../../services/sign-in';
import { signUp } from '../../services/sign-up';
import { accountPage, signinPage, signupPage } from '../pages';
import { sendPage, signedIn, signedInPost, viewerOf } from '../scope';
import { assertCsrf, endSession, secureCookies, sessionCookie } from '../session';

/** The one answer to a valid sign-up, new email or not. */
export const SIGNED_UP_NOTICE =
  'Thanks. If this email is new to Holdline, its account is ready: sign in with the password you just chose to get your API key. ' +
  'If it already has an account, sign in with that account\'s password.';

/**
 * Sign-up, sign-in and sign-out, and the account page (key, webhook secret, plan, usage), added to
 * the website's scope (`websiteScope`): services/sign-up.ts, sign-in.ts, account.ts.
 */
export function accountPages(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const secure = (request: FastifyRequest) => secureCookies(request, deps.config.trustProxy);

  app.get('/signup', async (request, reply) => (request.webSession ? reply.redirect('/account', 303) : sendPage(reply, signupPage())));

  app.post('/signup', { schema: { body: FormBody } }, async (request, reply) => {
    const form = request.body;
    const email = (form.email ?? '').trim().toLowerCase();
    const outcome = await signUp(deps, { email, password: form.password ?? '', clientIp: request.ip });
    const again = (error: string, status: number) => sendPage(reply, signupPage({ email, error }), status);
    if (outcome.kind === 'throttled') {
      reply.header('retry-after', String(outcome.retryAfterSec));
      return again('Too many sign-ups from your network; try again later.', 429);
    }
    if (outcome.kind === 'invalid') return again(outcome.message, 400);
    // The same page whether the email was new or had an account (services/sign-up.ts): the next step is signing in.
    return sendPage(reply, signinPage({ email, notice: SIGNED_UP_NOTICE }), 200);
  });

  app.get('/signin', async (request, reply) => (request.webSession ? reply.redirect('/scans', 303) : sendPage(reply, signinPage())));

  app.post('/signin', { schema: { body: FormBody } }, async (request, reply) => {
    const form = request.body;
    const email = (form.email ?? '').trim().toLowerCase();
    const outcome = await signIn(deps, { email, password: form.password ?? '', clientIp: request.ip, previousSessionToken: request.webSession?.token });
    if (outcome.kind === 'throttled') {
      reply.header('retry-after', String(outcome.retryAfterSec));
      return sendPage(reply, signinPage({ email, error: 'Too many sign-ins from your network; wait a few minutes and try again.' }), 429);
    }
    if (outcome.kind === 'wrong') return sendPage(reply, signinPage({ email, error: 'Wrong email or password.' }), 401);
    reply.header('set-cookie', sessionCookie(outcome.token, secure(request)));
    if (!outcome.firstKey) return reply.redirect('/scans', 303);
    // The first sign-in of a new account shows its key, once.
    const view = await accountSummary(deps, outcome.accountId, { newKey: outcome.firstKey, notice: 'Welcome to Holdline. Your account is ready.' });
    return sendPage(reply, accountPage({ email, csrf: outcome.session.csrf }, view), 200);
  });

  app.post('/signout', { schema: { body: FormBody } }, async (request, reply) => {
    if (request.webSession) assertCsrf(request.webSession.session, request.body);
    await endSession(deps.sessions, request, reply, secure(request));
    return reply.redirect('/', 303);
  });

  app.get('/account', async (request, reply) => {
    const web = signedIn(request, reply);
    if (!web) return reply;
    return sendPage(reply, accountPage(viewerOf(request)!, await accountSummary(deps, web.account._id)));
  });

  app.post('/account/plan', { schema: { body: FormBody } }, async (request, reply) => {
    const web = signedInPost(request, reply, request.body);
    if (!web) return reply;
    await changePlan(deps, web.account._id, request.body.plan);
    return reply.redirect('/account', 303);
  });

  app.post('/account/key', { schema: { body: FormBody } }, async (request, reply) => {
    const web = signedInPost(request, reply, request.body);
    if (!web) return reply;
    return sendPage(reply, accountPage(viewerOf(request)!, await rotateKey(deps, web.account._id)));
  });

  app.post('/account/webhook-secret', { schema: { body: FormBody } }, async (request, reply) => {
    const web = signedInPost(request, reply, request.body);
    if (!web) return reply;
    return sendPage(reply, accountPage(viewerOf(request)!, await rotateWebhookSecret(deps, web.account._id)));
  });
}
