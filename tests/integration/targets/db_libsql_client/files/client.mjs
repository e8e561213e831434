// Copyright (c) edge.platform contributors
// GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The official libSQL client against a database, configured the way container apps are:
// SERVICE_DATABASE_URL and SERVICE_DATABASE_AUTH_TOKEN from the environment (node --env-file).
// Prints one JSON line: {"ok": true, ...} or {"ok": false, "code", "message", "status"} (exit 2).
//
//   node --env-file=app.env client.mjs write   create, insert with arguments, batch, transactions, select
//   node --env-file=app.env client.mjs read    count the rows
//   node --env-file=app.env client.mjs insert  one insert

import { createClient } from "@libsql/client";

const mode = process.argv[2] ?? "write";
const client = createClient({
  url: process.env.SERVICE_DATABASE_URL,
  authToken: process.env.SERVICE_DATABASE_AUTH_TOKEN,
});

const plain = (value) => {
  if (typeof value === "bigint") return Number(value);
  if (value instanceof ArrayBuffer) return Array.from(new Uint8Array(value));
  return value;
};
const rowsOf = (result) => result.rows.map((row) => Object.fromEntries(result.columns.map((name) => [name, plain(row[name])])));

async function write() {
  await client.execute(
    "CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL, score REAL, data BLOB)",
  );
  const positional = await client.execute({
    sql: "INSERT INTO notes (body, score, data) VALUES (?, ?, ?)",
    args: ["first", 1.5, new Uint8Array([1, 2, 3])],
  });
  const named = await client.execute({
    sql: "INSERT INTO notes (body, score) VALUES (:body, :score)",
    args: { body: "second", score: null },
  });
  const batch = await client.batch(
    [
      { sql: "INSERT INTO notes (body) VALUES (?)", args: ["batch one"] },
      "INSERT INTO notes (body) VALUES ('batch two')",
    ],
    "write",
  );
  const rolledBack = await client.transaction("write");
  await rolledBack.execute({ sql: "INSERT INTO notes (body) VALUES (?)", args: ["rolled back"] });
  await rolledBack.rollback();
  const committed = await client.transaction("write");
  await committed.execute({ sql: "INSERT INTO notes (body) VALUES (?)", args: ["committed"] });
  await committed.commit();
  let failedBatch = null;
  try {
    await client.batch(["INSERT INTO notes (body) VALUES ('never')", "INSERT INTO notes (id, body) VALUES (1, 'duplicate')"], "write");
  } catch (error) {
    failedBatch = error.code;
  }
  const selected = await client.execute("SELECT id, body, score, data FROM notes ORDER BY id");
  return {
    inserted: { rowsAffected: positional.rowsAffected, lastInsertRowid: plain(positional.lastInsertRowid) },
    namedRowid: plain(named.lastInsertRowid),
    batchResults: batch.length,
    failedBatch,
    columns: selected.columns,
    rows: rowsOf(selected),
  };
}

async function read() {
  const result = await client.execute("SELECT count(*) AS n FROM notes");
  return { count: plain(result.rows[0].n) };
}

async function insert() {
  const result = await client.execute({ sql: "INSERT INTO notes (body) VALUES (?)", args: ["from insert"] });
  return { rowsAffected: result.rowsAffected };
}

const modes = { write, read, insert };
try {
  if (!(mode in modes)) throw new Error(`unknown mode ${mode}`);
  const result = await modes[mode]();
  console.log(JSON.stringify({ ok: true, ...result }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, name: error.name, code: error.code ?? null, status: error.cause?.status ?? error.status ?? null, message: String(error.message) }));
  process.exitCode = 2;
} finally {
  client.close();
}
