/** Component schemas as the zod transform leaves them: each with its own `$id` and `$schema`. */
type Schemas = Record<string, Record<string, unknown>>;

function referencesIn(node: unknown): string[] {
  return [...JSON.stringify(node).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
}

/**
 * Keeps the schemas the operations use, directly or through other schemas, and
 * drops each schema's `$id`: the /docs page resolves a schema's inner
 * references against its `$id` ("#/components/schemas/X") and finds nothing.
 * Unused schemas are the input or output twin of a schema that is only sent or
 * only answered, which listed beside the other would read as an answer.
 */
export function usedComponents(paths: unknown, schemas: Schemas): Schemas {
  const used = new Set<string>();
  const pending = referencesIn(paths);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name) || schemas[name] === undefined) continue;
    used.add(name);
    pending.push(...referencesIn(schemas[name]));
  }
  return Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => used.has(name))
      .map(([name, schema]) => {
        const { $id: _id, $schema: _dialect, ...rest } = schema;
        return [name, rest];
      }),
  );
}
