// Runs one SQL statement with DuckDB and prints the rows as JSON: the
// independent reader of the Parquet files convert writes (the tests of
// cmd/ashtapada call it; .ci/run installs the package with npm).
import { DuckDBInstance } from '@duckdb/node-api';

const inst = await DuckDBInstance.create(':memory:');
const con = await inst.connect();
const r = await con.runAndReadAll(process.argv[2]);
console.log(JSON.stringify(r.getRowObjectsJson()));
