import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { knownBodyFields, unknownBodyFields, unknownBodyMessage } from '../core/body-fields';
import { DomainError } from '../core/errors';
import { unknownQueryMessage, unknownQueryParameters } from '../core/paging';

type Check = (request: FastifyRequest) => Promise<void>;

const addPreValidation = (route: RouteOptions, check: Check) => {
  const existing = route.preValidation;
  route.preValidation = existing === undefined ? check : Array.isArray(existing) ? [...existing, check] : [existing, check];
};

/**
 * Every API route with a query string schema (`/v1/…`, `/api/…`) refuses a parameter
 * its schema does not name with `400 {detail}` naming it, before validation. One hook
 * for all of them, added as each route is declared: AJV's `removeAdditional` would
 * drop an unknown parameter silently instead.
 */
export function refuseUnknownQueryParameters(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!/^\/(v1|api)\//.test(route.url)) return;
    const schema = route.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
    if (!schema?.properties) return;
    const known = Object.keys(schema.properties);
    addPreValidation(route, async (request) => {
      const unknown = unknownQueryParameters(request.query as Record<string, unknown>, known);
      if (unknown.length > 0) throw new DomainError('bad_request', unknownQueryMessage(unknown, known), { param: unknown[0] });
    });
  });
}

/** A route's JSON body schema: given as the body schema itself, or per content type. */
const jsonBodySchema = (body: unknown): unknown => {
  const content = (body as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  return content === undefined ? body : content['application/json']?.schema;
};

/**
 * Every route whose JSON body schema closes its objects (`additionalProperties: false`)
 * refuses a field the schema does not name with `400` in the route's error shape, naming
 * every such field (nested ones by dotted path), before validation. AJV is also told not
 * to strip them (api/app.ts `removeAdditional: false`); this hook is what names them all.
 * A route with an open schema (the model interface, which core/chat/request.ts checks
 * itself) is left alone.
 */
export function refuseUnknownBodyFields(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = jsonBodySchema(route.schema?.body);
    const known = knownBodyFields(schema);
    if (known === null) return;
    addPreValidation(route, async (request) => {
      const unknown = unknownBodyFields(request.body, schema);
      if (unknown.length > 0) throw new DomainError('bad_request', unknownBodyMessage(unknown, known), { param: unknown[0] });
    });
  });
}
