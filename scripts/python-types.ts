// The Python SDK's wire types (clients/python/src/holdline/types.py), written from
// the OpenAPI document as openapi.d.ts is for the JS client, so no field of a wire
// shape is written by hand in Python. `npm run openapi:types` writes both;
// test/unit/clients/python-types.test.ts fails when the committed file is not
// what this makes of the served document.
//
// Each component schema becomes a `TypedDict` (an answer stays the plain dict the
// service sent, and a type checker knows every key), each enum a `Literal`. The
// package supports Python 3.10, which has no `NotRequired`: a shape with optional
// fields is a private `TypedDict` of its required fields and a `total=False`
// subclass with the rest.

type Schema = Record<string, unknown>;

export const PYTHON_TYPES_PATH = new URL('../clients/python/src/holdline/types.py', import.meta.url);

/**
 * Python names that differ from the document's: `Scan` is the union of the three
 * states the SDK narrows on `status`, so the document's one loose `Scan` object
 * is `ScanBody` (as in the JS client).
 */
const RENAMED: Record<string, string> = { Scan: 'ScanBody' };

/**
 * Names the SDK shipped before its types were generated, kept as aliases of the
 * document's components so customers' imports still work.
 */
const SHIPPED_NAMES: Record<string, string> = {
  Scores: 'SignalScores',
  Span: 'DeadStretch',
  TranscriptLine: 'TranscriptSegment',
  HistoryRow: 'ScanHistoryEntry',
  ScanPage: 'ScanHistory',
};

/** The scan states, the union `Scan` of them and the statuses they carry. */
const SCAN_STATES = ['InFlightScan', 'CompleteScan', 'ErrorScan'];

/**
 * What the SDK answers where the service answers without a body (204): these two
 * are the client's own results, not bodies of the document, so they are written
 * here. The 202 bodies they extend are the document's `DeletingScan` and `ClosingAccount`.
 */
const CLIENT_RESULTS = `
class DeletedScan(TypedDict):
    """\`\`deleted\`\` when nothing of the scan is left (204); \`\`deleting\`\` when the rest follows (202)."""

    scan_id: str
    status: Literal["deleted", "deleting"]


class ClosedAccount(TypedDict):
    """\`\`closed\`\` when nothing of the account is left (204); \`\`closing\`\` when the rest follows (202). The key is dead either way."""

    status: Literal["closed", "closing"]
`;

const HEADER = `# Generated from the OpenAPI document (/openapi.json) by \`npm run openapi:types\` (scripts/python-types.ts); do not edit.
"""The wire shapes of the signal interface, as the service answers them (\`\`/openapi.json\`\`).

They are \`\`TypedDict\`\`s: an answer is the plain \`\`dict\`\` the service sent, so a
field the service adds later is kept, and a type checker still knows every key.
A scan is one of three shapes told apart by \`\`status\`\` (\`\`Scan\`\`).
"""

from __future__ import annotations

from typing import Any, Dict, Literal, TypedDict, Union
`;

const pascal = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** A description as a Python docstring body: no backslash escapes, no closing quotes inside. */
const docstring = (text: string) => {
  const safe = text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"');
  return safe.endsWith('"') ? `${safe.slice(0, -1)}\\"` : safe;
};

/** A JSON value as a Python literal (`true` is `True`). */
const pythonValue = (value: unknown) => (typeof value === 'boolean' ? (value ? 'True' : 'False') : value === null ? 'None' : JSON.stringify(value));
const literal = (values: unknown[]) => `Literal[${values.map(pythonValue).join(', ')}]`;

const SCALARS: Record<string, string> = { string: 'str', number: 'float', integer: 'int', boolean: 'bool', null: 'None' };

class Writer {
  /** Class definitions in the order they are written, nested shapes before the shape that holds them. */
  private readonly classes: string[] = [];
  private readonly written = new Set<string>();

  constructor(private readonly components: Record<string, Schema>) {}

  static pyName(component: string): string {
    return RENAMED[component] ?? component;
  }

  /** The Python type of a schema; an object with properties becomes a class named `name`. */
  type(schema: Schema, name: string): string {
    if (typeof schema.$ref === 'string') return Writer.pyName(schema.$ref.replace('#/components/schemas/', ''));
    if (Array.isArray(schema.enum)) {
      const nullable = Array.isArray(schema.type) && schema.type.includes('null');
      return nullable ? `${literal(schema.enum)} | None` : literal(schema.enum);
    }
    const members = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (Array.isArray(members)) return [...new Set(members.map((member, k) => this.type(member, `${name}${k}`)))].join(' | ');
    if (Array.isArray(schema.type)) return schema.type.map((type: string) => this.type({ ...schema, type }, name)).join(' | ');
    if (schema.type === 'array') return `list[${this.type((schema.items ?? {}) as Schema, `${name}Item`)}]`;
    if (schema.type === 'object' || schema.properties) {
      if (schema.properties) {
        this.object(name, schema);
        return name;
      }
      const values = schema.additionalProperties;
      return typeof values === 'object' && values !== null ? `dict[str, ${this.type(values as Schema, `${name}Value`)}]` : 'dict[str, Any]';
    }
    if (typeof schema.type === 'string' && SCALARS[schema.type]) return SCALARS[schema.type]!;
    return 'Any';
  }

  /** A `TypedDict` of an object schema, its required fields split from the rest when some are optional. */
  object(name: string, schema: Schema): void {
    if (this.written.has(name)) return;
    this.written.add(name);
    const properties = schema.properties as Record<string, Schema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const field = (key: string) => {
      const line = `    ${key}: ${this.type(properties[key]!, `${name}${pascal(key)}`)}`;
      const description = properties[key]!.description;
      return typeof description === 'string' ? `${line}\n    """${docstring(description)}"""\n` : `${line}\n`;
    };
    const keys = Object.keys(properties);
    const mandatory = keys.filter((key) => required.has(key)).map(field);
    const optional = keys.filter((key) => !required.has(key)).map(field);
    const doc = typeof schema.description === 'string' ? `    """${docstring(schema.description)}"""\n\n` : '';
    if (optional.length === 0) {
      this.classes.push(`class ${name}(TypedDict):\n${doc}${mandatory.join('') || '    pass\n'}`);
    } else if (mandatory.length === 0) {
      this.classes.push(`class ${name}(TypedDict, total=False):\n${doc}${optional.join('')}`);
    } else {
      this.classes.push(`class _${name}Required(TypedDict):\n${mandatory.join('')}`);
      this.classes.push(`class ${name}(_${name}Required, total=False):\n${doc}${optional.join('')}`);
    }
  }

  /** Every component: enums as `Literal` aliases first, then the classes, then the unions over them. */
  module(document: Schema): string {
    const enums: string[] = [];
    const aliases: string[] = [];
    for (const [component, schema] of Object.entries(this.components)) {
      const name = Writer.pyName(component);
      if (Array.isArray(schema.enum)) enums.push(`${name} = ${literal(schema.enum)}`);
      else if (schema.properties) this.object(name, schema);
      else {
        const type = this.type(schema, name);
        const members = type.split(' | ');
        const union = members.length > 1 ? `Union[${members.join(', ')}]` : type.replace(/^dict\[/, 'Dict[');
        aliases.push(`${name} = ${union}`);
      }
    }
    const statuses = SCAN_STATES.flatMap((state) => {
      const status = (this.components[state]?.properties as Record<string, Schema> | undefined)?.status;
      if (!Array.isArray(status?.enum)) throw new Error(`the document's ${state} has no status enum`);
      return status.enum as string[];
    });
    const exportFormats = (path: string) => {
      const parameters = ((document.paths as Record<string, Record<string, Schema>>)[path]?.get?.parameters ?? []) as Schema[];
      const format = parameters.find((parameter) => parameter.name === 'format')?.schema as Schema | undefined;
      if (!Array.isArray(format?.enum)) throw new Error(`the document has no format enum on GET ${path}`);
      return literal(format.enum);
    };
    const sdk = [
      `ScanStatus = ${literal([...new Set(statuses)])}`,
      `ExportFormat = ${exportFormats('/v1/scans/{id}/export')}`,
      `RecutExportFormat = ${exportFormats('/v1/recuts/{id}/export')}`,
      `Scan = Union[${SCAN_STATES.join(', ')}]`,
      ...Object.entries(SHIPPED_NAMES).map(([shipped, component]) => `${shipped} = ${Writer.pyName(component)}`),
    ];
    return [
      HEADER.trim(),
      enums.join('\n'),
      this.classes.join('\n\n'),
      aliases.join('\n'),
      `# The SDK's own names: the statuses of a scan, the export formats, a scan in any state, and the names it shipped with.\n${sdk.join('\n')}`,
      CLIENT_RESULTS,
    ]
      .map((section) => section.trim())
      .join('\n\n\n');
  }
}

/** The Python SDK's types.py for an OpenAPI document. */
export function pythonTypes(document: object): string {
  const components = ((document as { components?: { schemas?: Record<string, Schema> } }).components?.schemas ?? {}) as Record<string, Schema>;
  for (const state of SCAN_STATES) if (!components[state]) throw new Error(`the document has no ${state} component`);
  return `${new Writer(components).module(document as Schema)}\n`;
}
