import type { Change } from "~/schemas/live";

// The phone's outbox (ADR 26, "The phone"): every change a scorer makes is written here
// first, in IndexedDB, and leaves only when the server has answered it. It survives a
// reload, a closed tab and a phone offline for the whole round. Each change is filed under
// the login that made it: a phone shared in turn sends a change only for that login, and
// only that login may discard it. Rows kept before changes were filed (no userId) belong to
// no one the phone can tell: they wait until a scorer takes them as theirs or discards them.

const DB = "league-live";
const STORE = "outbox";

type Row = { id: string; roundId: number; userId?: number; order: number; change: Change };

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(STORE, { keyPath: "id" });
      store.createIndex("round", "roundId");
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let db: Promise<IDBDatabase> | null = null;
const database = () => (db ??= open());

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  return database().then(
    (d) =>
      new Promise((resolve, reject) => {
        const tx = d.transaction(STORE, mode);
        const req = work(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(req?.result);
        tx.onerror = () => reject(tx.error);
      }),
  );
}

const oldestFirst = (rows: Row[]) => rows.sort((a, b) => a.order - b.order);

let counter = 0;

/** Keeps a change, made by `userId`, until the server answers it. */
export async function keep(roundId: number, userId: number, change: Change): Promise<void> {
  const row: Row = { id: change.id, roundId, userId, order: Date.now() * 1000 + (counter++ % 1000), change };
  await run("readwrite", (s) => s.put(row));
}

const roundRows = async (roundId: number) => ((await run("readonly", (s) => s.index("round").getAll(roundId))) ?? []) as Row[];

/** The round's changes waiting for `userId`, oldest first. */
export async function waiting(roundId: number, userId: number): Promise<Change[]> {
  return oldestFirst((await roundRows(roundId)).filter((r) => r.userId === userId)).map((r) => r.change);
}

/** The round's changes kept before changes were filed under a login: whose they are is unknown. */
export async function unowned(roundId: number): Promise<Change[]> {
  return oldestFirst((await roundRows(roundId)).filter((r) => r.userId === undefined)).map((r) => r.change);
}

/** Every change waiting for `userId`, by round, oldest first. */
export async function waitingFor(userId: number): Promise<{ roundId: number; changes: Change[] }[]> {
  const rows = oldestFirst((((await run("readonly", (s) => s.getAll())) ?? []) as Row[]).filter((r) => r.userId === userId));
  const rounds = new Map<number, Change[]>();
  for (const r of rows) rounds.set(r.roundId, [...(rounds.get(r.roundId) ?? []), r.change]);
  return [...rounds].map(([roundId, changes]) => ({ roundId, changes }));
}

/** Files changes nobody owned under `userId`, who said they made them. */
export async function adopt(roundId: number, userId: number, ids: readonly string[]): Promise<void> {
  const mine = new Set(ids);
  const rows = (await roundRows(roundId)).filter((r) => r.userId === undefined && mine.has(r.id));
  await run("readwrite", (s) => {
    for (const r of rows) s.put({ ...r, userId });
    return undefined;
  });
}

/** Forgets changes: answered by the server, or discarded by their scorer. */
export async function forget(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await run("readwrite", (s) => {
    for (const id of ids) s.delete(id);
    return undefined;
  });
}
