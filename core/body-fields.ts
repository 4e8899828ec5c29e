// Unknown fields of a JSON request body, pure (issue 33 item 4). A misspelt field
// (`webhok_url`) or one the route does not take (`dry_run` on a closure) must be
// refused, not dropped: dropped, the request runs as if the field had been honoured.

/** The part of a JSON schema this check reads: an object's named properties and whether others are allowed. */
export interface ObjectShape {
  type?: unknown;
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The named properties of a closed object schema (`{}` for one that takes no fields), or null when the schema leaves its object open. */
const closedProperties = (schema: unknown): Record<string, unknown> | null => {
  if (!isPlainObject(schema)) return null;
  const shape = schema as ObjectShape;
  if (shape.additionalProperties !== false) return null;
  if (shape.properties === undefined) return {};
  return isPlainObject(shape.properties) ? shape.properties : null;
};

/**
 * The dotted paths of `body`'s fields that `schema` does not name, at every depth where
 * the schema closes its object (`additionalProperties: false`), in the order given.
 * Objects the schema leaves open (records, free-form maps) are not looked into.
 */
export function unknownBodyFields(body: unknown, schema: unknown, prefix = ''): string[] {
  const properties = closedProperties(schema);
  if (!properties || !isPlainObject(body)) return [];
  const found: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    const path = prefix === '' ? name : `${prefix}.${name}`;
    if (!Object.hasOwn(properties, name)) found.push(path);
    else found.push(...unknownBodyFields(value, properties[name], path));
  }
  return found;
}

/** The fields a closed object schema takes at its top level, or null when the schema leaves its object open (nothing to refuse). */
export const knownBodyFields = (schema: unknown): string[] | null => {
  const properties = closedProperties(schema);
  return properties === null ? null : Object.keys(properties);
};

/** The sentence a refused body gets: every unknown field, and what the route takes. */
export function unknownBodyMessage(unknown: readonly string[], known: readonly string[]): string {
  const names = unknown.map((name) => `"${name}"`).join(', ');
  const takes = known.length > 0 ? `; this route takes ${known.join(', ')}` : '; this route takes no body fields';
  return `unknown body field${unknown.length > 1 ? 's' : ''} ${names}${takes}`;
}
