import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, DomainError } from '../../core/errors';
import { PASSWORD_RULE } from '../../core/password-rule';
import { FormBody } from '../../core/wire/web';
import { sendAccountArchive } from '../../http/account-archive';
import { statusOf } from '../../http/errors';
import { admitAccountArchive } from '../../services/export-account';
import { enforceRateLimit } from '../../services/rate-limit';
import { retentionSetting, setRetentionSetting } from '../../services/retention-setting';
import { hashSecret } from '../../store/ids';
import { accountSummary, changePlan, rotateKey, rotateWebhookSecret, type AccountSummary } from '../../services/account';
import { accountSecurity, signOutOtherSessions } from '../../services/account-sessions';
import { changePassword, PasswordRefusedError } from '../../services/change-password';
import { closeAccount } from '../../services/close-account';
import type { AppDeps } from '../../services/ports';
import { signIn } from '../../services/sign-in';
import { signUp } from '../../services/sign-up';
import { accountClosedPage, type SecurityFormErrors } from '../account-security';
import { retentionFromForm } from '../account-data';
import type { Viewer } from '../layout';
import { accountPage, signinPage, signupPage } from '../pages';
import { sendPage, signedIn, signedInPost, viewerOf } from '../scope';
import type { WebSession } from '../../http/session';
import { assertCsrf, clearedSessionCookie, endSession, secureCookies, sessionCookie } from '../session';

const whoIs = (web: WebSession) => ({ accountId: web.account._id, sessionId: web.session._id });

/** What a refused form of the account page says, next to that form. */
type AccountFormErrors = SecurityFormErrors & { retention?: string };

/** The one answer to a valid sign-up, new email or not. */
export const SIGNED_UP_NOTICE =
  'Thanks. If this email is new to Holdline, its account is ready: sign in with the password you just chose to get your API key. ' +
  "If it already has an account, sign in with that account's password.";

/**
 * Sign-up, sign-in and sign-out, and the account page (key, webhook secret, plan, usage), added to
 * the website's scope (`websiteScope`): services/sign-up.ts, sign-in.ts, account.ts.
 */
export function accountPages(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const secure = (request: FastifyRequest) => secureCookies(request, deps.config.trustProxy);
  /** The account page of `viewer` (signed in to `accountId` as session `sessionId`), with its sessions and a refused form's message. */
  const sendAccountPage = async (
    reply: FastifyReply,
    viewer: Viewer,
    who: { accountId: string; sessionId: string },
    view: AccountSummary,
    errors: AccountFormErrors = {},
    status = 200,
  ) => {
    const { retention: retentionError, ...securityErrors } = errors;
    const [state, retention] = await Promise.all([accountSecurity(deps, who.accountId, who.sessionId), retentionSetting(deps, who.accountId)]);
    const data = { retention, ...(retentionError ? { error: retentionError } : {}) };
    return sendPage(reply, accountPage(viewer, view, { state, errors: securityErrors }, data), status);
  };

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
    return sendPage(reply, signinPage({ email, notice: SIGNED_UP_NOTICE, passwordHelp: true }), 200);
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
    if (outcome.kind === 'wrong') return sendPage(reply, signinPage({ email, error: 'Wrong email or password.', passwordHelp: true }), 401);
    reply.header('set-cookie', sessionCookie(outcome.token, secure(request)));
    if (!outcome.firstKey) return reply.redirect('/scans', 303);
    // The first sign-in of a new account shows its key, once.
    const view = await accountSummary(deps, outcome.accountId, { newKey: outcome.firstKey, notice: 'Welcome to Holdline. Your account is ready.' });
    return sendAccountPage(reply, { email, csrf: outcome.session.csrf }, { accountId: outcome.accountId, sessionId: outcome.session._id }, view);
  });

  app.post('/signout', { schema: { body: FormBody } }, async (request, reply) => {
    if (request.webSession) assertCsrf(request.webSession.session, request.body);
    await endSession(deps.sessions, request, reply, secure(request));
    return reply.redirect('/', 303);
  });

  app.get('/account', async (request, reply) => {
    const web = signedIn(request, reply);
    if (!web) return reply;
    return sendAccountPage(reply, viewerOf(request)!, whoIs(web), await accountSummary(deps, web.account._id));
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
    let rotated: AccountSummary;
    try {
      rotated = await rotateKey(deps, web.account._id, request.body.password ?? '');
    } catch (error) {
      if (!(error instanceof PasswordRefusedError)) throw error;
      const refusal = formRefusal(reply, error, KEY_FORM_WORDS);
      return sendAccountPage(reply, viewerOf(request)!, whoIs(web), await accountSummary(deps, web.account._id), { key: refusal.message }, refusal.status);
    }
    return sendAccountPage(reply, viewerOf(request)!, whoIs(web), rotated);
  });

  app.post('/account/webhook-secret', { schema: { body: FormBody } }, async (request, reply) => {
    const web = signedInPost(request, reply, request.body);
    if (!web) return reply;
    return sendAccountPage(reply, viewerOf(request)!, whoIs(web), await rotateWebhookSecret(deps, web.account._id));
  });

  app.post('/account/password', { schema: { body: FormBody } }, async (request, reply) => {
    const web = signedInPost(request, reply, request.body);
    if (!web) return reply;
    const form = request.body;
    const again = async (message: string, status: number) =>
      sendAccountPage(reply, viewerOf(request)!, whoIs(web), await accountSummary(deps, web.account._id), { password: message }, status);
    if ((form.password ?? '') !== (form.password_confirm ?? '')) return again('The new password and its repetition differ. Nothing was changed.', 400);
    try {
      const changed = await changePassword(deps, {
        accountId: web.account._id,
        password: form.password ?? '',
        currentPassword: form.current_password ?? '',
        keepSessionId: web.session._id,
      });
      const signedOut = changed.signedOut === 0 ? '' : ` ${changed.signedOut} other ${changed.signedOut === 1 ? 'session was' : 'sessions were'} signed out.`;
      const notice = `${changed.result === 'set' ? 'Your password is set.' : 'Your password is changed.'}${signedOut}`;
      return sendAccountPage(reply, viewerOf(request)!, whoIs(web), await accountSummary(deps, web.account._id, { notice }));
    } catch (error) {
      const refusal = formRefusal(reply, error, PASSWORD_FORM_WORDS);
      return again(refusal.message, refusal.status);
    }
  });

  app.post('/account/sessions/sign-out-others', { schema: { body: FormBody } }, async (request, reply) => {
    const web = signedInPost(request, reply, request.body);
    if (!web) return reply;
    const ended = await signOutOtherSessions(deps, web.account._id, web.session._id);
    const notice = ended === 0 ? 'There were no other sessions to sign out.' : `Signed out ${ended} other ${ended === 1 ? 'session' : 'sessions'}.`;
    return sendAccountPage(reply, viewerOf(request)!, whoIs(web), await accountSummary(deps, web.account._id, { notice }));
  });

  app.post('/account/retention', { schema: { body: FormBody } }, async (request, reply) => {
    const web = signedInPost(request, reply, request.body);
    if (!web) return reply;
    const body = retentionFromForm(request.body);
    if (typeof body === 'string')
      return sendAccountPage(reply, viewerOf(request)!, whoIs(web), await accountSummary(deps, web.account._id), { retention: body }, 400);
    await setRetentionSetting(deps, web.account._id, body);
    return sendAccountPage(reply, viewerOf(request)!, whoIs(web), await accountSummary(deps, web.account._id, { notice: 'Your retention setting is saved.' }));
  });

  // The archive of GET /v1/account/export through the session: a form post, so it carries the CSRF token like every
  // other action of the page, and is counted in a per-account window as the key's reads are.
  app.post('/account/export', { schema: { body: FormBody } }, async (request, reply) => {
    const web = signedInPost(request, reply, request.body);
    if (!web) return reply;
    const media = request.body.media ?? '0';
    if (media !== '0' && media !== '1') throw badRequest('media must be 0 or 1');
    await enforceRateLimit(deps, hashSecret(`web-export:${web.account._id}`), 'read', deps.config.scanReadsPerMinute);
    return sendAccountArchive(reply, await admitAccountArchive(deps, web.account._id, { media: media === '1' }));
  });

  app.post('/account/close', { schema: { body: FormBody } }, async (request, reply) => {
    const web = signedInPost(request, reply, request.body);
    if (!web) return reply;
    const form = request.body;
    const again = async (message: string, status: number) =>
      sendAccountPage(reply, viewerOf(request)!, whoIs(web), await accountSummary(deps, web.account._id), { close: message }, status);
    if (form.confirm !== 'yes') return again('Tick the box to confirm that the account and all of its data go. The account is still open.', 400);
    let outcome: 'closed' | 'closing';
    try {
      outcome = await closeAccount(deps, { account: web.account, email: form.email ?? '', password: form.password ?? '', requestId: request.id });
    } catch (error) {
      const refusal = formRefusal(reply, error, CLOSE_FORM_WORDS);
      return again(refusal.message, refusal.status);
    }
    // The closure removes every session of the account; this browser forgets its cookie now.
    reply.header('set-cookie', clearedSessionCookie(secure(request)));
    return sendPage(reply, accountClosedPage(outcome), 200);
  });
}

/** How each form says its refusals: the password's, and (closure) an email that is not the account's. */
type FormWords = Record<PasswordRefusedError['reason'], string> & { email?: string };

/** A refused form of the account page as the message shown next to it and its status; errors no form expects are thrown on. */
function formRefusal(reply: FastifyReply, error: unknown, words: FormWords): { message: string; status: number } {
  if (error instanceof PasswordRefusedError) return { message: words[error.reason], status: statusOf(error.code) };
  if (error instanceof DomainError && error.code === 'bad_request' && error.extra.param === 'email' && words.email)
    return { message: words.email, status: statusOf(error.code) };
  if (error instanceof DomainError && (error.code === 'bad_request' || error.code === 'rate_limited')) {
    if (error.extra.retryAfterSec !== undefined) reply.header('retry-after', String(error.extra.retryAfterSec));
    return { message: `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}. Nothing was changed.`, status: statusOf(error.code) };
  }
  throw error;
}

const PASSWORD_FORM_WORDS: FormWords = {
  rule: `Choose a new password of ${PASSWORD_RULE}. Nothing was changed.`,
  current_required: 'Enter your current password to change it. Nothing was changed.',
  current_wrong: 'That is not your current password. Nothing was changed.',
};

const KEY_FORM_WORDS: FormWords = {
  rule: `Choose a password of ${PASSWORD_RULE}.`,
  current_required: 'Enter your password to rotate the key. Your key is unchanged.',
  current_wrong: 'That is not your password. Your key is unchanged.',
};

const CLOSE_FORM_WORDS: FormWords = {
  rule: `Choose a password of ${PASSWORD_RULE}.`,
  email: "That is not this account's email. The account is still open.",
  current_required: 'Enter your password to close the account. The account is still open.',
  current_wrong: 'That is not your password. The account is still open.',
};
