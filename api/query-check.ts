import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../core/errors';
import { unknownQueryMessage, unknownQueryParameters } from '../core/paging';

/**
 * Every API route with a query string schema (`/v1/…`, `/api/…`) refuses a parameter
 * its schema does not name with `400 {detail}` naming it, before validation. One hook
 * for all of them, added as each route is declared: AJV's `removeAdditional` (Fastify's
 * default) would drop an unknown parameter silently instead.
 */
export function refuseUnknownQueryParameters(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!/^\/(v1|api)\//.test(route.url)) return;
    const schema = route.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
    if (!schema?.properties) return;
    const known = Object.keys(schema.properties);
    const check = async (request: FastifyRequest) => {
      const unknown = unknownQueryParameters(request.query as Record<string, unknown>, known);
      if (unknown.length > 0) throw new DomainError('bad_request', unknownQueryMessage(unknown, known), { param: unknown[0] });
    };
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? check : Array.isArray(existing) ? [...existing, check] : [existing, check];
  });
}
