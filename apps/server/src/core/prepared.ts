/**
 * Prepared statements for the reads every page makes. Drizzle builds a query's SQL from its
 * builder on every call; a prepared one is built once, with placeholders, and on PostgreSQL parsed
 * once per connection (PGlite ignores the name). A query whose text depends on its input (an
 * optional filter, a cursor) has one statement per shape, named `<name>_<shape>`: the same name
 * must always carry the same text.
 */
export function preparedStatements<Statement>(name: string) {
  // Per executor: a statement built on the database runs on the pool, one built on a
  // transaction runs in that transaction.
  const byExecutor = new WeakMap<object, Map<string, Statement>>();
  return (executor: object, shape: string, prepare: (statementName: string) => Statement): Statement => {
    let statements = byExecutor.get(executor);
    if (!statements) {
      statements = new Map();
      byExecutor.set(executor, statements);
    }
    let statement = statements.get(shape);
    if (!statement) {
      statement = prepare(shape ? `${name}_${shape}` : name);
      statements.set(shape, statement);
    }
    return statement;
  };
}

/** A shape's name from its flags, in order: `1` for a flag that is set, `0` otherwise. */
export function shapeOf(...flags: boolean[]): string {
  return flags.map((flag) => (flag ? "1" : "0")).join("");
}
