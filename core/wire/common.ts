// The building blocks of the wire schemas (core/wire/*): TypeBox schemas are the
// one source of a shape on the HTTP interface; route schemas, response
// serialisers, the OpenAPI document and the TypeScript types (`Static<>`) all
// come from them. Pure: no I/O, no Fastify.

import { Type, type Static, type TSchema } from 'typebox';

/**
 * `{type: [X, 'null']}`: how the document has always written a nullable
 * scalar. TypeBox would write `anyOf` (a different document for the same
 * values), so the schema is given as it was and its type said beside it.
 */
export const nullable = <Scalar extends TSchema & { type: 'string' | 'number' | 'integer' }>(schema: Scalar, options: { description?: string } = {}) =>
  Type.Unsafe<Static<Scalar> | null>({ ...schema, type: [schema.type, 'null'], ...options });

/** A string that is one of `values`, written `{type: 'string', enum}` as the document has it. */
export const stringEnum = <const Values extends readonly string[]>(values: Values, options: { title?: string; description?: string } = {}) =>
  Type.Unsafe<Values[number]>({ type: 'string', enum: [...values], ...options });

/**
 * A string that is one of `values`, written `anyOf` one `const` each as the
 * document has it where the values were literals. A union mapped from a list
 * loses each literal's type, so the type is said beside it.
 */
export const literalUnion = <const Values extends readonly string[]>(values: Values, options: { title?: string; description?: string } = {}) =>
  Type.Unsafe<Values[number]>(
    Type.Union(
      values.map((value) => Type.Literal(value)),
      options,
    ),
  );

export const ErrorBody = Type.Object(
  { detail: Type.String({ description: 'What went wrong, in a sentence that names the field or limit when there is one.' }) },
  { title: 'ErrorDetail', description: 'An error of the signal interface.' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** `/…/:id` of a scan, recut or other resource. */
export const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export type IdParams = Static<typeof IdParams>;

/**
 * The deepest page a list serves: a skip costs the store a scan of every row
 * before it, so `offset` stops at 10 000 (400 above it); narrower lists are
 * what a client that needs older entries should ask for.
 */
export const MAX_OFFSET = 10_000;

export const PageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_OFFSET })),
});
export type PageQuery = Static<typeof PageQuery>;

/** A page of a list: `{data, limit, offset, total, has_more}` (history and library). */
export const PageOf = <Item extends TSchema>(item: Item, options: { title?: string; description?: string } = {}) =>
  Type.Object(
    {
      data: Type.Array(item, { description: "This page's entries, newest first." }),
      limit: Type.Integer({ description: 'The page size asked for (default 20, at most 100).' }),
      offset: Type.Integer({ description: 'Entries skipped before this page.' }),
      total: Type.Integer({ description: 'Entries in the whole list.' }),
      has_more: Type.Boolean({ description: 'Whether entries follow this page.' }),
    },
    options,
  );
