import { type Kysely, sql } from "kysely";
import { runStatements } from "./run-statements.ts";

/**
 * context_chunk_signs: each embedded chunk's vector reduced to one bit per dimension (its
 * sign), in a narrow table of its own. A vector search reads these first — the Hamming
 * distance of 48 bytes per chunk, where the vectors are 1.5 KB each inside wide rows — and
 * then scores only the closest few hundred chunks exactly (search-context.ts). Measured on
 * the embedded database at 100,000 chunks of 384 dimensions: the exact scan took 662 ms,
 * the signs ~35 ms; on a server without pgvector the exact real[] scan outlived the
 * statement timeout. A row goes with its chunk (cascade), however the chunk goes.
 *
 * Vectors stored before this migration get their signs here: the real[] column always
 * exists; the pgvector column only where the server added it (prepare-vector-search.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table "context_chunk_signs" (
      "chunkId" text primary key references "context_chunks" ("id") on delete cascade,
      "itemId" text not null,
      "appId" text not null,
      "generation" integer not null,
      "signs" bit varying not null
    );
    create index "context_chunk_signs_app_idx" on "context_chunk_signs" ("appId");

    insert into "context_chunk_signs" ("chunkId", "itemId", "appId", "generation", "signs")
    select c."id", c."itemId", c."appId", c."generation",
      (select string_agg(case when x > 0 then '1' else '0' end, '' order by o)
       from unnest(c."embedding") with ordinality as t(x, o))::varbit
    from "context_chunks" c where c."embedding" is not null;

    `,
  );
  // A function body holds semicolons: outside runStatements, which splits on them.
  await sql
    .raw(`
    do $$
    begin
      if exists (select 1 from information_schema.columns
                 where table_name = 'context_chunks' and column_name = 'embeddingVec') then
        execute $sql$
          insert into "context_chunk_signs" ("chunkId", "itemId", "appId", "generation", "signs")
          select c."id", c."itemId", c."appId", c."generation",
            (select string_agg(case when x > 0 then '1' else '0' end, '' order by o)
             from unnest(c."embeddingVec"::real[]) with ordinality as t(x, o))::varbit
          from "context_chunks" c where c."embeddingVec" is not null
          on conflict ("chunkId") do nothing
        $sql$;
      end if;
    end
    $$`)
    .execute(db);
}
