import {
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * What Kysely's migrator asks of the database (does our schema exist, which tables are in it),
 * answered from our own schema only. Kysely's own PostgreSQL introspector reads the columns of
 * every schema in the database, so a schema dropped elsewhere during that read (another
 * application's, a test run beside this one) failed our migrations with "schema … does not
 * exist"; and its cost grew with every other schema in the database.
 */
export class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows.filter((r) => r.name !== null);
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; type: string }>`
      select table_name as name, table_schema as schema, table_type as type
      from information_schema.tables
      where table_schema = current_schema()`.execute(this.db);
    return rows.map((r) => ({
      name: r.name,
      schema: r.schema,
      isView: r.type === 'VIEW',
      columns: [],
    }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}
